// D1 read replicas through the Sessions API (issue 14): one session per request, opened where the bindings
// are read; anonymous reads start unconstrained, writes and signed-in requests carry the bookmark (header or
// cookie), so an employer sees their own change at once. And the round-trip budgets of the public reads,
// counted by the wrapper around the binding (worker/db/session.ts), reported in Server-Timing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, countedDatabase, parseTrips, sessionStart } from "../../worker/db/session";
import { call, cookiesFrom, signUp } from "../support/auth";
import { jobDetails } from "../support/fixtures";
import { addJobs } from "../support/jobs";

const trips = (res: Response) => parseTrips(res.headers.get("Server-Timing"));
const roundTrips = (res: Response) => {
  const t = trips(res);
  return t ? t.queries + t.batches : Number.NaN;
};

describe("where a request's session starts", () => {
  const req = (method: string, headers: Record<string, string> = {}) => new Request("http://localhost/api/jobs", { method, headers });
  it("an anonymous read anywhere; a write or a signed-in request at the primary; a bookmark where it says", () => {
    expect(sessionStart(req("GET"))).toBe("first-unconstrained");
    expect(sessionStart(req("POST"))).toBe("first-primary");
    expect(sessionStart(req("GET", { Cookie: "sj_access=abc" }))).toBe("first-primary");
    expect(sessionStart(req("GET", { Authorization: "Bearer x" }))).toBe("first-primary");
    expect(sessionStart(req("GET", { [BOOKMARK_HEADER]: "0000000a-00000001-00004f7d-abc" }))).toBe("0000000a-00000001-00004f7d-abc");
    expect(sessionStart(req("GET", { Cookie: `${BOOKMARK_COOKIE}=0000000b-00000002-00004f7d-def` }))).toBe("0000000b-00000002-00004f7d-def");
    // Not a bookmark: ignored, never handed to D1.
    expect(sessionStart(req("GET", { [BOOKMARK_HEADER]: "'; DROP TABLE jobs; --" }))).toBe("first-unconstrained");
  });
});

describe("the bookmark", () => {
  it("comes back on every answer, and a request that sends it back is answered from at least that point", async () => {
    const res = await call("/api/jobs");
    expect(res.status).toBe(200);
    const bookmark = res.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(/^[0-9a-zA-Z-]+$/);
    // An anonymous read keeps no cookie.
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(false);
    const again = await call("/api/jobs", { headers: { [BOOKMARK_HEADER]: bookmark! } });
    expect(again.status).toBe(200);
    expect(again.headers.get(BOOKMARK_HEADER)).toBeTruthy();
    // A malformed bookmark is ignored, not an error.
    expect((await call("/api/jobs", { headers: { [BOOKMARK_HEADER]: "not a bookmark!" } })).status).toBe(200);
  });

  it("a signed-in user's write sets the cookie, and the next read with it shows the change", async () => {
    const s = await signUp();
    // Sign-up is a write: the session cookies come with a bookmark.
    expect(s.cookie).toContain(`${BOOKMARK_COOKIE}=`);
    const [id] = await addJobs({ userId: s.userId, title: "Bookmark Original Title", company: "Acme" });
    const edit = await call(`/api/dashboard/jobs/${id}`, {
      method: "PATCH",
      cookie: s.cookie,
      json: { title: "Bookmark Renamed Title", company: "Acme", location: "Doha", category: "Engineering", salary: "$1k - $2k", equity: "0% - 1%", description: jobDetails().description },
    });
    expect(edit.status).toBe(200);
    const written = edit.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(written).toMatch(/HttpOnly/i);
    const cookie = cookiesFrom(edit, s.cookie);
    const bookmark = cookie.match(new RegExp(`${BOOKMARK_COOKIE}=([^;]+)`))![1];
    expect(bookmark).toBe(edit.headers.get(BOOKMARK_HEADER));
    const read = await call(`/api/jobs/${id}`, { cookie });
    expect(((await read.json()) as { job: { title: string } }).job.title).toBe("Bookmark Renamed Title");
    // The same read with only the header (an API client keeping the bookmark itself).
    const byHeader = await call(`/api/jobs/${id}`, { headers: { [BOOKMARK_HEADER]: bookmark! } });
    expect(((await byHeader.json()) as { job: { title: string } }).job.title).toBe("Bookmark Renamed Title");
  });

  it("the view beacon (an anonymous analytics write) keeps no cookie", async () => {
    const [id] = await addJobs({ title: "Beacon Job" });
    const res = await call(`/api/jobs/${id}/view`, { method: "POST", headers: { "User-Agent": "Mozilla/5.0 test" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toBe(false);
  });
});

describe("round trips to D1", () => {
  it("the wrapper counts each statement run alone as a query and each batch as one batch", async () => {
    const counted = { queries: 0, batches: 0 };
    const db = countedDatabase(env.DB, env.DB.withSession("first-primary"), counted);
    await db.prepare("SELECT 1").first();
    await db.prepare("SELECT ?").bind(2).all();
    await db.batch([db.prepare("SELECT 1"), db.prepare("SELECT ?").bind(3)]);
    expect(counted).toEqual({ queries: 2, batches: 1 });
  });

  it("public reads keep to their budgets: a search 1, a job or a company (API or page) 1", async () => {
    await env.DB.prepare("INSERT INTO companies (id, company, tagline) VALUES ('budget-co', 'Budget Co', 'Counted')").run();
    const companyId = "budget-co";
    const [id] = await addJobs({ title: "Budget Job", company: "Budget Co", companyId });
    const budgets: [string, number][] = [
      ["/api/jobs", 1],
      ["/api/jobs?keywords=budget&location=dubai&sort=salary-high", 1],
      ["/api/jobs?cursor=", 1],
      [`/api/jobs/${id}`, 1],
      [`/jobs/${id}`, 1],
      [`/ar/jobs/${id}`, 1],
      [`/api/companies/${companyId}`, 1],
      [`/company/${companyId}`, 1],
      [`/ar/company/${companyId}`, 1],
      // Rendered on the server from the same single read (issue 24).
      [`/company/${companyId}/spotlight`, 1],
      // The listing pages carry their first page of results, read in the same single round trip.
      ["/", 1],
      ["/jobs?keywords=budget", 1],
      ["/ar/jobs", 1],
    ];
    for (const [path, budget] of budgets) {
      const res = await call(path);
      expect(res.status, path).toBeLessThan(300);
      await res.arrayBuffer();
      expect(roundTrips(res), path).toBeLessThanOrEqual(budget);
      expect(roundTrips(res), path).toBeGreaterThan(0);
    }
  });
});
