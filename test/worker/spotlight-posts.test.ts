// Issue 22, item 10: a subscriber's post through /post is a Spotlight job wherever it is created. The
// company's Durable Object writes it (as it writes the jobs made on /spotlight/live): Spotlight's package
// and badges, public until the paid period ends (no 30-day expiry), on the live dashboard and in its
// analytics, and gone when the subscription ends. A credit post spends no credit; a card checkout is refused.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "../../worker/rules/billing";
import { JOB_LIFETIME_DAYS } from "../../worker/rules/lists";
import { SPOTLIGHT_MESSAGES } from "../../worker/rules/spotlight";
import { call } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { emulatorAction, expectProjection, stateOf, subscribe, subscriber, withCompany } from "../support/spotlight";
import type { Subscriber } from "../support/spotlight";

const DAY = 86_400_000;
const post = (s: Session, path = "/api/spotlight/post-job", submissionId = crypto.randomUUID(), job = jobDetails()) => call(path, { method: "POST", cookie: s.cookie, json: { job, submissionId } });

async function publishedSubscriber(): Promise<Subscriber & { subscriptionId: string }> {
  const s = await subscriber();
  expect((await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie })).status).toBe(200);
  return s;
}

const row = (id: string) =>
  env.DB.prepare("SELECT source, plan, enhancements, credit_source, company_id, user_id, published, expires_at FROM jobs WHERE id = ?")
    .bind(id)
    .first<{ source: string; plan: string; enhancements: string; credit_source: string; company_id: string; user_id: string | null; published: number; expires_at: number }>();
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("item 10: a subscriber's post from the wizard is a Spotlight job", () => {
  it("is stored with Spotlight's package and badges, public until the paid period ends, on the live dashboard and in its analytics", async () => {
    const s = await publishedSubscriber();
    const res = await post(s, undefined, undefined, jobDetails({ title: "Wizard Spotlight Engineer" }));
    expect(res.status, await res.clone().text()).toBe(201);
    const { job } = (await res.json()) as { job: { id: string; title: string } };
    expect(job.title).toBe("Wizard Spotlight Engineer");

    const state = await stateOf(s);
    expect(state.jobs.find((j) => j.id === job.id)).toMatchObject({ status: "live", published: true, title: "Wizard Spotlight Engineer" });
    await expectProjection(s.companyId, state);
    const stored = (await row(job.id))!;
    expect(stored).toMatchObject({ source: "spotlight", plan: "premium", credit_source: "spotlight", company_id: s.companyId, published: 1 });
    expect(JSON.parse(stored.enhancements)).toEqual(["company-profile"]);
    // No 30-day expiry: the paid period's end.
    expect(stored.expires_at).toBe(Date.parse(state.activeUntil!));
    expect(stored.expires_at).not.toBe(Date.parse(state.jobs.find((j) => j.id === job.id)!.created_at) + JOB_LIFETIME_DAYS * DAY);

    const analytics = (await (await call(`/api/spotlight/companies/${s.companyId}/analytics`, { cookie: s.cookie })).json()) as { jobs: { id: string }[] };
    expect(analytics.jobs.map((j) => j.id)).toContain(job.id);
    // The success page finds it for its owner, and one confirmation e-mail says Spotlight.
    expect((await call(`/api/checkout/posted/${job.id}`, { cookie: s.cookie })).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE key = ?", `job_confirmation:${job.id}`)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM credit_uses WHERE user_id = ?", s.userId)).toBe(0);
  });

  it("10 simultaneous posts of one posting make exactly one job", async () => {
    const s = await publishedSubscriber();
    const submissionId = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => post(s, undefined, submissionId)));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await stateOf(s)).jobs).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE company_id = ?", s.companyId)).toBe(1);
  });

  it("10 simultaneous different posts make 10 live Spotlight jobs", async () => {
    const s = await publishedSubscriber();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(s, undefined, undefined, jobDetails({ title: `Parallel Role ${i}` }))));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const state = await stateOf(s);
    expect(state.jobs.filter((j) => j.status === "live")).toHaveLength(10);
    await expectProjection(s.companyId, state);
  });

  it("a subscriber's credit post is the same Spotlight job and spends no credit", async () => {
    const s = await withCompany();
    const { id } = (await (await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "basic" } })).json()) as { id: string };
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
    await subscribe(s);
    await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie });
    const res = await post(s, "/api/jobs/with-credit");
    expect(res.status, await res.clone().text()).toBe(201);
    const { job } = (await res.json()) as { job: { id: string } };
    expect(await row(job.id)).toMatchObject({ source: "spotlight", plan: "premium" });
    expect(await count("SELECT count(*) AS n FROM credit_uses WHERE user_id = ?", s.userId)).toBe(0);
    expect(((await (await call("/api/credits", { cookie: s.cookie })).json()) as { totalPostsRemaining: number }).totalPostsRemaining).toBe(1);
  });

  it("a subscriber's card checkout is refused (409 spotlight_covers) and nothing is made", async () => {
    const s = await publishedSubscriber();
    const submissionId = crypto.randomUUID();
    const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: CHECKOUT_MESSAGES.spotlightCovers, code: "spotlight_covers" });
    expect(await count("SELECT count(*) AS n FROM jobs WHERE submission_id = ?", submissionId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM orders WHERE user_id = ? AND kind = 'job'", s.userId)).toBe(0);
  });

  it("while the company page is private the post is refused with what to do, and nothing is made", async () => {
    const s = await subscriber();
    const res = await post(s);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(SPOTLIGHT_MESSAGES.companyPrivate);
    expect((await stateOf(s)).jobs).toHaveLength(0);
  });

  it("is taken down when the subscription ends, as the 'ended' e-mail says", async () => {
    const s = await publishedSubscriber();
    const { job } = (await (await post(s)).json()) as { job: { id: string } };
    expect(await row(job.id)).not.toBeNull();
    await emulatorAction(s.subscriptionId, "cancel");
    const state = await stateOf(s);
    expect(state.active).toBe(false);
    expect(state.jobs.find((j) => j.id === job.id)?.status).toBe("expired");
    expect(await row(job.id)).toBeNull();
    expect((await exports.default.fetch(`http://localhost/api/jobs/${job.id}`)).status).toBe(410); // gone, as any job that left the board
    expect(await count(`SELECT count(*) AS n FROM mail_outbox WHERE "to" = ? AND kind = 'spotlight_ended'`, s.email)).toBe(1);
  });
});
