// Issue 22, item 4: one Spotlight subscription per account. A new checkout expires the open one;
// simultaneous checkouts leave one payable session; a payment that still arrives for a superseded session
// ends that subscription at once and refunds it (with the refund e-mail, no second welcome); Billing lists
// every subscription the account has had.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BillingResponse } from "../../worker/rules/billing";
import { call } from "../support/auth";
import { subscribe, withCompany } from "../support/spotlight";

const checkout = (cookie: string) => call("/api/spotlight/checkout", { method: "POST", cookie, json: {} });
const pay = (id: string) => exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
const n = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

async function openSessions(userId: string): Promise<number> {
  return n("SELECT count(*) AS n FROM emulator_sessions e JOIN orders o ON o.checkout_session_id = e.id WHERE o.user_id = ? AND o.kind = 'spotlight' AND e.status = 'open'", userId);
}

describe("item 4: one Spotlight subscription per account", () => {
  it("Subscribe, Back, Subscribe again: the first session expires; paying both makes one subscription, one welcome, the other refunded and told", async () => {
    const s = await withCompany();
    const first = (await (await checkout(s.cookie)).json()) as { id: string };
    const second = (await (await checkout(s.cookie)).json()) as { id: string };
    expect(await openSessions(s.userId)).toBe(1);
    expect((await env.DB.prepare("SELECT status FROM emulator_sessions WHERE id = ?").bind(first.id).first<{ status: string }>())!.status).toBe("expired");
    expect((await pay(second.id)).status).toBe(303);
    // With real Stripe a session being expired can still complete: the emulator's is re-opened and paid.
    await env.DB.prepare("UPDATE emulator_sessions SET status = 'open' WHERE id = ?").bind(first.id).run();
    expect((await pay(first.id)).status).toBe(303);
    expect(await n("SELECT count(*) AS n FROM spotlight_subscriptions WHERE user_id = ? AND status = 'active'", s.userId)).toBe(1);
    expect(await n("SELECT count(*) AS n FROM emulator_subscriptions WHERE status = 'active' AND session_id IN (?, ?)", first.id, second.id)).toBe(1);
    expect(await n("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'spotlight_welcome' AND \"to\" = ?", s.email)).toBe(1);
    expect(await n("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'spotlight_ended' AND \"to\" = ?", s.email)).toBe(0);
    expect(await n("SELECT count(*) AS n FROM orders WHERE user_id = ? AND kind = 'spotlight' AND fulfilled_at IS NOT NULL", s.userId)).toBe(1);
    // The late one: refunded in full, once, and the customer told why.
    const late = await env.DB.prepare("SELECT id, status FROM orders WHERE checkout_session_id = ?").bind(first.id).first<{ id: string; status: string }>();
    expect(late!.status).toBe("refunded");
    expect(await env.DB.prepare("SELECT amount, reason, status FROM refunds WHERE order_id = ?").bind(late!.id).first()).toEqual({
      amount: 299900,
      reason: "spotlight_duplicate",
      status: "succeeded",
    });
    const mails = (await env.DB.prepare(`SELECT text FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`).bind(s.email).all<{ text: string }>()).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Your account already has a Spotlight subscription");
    // Billing lists every subscription the account has had (here: one).
    const billing = (await (await call("/api/billing", { cookie: s.cookie })).json()) as BillingResponse;
    expect(billing.subscriptions).toHaveLength(1);
    expect(billing.subscription?.status).toBe("active");
  });

  it("10 simultaneous POST /api/spotlight/checkout leave exactly one payable session", async () => {
    const s = await withCompany();
    const results = await Promise.all(Array.from({ length: 10 }, () => checkout(s.cookie)));
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(await openSessions(s.userId)).toBe(1);
  });

  it("a subscription that ended does not stop a new one; Billing then lists both", async () => {
    const s = await withCompany();
    const { subscriptionId } = await subscribe(s);
    const ended = await exports.default.fetch(`http://localhost/api/emulator/subscriptions/${subscriptionId}/cancel`, { method: "POST", redirect: "manual" });
    expect(ended.status).toBe(303);
    await subscribe(s);
    expect(await n("SELECT count(*) AS n FROM spotlight_subscriptions WHERE user_id = ? AND status = 'active'", s.userId)).toBe(1);
    const billing = (await (await call("/api/billing", { cookie: s.cookie })).json()) as BillingResponse;
    expect(billing.subscriptions.map((x) => x.status).sort()).toEqual(["active", "canceled"]);
  });
});
