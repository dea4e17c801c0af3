// Paths: unknown ones answer 404 (with the app's own 404 page), malformed ones 4xx, gone jobs 410.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import appSource from "../../web/App.tsx?raw";
import { APP_ROUTES, isAppRoute } from "../../worker/rules/appRoutes";
import { DAY, addJobs, clearJobs } from "../support/jobs";

beforeEach(clearJobs);

function fetchPath(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(`http://localhost${path}`, init);
}

describe("unknown paths", () => {
  it("the worker answers 404 for paths that no route knows, with the app's HTML (its '404 | Page Not Found' page)", async () => {
    for (const path of ["/no-such-page", "/jobs/abc/nope", "/dashboard/nope", "/company/stripe/other", "/spotlight"]) {
      const res = await fetchPath(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type"), path).toContain("text/html");
      expect(await res.text(), path).toContain('<div id="root">');
    }
  });

  it("the app's own routes answer 200 with the app's HTML", async () => {
    for (const path of ["/jobs", "/jobs?type=bogus", "/advertise", "/post", "/dashboard", "/dashboard/jobs", "/sign-in", "/sign-in/factor-one", "/jobs/x/edit", "/company/acme/spotlight"]) {
      const res = await fetchPath(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root">');
    }
  });

  it("an unknown API path is still JSON 404", async () => {
    const res = await fetchPath("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });

  it("every <Route path> in web/App.tsx is one of the worker's app routes", () => {
    const paths = Array.from(appSource.matchAll(/path="([^"]+)"/g), (m) => m[1]!).filter((p) => p !== "*");
    expect(paths.length).toBeGreaterThan(20);
    for (const p of paths) {
      // Nested routes are relative: it is enough that some listed route ends with this one.
      expect(
        APP_ROUTES.some((r) => r === `/${p}` || r.endsWith(`/${p}`)),
        p,
      ).toBe(true);
    }
    expect(isAppRoute("/")).toBe(true);
    expect(isAppRoute("/jobs/")).toBe(true);
    expect(isAppRoute("/jobsx")).toBe(false);
  });
});

describe("malformed paths", () => {
  it("share-card URLs with bad percent-encoding answer 4xx, never 500", async () => {
    for (const path of ["/og/jobs/%zz.png", "/og/company/%E0%A4%A.png", "/og/jobs/%E0%A4%A.svg"]) {
      const res = await fetchPath(path);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ error: expect.stringMatching(/^Malformed URL/) });
    }
  });

  it("every malformed path answers 4xx: pages, the API, sitemaps", async () => {
    for (const path of ["/jobs/%zz", "/company/%E0%A4%A", "/%zz", "/api/jobs/%zz", "/api/companies/%E0%A4%A", "/api/jobs/%zz/view", "/sitemap-%zz.xml"]) {
      const res = await fetchPath(path, path.endsWith("/view") ? { method: "POST" } : undefined);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe("a deleted job answers 410", () => {
  it("GET /api/jobs/:id of a deleted or expired job answers 410, of an unknown one 404", async () => {
    const [deleted, expired, live] = await addJobs({}, {}, {});
    await env.DB.prepare("UPDATE jobs SET deleted_at = ? WHERE id = ?").bind(Date.now(), deleted).run();
    await env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - DAY, expired)
      .run();
    for (const id of [deleted, expired]) {
      const res = await fetchPath(`/api/jobs/${id}`);
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ error: "This job is no longer available", code: "gone" });
    }
    expect((await fetchPath("/api/jobs/never-was")).status).toBe(404);
    expect((await fetchPath(`/api/jobs/${live}`)).status).toBe(200);
  });

  it("the HTML page /jobs/:id of a deleted job answers 410, as the README says", async () => {
    const [deleted] = await addJobs({});
    await env.DB.prepare("UPDATE jobs SET deleted_at = ? WHERE id = ?").bind(Date.now(), deleted).run();
    expect((await fetchPath(`/jobs/${deleted}`)).status).toBe(410);
  });
});
