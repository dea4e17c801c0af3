// Issue 22, item 11: Spotlight money in the console. A Spotlight order has its payment recorded and can be
// refunded; an operator cancels a subscription at the period's end, or now with a refund of its last payment,
// and the subscriber is told each time.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { EmulatorProvider } from "../../worker/payments/emulator";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { emulatorAction, subscriber } from "../support/spotlight";
import { expectConsoleError } from "../support/console-guard";

let admin: Session;
beforeAll(async () => {
  admin = await signUp(DEV_ADMIN_EMAIL);
});

const post = (path: string, json: unknown) => call(path, { method: "POST", cookie: admin.cookie, json });
const mails = async (to: string, kind: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE "to" = ? AND kind = ?`).bind(to, kind).first<{ n: number }>())!.n;
const spotlightOrders = async (userId: string) =>
  (
    await env.DB.prepare("SELECT id, amount, status, checkout_session_id, items FROM orders WHERE user_id = ? AND kind = 'spotlight' AND fulfilled_at IS NOT NULL ORDER BY fulfilled_at, id")
      .bind(userId)
      .all<{ id: string; amount: number; status: string; checkout_session_id: string; items: string }>()
  ).results;
async function deliverInvoice(invoice: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${crypto.randomUUID().replace(/-/g, "")}`, object: "event", type: "invoice.paid", created: Math.floor(Date.now() / 1000), data: { object: invoice } });
  return exports.default.fetch("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Stripe-Signature": await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET), "Content-Type": "application/json" },
    body: payload,
  });
}
const spotlightOrder = (userId: string) => env.DB.prepare("SELECT id FROM orders WHERE user_id = ? AND kind = 'spotlight' AND fulfilled_at IS NOT NULL").bind(userId).first<{ id: string }>();

describe("item 11: Spotlight money in the console", () => {
  it("the first Spotlight order has its payment recorded and can be refunded (money only), the subscriber told", async () => {
    const s = await subscriber();
    const order = (await spotlightOrder(s.userId))!;
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE order_id = ? AND payment_intent_id IS NOT NULL").bind(order.id).first<{ n: number }>())!.n).toBe(1);
    const res = await post(`/api/admin/orders/${order.id}/refund`, { reason: "Goodwill for an outage", key: "spot-refund-1", amountCents: 50000 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await mails(s.email, "refund")).toBe(1);
    expect((await env.DB.prepare("SELECT status FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first<{ status: string }>())!.status).toBe("active");
  });

  it("cancel at the period's end: scheduled, the subscriber e-mailed; cancel now with a refund: ended, refunded, e-mailed; then 409", async () => {
    const s = await subscriber();
    // The console's order details name the subscription its cancel buttons act on.
    const detail = async () =>
      (
        (await (await call(`/api/admin/orders/${(await spotlightOrder(s.userId))!.id}`, { cookie: admin.cookie })).json()) as {
          subscription: { id: string; ended: boolean; cancelAtPeriodEnd: boolean };
        }
      ).subscription;
    expect(await detail()).toMatchObject({ id: s.subscriptionId, ended: false, cancelAtPeriodEnd: false });
    const later = await post(`/api/admin/subscriptions/${s.subscriptionId}/cancel`, { reason: "Customer asked to stop renewing", when: "period_end" });
    expect(later.status, await later.clone().text()).toBe(200);
    expect(await env.DB.prepare("SELECT status, cancel_at_period_end FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first()).toEqual({ status: "active", cancel_at_period_end: 1 });
    expect(await mails(s.email, "spotlight_cancel_scheduled")).toBe(1);
    expect((await post(`/api/admin/subscriptions/${s.subscriptionId}/cancel`, { reason: "No refund later", when: "period_end", refund: true })).status).toBe(400);
    const now = await post(`/api/admin/subscriptions/${s.subscriptionId}/cancel`, { reason: "Fraudulent card", when: "now", refund: true });
    expect(now.status, await now.clone().text()).toBe(200);
    expect((await env.DB.prepare("SELECT status FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first<{ status: string }>())!.status).toBe("canceled");
    expect(await mails(s.email, "spotlight_ended")).toBe(1);
    expect(await mails(s.email, "refund")).toBe(1);
    const order = (await spotlightOrder(s.userId))!;
    expect((await env.DB.prepare("SELECT COALESCE(SUM(amount), 0) AS n FROM refunds WHERE order_id = ?").bind(order.id).first<{ n: number }>())!.n).toBe(299900);
    expect((await post(`/api/admin/subscriptions/${s.subscriptionId}/cancel`, { reason: "Again", when: "now" })).status).toBe(409);
    expect(await detail()).toMatchObject({ id: s.subscriptionId, ended: true });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM admin_audit WHERE target_id = ?").bind(s.subscriptionId).first()).toEqual({ n: 2 });
    // Not an admin: 404, nothing changed.
    const other = await subscriber();
    expect((await call(`/api/admin/subscriptions/${other.subscriptionId}/cancel`, { method: "POST", cookie: other.cookie, json: { reason: "mine", when: "now" } })).status).toBe(404);
  });

  it("cancel now with a refund the payment provider refuses: the subscription is cancelled and the operator reads a clear 502, never a 500", async () => {
    expectConsoleError(/admin\.cancel_refund_failed|"event":"request"/);
    const s = await subscriber();
    const refuse = vi.spyOn(EmulatorProvider.prototype, "refund").mockRejectedValueOnce(new Error("This charge is disputed and cannot be refunded."));
    try {
      const res = await post(`/api/admin/subscriptions/${s.subscriptionId}/cancel`, { reason: "Fraudulent card", when: "now", refund: true });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        error: "The subscription is cancelled, but the payment provider refused its refund: no money went back. It is recorded, and refunding the order from Orders asks again.",
        code: "provider_failed",
      });
    } finally {
      refuse.mockRestore();
    }
    expect((await env.DB.prepare("SELECT status FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first<{ status: string }>())!.status).toBe("canceled");
    expect(await mails(s.email, "spotlight_ended")).toBe(1);
    expect(await mails(s.email, "refund")).toBe(0);
  });

  it("the first Spotlight order has its receipt: one e-mail with the amount and the order's reference", async () => {
    const s = await subscriber();
    const [first] = await spotlightOrders(s.userId);
    const mail = await env.DB.prepare(`SELECT subject, text FROM mail_outbox WHERE "to" = ? AND kind = 'spotlight_receipt'`).bind(s.email).all<{ subject: string; text: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]!.subject).toBe("Your Spotlight payment of $2,999.00 USD");
    expect(mail.results[0]!.text).toContain(`Order reference: ${first!.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`);
    // Its row names the plan, not "Subscription: Spotlight subscription (monthly)" (the subscription twice).
    expect(mail.results[0]!.text).toContain("Subscription: Spotlight (monthly)");
  });

  it("each renewal (invoice.paid) is a paid order with its payment and receipt, in Billing and the console, and refundable", async () => {
    const s = await subscriber();
    await emulatorAction(s.subscriptionId, "renew");
    await emulatorAction(s.subscriptionId, "renew");
    const orders = await spotlightOrders(s.userId);
    expect(orders).toHaveLength(3);
    expect(orders.map((o) => o.amount)).toEqual([299900, 299900, 299900]);
    const renewal = orders[2]!;
    expect(renewal.checkout_session_id).toMatch(/^in_emu_/);
    expect(JSON.parse(renewal.items)).toMatchObject({ plan: "spotlight", renewal: true, subscriptionId: s.subscriptionId });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE order_id = ? AND payment_intent_id LIKE 'pi_emu_in_%'").bind(renewal.id).first()).toEqual({ n: 1 });
    expect(await mails(s.email, "spotlight_receipt")).toBe(3);

    const billing = (await (await call("/api/billing", { cookie: s.cookie })).json()) as { orders: { id: string; kind: string; status: string }[] };
    expect(
      billing.orders
        .filter((o) => o.kind === "spotlight")
        .map((o) => o.id)
        .sort(),
    ).toEqual(orders.map((o) => o.id).sort());
    const console = (await (await call(`/api/admin/orders?q=${encodeURIComponent(s.email)}`, { cookie: admin.cookie })).json()) as { orders: { id: string }[] };
    expect(console.orders.map((o) => o.id)).toEqual(expect.arrayContaining(orders.map((o) => o.id)));

    const res = await post(`/api/admin/orders/${renewal.id}/refund`, { reason: "Renewal charged by mistake", key: "renewal-refund-1", amountCents: 299900 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(renewal.id).first<{ status: string }>())!.status).toBe("refunded");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM emulator_refunds WHERE payment_intent_id LIKE 'pi_emu_in_%' AND amount = 299900").first()).toEqual({ n: 1 });
    expect(await mails(s.email, "refund")).toBe(1);
    // The earlier orders are untouched.
    expect((await spotlightOrders(s.userId)).slice(0, 2).map((o) => o.status)).toEqual(["paid", "paid"]);
  });

  it("one invoice delivered 10 times at once is one order, one payment, one receipt; the checkout's first invoice is none", async () => {
    const s = await subscriber();
    const invoiceId = `in_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const invoice = {
      id: invoiceId,
      object: "invoice",
      subscription: s.subscriptionId,
      billing_reason: "subscription_cycle",
      amount_paid: 299900,
      currency: "usd",
      payment_intent: `pi_test_${invoiceId}`,
      hosted_invoice_url: `https://invoice.example/${invoiceId}`,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => deliverInvoice(invoice)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const orders = await spotlightOrders(s.userId);
    expect(orders).toHaveLength(2);
    expect(await env.DB.prepare("SELECT count(*) AS n, max(receipt_url) AS url FROM payments WHERE checkout_session_id = ?").bind(invoiceId).first()).toEqual({
      n: 1,
      url: `https://invoice.example/${invoiceId}`,
    });
    expect(await mails(s.email, "spotlight_receipt")).toBe(2);
    // The first invoice is paid by the checkout's order: recorded by it, not again.
    expect((await deliverInvoice({ ...invoice, id: `${invoiceId}_first`, billing_reason: "subscription_create" })).status).toBe(200);
    expect(await spotlightOrders(s.userId)).toHaveLength(2);
  });
});
