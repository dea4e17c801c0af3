// Money after "Delete my account" (the 42nd audit): a checkout left open in another tab must not deliver to an
// account that no longer exists. Deleting the account makes its open checkouts unpayable; a payment that still
// arrives (a session the provider could not expire, a bank transfer settling later) buys nothing and is refunded
// once: no job of the deleted account goes live, no credits are granted to it, no Spotlight subscription starts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GOOD_PASSWORD, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { withCompany } from "../support/spotlight";
import { one, payInEmulator } from "../support/db";

const post = (path: string, cookie: string | undefined, json: unknown = {}) => call(path, { method: "POST", cookie, json });
const pay = payInEmulator;
const deleteAccount = async (s: Session) => expect((await post("/api/account/delete", s.cookie, { currentPassword: GOOD_PASSWORD })).status).toBe(200);
/** What a provider that could not expire the session leaves behind: the session paid anyway. */
const reopen = (sessionId: string) => env.DB.prepare("UPDATE emulator_sessions SET status = 'open' WHERE id = ?").bind(sessionId).run();

async function jobCheckout(s: Session) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email, quantity: 3 }), submissionId: crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; jobId: string; orderId: string };
}

async function outcome(orderId: string) {
  return {
    order: (await one<{ status: string; fulfilled_at: number | null }>("SELECT status, fulfilled_at FROM orders WHERE id = ?", orderId)).status,
    grants: (await one<{ n: number }>("SELECT count(*) AS n FROM bundle_purchases WHERE order_id = ?", orderId)).n,
    refunded: (await one<{ n: number }>("SELECT COALESCE(SUM(amount), 0) AS n FROM refunds WHERE order_id = ? AND status = 'succeeded'", orderId)).n,
  };
}

describe("a checkout left open when its account is deleted", () => {
  it("a job checkout: the session expires with the account, and a payment that still arrives publishes nothing and is refunded once", async () => {
    const s = await signUp();
    const c = await jobCheckout(s);
    await deleteAccount(s);
    expect((await one<{ status: string }>("SELECT status FROM emulator_sessions WHERE id = ?", c.id)).status).toBe("expired");
    expect((await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", c.orderId)).status).toBe("expired");
    // Paid all the same (a provider that could not expire it): ten deliveries at once.
    await reopen(c.id);
    await Promise.all(Array.from({ length: 10 }, () => pay(c.id)));
    expect((await one<{ published: number }>("SELECT published FROM jobs WHERE id = ?", c.jobId)).published).toBe(0);
    expect(await outcome(c.orderId)).toEqual({ order: "refunded", grants: 0, refunded: 59700 });
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM refunds WHERE order_id = ?", c.orderId)).n).toBe(1);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM mail_outbox WHERE key = ?", `job_confirmation:${c.jobId}`)).n).toBe(0);
  });

  it("a credit purchase: no credits for the deleted account; the payment is refunded", async () => {
    const s = await signUp();
    const res = await post("/api/checkout/credits", s.cookie, { bundleId: "standard" });
    const { id, orderId } = (await res.json()) as { id: string; orderId: string };
    await deleteAccount(s);
    expect((await one<{ status: string }>("SELECT status FROM emulator_sessions WHERE id = ?", id)).status).toBe("expired");
    await reopen(id);
    await pay(id);
    expect(await outcome(orderId)).toEqual({ order: "refunded", grants: 0, refunded: 89600 });
  });

  it("a Spotlight checkout: no subscription starts for the deleted account; the one the payment made is ended at once and refunded", async () => {
    const s = await withCompany();
    const res = await post("/api/spotlight/checkout", s.cookie, {});
    expect(res.status, await res.clone().text()).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const { id: orderId } = await one<{ id: string }>("SELECT id FROM orders WHERE checkout_session_id = ?", id);
    await deleteAccount(s);
    await reopen(id);
    await pay(id);
    const made = await one<{ subscription_id: string | null }>("SELECT subscription_id FROM emulator_sessions WHERE id = ?", id);
    expect(made.subscription_id).toBeTruthy();
    expect((await one<{ status: string }>("SELECT status FROM emulator_subscriptions WHERE id = ?", made.subscription_id!)).status).toBe("canceled");
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM spotlight_subscriptions WHERE user_id = ? AND status IN ('active', 'past_due')", s.userId)).n).toBe(0);
    expect(await outcome(orderId)).toEqual({ order: "refunded", grants: 0, refunded: 299900 });
  });
});
