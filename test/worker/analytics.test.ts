// Honest analytics (issue 10, items 12 and 13): views, card expansions, company page views and Apply
// clicks are counted in D1 by the rule in worker/analytics/count.ts, and Spotlight's Advanced Analytics
// shows them to the owner only, per job and per day.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ANALYTICS_DAYS, dayKey, isBotUserAgent } from "../../worker/rules/analytics";
import type { CompanyAnalytics } from "../../worker/rules/analytics";
import { SPOTLIGHT_MESSAGES } from "../../worker/rules/spotlight";
import { call, signUp } from "../support/auth";
import { addJobs } from "../support/jobs";
import { spotlightJob, subscriber, withCompany } from "../support/spotlight";
import type { Subscriber } from "../support/spotlight";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** A POST from a visitor: an address and a browser, and a session cookie when signed in. */
function hit(path: string, { ip = "203.0.113.10", ua = BROWSER as string | null, cookie = "" } = {}): Promise<Response> {
  const headers = new Headers({ "CF-Connecting-IP": ip, Origin: "http://localhost" });
  if (ua !== null) headers.set("User-Agent", ua);
  if (cookie) headers.set("Cookie", cookie);
  return exports.default.fetch(`http://localhost${path}`, { method: "POST", headers });
}

async function stats(id: string) {
  return env.DB.prepare("SELECT views, apply_clicks, applies FROM job_stats WHERE job_id = ?").bind(id).first<{ views: number; apply_clicks: number; applies: number }>();
}
async function today(id: string) {
  return env.DB.prepare("SELECT views, apply_clicks, applies FROM job_stats_daily WHERE job_id = ? AND day = ?")
    .bind(id, dayKey(Date.now()))
    .first<{ views: number; apply_clicks: number; applies: number }>();
}
async function companyViewsToday(id: string): Promise<number> {
  const row = await env.DB.prepare("SELECT views FROM company_stats_daily WHERE company_id = ? AND day = ?").bind(id, dayKey(Date.now())).first<{ views: number }>();
  return row?.views ?? 0;
}

/** `total` identical requests, `batch` at a time; every one must answer 200. */
async function hammer(total: number, batch: number, send: () => Promise<Response>): Promise<void> {
  for (let sent = 0; sent < total; sent += batch) {
    const answers = await Promise.all(Array.from({ length: Math.min(batch, total - sent) }, send));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
  }
}

/** A subscriber with a published company and one live Spotlight job. */
async function liveSpotlight(): Promise<Subscriber & { jobId: string }> {
  const s = await subscriber();
  const created = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Counted Engineer" }) } });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie })).status).toBe(200);
  return { ...s, jobId: id };
}

describe("who counts", () => {
  it.each([
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["bingbot", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"],
    ["a crawler", "SomeCrawler/1.0 (+https://crawler.example)"],
    ["a spider", "Baiduspider/2.0"],
    ["Slack's link expander", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"],
    ["curl", "curl/8.5.0"],
    ["python-requests", "python-requests/2.31"],
  ])("obvious bots do not count: %s", (_name, ua) => {
    expect(isBotUserAgent(ua)).toBe(true);
  });

  it("no user agent, or an empty one, is a bot; browsers are not", () => {
    expect(isBotUserAgent(null)).toBe(true);
    expect(isBotUserAgent("  ")).toBe(true);
    expect(isBotUserAgent(BROWSER)).toBe(false);
    expect(isBotUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1")).toBe(false);
  });
});

describe("job views: a visitor counts once per job per day", () => {
  it("the same visitor twice in a day is 1 view; another address is another visitor", async () => {
    const [id] = await addJobs({ title: "Viewed twice" });
    expect(await (await hit(`/api/jobs/${id}/view`)).json()).toEqual({ ok: true, counted: true });
    expect(await (await hit(`/api/jobs/${id}/view`)).json()).toEqual({ ok: true, counted: false, reason: "repeat" });
    await hit(`/api/jobs/${id}/view`, { ip: "203.0.113.11" });
    expect(await stats(id!)).toMatchObject({ views: 2 });
    expect(await today(id!)).toMatchObject({ views: 2 });
  });

  it("the visitor's key is hashed, never the raw address, and lasts until the end of the UTC day", async () => {
    const [id] = await addJobs({ title: "Hashed" });
    await hit(`/api/jobs/${id}/view`, { ip: "198.51.100.77" });
    const { results } = await env.DB.prepare("SELECT key, expires_at FROM analytics_visitors WHERE key LIKE ?").bind(`view:${id}:%`).all<{ key: string; expires_at: number }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.key).toMatch(new RegExp(`^view:${id}:${dayKey(Date.now())}:[0-9a-f]{24}$`));
    expect(results[0]!.key).not.toContain("198.51.100.77");
    expect(results[0]!.expires_at % 86_400_000).toBe(0);
    expect(results[0]!.expires_at).toBeGreaterThan(Date.now());
  });

  it("1,000 calls from one address give 1 view, not 1,000 (20 at a time)", async () => {
    const [id] = await addJobs({ title: "Hammered" });
    await hammer(1000, 20, () => hit(`/api/jobs/${id}/view`, { ip: "192.0.2.200" }));
    expect(await stats(id!)).toMatchObject({ views: 1 });
    expect(await today(id!)).toMatchObject({ views: 1 });
  }, 90_000);

  it("obvious bots (a user agent that says so, or no user agent) do not count", async () => {
    const [id] = await addJobs({ title: "Crawled" });
    expect(await (await hit(`/api/jobs/${id}/view`, { ua: "Mozilla/5.0 (compatible; Googlebot/2.1)" })).json()).toEqual({ ok: true, counted: false, reason: "bot" });
    expect(await (await hit(`/api/jobs/${id}/view`, { ua: null })).json()).toEqual({ ok: true, counted: false, reason: "bot" });
    expect(await stats(id!)).toBeNull();
  });

  it("the owner's own views do not count; the same browser signed out does", async () => {
    const owner = await signUp();
    const [id] = await addJobs({ title: "Mine", userId: owner.userId });
    expect(await (await hit(`/api/jobs/${id}/view`, { cookie: owner.cookie })).json()).toEqual({ ok: true, counted: false, reason: "owner" });
    expect(await stats(id!)).toBeNull();
    const stranger = await signUp();
    expect(await (await hit(`/api/jobs/${id}/view`, { cookie: stranger.cookie })).json()).toEqual({ ok: true, counted: true });
  });

  it("the success pages do not count: reading a job (GET /api/jobs/:id, what they and link previews read) counts nothing", async () => {
    const [id] = await addJobs({ title: "Just posted" });
    for (let i = 0; i < 3; i++) expect((await exports.default.fetch(`http://localhost/api/jobs/${id}`, { headers: { "User-Agent": BROWSER } })).status).toBe(200);
    expect(await stats(id!)).toBeNull();
  });

  it("a hidden job is not counted: 404 'Job not found', and bad input is a 4xx", async () => {
    const [id] = await addJobs({ title: "Hidden", published: 0, publishedAt: null });
    const res = await hit(`/api/jobs/${id}/view`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Job not found" });
    expect(await stats(id!)).toBeNull();
    expect((await hit(`/api/jobs/${"x".repeat(101)}/view`)).status).toBe(400);
  });
});

describe("Apply clicks and applies", () => {
  it("a click counts once per visitor per job per day, an apply once per visitor per 30 days; bots and the owner never", async () => {
    const owner = await signUp();
    const [id] = await addJobs({ title: "Applied", userId: owner.userId });
    await hit(`/api/jobs/${id}/view`);
    await hit(`/api/jobs/${id}/view`, { ip: "203.0.113.12" });
    await hit(`/api/jobs/${id}/apply-click`);
    await hit(`/api/jobs/${id}/apply-click`);
    await hit(`/api/jobs/${id}/apply-click`, { ip: "203.0.113.12" });
    await hit(`/api/jobs/${id}/apply-click`, { ua: "curl/8.5.0" });
    await hit(`/api/jobs/${id}/apply-click`, { cookie: owner.cookie });
    expect(await stats(id!)).toEqual({ views: 2, apply_clicks: 2, applies: 2 });
    expect(await today(id!)).toEqual({ views: 2, apply_clicks: 2, applies: 2 });
    const { job } = (await (await call(`/api/dashboard/jobs/${id}`, { cookie: owner.cookie })).json()) as { job: { analytics: Record<string, number> } };
    expect(job.analytics).toEqual({ views: 2, clicks: 2, clickRate: 100, applies: 2 });
  });

  it("10 identical Apply clicks at once count 1 click and 1 apply", async () => {
    const [id] = await addJobs({ title: "Clicked at once" });
    await hammer(10, 10, () => hit(`/api/jobs/${id}/apply-click`, { ip: "192.0.2.201" }));
    expect(await stats(id!)).toEqual({ views: 0, apply_clicks: 1, applies: 1 });
  });
});

describe("company page views", () => {
  it("count once per visitor per day, never bots or the owner; 1,000 calls from one address give 1", async () => {
    const s = await liveSpotlight();
    expect(await (await hit(`/api/companies/${s.companyId}/view`, { cookie: s.cookie })).json()).toEqual({ ok: true, counted: false, reason: "owner" });
    expect(await (await hit(`/api/companies/${s.companyId}/view`, { ua: "AhrefsBot/7.0" })).json()).toEqual({ ok: true, counted: false, reason: "bot" });
    expect(await (await hit(`/api/companies/${s.companyId}/view`, { ua: null })).json()).toEqual({ ok: true, counted: false, reason: "bot" });
    expect(await companyViewsToday(s.companyId)).toBe(0);
    await hammer(1000, 20, () => hit(`/api/companies/${s.companyId}/view`, { ip: "192.0.2.202" }));
    await hit(`/api/companies/${s.companyId}/view`, { ip: "192.0.2.203" });
    expect(await companyViewsToday(s.companyId)).toBe(2);
  }, 90_000);

  it("an unknown company: 404 'Company not found', nothing counted", async () => {
    const res = await hit("/api/companies/nobody-here/view");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Company not found" });
    expect(await companyViewsToday("nobody-here")).toBe(0);
  });
});

describe("Spotlight's Advanced Analytics (GET /api/spotlight/companies/:id/analytics)", () => {
  it("per job: views, apply clicks, click rate and applies, daily for 30 days; per company page: views", async () => {
    const s = await liveSpotlight();
    // The owner's own visits count nothing; three visitors view, two of them click Apply.
    await hit(`/api/jobs/${s.jobId}/view`, { cookie: s.cookie });
    for (const ip of ["203.0.113.21", "203.0.113.22", "203.0.113.23"]) await hit(`/api/jobs/${s.jobId}/view`, { ip });
    for (const ip of ["203.0.113.21", "203.0.113.22"]) await hit(`/api/jobs/${s.jobId}/apply-click`, { ip });
    await hit(`/api/companies/${s.companyId}/view`, { ip: "203.0.113.21" });

    const res = await call(`/api/spotlight/companies/${s.companyId}/analytics`, { cookie: s.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CompanyAnalytics;
    expect(body.days).toHaveLength(ANALYTICS_DAYS);
    expect(body.days.at(-1)).toBe(dayKey(Date.now()));
    expect(body.company).toMatchObject({ views: 1, viewsLast30: 1 });
    expect(body.company.daily.at(-1)).toEqual({ day: dayKey(Date.now()), views: 1 });
    expect(body.jobs).toHaveLength(1);
    const job = body.jobs[0]!;
    expect(job).toMatchObject({ id: s.jobId, title: "Counted Engineer", status: "live", views: 3, clicks: 2, clickRate: 66.7, applies: 2 });
    expect(job.daily).toHaveLength(ANALYTICS_DAYS);
    expect(job.daily.at(-1)).toEqual({ day: dayKey(Date.now()), views: 3, clicks: 2, applies: 2 });
    expect(job.daily.slice(0, -1).every((d) => d.views === 0 && d.clicks === 0 && d.applies === 0)).toBe(true);
  });

  it("is the owner's only: signed out 401, another user 403, no subscription 403, unknown company 404", async () => {
    const s = await liveSpotlight();
    const path = `/api/spotlight/companies/${s.companyId}/analytics`;
    const signedOut = await call(path);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: SPOTLIGHT_MESSAGES.notAuthenticated });
    const stranger = await subscriber();
    const other = await call(path, { cookie: stranger.cookie });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ error: SPOTLIGHT_MESSAGES.notOwner });
    const unsubscribed = await withCompany();
    const lapsed = await call(`/api/spotlight/companies/${unsubscribed.companyId}/analytics`, { cookie: unsubscribed.cookie });
    expect(lapsed.status).toBe(403);
    expect(await lapsed.json()).toEqual({ error: SPOTLIGHT_MESSAGES.noSubscription });
    expect((await call("/api/spotlight/companies/no-such-company/analytics", { cookie: s.cookie })).status).toBe(404);
  });
});

describe("the cron forgets visitor keys past their window", () => {
  it("purges expired keys; an expired key is taken over by the next visit", async () => {
    const [id] = await addJobs({ title: "Purged" });
    await hit(`/api/jobs/${id}/view`, { ip: "192.0.2.50" });
    await env.DB.prepare("UPDATE analytics_visitors SET expires_at = ? WHERE key LIKE ?")
      .bind(Date.now() - 1, `view:${id}:%`)
      .run();
    // A claim past its window no longer holds: the same visitor counts again.
    await hit(`/api/jobs/${id}/view`, { ip: "192.0.2.50" });
    expect(await stats(id!)).toMatchObject({ views: 2 });
    await env.DB.prepare("UPDATE analytics_visitors SET expires_at = ? WHERE key LIKE ?")
      .bind(Date.now() - 1, `view:${id}:%`)
      .run();
    const { purgeExpiredVisitors } = await import("../../worker/analytics/count");
    expect(await purgeExpiredVisitors(env.DB, Date.now())).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM analytics_visitors WHERE key LIKE ?").bind(`view:${id}:%`).first<{ n: number }>()).toEqual({ n: 0 });
  });
});
