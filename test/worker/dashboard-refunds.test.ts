// Refunds made in the Stripe Dashboard, as Stripe delivers them (the 42nd audit): since API version 2022-11-15 a
// charge.refunded event's charge no longer carries its `refunds` list, so the refunds are asked of the provider; and
// a refund whose payment this app has not recorded yet (its checkout.session.completed still on its way or being
// retried) fails the event, so Stripe delivers it again once the payment is known, rather than being dropped.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { OrderRow } from "../../worker/orders/store";
import { EmulatorProvider, emulatorPaymentIntentId } from "../../worker/payments/emulator";
import { refundOrder } from "../../worker/payments/refunds";
import { StripeProvider } from "../../worker/payments/stripe";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { expectConsoleError } from "../support/console-guard";
import { one, payInEmulator } from "../support/db";

const pay = payInEmulator;

async function deliver(event: Record<string, unknown>) {
  const payload = JSON.stringify({ object: "event", created: Math.floor(Date.now() / 1000), ...event });
  const sig = await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET);
  return call("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": sig, "Content-Type": "application/json" } });
}

async function jobCheckout(s: Session) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId: crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; jobId: string; orderId: string };
}

/** A refund made in the provider's dashboard: the provider knows it, this app does not yet. */
async function dashboardRefund(sessionId: string, amount: number): Promise<string> {
  const id = `re_emu_dash${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  await env.DB.prepare("INSERT INTO emulator_refunds (id, idempotency_key, payment_intent_id, amount, reason) VALUES (?, ?, ?, ?, 'requested_by_customer')")
    .bind(id, `dashboard:${id}`, emulatorPaymentIntentId(sessionId), amount)
    .run();
  return id;
}

/** charge.refunded as a current API version renders it: the charge, without its refunds list. */
const chargeRefunded = (sessionId: string, amountRefunded: number, id = `evt_${crypto.randomUUID()}`) => ({
  id,
  type: "charge.refunded",
  data: { object: { id: `ch_${sessionId.slice(-8)}`, object: "charge", payment_intent: emulatorPaymentIntentId(sessionId), amount: 19900, amount_refunded: amountRefunded, refunded: true } },
});

describe("a refund made in the Stripe Dashboard", () => {
  it("an event without the charge's refunds list: the refunds are asked of the provider; the job leaves the board, the customer is told once", async () => {
    const s = await signUp();
    const c = await jobCheckout(s);
    await pay(c.id);
    expect((await one<{ published: number }>("SELECT published FROM jobs WHERE id = ?", c.jobId)).published).toBe(1);
    const refundId = await dashboardRefund(c.id, 19900);
    const event = chargeRefunded(c.id, 19900);
    // The same event ten times at once.
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await one("SELECT amount, status, provider_refund_id FROM refunds WHERE order_id = ?", c.orderId)).toEqual({ amount: 19900, status: "succeeded", provider_refund_id: refundId });
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM refunds WHERE order_id = ?", c.orderId)).n).toBe(1);
    expect((await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", c.orderId)).status).toBe("refunded");
    expect((await one<{ published: number }>("SELECT published FROM jobs WHERE id = ?", c.jobId)).published).toBe(0);
    expect((await one<{ n: number }>(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`, s.email)).n).toBe(1);
  });

  it("a refund this app made, seen again in the provider's list, is not recorded twice", async () => {
    const s = await signUp();
    const c = await jobCheckout(s);
    await pay(c.id);
    // $50 back through the one refund path (the console's); the provider's list then names its key.
    const order = await one<OrderRow>("SELECT * FROM orders WHERE id = ?", c.orderId);
    await refundOrder(env as never, new EmulatorProvider(env.DB, "http://localhost"), { order, amountCents: 5000, reason: "goodwill", key: "probe-own-refund" });
    expect((await deliver(chargeRefunded(c.id, 5000))).status).toBe(200);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM refunds WHERE order_id = ?", c.orderId)).n).toBe(1);
    expect((await one<{ published: number }>("SELECT published FROM jobs WHERE id = ?", c.jobId)).published).toBe(1);
  });

  it("before its payment is recorded: the event fails (Stripe delivers it again); once the payment is in, the same event records the refund", async () => {
    expectConsoleError(/"event":"(webhook\.event_failed|request\.unhandled_error|request)"/); // the first delivery fails on purpose
    const s = await signUp();
    const c = await jobCheckout(s);
    // Paid at the provider; the refund's event overtakes the checkout's.
    await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?").bind(c.id).run();
    await dashboardRefund(c.id, 19900);
    const event = chargeRefunded(c.id, 19900);
    expect((await deliver(event)).status).toBe(500);
    expect((await one<{ status: string }>("SELECT status FROM stripe_events WHERE id = ?", event.id)).status).toBe("failed");
    expect((await deliver({ id: `evt_${crypto.randomUUID()}`, type: "checkout.session.completed", data: { object: { id: c.id, object: "checkout.session", metadata: {} } } })).status).toBe(200);
    // Stripe's retry of the same event.
    expect((await deliver(event)).status).toBe(200);
    expect((await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", c.orderId)).status).toBe("refunded");
    expect((await one<{ published: number }>("SELECT published FROM jobs WHERE id = ?", c.jobId)).published).toBe(0);
  });

  it("with the real Stripe, the payment's refunds are listed by its payment intent, with their metadata", async () => {
    const asked: string[] = [];
    const stripe = new StripeProvider("sk_test_123", (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      asked.push(`${req.method} ${new URL(req.url).pathname}${new URL(req.url).search}`);
      return Response.json({
        object: "list",
        has_more: false,
        data: [
          { id: "re_1", object: "refund", amount: 5000, status: "succeeded", metadata: { refundKey: "admin:o:k" } },
          { id: "re_2", object: "refund", amount: 14900, status: "pending", metadata: {} },
        ],
      });
    }) as typeof fetch);
    expect(await stripe.listRefunds("pi_123")).toEqual([
      { id: "re_1", amount: 5000, status: "succeeded", metadata: { refundKey: "admin:o:k" } },
      { id: "re_2", amount: 14900, status: "pending", metadata: {} },
    ]);
    expect(asked).toEqual(["GET /v1/refunds?payment_intent=pi_123&limit=100"]);
  });
});
