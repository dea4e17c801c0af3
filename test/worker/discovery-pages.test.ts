// Job and company pages served by the worker carry the tags crawlers read without JavaScript.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { expectConsoleError } from "../support/console-guard";
import { DAY, addJobs, clearJobs } from "../support/jobs";

beforeEach(clearJobs);

function page(path: string): Promise<Response> {
  return exports.default.fetch(`http://localhost${path}`);
}

function ldJson(html: string): Record<string, unknown>[] {
  return Array.from(html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g), (m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

function meta(html: string, attr: "name" | "property", key: string): string | null {
  const m = html.match(new RegExp(`<meta ${attr}="${key.replace(/[:]/g, "\\:")}" content="([^"]*)"`));
  return m ? m[1]! : null;
}

describe("GET /jobs/:id (HTML)", () => {
  it("has the title, description, canonical URL, Open Graph and Twitter tags and the JSON-LD", async () => {
    const [id] = await addJobs({ title: "Platform Engineer", company: "Acme <Labs>", location: "Dubai, UAE", salary: "$120k - $160k", logo: "/logos/stripe.svg" });
    const res = await page(`/jobs/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("<title>Platform Engineer at Acme &lt;Labs&gt; | Startup Jobs</title>");
    expect(meta(html, "name", "description")).toMatch(/^We are looking for someone/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8787/jobs/${id}">`);
    expect(meta(html, "property", "og:title")).toBe("Platform Engineer at Acme &lt;Labs&gt; | Startup Jobs");
    expect(meta(html, "property", "og:type")).toBe("article");
    expect(meta(html, "property", "og:url")).toBe(`http://localhost:8787/jobs/${id}`);
    expect(meta(html, "property", "og:image")).toBe(`http://localhost:8787/og/jobs/${id}.png`);
    expect(meta(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "name", "twitter:image")).toBe(`http://localhost:8787/og/jobs/${id}.png`);
    const [ld] = ldJson(html);
    expect(ld).toMatchObject({ "@type": "JobPosting", title: "Platform Engineer", hiringOrganization: { name: "Acme <Labs>" } });
    expect(html).toContain('<div id="root">');
  });

  it("an expired job answers 410 and a deleted one 410, with the app's HTML and no JSON-LD", async () => {
    const [expired, deleted] = await addJobs({ title: "Old", createdAt: Date.now() - 40 * DAY, expiresAt: Date.now() - 10 * DAY }, { title: "Gone", deletedAt: Date.now() });
    for (const id of [expired, deleted]) {
      const res = await page(`/jobs/${id}`);
      expect(res.status).toBe(410);
      const html = await res.text();
      expect(ldJson(html)).toEqual([]);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('<div id="root">');
    }
  });

  it("an unknown or unpublished job answers 404 without JSON-LD", async () => {
    const [draft] = await addJobs({ title: "Draft", published: 0, publishedAt: null });
    for (const path of ["/jobs/does-not-exist", `/jobs/${draft}`]) {
      const res = await page(path);
      expect(res.status).toBe(404);
      expect(ldJson(await res.text())).toEqual([]);
    }
  });

  it("/jobs/:id/edit is the app's own page, untouched", async () => {
    const [id] = await addJobs({ title: "Editable" });
    const res = await page(`/jobs/${id}/edit`);
    expect(res.status).not.toBe(500);
    const html = await res.text();
    expect(ldJson(html)).toEqual([]);
    expect(html).not.toContain("Editable");
  });
});

describe("GET /company/:id (HTML)", () => {
  it("has the company's title, description and canonical URL; an unknown company is 404", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO companies (id, company, logo, tagline) VALUES ('acme', 'Acme', '/logos/stripe.svg', 'We make things')").run();
    await addJobs({ title: "One", company: "Acme", companyId: "acme" });
    const html = await (await page("/company/acme")).text();
    expect(html).toContain("<title>Acme jobs | Startup Jobs</title>");
    expect(meta(html, "name", "description")).toBe("We make things Hiring for 1 position.");
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/company/acme">');
    expect((await page("/company/nobody")).status).toBe(404);
  });
});

describe("share card", () => {
  it("GET /og/jobs/:id.png is a 1200×630 PNG, rendered at the edge", async () => {
    const [id] = await addJobs({ title: "Senior Backend Engineer", company: "Acme" });
    const res = await page(`/og/jobs/${id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.slice(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });

  it("the fonts are static assets, not worker modules: a deploy without them answers 503 and caches nothing", async () => {
    const [id] = await addJobs({ title: "Font Check Role", company: "Acme" });
    // The card's fonts are served under /card-fonts/ like any asset (decision 0043).
    const font = await env.ASSETS.fetch(new Request("http://localhost/card-fonts/IBMPlexSansArabic-Bold.ttf"));
    expect(font.status).toBe(200);
    expect(new Uint8Array(await font.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0, 1, 0, 0]));
    expectConsoleError(/"event":"share_card.fonts_missing"/);
    expectConsoleError(/"event":"request".*"status":503/);
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await app.fetch(new Request(`http://localhost/og/jobs/${id}.png`), { ...env, ASSETS: undefined } as unknown as Env, ctx);
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe("300");
    expect(await res.json()).toEqual({ error: "Share image unavailable, try again later" });
    // With its assets the same card is drawn.
    expect((await page(`/og/jobs/${id}.png`)).status).toBe(200);
  });
});

describe("company share card", () => {
  it("GET /og/company/:id.png is a PNG, and the company page points at it", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO companies (id, company, logo, tagline) VALUES ('cardco', 'Card Co', '/logos/stripe.svg', 'Cards for all')").run();
    const html = await (await page("/company/cardco")).text();
    expect(meta(html, "property", "og:image")).toBe("http://localhost:8787/og/company/cardco.png");
    const res = await page("/og/company/cardco.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect((await page("/og/company/nobody.png")).status).toBe(404);
  });
});
