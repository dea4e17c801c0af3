// Issue 22, item 11: Spotlight money in the console. A Spotlight order has its payment recorded and can be
// refunded; an operator cancels a subscription at the period's end, or now with a refund of its last payment,
// and the subscriber is told each time.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { subscriber } from "../support/spotlight";

let admin: Session;
beforeAll(async () => {
  admin = await signUp(DEV_ADMIN_EMAIL);
});

const post = (path: string, json: unknown) => call(path, { method: "POST", cookie: admin.cookie, json });
const mails = async (to: string, kind: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE "to" = ? AND kind = ?`).bind(to, kind).first<{ n: number }>())!.n;
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
    expect(await env.DB.prepare("SELECT count(*) AS n FROM admin_audit WHERE target_id = ?").bind(s.subscriptionId).first()).toEqual({ n: 2 });
    // Not an admin: 404, nothing changed.
    const other = await subscriber();
    expect((await call(`/api/admin/subscriptions/${other.subscriptionId}/cancel`, { method: "POST", cookie: other.cookie, json: { reason: "mine", when: "now" } })).status).toBe(404);
  });
});
