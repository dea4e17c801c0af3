// Spotlight subscriptions (Stripe subscription mode) through the real checkout, emulator and webhook:
// every event in order, then reordered and duplicated. Handlers re-read the subscription, so the last
// state the provider reports is the state we keep, whatever order events arrive in.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { SPOTLIGHT_MONTHLY_CENTS } from "../../worker/rules/pricing";
import { SPOTLIGHT_MESSAGES } from "../../worker/rules/spotlight";
import type { SpotlightMe } from "../../worker/rules/spotlight";
import { runScheduledTasks } from "../../worker/scheduled";
import { call, signUp } from "../support/auth";
import { emulatorAction, expectProjection, publicJobIds, spotlightJob, stateOf, subscribe, subscriber, withCompany } from "../support/spotlight";
import type { Subscriber } from "../support/spotlight";
import { DAY } from "../../worker/rules/time";

interface SubRow {
  status: string;
  current_period_end: number;
  cancel_at_period_end: number;
  user_id: string;
  company_id: string;
}

async function ours(id: string): Promise<SubRow> {
  return (await env.DB.prepare("SELECT status, current_period_end, cancel_at_period_end, user_id, company_id FROM spotlight_subscriptions WHERE id = ?").bind(id).first<SubRow>())!;
}

async function me(cookie: string): Promise<SpotlightMe> {
  return (await (await call("/api/spotlight/me", { cookie })).json()) as SpotlightMe;
}

/** A subscriber with one live job on a published company page. */
async function liveSubscriber(): Promise<Subscriber & { subscriptionId: string; jobId: string }> {
  const s = await subscriber();
  const res = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob() } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  expect((await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie })).status).toBe(200);
  return { ...s, jobId: id };
}

/** A signed event with the given (possibly stale) object, as Stripe would deliver it. */
async function deliver(type: string, object: Record<string, unknown>, id = `evt_test_${crypto.randomUUID().replace(/-/g, "")}`) {
  const payload = JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const res = await exports.default.fetch("http://localhost/api/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", "Stripe-Signature": await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET) },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { received: boolean; duplicate?: boolean };
}

describe("subscription checkout", () => {
  it("runs in subscription mode at $2,999 a month, priced on the server", async () => {
    const s = await withCompany();
    const res = await call("/api/spotlight/checkout", { method: "POST", cookie: s.cookie, json: { amount: 1, previewJobCount: 2 } });
    expect(res.status).toBe(200);
    const { id, url } = (await res.json()) as { id: string; url: string };
    expect(url).toContain(`/api/emulator/checkout/${id}`);
    const row = await env.DB.prepare("SELECT mode, params FROM emulator_sessions WHERE id = ?").bind(id).first<{ mode: string; params: string }>();
    const params = JSON.parse(row!.params) as { amountTotal: number; lineItems: { unitAmountCents: number; recurring: string }[]; metadata: Record<string, string>; successUrl: string };
    expect(row!.mode).toBe("subscription");
    expect(params.amountTotal).toBe(SPOTLIGHT_MONTHLY_CENTS);
    expect(params.lineItems).toEqual([expect.objectContaining({ unitAmountCents: 299_900, recurring: "month", quantity: 1 })]);
    expect(params.metadata).toMatchObject({ type: "spotlight_subscription", userId: s.userId, companyId: s.companyId, previewJobCount: "2" });
    expect(params.successUrl).toContain("/spotlight-subscription-success?session_id={CHECKOUT_SESSION_ID}");
    const page = await (await call(new URL(url).pathname)).text();
    expect(page).toContain("$2,999.00");
    expect(page).toContain("/ month");
    const order = await env.DB.prepare("SELECT kind, amount FROM orders WHERE checkout_session_id = ?").bind(id).first();
    expect(order).toEqual({ kind: "spotlight", amount: 299_900 });
  });

  it("needs a company profile first, and is refused to a subscriber", async () => {
    const s = await signUp();
    const none = await call("/api/spotlight/checkout", { method: "POST", cookie: s.cookie, json: {} });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: string }).error).toBe(SPOTLIGHT_MESSAGES.noCompany);
    const sub = await subscriber();
    const again = await call("/api/spotlight/checkout", { method: "POST", cookie: sub.cookie, json: {} });
    expect(again.status).toBe(409);
    expect((await call("/api/spotlight/checkout", { method: "POST", json: {} })).status).toBe(401);
  });

  it("paying activates the subscription (checkout.session.completed, customer.subscription.created, invoice.paid) and the success check agrees", async () => {
    const s = await withCompany();
    const { sessionId, subscriptionId } = await subscribe(s);
    const row = await ours(subscriptionId);
    expect(row).toMatchObject({ status: "active", user_id: s.userId, company_id: s.companyId });
    expect(row.current_period_end).toBeGreaterThan(Date.now() + 29 * DAY);
    expect((await me(s.cookie)).isSpotlightUser).toBe(true);
    const verify = await call(`/api/spotlight/verify?session_id=${sessionId}`, { cookie: s.cookie });
    expect(await verify.json()).toMatchObject({ status: "active", companyId: s.companyId });
    const types = (await env.DB.prepare("SELECT type FROM stripe_events").all<{ type: string }>()).results.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]));
    // Someone else's session tells them nothing.
    const other = await signUp();
    expect((await call(`/api/spotlight/verify?session_id=${sessionId}`, { cookie: other.cookie })).status).toBe(404);
  });
});

describe("every subscription event, in order: active → past_due → renewed → cancelled → expired", () => {
  it("follows the emulator's renewals, failed payment and cancellation, and the company's jobs follow the subscription", async () => {
    const s = await liveSubscriber();
    const start = await ours(s.subscriptionId);
    expect(start.status).toBe("active");
    expect(await publicJobIds(s.companyId)).toEqual([s.jobId]);

    // invoice.payment_failed: past_due. Stripe keeps retrying, so the paid period's jobs stay up meanwhile.
    await emulatorAction(s.subscriptionId, "fail-payment");
    const pastDue = await ours(s.subscriptionId);
    expect(pastDue.status).toBe("past_due");
    expect(pastDue.current_period_end).toBe(start.current_period_end + 30 * DAY);
    expect((await me(s.cookie)).isSpotlightUser).toBe(true);
    expect(await publicJobIds(s.companyId)).toEqual([s.jobId]);

    // invoice.paid: the open invoice is paid, active again.
    await emulatorAction(s.subscriptionId, "renew");
    expect(await ours(s.subscriptionId)).toMatchObject({ status: "active", current_period_end: pastDue.current_period_end });

    // invoice.paid for the next period extends current_period_end, and the public copy's expiry with it.
    await emulatorAction(s.subscriptionId, "renew");
    const renewed = await ours(s.subscriptionId);
    expect(renewed.current_period_end).toBe(pastDue.current_period_end + 30 * DAY);
    await expectProjection(s.companyId, await stateOf(s));
    expect((await env.DB.prepare("SELECT expires_at FROM jobs WHERE id = ?").bind(s.jobId).first<{ expires_at: number }>())!.expires_at).toBe(renewed.current_period_end);

    // Cancelled at period end: still active until then.
    await emulatorAction(s.subscriptionId, "cancel-at-period-end");
    expect(await ours(s.subscriptionId)).toMatchObject({ status: "active", cancel_at_period_end: 1 });
    expect(await publicJobIds(s.companyId)).toEqual([s.jobId]);

    // The period ends: customer.subscription.deleted. The jobs leave D1; the live dashboard is refused.
    await emulatorAction(s.subscriptionId, "period-end");
    expect((await ours(s.subscriptionId)).status).toBe("canceled");
    expect((await me(s.cookie)).isSpotlightUser).toBe(false);
    expect(await publicJobIds(s.companyId)).toEqual([]);
    const state = await stateOf(s);
    expect(state.active).toBe(false);
    expect(state.jobs[0]!.status).toBe("expired");
    await expectProjection(s.companyId, state);
    const refused = await call(`/api/spotlight/companies/${s.companyId}`, { cookie: s.cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(SPOTLIGHT_MESSAGES.noSubscription);
  });

  it("a period that ends without a renewal is expired by the scheduled task, which unpublishes the company's jobs", async () => {
    const s = await liveSubscriber();
    const { current_period_end: end } = await ours(s.subscriptionId);
    await runScheduledTasks(env, end - 1000, ["expire-subscriptions"]);
    expect(await publicJobIds(s.companyId)).toEqual([s.jobId]);
    await runScheduledTasks(env, end + 1000, ["expire-subscriptions"]);
    expect((await ours(s.subscriptionId)).status).toBe("expired");
    expect(await publicJobIds(s.companyId)).toEqual([]);
    expect((await stateOf(s)).jobs[0]!.status).toBe("expired");
    // Running it again changes nothing.
    const again = await runScheduledTasks(env, end + 2000, ["expire-subscriptions"]);
    expect(again["expire-subscriptions"]).toBe(0);
  });

  it("Cancel now ends it at once (customer.subscription.deleted)", async () => {
    const s = await liveSubscriber();
    await emulatorAction(s.subscriptionId, "cancel");
    expect((await ours(s.subscriptionId)).status).toBe("canceled");
    expect(await publicJobIds(s.companyId)).toEqual([]);
  });
});

describe("reordered and duplicated events", () => {
  const subscriptionObject = (id: string, status = "active") => ({ id, object: "subscription", status, current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400 });
  const invoiceObject = (subscription: string) => ({ id: `in_${crypto.randomUUID().slice(0, 8)}`, object: "invoice", subscription, status: "paid" });

  it("stale events arriving late (created, invoice.paid) do not undo a later past_due or cancellation", async () => {
    const s = await liveSubscriber();
    await emulatorAction(s.subscriptionId, "fail-payment");
    expect((await ours(s.subscriptionId)).status).toBe("past_due");
    // The event bodies claim 'active'; the handler asks the provider instead.
    await deliver("invoice.paid", invoiceObject(s.subscriptionId));
    await deliver("customer.subscription.created", subscriptionObject(s.subscriptionId, "active"));
    await deliver("customer.subscription.updated", subscriptionObject(s.subscriptionId, "active"));
    expect((await ours(s.subscriptionId)).status).toBe("past_due");

    await emulatorAction(s.subscriptionId, "cancel");
    for (const type of ["customer.subscription.updated", "invoice.paid", "customer.subscription.created", "invoice.payment_failed"]) {
      await deliver(type, type.startsWith("invoice") ? invoiceObject(s.subscriptionId) : subscriptionObject(s.subscriptionId));
    }
    expect((await ours(s.subscriptionId)).status).toBe("canceled");
    expect(await publicJobIds(s.companyId)).toEqual([]);
  });

  it("deleted before created, and updated before checkout.session.completed, end in the provider's state", async () => {
    const s = await withCompany();
    // Pay in the emulator without its own deliveries reaching us in order: make the state, then deliver shuffled.
    const { sessionId, subscriptionId } = await subscribe(s);
    await env.DB.batch([env.DB.prepare("DELETE FROM spotlight_subscriptions WHERE id = ?").bind(subscriptionId), env.DB.prepare("DELETE FROM stripe_events")]);
    await env.DB.prepare("UPDATE emulator_subscriptions SET status = 'canceled' WHERE id = ?").bind(subscriptionId).run();
    await deliver("customer.subscription.deleted", subscriptionObject(subscriptionId, "canceled"));
    await deliver("customer.subscription.created", subscriptionObject(subscriptionId, "active"));
    await deliver("checkout.session.completed", { id: sessionId, object: "checkout.session" });
    await deliver("invoice.paid", invoiceObject(subscriptionId));
    expect((await ours(subscriptionId)).status).toBe("canceled");
    expect((await me(s.cookie)).isSpotlightUser).toBe(false);

    await env.DB.prepare("UPDATE emulator_subscriptions SET status = 'active' WHERE id = ?").bind(subscriptionId).run();
    await deliver("customer.subscription.updated", subscriptionObject(subscriptionId, "canceled"));
    expect((await ours(subscriptionId)).status).toBe("active");
    expect((await me(s.cookie)).isSpotlightUser).toBe(true);
  });

  it("a repeated delivery is acknowledged and ignored; a repeated event under a new id changes nothing", async () => {
    const s = await liveSubscriber();
    const before = await ours(s.subscriptionId);
    const id = `evt_dup_${crypto.randomUUID().slice(0, 8)}`;
    expect(await deliver("invoice.paid", invoiceObject(s.subscriptionId), id)).toEqual({ received: true });
    expect(await deliver("invoice.paid", invoiceObject(s.subscriptionId), id)).toEqual({ received: true, duplicate: true });
    for (let i = 0; i < 3; i++) await deliver("customer.subscription.created", subscriptionObject(s.subscriptionId));
    const after = await ours(s.subscriptionId);
    expect(after).toEqual(before);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM spotlight_subscriptions WHERE user_id = ?").bind(s.userId).first<{ n: number }>())!.n).toBe(1);
    expect(await publicJobIds(s.companyId)).toEqual([s.jobId]);
    // The success page's check after the webhook: still one subscription, still active.
    const order = await env.DB.prepare("SELECT checkout_session_id FROM orders WHERE user_id = ? AND kind = 'spotlight'").bind(s.userId).first<{ checkout_session_id: string }>();
    for (let i = 0; i < 2; i++) expect(await (await call(`/api/spotlight/verify?session_id=${order!.checkout_session_id}`, { cookie: s.cookie })).json()).toMatchObject({ status: "active" });
    expect(await ours(s.subscriptionId)).toEqual(before);
  });

  it("an invoice that is not for a subscription is ignored", async () => {
    expect(await deliver("invoice.paid", { id: "in_one_off", object: "invoice", subscription: null })).toEqual({ received: true });
  });
});

describe("subscription e-mails through the outbox, each once (issue 10 item 15)", () => {
  async function mails(userEmail: string) {
    const { results } = await env.DB.prepare(`SELECT kind, subject, text FROM mail_outbox WHERE "to" = ? AND kind LIKE 'spotlight_%' ORDER BY created_at, kind`)
      .bind(userEmail)
      .all<{ kind: string; subject: string; text: string }>();
    return results;
  }
  // A mail's date never breaks: its spaces are no-break spaces (issue 25).
  const longDay = (t: number) => new Date(t).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).replace(/ /g, "\u00a0");

  it("welcome when activated; payment failed with the retry date; cancellation scheduled with the end date; ended — and repeated events send none twice", async () => {
    const s = await liveSubscriber();
    // The welcome, and the first payment's receipt (issue 22 item 11).
    expect((await mails(s.email)).map((m) => m.kind).sort()).toEqual(["spotlight_receipt", "spotlight_welcome"]);
    const welcome = (await mails(s.email)).find((m) => m.kind === "spotlight_welcome")!;
    expect(welcome.subject).toBe("Welcome to Spotlight");
    expect(welcome.text).toContain(`It renews on ${longDay((await ours(s.subscriptionId)).current_period_end)}`);

    const failedAt = Date.now();
    await emulatorAction(s.subscriptionId, "fail-payment");
    const failed = (await mails(s.email)).filter((m) => m.kind === "spotlight_payment_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain(`We will try your card again on ${longDay(failedAt + 3 * DAY)}`);
    await emulatorAction(s.subscriptionId, "renew");

    await emulatorAction(s.subscriptionId, "cancel-at-period-end");
    const end = (await ours(s.subscriptionId)).current_period_end;
    const scheduled = (await mails(s.email)).filter((m) => m.kind === "spotlight_cancel_scheduled");
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.text).toContain(`It stays active until ${longDay(end)}, with no renewal or further charge; your jobs stay live until then.`);

    await emulatorAction(s.subscriptionId, "period-end");
    const ended = (await mails(s.email)).filter((m) => m.kind === "spotlight_ended");
    expect(ended).toHaveLength(1);
    const row = await env.DB.prepare("SELECT ended_at FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first<{ ended_at: number }>();
    expect(ended[0]!.text).toContain(`Your Spotlight subscription ended on ${longDay(row!.ended_at)}`);

    // Every event again, 10 at once: still one of each.
    const types = ["customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted", "invoice.paid"];
    await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(types[i % types.length]!, { id: s.subscriptionId, object: "subscription", subscription: s.subscriptionId })));
    // A receipt for the first payment and one for the renewal that paid the failed invoice.
    expect((await mails(s.email)).map((m) => m.kind).sort()).toEqual([
      "spotlight_cancel_scheduled",
      "spotlight_ended",
      "spotlight_payment_failed",
      "spotlight_receipt",
      "spotlight_receipt",
      "spotlight_welcome",
    ]);
  });

  it("after it ends, /api/spotlight/me says when (endedAt), and the subscriber may subscribe again", async () => {
    const s = await liveSubscriber();
    await emulatorAction(s.subscriptionId, "cancel");
    const m = await me(s.cookie);
    expect(m.isSpotlightUser).toBe(false);
    expect(m.subscription).toMatchObject({ id: s.subscriptionId, status: "canceled" });
    expect(Date.parse(m.subscription!.endedAt!)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(m.subscription!.endedAt!)).toBeLessThan(60_000);
    const again = await call("/api/spotlight/checkout", { method: "POST", cookie: s.cookie, json: {} });
    expect(again.status).toBe(200);
  });

  it("a period expired by the scheduled task sends the ended e-mail once, dated the period's end", async () => {
    const s = await liveSubscriber();
    const { current_period_end: end } = await ours(s.subscriptionId);
    await runScheduledTasks(env, end + 1000, ["expire-subscriptions"]);
    await runScheduledTasks(env, end + 2000, ["expire-subscriptions"]);
    const ended = (await mails(s.email)).filter((m) => m.kind === "spotlight_ended");
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain(`ended on ${longDay(end)}`);
    expect((await me(s.cookie)).subscription).toMatchObject({ status: "expired", endedAt: new Date(end).toISOString() });
  });
});
