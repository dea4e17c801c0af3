// A payment for a job the board took down (the 42nd audit): an operator's Unpublish of a draft, or the disabling of
// its account, holds against a checkout left open in a tab. The job never goes live through the payment, and the
// payment, which buys nothing, is refunded once, its e-mail saying why in the buyer's language.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { adminSession, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { one, payInEmulator } from "../support/db";

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});

const post = (path: string, cookie: string | undefined, json: unknown = {}) => call(path, { method: "POST", cookie, json });
const pay = payInEmulator;

async function jobCheckout(s: Session, headers: Record<string, string> = {}) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email, quantity: 2 }), submissionId: crypto.randomUUID() }, headers);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; jobId: string; orderId: string };
}

async function expectRefundedAndDown(c: { jobId: string; orderId: string }) {
  expect((await one<{ published: number }>("SELECT published FROM jobs WHERE id = ?", c.jobId)).published).toBe(0);
  expect((await call(`/api/jobs/${c.jobId}`)).status).not.toBe(200);
  expect(await one("SELECT status, fulfilled_at FROM orders WHERE id = ?", c.orderId)).toEqual({ status: "refunded", fulfilled_at: null });
  expect((await one<{ n: number }>("SELECT count(*) AS n FROM bundle_purchases WHERE order_id = ?", c.orderId)).n).toBe(0);
  expect(await one("SELECT count(*) AS n, SUM(amount) AS amount FROM refunds WHERE order_id = ? AND status = 'succeeded'", c.orderId)).toEqual({ n: 1, amount: 39800 });
  expect((await one<{ n: number }>("SELECT count(*) AS n FROM mail_outbox WHERE key = ?", `job_confirmation:${c.jobId}`)).n).toBe(0);
}

describe("a payment for a job the board took down", () => {
  it("an operator's Unpublish of the draft holds: the payment (ten deliveries at once) publishes nothing and is refunded once, the buyer told why", async () => {
    const s = await signUp();
    const c = await jobCheckout(s);
    expect((await post(`/api/admin/jobs/${c.jobId}/unpublish`, admin.cookie, { reason: "Spam" })).status).toBe(200);
    await Promise.all(Array.from({ length: 10 }, () => pay(c.id)));
    await expectRefundedAndDown(c);
    const mails = (await env.DB.prepare(`SELECT text FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`).bind(s.email).all<{ text: string }>()).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("The job was taken off the board before this payment arrived, so it was not published.");
    // The takedown's own e-mail: the draft was never before candidates, so not "Candidates can no longer see it" (the 33rd reading).
    const takedown = await one<{ text: string }>(`SELECT text FROM mail_outbox WHERE kind = ? AND "to" = ?`, "job_removed", s.email);
    expect(takedown.text).toContain("was removed by our team before candidates could see it: it cannot be published, and only our team can restore it.");
    expect(takedown.text).not.toContain("Candidates can no longer see it");
    // The success page's check says why the payment came back, so the page does not say "already paid" (the 33rd reading).
    const verify = await call(`/api/checkout/verify?session_id=${encodeURIComponent(c.id)}`, { cookie: s.cookie });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ status: "refunded", kind: "job", refundReason: "job_removed" });
  });

  it("the success page's check of a payment refunded because the job was deleted first says so (job_deleted), not 'not found'", async () => {
    const s = await signUp();
    const c = await jobCheckout(s);
    // The owner's Delete lands as the payment is made (the dashboard's Delete also expires the checkout, so only a race
    // leaves a paid session with no job): the draft is gone when the payment arrives.
    await env.DB.prepare("DELETE FROM jobs WHERE id = ?").bind(c.jobId).run();
    await pay(c.id);
    const verify = await call(`/api/checkout/verify?session_id=${encodeURIComponent(c.id)}`, { cookie: s.cookie });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ status: "refunded", kind: "job", refundReason: "job_deleted" });
  });

  it("the success page's check of a checkout that expired with its deleted draft says it expired, not 'not found'", async () => {
    const s = await signUp();
    const c = await jobCheckout(s);
    expect((await call(`/api/dashboard/jobs/${c.jobId}`, { method: "DELETE", cookie: s.cookie })).status).toBeLessThan(300);
    await pay(c.id);
    const verify = await call(`/api/checkout/verify?session_id=${encodeURIComponent(c.id)}`, { cookie: s.cookie });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ status: "expired", kind: "job" });
  });

  it("disabling the account holds its draft too; an Arabic buyer is told in Arabic", async () => {
    const s = await signUp();
    const c = await jobCheckout(s, { "Accept-Language": "ar" });
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Fraud suspected" })).status).toBe(200);
    await pay(c.id);
    await expectRefundedAndDown(c);
    const mail = await one<{ text: string }>(`SELECT text FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`, s.email);
    expect(mail.text).toContain("أُزيلت الوظيفة من الموقع قبل وصول هذه الدفعة، فلم تُنشر.");
  });
});
