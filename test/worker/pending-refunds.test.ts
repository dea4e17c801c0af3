// Refunds on the real Stripe that do not succeed at once (the money audit of refunds, decision 0223): a refund Stripe
// answers `pending` is recorded pending (Billing says so) and becomes refunded, with its one e-mail, when Stripe says it
// succeeded (`charge.refund.updated` or `refund.updated`, re-read from Stripe, once however often it arrives); one
// that fails or is canceled is recorded failed and what it took back is given back. A refund request Stripe refuses
// takes nothing back. Stripe's API is mocked (setStripeFetchForTests); the emulator models a bank refund's wait.
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import { t } from "../../worker/lib/i18n";
import { formatAmount } from "../../worker/mail/templates";
import { emulatorPaymentIntentId } from "../../worker/payments/emulator";
import { setStripeFetchForTests } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import type { BillingResponse } from "../../worker/rules/billing";
import { adminSession, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { expectConsoleError } from "../support/console-guard";
import { one, payInEmulator } from "../support/db";

const STRIPE_ENV = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test" };

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});
afterEach(() => setStripeFetchForTests(undefined));

const pay = payInEmulator;

/** 5 × Premium: $1,692, the job plus 4 credits. */
async function paidJob(s: Session) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email, plan: "premium", quantity: 5 }), submissionId: crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
  const { id, orderId, jobId } = (await res.json()) as { id: string; orderId: string; jobId: string };
  await pay(id);
  const { amount } = await one<{ amount: number }>("SELECT amount FROM orders WHERE id = ?", orderId);
  return { sessionId: id, orderId, jobId, amount, paymentIntent: emulatorPaymentIntentId(id) };
}

/** A stand-in for Stripe's refunds API: refunds made (once per idempotency key), read back, listed; `refuse` answers the next create with Stripe's error. */
function fakeStripe() {
  const refunds = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, string>();
  const state = { next: "succeeded" as string, refuse: null as string | null, creates: 0, reads: 0 };
  setStripeFetchForTests((async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      state.creates++;
      if (state.refuse) {
        const message = state.refuse;
        state.refuse = null;
        return Response.json({ error: { type: "invalid_request_error", code: "charge_disputed", message } }, { status: 400 });
      }
      const key = req.headers.get("Idempotency-Key") ?? crypto.randomUUID();
      const known = byKey.get(key);
      if (known) return Response.json(refunds.get(known));
      const body = new URLSearchParams(await req.text());
      const metadata: Record<string, string> = {};
      for (const [k, v] of body) if (k.startsWith("metadata[")) metadata[k.slice(9, -1)] = v;
      const id = `re_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
      refunds.set(id, { id, object: "refund", amount: Number(body.get("amount")), currency: "usd", payment_intent: body.get("payment_intent"), status: state.next, metadata });
      byKey.set(key, id);
      return Response.json(refunds.get(id));
    }
    const read = url.pathname.match(/^\/v1\/refunds\/(re_\w+)$/);
    if (req.method === "GET" && read) {
      state.reads++;
      const r = refunds.get(read[1]!);
      return r ? Response.json(r) : Response.json({ error: { type: "invalid_request_error", message: "No such refund" } }, { status: 404 });
    }
    if (req.method === "GET" && url.pathname === "/v1/refunds") {
      const pi = url.searchParams.get("payment_intent");
      return Response.json({ object: "list", has_more: false, data: [...refunds.values()].filter((r) => r.payment_intent === pi) });
    }
    return Response.json({ error: { type: "invalid_request_error", message: `Unexpected ${req.method} ${url.pathname}` } }, { status: 404 });
  }) as typeof fetch);
  return {
    state,
    refunds,
    /** A refund made in the Stripe Dashboard. */
    dashboardRefund(paymentIntent: string, amount: number, status: string) {
      const id = `re_${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`;
      refunds.set(id, { id, object: "refund", amount, currency: "usd", payment_intent: paymentIntent, status, metadata: {} });
      return id;
    },
    set(id: string, status: string) {
      refunds.set(id, { ...refunds.get(id)!, status, ...(status === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}) });
    },
  };
}

/** A signed event through the webhook route, as Stripe sends it with the real secret. */
async function deliver(type: string, object: Record<string, unknown>, id = `evt_${crypto.randomUUID()}`) {
  const payload = JSON.stringify({ id, object: "event", created: Math.floor(Date.now() / 1000), type, data: { object } });
  const sig = await signStripePayload(payload, "whsec_test");
  return app.request("http://localhost/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": sig, "Content-Type": "application/json" } }, STRIPE_ENV);
}

const adminRefund = (orderId: string, body: Record<string, unknown> = {}) =>
  app.request(
    `http://localhost/api/admin/orders/${orderId}/refund`,
    {
      method: "POST",
      headers: { Cookie: admin.cookie, Origin: "http://localhost", "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "Customer asked", key: crypto.randomUUID(), ...body }),
    },
    STRIPE_ENV,
  );

const published = async (jobId: string) => (await one<{ published: number }>("SELECT published FROM jobs WHERE id = ?", jobId)).published;
const credits = async (s: Session) => ((await (await call("/api/credits", { cookie: s.cookie })).json()) as { totalPostsRemaining: number }).totalPostsRemaining;
const orderStatus = async (orderId: string) => (await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", orderId)).status;
const refundMails = async (to: string) => (await one<{ n: number }>(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`, to)).n;
const billingOrder = async (s: Session, orderId: string) => ((await (await call("/api/billing", { cookie: s.cookie })).json()) as BillingResponse).orders.find((o) => o.id === orderId)!;

describe("a refund request Stripe refuses (finding 2)", () => {
  it("takes nothing back: the job stays live, its credits stay, the order reads Paid, no e-mail; the operator reads a clear 502; a retry Stripe accepts takes back then", async () => {
    expectConsoleError(/"event":"(admin\.refund_failed|request)"/);
    const stripe = fakeStripe();
    const s = await signUp();
    const { orderId, jobId, amount } = await paidJob(s);
    expect(await credits(s)).toBe(4);
    stripe.state.refuse = "This charge is disputed and cannot be refunded.";
    const key = crypto.randomUUID();
    const res = await adminRefund(orderId, { key });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: "The payment provider refused the refund: no money went back and nothing was taken back. It is recorded, and refunding again with the same key asks again.",
      code: "provider_failed",
    });
    expect(await published(jobId)).toBe(1);
    expect(await credits(s)).toBe(4);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await refundMails(s.email)).toBe(0);
    expect(await one("SELECT status, provider_refund_id FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "failed", provider_refund_id: null });
    expect(await billingOrder(s, orderId)).toMatchObject({ statusLabel: "Paid", refunds: [], refundedCents: 0 });
    // The owner can still pause and resume the job: it is paid for.
    expect((await call(`/api/dashboard/jobs/${jobId}/deactivate`, { method: "POST", cookie: s.cookie, json: {} })).status).toBe(200);
    expect((await call(`/api/dashboard/jobs/${jobId}/activate`, { method: "POST", cookie: s.cookie, json: {} })).status).toBe(200);
    // The operator retries with the same key; Stripe accepts it now: the refund, and what it takes back, happen once.
    const retry = await adminRefund(orderId, { key });
    expect(retry.status, await retry.clone().text()).toBe(200);
    expect(await published(jobId)).toBe(0);
    expect(await credits(s)).toBe(0);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await one("SELECT status, amount FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "succeeded", amount });
    expect(await refundMails(s.email)).toBe(1);
  });
});

describe("a refund Stripe answers pending (finding 1)", () => {
  it("is recorded pending: Billing says so (en and ar), the job and credits are taken back, no e-mail yet; ten charge.refund.updated 'succeeded' at once make it refunded, with one e-mail", async () => {
    const stripe = fakeStripe();
    stripe.state.next = "pending";
    const s = await signUp();
    const { orderId, jobId, amount } = await paidJob(s);
    const res = await adminRefund(orderId);
    expect(res.status, await res.clone().text()).toBe(200);
    const { refund } = (await res.json()) as { refund: { status: string; provider_refund_id: string } };
    expect(refund.status).toBe("pending");
    expect(await published(jobId)).toBe(0);
    expect(await credits(s)).toBe(0);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await refundMails(s.email)).toBe(0);
    const pending = await billingOrder(s, orderId);
    expect(pending).toMatchObject({ statusLabel: "Refund pending", refundedCents: 0 });
    expect(pending.refunds).toMatchObject([{ amountCents: amount, pending: true, jobUnpublished: true, creditsRemoved: 4 }]);
    expect(t("en", "value.orderStatus.Refund pending")).toBe("Refund pending");
    expect(t("ar", "value.orderStatus.Refund pending")).toBe("الاسترداد قيد التنفيذ");
    expect(t("ar", "account.billing.refundPendingLine", { amount: "199 US$", date: "1 مايو" })).toContain("قيد التنفيذ");
    // A second refund while the first is on its way would give back more than was paid.
    expect((await adminRefund(orderId, { amountCents: 100, takeBack: { job: false, credits: 0 } })).status).toBe(409);

    // Stripe settles it: the same event ten times at once, and the refund re-read from Stripe each time.
    stripe.set(refund.provider_refund_id, "succeeded");
    const event = { ...stripe.refunds.get(refund.provider_refund_id)!, status: "succeeded" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver("charge.refund.updated", event, "evt_same_refund_update")));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Another event for the same change (refund.updated, as API versions from 2024-10-28 send for every refund).
    expect((await deliver("refund.updated", event)).status).toBe(200);
    expect(await one("SELECT status, provider_refund_id FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "succeeded", provider_refund_id: refund.provider_refund_id });
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await refundMails(s.email)).toBe(1);
    expect(await published(jobId)).toBe(0);
    expect(await credits(s)).toBe(0);
    expect(await billingOrder(s, orderId)).toMatchObject({ statusLabel: "Refunded", refundedCents: amount, refunds: [{ pending: false }] });
  });

  it("a pending refund that fails is recorded failed and undone: the job back on the board, its credits back, the order Paid, no refund e-mail (its failure is told: below); a stale 'pending' event after it changes nothing", async () => {
    const stripe = fakeStripe();
    stripe.state.next = "pending";
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s);
    const { refund } = (await (await adminRefund(orderId)).json()) as { refund: { provider_refund_id: string } };
    expect(await published(jobId)).toBe(0);
    stripe.set(refund.provider_refund_id, "failed");
    const failed = stripe.refunds.get(refund.provider_refund_id)!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver("charge.refund.updated", failed)));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect((await deliver("refund.failed", failed)).status).toBe(200);
    expect(await one("SELECT status, last_error FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "failed", last_error: "Stripe: failed (expired_or_canceled_card)" });
    expect(await published(jobId)).toBe(1);
    expect(await credits(s)).toBe(4);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await refundMails(s.email)).toBe(0);
    expect(await billingOrder(s, orderId)).toMatchObject({ statusLabel: "Paid", refunds: [] });
    // An older event, delivered late: the refund is re-read from Stripe, where it failed.
    expect((await deliver("charge.refund.updated", { ...failed, status: "pending" })).status).toBe(200);
    expect(await published(jobId)).toBe(1);
    // The owner's pause and resume work as for any paid job.
    expect((await call(`/api/dashboard/jobs/${jobId}/deactivate`, { method: "POST", cookie: s.cookie, json: {} })).status).toBe(200);
    expect((await call(`/api/dashboard/jobs/${jobId}/activate`, { method: "POST", cookie: s.cookie, json: {} })).status).toBe(200);
    // The money was never given back: the order can be refunded again.
    stripe.state.next = "succeeded";
    expect((await adminRefund(orderId)).status).toBe(200);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await refundMails(s.email)).toBe(1);
  });

  it("a canceled one is undone the same way", async () => {
    const stripe = fakeStripe();
    stripe.state.next = "pending";
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s);
    const { refund } = (await (await adminRefund(orderId)).json()) as { refund: { provider_refund_id: string } };
    stripe.set(refund.provider_refund_id, "canceled");
    expect((await deliver("refund.updated", stripe.refunds.get(refund.provider_refund_id)!)).status).toBe(200);
    expect(await one("SELECT status FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "failed" });
    expect(await published(jobId)).toBe(1);
    expect(await credits(s)).toBe(4);
  });
});

describe("a Stripe Dashboard refund still pending (finding 1)", () => {
  it("charge.refunded records it pending, and refund.updated 'succeeded' completes it, with one e-mail", async () => {
    const stripe = fakeStripe();
    const s = await signUp();
    const { orderId, jobId, amount, paymentIntent } = await paidJob(s);
    const id = stripe.dashboardRefund(paymentIntent, amount, "pending");
    const charge = { id: "ch_dash", object: "charge", payment_intent: paymentIntent, amount, amount_refunded: amount, refunded: true };
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver("charge.refunded", charge, "evt_same_dashboard_refund")));
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await one("SELECT status, provider_refund_id FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "pending", provider_refund_id: id });
    expect(await published(jobId)).toBe(0);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await refundMails(s.email)).toBe(0);
    expect((await billingOrder(s, orderId)).statusLabel).toBe("Refund pending");
    stripe.set(id, "succeeded");
    const updates = await Promise.all(Array.from({ length: 5 }, () => deliver("refund.updated", stripe.refunds.get(id)!)));
    expect(updates.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await one("SELECT status FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "succeeded" });
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).n).toBe(1);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await refundMails(s.email)).toBe(1);
  });

  it("a refund.updated that arrives first records it (one row, whichever event comes first)", async () => {
    const stripe = fakeStripe();
    const s = await signUp();
    const { orderId, jobId, amount, paymentIntent } = await paidJob(s);
    const id = stripe.dashboardRefund(paymentIntent, 5000, "succeeded");
    expect((await deliver("refund.updated", stripe.refunds.get(id)!)).status).toBe(200);
    expect((await deliver("charge.refunded", { id: "ch_dash2", object: "charge", payment_intent: paymentIntent, amount, amount_refunded: 5000 })).status).toBe(200);
    expect(await one("SELECT status, amount FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "succeeded", amount: 5000 });
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).n).toBe(1);
    // A partial refund is money only.
    expect(await published(jobId)).toBe(1);
    expect(await refundMails(s.email)).toBe(1);
  });
});

describe("the emulator's bank refunds", () => {
  it("a payment made by bank transfer is refunded pending; its page settles it, and the app records it refunded", async () => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId: crypto.randomUUID() });
    const { id, orderId, jobId } = (await res.json()) as { id: string; orderId: string; jobId: string };
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay-later`, { method: "POST", redirect: "manual" });
    const settle = new FormData();
    settle.set("outcome", "succeeded");
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/settle`, { method: "POST", body: settle, redirect: "manual" });
    expect(await published(jobId)).toBe(1);
    const refund = await call(`/api/admin/orders/${orderId}/refund`, { method: "POST", cookie: admin.cookie, json: { reason: "Customer asked", key: crypto.randomUUID() } });
    expect(refund.status, await refund.clone().text()).toBe(200);
    const { refund: row } = (await refund.json()) as { refund: { status: string; provider_refund_id: string } };
    expect(row.status).toBe("pending");
    expect(await refundMails(s.email)).toBe(0);
    // The emulator's checkout page lists the refund on its way, with the bank's two outcomes.
    const page = await (await call(`/api/emulator/checkout/${id}`)).text();
    expect(page).toContain(row.provider_refund_id);
    expect(page).toContain("Refund arrives");
    const arrives = new FormData();
    arrives.set("outcome", "succeeded");
    await exports.default.fetch(`http://localhost/api/emulator/refunds/${row.provider_refund_id}/settle`, { method: "POST", body: arrives, redirect: "manual" });
    expect(await one("SELECT status FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "succeeded" });
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await refundMails(s.email)).toBe(1);
    // A settled refund cannot be settled again.
    const again = new FormData();
    again.set("outcome", "failed");
    await exports.default.fetch(`http://localhost/api/emulator/refunds/${row.provider_refund_id}/settle`, { method: "POST", body: again, redirect: "manual" });
    expect(await one("SELECT status FROM refunds WHERE order_id = ?", orderId)).toEqual({ status: "succeeded" });
  });
});

const failedMails = async (to: string) =>
  (await env.DB.prepare(`SELECT key, subject, text, html FROM mail_outbox WHERE kind = 'refund_failed' AND "to" = ?`).bind(to).all<{ key: string; subject: string; text: string; html: string }>())
    .results;

describe("a refund that fails is told to the customer (decision 0224)", () => {
  it("a pending refund that fails: ten failure events at once send one e-mail, with the amount, the order, Stripe's reason, what is theirs again and the support address", async () => {
    const stripe = fakeStripe();
    stripe.state.next = "pending";
    const s = await signUp();
    const { orderId, jobId, amount } = await paidJob(s);
    const { refund } = (await (await adminRefund(orderId)).json()) as { refund: { id: string; provider_refund_id: string } };
    expect(await failedMails(s.email)).toEqual([]);
    stripe.set(refund.provider_refund_id, "failed");
    const failed = stripe.refunds.get(refund.provider_refund_id)!;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(i % 2 ? "refund.failed" : "charge.refund.updated", failed)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await published(jobId)).toBe(1);
    const mails = await failedMails(s.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.key).toBe(`refund_failed:${refund.id}`);
    const dollars = formatAmount(amount, "usd", "en");
    expect(mail!.subject).toBe(`Your refund of ${dollars} did not go through`);
    const ref = orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
    expect(mail!.text).toContain(
      `Your refund of ${dollars} for order ${ref} did not go through (the card it was going back to has expired or was canceled).\nNothing was refunded, and what it took back is yours again:`,
    );
    expect(mail!.text).toContain("your job “");
    expect(mail!.text).toContain("is back on the board");
    expect(mail!.text).toContain("4 credits are back in your account");
    expect(mail!.text).toContain("If you have a question, write to us at support@startupjobs.example.");
    expect(mail!.html).toContain("support@startupjobs.example");
    // No "we refunded you" e-mail, and a later stale event sends nothing more.
    expect(await refundMails(s.email)).toBe(0);
    expect((await deliver("charge.refund.updated", { ...failed, status: "pending" })).status).toBe(200);
    expect(await failedMails(s.email)).toHaveLength(1);
  });

  it("a refund that fails after it succeeded (and its e-mail went out) is told once more: it did not go through after all", async () => {
    const stripe = fakeStripe();
    const s = await signUp();
    const { orderId } = await paidJob(s);
    const { refund } = (await (await adminRefund(orderId, { takeBack: { job: false, credits: 0 } })).json()) as { refund: { id: string; provider_refund_id: string } };
    expect(await refundMails(s.email)).toBe(1);
    stripe.set(refund.provider_refund_id, "canceled");
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver("refund.updated", stripe.refunds.get(refund.provider_refund_id)!)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await orderStatus(orderId)).toBe("paid");
    const mails = await failedMails(s.email);
    expect(mails).toHaveLength(1);
    // Canceled, with no reason from Stripe: no brackets; money only: nothing else was taken.
    expect(mails[0]!.text).toContain(" did not go through.\nNothing was refunded, and nothing else had changed: your jobs and credits are as they were.");
  });

  it("an Arabic customer is told in Arabic", async () => {
    const stripe = fakeStripe();
    stripe.state.next = "pending";
    const s = await signUp();
    const { orderId } = await paidJob(s);
    await env.DB.prepare("UPDATE accounts SET locale = 'ar' WHERE id = ?").bind(s.userId).run();
    const { refund } = (await (await adminRefund(orderId)).json()) as { refund: { provider_refund_id: string } };
    stripe.set(refund.provider_refund_id, "failed");
    expect((await deliver("refund.failed", stripe.refunds.get(refund.provider_refund_id)!)).status).toBe(200);
    const [mail] = await failedMails(s.email);
    expect(mail!.subject).toContain("تعذّر ردّ مبلغ");
    expect(mail!.text).toContain("لم يُسترد أي مبلغ");
    expect(mail!.text).toContain("support@startupjobs.example");
    expect(mail!.text).not.toContain("did not go through");
  });

  it("a refund Stripe fails at once, or one refused, is not told to the customer (they were never told of it): the operator reads it", async () => {
    expectConsoleError(/"event":"(admin\.refund_failed|request)"/);
    const stripe = fakeStripe();
    stripe.state.next = "failed";
    const s = await signUp();
    const { orderId } = await paidJob(s);
    await adminRefund(orderId);
    stripe.state.refuse = "No.";
    await adminRefund(orderId, { amountCents: 100, takeBack: { job: false, credits: 0 } });
    expect(await failedMails(s.email)).toEqual([]);
  });
});

describe("the console while a refund is pending", () => {
  const listed = async (orderId: string) => {
    const res = await call(`/api/admin/orders?q=${orderId}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as { orders: { id: string; refunded: number; refundPending: number }[] }).orders.find((o) => o.id === orderId)!;
  };
  const detail = async (orderId: string) => ((await (await call(`/api/admin/orders/${orderId}`, { cookie: admin.cookie })).json()) as { order: { refunded: number; refundPending: number } }).order;

  it("the orders list and the order say how much of what is refunded is still pending, until Stripe says it succeeded; the refund's answer says pending; en and ar name it", async () => {
    const stripe = fakeStripe();
    stripe.state.next = "pending";
    const s = await signUp();
    const { orderId, amount } = await paidJob(s);
    expect(await listed(orderId)).toMatchObject({ refunded: 0, refundPending: 0 });
    const res = await adminRefund(orderId, { amountCents: 5000, takeBack: { job: false, credits: 0 } });
    const answer = (await res.json()) as { refund: { status: string; provider_refund_id: string }; order: { refunded: number; refundPending: number } };
    expect(answer.refund.status).toBe("pending");
    expect(answer.order).toMatchObject({ refunded: 5000, refundPending: 5000 });
    expect(await listed(orderId)).toMatchObject({ refunded: 5000, refundPending: 5000 });
    expect(await detail(orderId)).toMatchObject({ refunded: 5000, refundPending: 5000 });
    stripe.set(answer.refund.provider_refund_id, "succeeded");
    expect((await deliver("refund.updated", stripe.refunds.get(answer.refund.provider_refund_id)!)).status).toBe(200);
    expect(await listed(orderId)).toMatchObject({ refunded: 5000, refundPending: 0 });
    expect(amount).toBeGreaterThan(5000);
    expect(t("en", "spotlight.admin.refundPending", { amount: "$50.00" })).toBe("refund pending $50.00");
    expect(t("ar", "spotlight.admin.refundPending", { amount: "50 US$" })).toContain("قيد التنفيذ");
    expect(t("en", "spotlight.admin.refund.donePending", { amount: "$50.00" })).toBe(
      "Refund $50.00: pending. Stripe accepted it and the money is on its way; what it takes back is taken, and the customer is e-mailed once the money arrives, or if it fails.",
    );
    expect(t("ar", "spotlight.admin.refund.donePending", { amount: "50 US$" })).toContain("قيد التنفيذ");
  });
});
