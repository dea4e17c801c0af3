// Issue 22, items 5–7: checkouts of one posting at the edges. Of simultaneous checkouts exactly one session
// stays payable; a bank transfer overtaken by another payment is refunded and the customer told; a paid
// posting is never reset to unpaid by a stale tab's checkout; deleting a job makes its checkouts unpayable.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

interface Started {
  id: string;
  url: string;
  jobId: string;
  orderId: string;
}

const post = (path: string, cookie: string, json: unknown = {}) => call(path, { method: "POST", cookie, json });
const emulator = (sessionId: string, action: "pay" | "pay-later" | "settle", outcome?: "succeeded" | "failed") =>
  exports.default.fetch(`http://localhost/api/emulator/checkout/${sessionId}/${action}`, {
    method: "POST",
    redirect: "manual",
    ...(outcome ? { body: new URLSearchParams({ outcome }), headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {}),
  });

async function start(s: Session, submissionId: string, buy: Record<string, unknown> = {}, job = jobDetails()) {
  return checkoutJob(s.cookie, { job, purchase: purchase({ email: s.email, ...buy }), submissionId });
}

/** The emulator's sessions of a job's orders that could still be paid. */
async function payableSessions(jobId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT e.id FROM emulator_sessions e JOIN orders o ON o.checkout_session_id = e.id WHERE o.job_id = ? AND e.status = 'open'")
    .bind(jobId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

const n = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe("item 5: simultaneous checkouts of one posting leave one payable session", () => {
  it("10 parallel POST /api/checkout/job with one submissionId (after a first one): exactly one session can be paid; paying every one charges once", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const first = (await (await start(s, submissionId)).json()) as Started;
    const results = await Promise.all(Array.from({ length: 10 }, () => start(s, submissionId)));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const started = (await Promise.all(results.filter((r) => r.status === 200).map((r) => r.json()))) as Started[];
    expect(started.length).toBeGreaterThanOrEqual(1);
    const payable = await payableSessions(first.jobId);
    expect(payable).toHaveLength(1);
    // Pressing Pay on every session ever made: one charge, no refund needed.
    const all = (await env.DB.prepare("SELECT checkout_session_id AS id FROM orders WHERE job_id = ? AND checkout_session_id IS NOT NULL").bind(first.jobId).all<{ id: string }>()).results;
    expect(all.length).toBeGreaterThanOrEqual(11);
    for (const { id } of all) await emulator(id, "pay");
    expect(await n("SELECT count(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.job_id = ?", first.jobId)).toBe(1);
    expect(await n("SELECT count(*) AS n FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.job_id = ?", first.jobId)).toBe(0);
    expect(await n("SELECT published AS n FROM jobs WHERE id = ?", first.jobId)).toBe(1);
  });

  it("a pending bank transfer for the posting is cancelled when a card payment for it succeeds: it never settles, nothing to refund", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const transfer = (await (await start(s, submissionId)).json()) as Started;
    expect((await emulator(transfer.id, "pay-later")).status).toBe(303);
    // Another tab pays by card.
    const card = (await (await start(s, submissionId)).json()) as Started;
    expect((await emulator(card.id, "pay")).status).toBe(303);
    expect(await n("SELECT published AS n FROM jobs WHERE id = ?", card.jobId)).toBe(1);
    expect(await n("SELECT count(*) AS n FROM orders WHERE id = ? AND status = 'expired'", transfer.orderId)).toBe(1);
    // The bank can no longer settle it.
    await emulator(transfer.id, "settle", "succeeded");
    expect(await n("SELECT count(*) AS n FROM payments WHERE order_id = ?", transfer.orderId)).toBe(0);
    expect(await n("SELECT count(*) AS n FROM refunds WHERE order_id = ?", transfer.orderId)).toBe(0);
  });

  it("a bank transfer that settled before it could be cancelled is refunded once, and the customer is told", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const transfer = (await (await start(s, submissionId)).json()) as Started;
    expect((await emulator(transfer.id, "pay-later")).status).toBe(303);
    // The bank settled it, but its event has not arrived yet: it can no longer be cancelled.
    await env.DB.prepare("UPDATE emulator_sessions SET payment_status = 'paid' WHERE id = ?").bind(transfer.id).run();
    const card = (await (await start(s, submissionId)).json()) as Started;
    expect((await emulator(card.id, "pay")).status).toBe(303);
    // The settlement's event arrives (the success page's check reads the session): refunded once, e-mailed once.
    for (let i = 0; i < 2; i++) await call(`/api/checkout/verify?session_id=${transfer.id}`, { cookie: s.cookie });
    // A bank transfer's refund is a bank refund: on its way until the bank says it arrived (decision 0223), and told then.
    expect(await n("SELECT count(*) AS n FROM refunds WHERE order_id = ? AND status = 'pending'", transfer.orderId)).toBe(1);
    expect(await n(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`, s.email)).toBe(0);
    const { provider_refund_id } = (await env.DB.prepare("SELECT provider_refund_id FROM refunds WHERE order_id = ?").bind(transfer.orderId).first<{ provider_refund_id: string }>())!;
    const arrives = new FormData();
    arrives.set("outcome", "succeeded");
    await exports.default.fetch(`http://localhost/api/emulator/refunds/${provider_refund_id}/settle`, { method: "POST", body: arrives, redirect: "manual" });
    expect(await n("SELECT count(*) AS n FROM refunds WHERE order_id = ? AND status = 'succeeded'", transfer.orderId)).toBe(1);
    expect(await n(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`, s.email)).toBe(1);
  });
});

describe("item 6: a paid job is never reset to unpaid by another checkout of its posting", () => {
  it("pay Premium + Sticky ($548), deactivate, then checkout the same submissionId: 409, the paid job untouched, Activate works", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const job = jobDetails();
    const paid = (await (await start(s, submissionId, { plan: "premium", enhancements: ["sticky"] }, job)).json()) as Started;
    expect((await emulator(paid.id, "pay")).status).toBe(303);
    expect((await post(`/api/dashboard/jobs/${paid.jobId}/deactivate`, s.cookie)).status).toBe(200);
    const before = await env.DB.prepare("SELECT title, plan, enhancements, payment_status, published FROM jobs WHERE id = ?").bind(paid.jobId).first();
    const results = await Promise.all(Array.from({ length: 10 }, () => start(s, submissionId, {}, jobDetails({ title: "Head of Sales", company: "Totally Different Corp" }))));
    for (const res of results) {
      expect(res.status).toBe(409);
      expect((await res.json()) as { error: string; code: string }).toMatchObject({ error: "This job has already been paid for; edit it from your dashboard", code: "already_paid" });
    }
    expect(await env.DB.prepare("SELECT title, plan, enhancements, payment_status, published FROM jobs WHERE id = ?").bind(paid.jobId).first()).toEqual(before);
    expect(await n("SELECT count(*) AS n FROM orders WHERE job_id = ?", paid.jobId)).toBe(1);
    expect((await post(`/api/dashboard/jobs/${paid.jobId}/activate`, s.cookie)).status).toBe(200);
  });

  it("a job posted with a credit and deactivated is refused too", async () => {
    const s = await signUp();
    const credits = (await (await post("/api/checkout/credits", s.cookie, { bundleId: "basic" })).json()) as { id: string };
    await emulator(credits.id, "pay");
    const submissionId = crypto.randomUUID();
    const posted = await post("/api/jobs/with-credit", s.cookie, { job: jobDetails(), submissionId });
    expect(posted.status).toBe(201);
    const { job } = (await posted.json()) as { job: { id: string } };
    expect((await post(`/api/dashboard/jobs/${job.id}/deactivate`, s.cookie)).status).toBe(200);
    const res = await start(s, submissionId);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe("already_paid");
  });
});

describe("item 7: deleting an unpaid job makes its checkouts unpayable", () => {
  it("its open sessions expire (the emulator's page cannot be paid), its orders are marked expired, nothing is charged", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const first = (await (await start(s, submissionId, { plan: "premium" })).json()) as Started;
    const second = (await (await start(s, submissionId, { plan: "premium", enhancements: ["featured"] })).json()) as Started;
    expect(await payableSessions(first.jobId)).toEqual([second.id]);
    const del = await call(`/api/dashboard/jobs/${first.jobId}`, { method: "DELETE", cookie: s.cookie });
    expect(del.status).toBe(200);
    expect(await payableSessions(first.jobId)).toEqual([]);
    expect(await n("SELECT count(*) AS n FROM orders WHERE job_id = ? AND status = 'expired'", first.jobId)).toBe(2);
    await emulator(second.id, "pay");
    expect(await n("SELECT count(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.job_id = ?", first.jobId)).toBe(0);
    expect(await n("SELECT count(*) AS n FROM emulator_sessions WHERE id IN (?, ?) AND payment_status = 'paid'", first.id, second.id)).toBe(0);
  });
});
