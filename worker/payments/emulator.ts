// The local payment emulator: a stand-in for Stripe Checkout when no Stripe key is configured.
// Sessions live in D1 (emulator_sessions, created on first use by emulatorStore.ts, never by a migration); its pages (emulatorRoutes.ts) pay or cancel, and paying
// delivers a Stripe-shaped, correctly signed event to the real webhook route.
import {
  cancelUnsettledSession,
  ensureEmulatorTables,
  expireSession,
  findSession,
  findRefund,
  findSubscription,
  insertRefund,
  insertSession,
  invoiceByPaymentIntent,
  latestSubscriptionId,
  refundsOfPayment,
  sessionIdForKey,
  updateSubscription,
} from "./emulatorStore";
import type { EmulatorRefundRow } from "./emulatorStore";
import type { BillingPortalRequest, CheckoutSessionInfo, CreateCheckoutSession, CreateRefund, PaymentProvider, ProviderRefund, SubscriptionInfo } from "./types";

export interface EmulatorSessionParams extends CreateCheckoutSession {
  amountTotal: number;
  /** Paid by bank transfer: its refunds are bank refunds, pending until the emulator's page settles them. */
  bankTransfer?: boolean;
}

export interface EmulatorSessionRow {
  id: string;
  mode: "payment" | "subscription";
  params: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  subscription_id: string | null;
  created_at: number;
}

export function sessionParams(row: EmulatorSessionRow): EmulatorSessionParams {
  return JSON.parse(row.params) as EmulatorSessionParams;
}

export function emulatorPaymentIntentId(sessionId: string): string {
  return `pi_emu_${sessionId.slice("cs_emu_".length)}`;
}

export function emulatorCustomerId(sessionId: string): string {
  return `cus_emu_${sessionId.slice("cs_emu_".length)}`;
}

export class EmulatorProvider implements PaymentProvider {
  readonly kind = "emulator" as const;
  constructor(
    private readonly db: D1Database,
    private readonly origin: string,
  ) {}

  async createCheckoutSession(p: CreateCheckoutSession): Promise<{ id: string; url: string }> {
    await ensureEmulatorTables(this.db);
    // Like Stripe, the same idempotency key gives the same session.
    const existing = await sessionIdForKey(this.db, p.idempotencyKey);
    const id = existing ?? `cs_emu_${crypto.randomUUID().replace(/-/g, "")}`;
    if (!existing) {
      const amountTotal = p.lineItems.reduce((s, l) => s + l.unitAmountCents * l.quantity, 0);
      const params: EmulatorSessionParams = { ...p, amountTotal };
      await insertSession(this.db, id, p.mode, JSON.stringify(params));
    }
    return { id, url: `${this.origin}/api/emulator/checkout/${id}` };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo> {
    await ensureEmulatorTables(this.db);
    const row = await findSession(this.db, id);
    if (!row) throw new Error(`No such checkout session: ${id}`);
    return emulatorSessionInfo(row);
  }

  async expireCheckoutSession(id: string): Promise<void> {
    await ensureEmulatorTables(this.db);
    await expireSession(this.db, id);
  }

  async cancelPendingPayment(sessionId: string): Promise<boolean> {
    await ensureEmulatorTables(this.db);
    return cancelUnsettledSession(this.db, sessionId);
  }

  /** Like Stripe: refunds only a paid payment, never more than was paid, once per idempotency key; a bank transfer's refund is pending until it arrives. */
  async refund(p: CreateRefund): Promise<{ id: string; status: string }> {
    await ensureEmulatorTables(this.db);
    // A renewal's payment (an invoice's), or a checkout's.
    const invoice = await invoiceByPaymentIntent(this.db, p.paymentIntentId);
    const row = invoice ? null : await findSession(this.db, `cs_emu_${p.paymentIntentId.slice("pi_emu_".length)}`);
    if (!invoice && row?.payment_status !== "paid") throw new Error(`No such payment: ${p.paymentIntentId}`);
    const id = `re_emu_${crypto.randomUUID().replace(/-/g, "")}`;
    const made = await insertRefund(
      this.db,
      { id, idempotencyKey: p.idempotencyKey, paymentIntentId: p.paymentIntentId, amountCents: p.amountCents, reason: p.reason, pending: Boolean(row && sessionParams(row).bankTransfer) },
      invoice ? invoice.amount : sessionParams(row!).amountTotal,
    );
    if (!made) throw new Error("Refund amount exceeds the payment");
    return { id: made, status: (await findRefund(this.db, made))?.status ?? "succeeded" };
  }

  /** Like Stripe's list; a refund this app made carries its key back (its idempotency key is `refund:<key>`, refunds.ts). */
  async listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    await ensureEmulatorTables(this.db);
    return (await refundsOfPayment(this.db, paymentIntentId)).map(emulatorRefundInfo);
  }

  async retrieveRefund(id: string): Promise<ProviderRefund> {
    await ensureEmulatorTables(this.db);
    const row = await findRefund(this.db, id);
    if (!row) throw new Error(`No such refund: ${id}`);
    return emulatorRefundInfo(row);
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo> {
    await ensureEmulatorTables(this.db);
    const row = await findSubscription(this.db, id);
    if (!row) throw new Error(`No such subscription: ${id}`);
    return emulatorSubscriptionInfo(row);
  }

  async cancelSubscription(id: string, when: "now" | "period_end"): Promise<SubscriptionInfo> {
    await ensureEmulatorTables(this.db);
    const row = await findSubscription(this.db, id);
    if (!row) throw new Error(`No such subscription: ${id}`);
    if (row.status !== "canceled") {
      await updateSubscription(this.db, id, when === "now" ? { status: "canceled", current_period_end: Math.min(row.current_period_end, Date.now()) } : { cancel_at_period_end: 1 });
    }
    return this.retrieveSubscription(id);
  }

  /** The Customer Portal's stand-in: the emulator's page for the customer's newest subscription. */
  async createBillingPortalSession(p: BillingPortalRequest): Promise<{ url: string }> {
    await ensureEmulatorTables(this.db);
    const subscriptionId = await latestSubscriptionId(this.db, p.customerId);
    if (!subscriptionId) throw new Error(`No such customer: ${p.customerId}`);
    return { url: `${this.origin}/api/emulator/subscriptions/${encodeURIComponent(subscriptionId)}` };
  }
}

/** An emulator refund as the adapter reads it; one this app made carries its key back (its idempotency key is `refund:<key>`, refunds.ts). */
export function emulatorRefundInfo(r: EmulatorRefundRow): ProviderRefund {
  return {
    id: r.id,
    amount: r.amount,
    status: r.status,
    failureReason: r.status === "failed" ? "unknown" : null,
    paymentIntentId: r.payment_intent_id,
    metadata: (r.idempotency_key.startsWith("refund:") ? { refundKey: r.idempotency_key.slice("refund:".length) } : {}) as Record<string, string>,
  };
}

/** A Stripe-shaped refund object, as refund events carry it. */
export function refundObject(r: EmulatorRefundRow): Record<string, unknown> & { id: string } {
  const info = emulatorRefundInfo(r);
  return { id: r.id, object: "refund", amount: r.amount, currency: "usd", payment_intent: r.payment_intent_id, status: r.status, failure_reason: info.failureReason, metadata: info.metadata };
}

export interface EmulatorSubscriptionRow {
  id: string;
  session_id: string;
  customer_id: string;
  status: string;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: number;
  metadata: string;
}

export function emulatorSubscriptionInfo(row: EmulatorSubscriptionRow): SubscriptionInfo {
  return {
    id: row.id,
    status: row.status,
    customerId: row.customer_id,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    endedAt: row.status === "canceled" ? row.current_period_end : null,
  };
}

export function emulatorSessionInfo(row: EmulatorSessionRow): CheckoutSessionInfo {
  const p = sessionParams(row);
  const paid = row.status === "complete" && row.payment_status === "paid";
  return {
    id: row.id,
    mode: row.mode,
    status: row.status,
    paymentStatus: row.payment_status,
    amountTotal: p.amountTotal,
    currency: p.currency,
    // A subscription's first invoice is paid with the checkout too: its payment is the session's, refundable like a one-off.
    paymentIntentId: row.status === "complete" && (row.mode === "payment" || row.payment_status === "paid") ? emulatorPaymentIntentId(row.id) : null,
    subscriptionId: row.subscription_id,
    customerId: paid || row.status === "complete" ? emulatorCustomerId(row.id) : null,
    metadata: p.metadata,
  };
}

/** A Stripe-shaped checkout.session object, as webhook events carry it. */
export function checkoutSessionObject(row: EmulatorSessionRow): Record<string, unknown> & { id: string } {
  const p = sessionParams(row);
  const info = emulatorSessionInfo(row);
  return {
    id: row.id,
    object: "checkout.session",
    mode: row.mode,
    status: row.status,
    payment_status: row.payment_status,
    amount_total: p.amountTotal,
    currency: p.currency,
    customer: info.customerId,
    customer_email: p.customerEmail ?? null,
    client_reference_id: p.clientReferenceId,
    metadata: p.metadata,
    payment_intent: info.paymentIntentId,
    subscription: row.subscription_id,
    success_url: p.successUrl,
    cancel_url: p.cancelUrl,
    livemode: false,
  };
}
