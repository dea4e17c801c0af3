// The payment adapter (README, Decisions: "Payments: one adapter"): checkout and subscription code talks to
// this interface; the real Stripe and the local emulator implement it.

export interface CheckoutLineItem {
  name: string;
  unitAmountCents: number;
  quantity: number;
  /** Subscription mode: billed every month. */
  recurring?: "month";
}

export interface CreateCheckoutSession {
  mode: "payment" | "subscription";
  lineItems: CheckoutLineItem[];
  currency: "usd";
  customerEmail?: string;
  clientReferenceId: string;
  metadata: Record<string, string>;
  /** May contain {CHECKOUT_SESSION_ID}, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface CheckoutSessionInfo {
  id: string;
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  metadata: Record<string, string>;
  /** The hosted receipt of the payment (Stripe: the payment intent's latest charge receipt_url); null when there is none. */
  receiptUrl?: string | null;
}

export interface SubscriptionInfo {
  id: string;
  status: string; // Stripe's: active, past_due, canceled, unpaid, incomplete, incomplete_expired, trialing, paused
  customerId: string | null;
  currentPeriodStart: number | null; // ms
  currentPeriodEnd: number | null; // ms
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  /** When it ended (Stripe's ended_at), ms; null while it runs. */
  endedAt?: number | null;
}

/** A page where the customer manages their card and cancels (Stripe's Customer Portal). */
export interface BillingPortalRequest {
  customerId: string;
  returnUrl: string;
}

/** Gives money back for a payment; the same idempotency key never refunds twice. */
export interface CreateRefund {
  paymentIntentId: string;
  amountCents: number;
  /** Stripe's refund reason. */
  reason: "duplicate" | "requested_by_customer" | "fraudulent";
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A refund of a payment, as the provider lists it; `metadata.refundKey` names a refund this app made. */
export interface ProviderRefund {
  id: string;
  amount: number;
  /** Stripe's: pending, requires_action, succeeded, failed, canceled. */
  status: string | null;
  metadata: Record<string, string>;
  /** Why it failed, when it did (Stripe's failure_reason). */
  failureReason?: string | null;
  paymentIntentId?: string | null;
}

export interface PaymentProvider {
  readonly kind: "stripe" | "emulator";
  createCheckoutSession(params: CreateCheckoutSession): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  /** Makes an open checkout session unpayable (a newer session for the same posting replaces it). */
  expireCheckoutSession(id: string): Promise<void>;
  /**
   * Cancels a completed checkout's payment that has not cleared (a bank transfer still under way), so it
   * never settles; false when it can no longer be cancelled (it settled meanwhile).
   */
  cancelPendingPayment(sessionId: string): Promise<boolean>;
  refund(params: CreateRefund): Promise<{ id: string; status: string }>;
  /** A payment's refunds, whoever made them (a charge.refunded event of a current API version does not list them). */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** One refund as it stands now (a refund event is settled from this, not from the event's copy). */
  retrieveRefund(id: string): Promise<ProviderRefund>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo>;
  /** Ends a subscription now, or at the end of its paid period; answers its state after. */
  cancelSubscription(id: string, when: "now" | "period_end"): Promise<SubscriptionInfo>;
  createBillingPortalSession(p: BillingPortalRequest): Promise<{ url: string }>;
}

/** The parts of a Stripe event the webhook reads. */
export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id: string } };
}
