// The edge cache for anonymous public reads (issue 14, worker/http/edgeCache.ts): X-Cache says HIT or MISS;
// a hit costs no D1 round trip; a signed-in request (or one with a bookmark) is never answered from the
// cache; a change is visible to everyone within 60 seconds and to its owner at once; views are still counted.
// The other worker tests run with EDGE_CACHE=off; these requests go through the app with the cache on.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { BOOKMARK_HEADER, parseTrips } from "../../worker/db/session";
import { configProblem } from "../../worker/config";
import { FRESH_SECONDS, cacheKey, edgeCache, isFresh } from "../../worker/http/edgeCache";
import { ORIGIN, cookiesFrom, signUp } from "../support/auth";
import { jobDetails } from "../support/fixtures";
import { addJobs } from "../support/jobs";

const on = { ...env, EDGE_CACHE: "on" };

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers }), on, ctx);
  const body = await res.arrayBuffer();
  // The cache is written after the answer (waitUntil): wait for it, so the next request can hit.
  await waitOnExecutionContext(ctx);
  return new Response(body, res);
}

async function post(path: string, init: { cookie?: string; json?: unknown; headers?: Record<string, string>; method?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Origin", ORIGIN);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { method: init.method ?? "POST", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }), on, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const roundTrips = (res: Response) => {
  const t = parseTrips(res.headers.get("Server-Timing"));
  return t ? t.queries + t.batches : Number.NaN;
};

/** Makes the stored copy of `path` look `seconds` old, as if the minute had passed. */
async function age(path: string, seconds: number, headers: Record<string, string> = {}): Promise<void> {
  const cache = edgeCache()!;
  const key = cacheKey(new Request(`${ORIGIN}${path}`, { headers }), "en");
  const stored = await cache.match(key);
  expect(stored, `a stored copy of ${path}`).toBeTruthy();
  const older = new Response(stored!.body, stored!);
  older.headers.set("X-Cached-At", String(Date.now() - seconds * 1000));
  await cache.put(key, older);
}

describe("the edge cache", () => {
  it("answers a repeated public read from the cache, with no D1 round trip", async () => {
    await env.DB.prepare("INSERT INTO companies (id, company, tagline) VALUES ('cached-co', 'Cached Co', 'Fast')").run();
    const [id] = await addJobs({ title: "Cached Role", company: "Cached Co", companyId: "cached-co" });
    for (const path of ["/api/jobs?keywords=cached", `/api/jobs/${id}`, "/api/companies/cached-co", `/jobs/${id}`, `/ar/jobs/${id}`, "/company/cached-co", "/feed.json", "/sitemap.xml"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get("X-Cache"), path).toBe("MISS");
      expect(roundTrips(first), path).toBeGreaterThan(0);
      const again = await get(path);
      expect(again.headers.get("X-Cache"), path).toBe("HIT");
      expect(roundTrips(again), path).toBe(0);
      // The same answer (an HTML page's script nonce is new on every answer).
      const body = async (res: Response) => (await res.text()).replace(/nonce="[^"]+"/g, "");
      expect(await body(again), path).toBe(await body(first));
      // The bookkeeping never reaches the visitor, and a hit carries no other request's bookmark.
      expect(again.headers.get("X-Cached-At")).toBeNull();
      expect(again.headers.get(BOOKMARK_HEADER)).toBeNull();
    }
  });

  it("a hit on an HTML page gets its own CSP nonce", async () => {
    const [id] = await addJobs({ title: "Nonce Role" });
    const first = await get(`/jobs/${id}`);
    const again = await get(`/jobs/${id}`);
    expect(again.headers.get("X-Cache")).toBe("HIT");
    const nonce = (res: Response) => res.headers.get("Content-Security-Policy")!.match(/'nonce-([^']+)'/)![1];
    expect(nonce(again)).not.toBe(nonce(first));
  });

  it("the key follows the query (in any order) and the API's language, and needs no database", async () => {
    const a = cacheKey(new Request(`${ORIGIN}/api/jobs?b=2&a=1`), "en");
    const b = cacheKey(new Request(`${ORIGIN}/api/jobs?a=1&b=2`), "en");
    const ar = cacheKey(new Request(`${ORIGIN}/api/jobs?a=1&b=2`), "ar");
    expect(a.url).toBe(b.url);
    expect(ar.url).not.toBe(a.url);
    expect((await get("/api/jobs?sort=recent&limit=5")).headers.get("X-Cache")).toBe("MISS");
    expect((await get("/api/jobs?limit=5&sort=recent")).headers.get("X-Cache")).toBe("HIT");
    expect((await get("/api/jobs?limit=5&sort=recent", { "Accept-Language": "ar" })).headers.get("X-Cache")).toBe("MISS");
  });

  it("a page stored by another build is never served (its HTML names that build's asset files); an API answer is", async () => {
    const [id] = await addJobs({ title: "Deployed Role" });
    const stored = (body: string) =>
      new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": `public, max-age=${FRESH_SECONDS}`, "X-Cached-At": String(Date.now()) } });
    const cache = edgeCache()!;
    // What the deploy before this one stored a moment ago: it links /assets/index-OLD.js, gone now.
    await cache.put(cacheKey(new Request(`${ORIGIN}/jobs/${id}`), "en", "previous-build"), stored('<script src="/assets/index-OLD.js"></script>'));
    const page = await get(`/jobs/${id}`);
    expect(page.headers.get("X-Cache")).toBe("MISS");
    expect(await page.text()).not.toContain("index-OLD.js");
    // This build's own copy is served.
    await cache.put(cacheKey(new Request(`${ORIGIN}/jobs/${id}`), "en"), stored("this build's page"));
    expect(await (await get(`/jobs/${id}`)).text()).toBe("this build's page");
    // Data answers do not depend on the build.
    expect(cacheKey(new Request(`${ORIGIN}/api/jobs/${id}`), "en", "previous-build").url).toBe(cacheKey(new Request(`${ORIGIN}/api/jobs/${id}`), "en").url);
  });

  it("never answers or stores a signed-in request, nor one that carries a bookmark", async () => {
    const s = await signUp();
    const [id] = await addJobs({ title: "Private View Role" });
    await get(`/api/jobs/${id}`);
    expect((await get(`/api/jobs/${id}`)).headers.get("X-Cache")).toBe("HIT");
    for (let i = 0; i < 2; i++) {
      const signedIn = await get(`/api/jobs/${id}`, { Cookie: s.cookie });
      expect(signedIn.headers.get("X-Cache")).toBe("MISS");
      expect(roundTrips(signedIn)).toBeGreaterThan(0);
      const bookmarked = await get(`/api/jobs/${id}`, { [BOOKMARK_HEADER]: signedIn.headers.get(BOOKMARK_HEADER)! });
      expect(bookmarked.headers.get("X-Cache")).toBe("MISS");
    }
    // A path only a signed-in user reads is never cached at all.
    const dash = await get("/api/dashboard/jobs", { Cookie: s.cookie });
    expect(dash.headers.get("X-Cache")).toBeNull();
  });

  it("never stores an error, and only GETs", async () => {
    expect((await get("/api/jobs/no-such-job")).status).toBe(404);
    expect((await get("/api/jobs/no-such-job")).headers.get("X-Cache")).toBe("MISS");
    expect((await get("/api/jobs?sort=sideways")).status).toBe(400);
    expect((await get("/api/jobs?sort=sideways")).headers.get("X-Cache")).toBe("MISS");
  });

  it(`a change is visible to everyone within ${FRESH_SECONDS} seconds, and to its owner at once`, async () => {
    const s = await signUp();
    const [id] = await addJobs({ userId: s.userId, title: "Fresh Original Title", company: "Acme" });
    const title = async (res: Response) => ((await res.json()) as { job: { title: string } }).job.title;
    expect(await title(await get(`/api/jobs/${id}`))).toBe("Fresh Original Title");
    expect(await title(await get(`/api/jobs/${id}`))).toBe("Fresh Original Title");

    const edit = await post(`/api/dashboard/jobs/${id}`, {
      method: "PATCH",
      cookie: s.cookie,
      json: { title: "Fresh Renamed Title", company: "Acme", location: "Doha", category: "Engineering", salary: "$1k - $2k", equity: "0% - 1%", description: jobDetails().description },
    });
    expect(edit.status).toBe(200);
    const owner = cookiesFrom(edit, s.cookie);
    // The owner sees the change at once.
    expect(await title(await get(`/api/jobs/${id}`, { Cookie: owner }))).toBe("Fresh Renamed Title");
    // Everyone else may still get the stored answer while it is fresh...
    const stale = await get(`/api/jobs/${id}`);
    expect(stale.headers.get("X-Cache")).toBe("HIT");
    expect(await title(stale)).toBe("Fresh Original Title");
    // ...and never once it is FRESH_SECONDS old.
    await age(`/api/jobs/${id}`, FRESH_SECONDS);
    const fresh = await get(`/api/jobs/${id}`);
    expect(fresh.headers.get("X-Cache")).toBe("MISS");
    expect(await title(fresh)).toBe("Fresh Renamed Title");
    expect(await title(await get(`/api/jobs/${id}`))).toBe("Fresh Renamed Title");

    // A delete: gone from search within the window too. (Both words: the test files share a database, and another
    // file's "Bookmark Renamed Title" also matches "renamed" alone.)
    const search = `/api/jobs?keywords=${encodeURIComponent("fresh renamed")}`;
    expect(((await (await get(search)).json()) as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toEqual([id]);
    await post(`/api/dashboard/jobs/${id}`, { method: "DELETE", cookie: owner });
    await age(search, FRESH_SECONDS);
    expect(((await (await get(search)).json()) as { jobs: unknown[] }).jobs).toEqual([]);
  });

  it("the freshness window: fresh under 60 seconds, stale from 60", () => {
    const at = (ms: number) => new Response("", { headers: { "X-Cached-At": String(ms) } });
    const now = Date.now();
    expect(isFresh(at(now), now)).toBe(true);
    expect(isFresh(at(now - (FRESH_SECONDS * 1000 - 1)), now)).toBe(true);
    expect(isFresh(at(now - FRESH_SECONDS * 1000), now)).toBe(false);
    expect(isFresh(new Response(""), now)).toBe(false);
  });

  it("a view is counted when the job's answer came from the cache", async () => {
    const [id] = await addJobs({ title: "Counted Role" });
    await get(`/api/jobs/${id}`);
    expect((await get(`/api/jobs/${id}`)).headers.get("X-Cache")).toBe("HIT");
    const view = await post(`/api/jobs/${id}/view`, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140", "CF-Connecting-IP": "10.9.8.7" } });
    expect(await view.json()).toEqual({ ok: true, counted: true });
    const stats = await env.DB.prepare("SELECT views FROM job_stats WHERE job_id = ?").bind(id).first<{ views: number }>();
    expect(stats?.views).toBe(1);
    const click = await post(`/api/jobs/${id}/apply-click`, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140", "CF-Connecting-IP": "10.9.8.7" } });
    expect(await click.json()).toEqual({ ok: true, counted: true });
  });

  it("EDGE_CACHE accepts only on or off, and off turns the cache off", async () => {
    const base = { APP_URL: "https://jobs.example.com", JWT_SECRET: "x".repeat(40) };
    expect(configProblem({ ...base, EDGE_CACHE: "maybe" }, "https://jobs.example.com/")).toMatch(/^EDGE_CACHE must be on or off/);
    expect(configProblem({ ...base, EDGE_CACHE: "off" }, "https://jobs.example.com/")).toBeNull();
    const [id] = await addJobs({ title: "Uncached Role" });
    for (let i = 0; i < 2; i++) {
      const res = await app.fetch(new Request(`${ORIGIN}/api/jobs/${id}`), { ...env, EDGE_CACHE: "off" }, createExecutionContext());
      expect(res.headers.get("X-Cache")).toBeNull();
      expect(roundTrips(res)).toBe(1);
    }
  });
});
