// An operator whose word holds, at the edges (helper 43): what a later payment, a repeated or a stale console click
// does to the board's decision; and the account's own links after the things that should end them.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { adminSession, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });
const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const pay = (sessionId: string) => exports.default.fetch(`http://localhost/api/emulator/checkout/${sessionId}/pay`, { method: "POST", redirect: "manual" });
const mailKinds = async (to: string) => (await env.DB.prepare(`SELECT kind FROM mail_outbox WHERE "to" = ? ORDER BY created_at, rowid`).bind(to).all<{ kind: string }>()).results.map((r) => r.kind);
const refundMail = (to: string) => env.DB.prepare(`SELECT text FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`).bind(to).first<{ text: string }>();
const orderStatus = async (orderId: string) => (await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>())!.status;

/** A checkout opened for a new job, not paid yet (the Stripe page is still open in the owner's tab). */
async function openCheckout(s: Session) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId: crypto.randomUUID() });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; orderId: string; jobId: string };
}

describe("a payment that arrives after the board took the job down", () => {
  it("an account disabled while its checkout was open: the payment does not put the job on the board; it is refunded, and the owner told why", async () => {
    const s = await signUp();
    const open = await openCheckout(s);
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Fraud report" })).status).toBe(200);
    await pay(open.id);
    expect((await call(`/api/jobs/${open.jobId}`)).status).not.toBe(200);
    const job = await env.DB.prepare("SELECT published, removed_at FROM jobs WHERE id = ?").bind(open.jobId).first<{ published: number; removed_at: number | null }>();
    expect(job).toMatchObject({ published: 0 });
    expect(job!.removed_at).not.toBeNull();
    expect(await mailKinds(s.email)).not.toContain("job_confirmation");
    expect(await orderStatus(open.orderId)).toBe("refunded");
    expect((await refundMail(s.email))!.text).toContain("The job was taken off the board before this payment arrived, so it was not published.");
  });

  it("a draft an operator unpublished, or deleted, before its payment arrived stays down; each payment is refunded once, never 'Your job is live'", async () => {
    for (const action of ["unpublish", "delete"]) {
      const s = await signUp();
      const open = await openCheckout(s);
      expect((await post(`/api/admin/jobs/${open.jobId}/${action}`, admin.cookie, { reason: "Spam posting" })).status).toBe(200);
      await Promise.all([pay(open.id), pay(open.id)]);
      expect((await call(`/api/jobs/${open.jobId}`)).status, action).not.toBe(200);
      expect(await mailKinds(s.email), action).toEqual(["verify_email", "job_removed", "refund"]);
      expect(await orderStatus(open.orderId), action).toBe("refunded");
      expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", open.orderId), action).toBe(1);
    }
  });

  it("a job taken down after it was paid for keeps its order: a replayed payment event changes nothing", async () => {
    const s = await signUp();
    const open = await openCheckout(s);
    await pay(open.id);
    expect((await post(`/api/admin/jobs/${open.jobId}/unpublish`, admin.cookie, { reason: "Spam posting" })).status).toBe(200);
    await pay(open.id);
    expect(await orderStatus(open.orderId)).toBe("paid");
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", open.orderId)).toBe(0);
    expect((await call(`/api/jobs/${open.jobId}`)).status).not.toBe(200);
  });
});
