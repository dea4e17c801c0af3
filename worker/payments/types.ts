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

export interface PaymentProvider {
  readonly kind: "stripe" | "emulator";
  createCheckoutSession(params: CreateCheckoutSession): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  /** Makes an open checkout session unpayable (a newer session for the same posting replaces it). */
  expireCheckoutSession(id: string): Promise<void>;
  refund(params: CreateRefund): Promise<{ id: string; status: string }>;
  retrieveSubscription(id: string): Promise<SubscriptionInfo>;
  /** The subscription stops renewing: it runs to the end of the paid period, then ends (a deleted account, issue 23). */
  cancelSubscriptionAtPeriodEnd(id: string): Promise<SubscriptionInfo>;
  createBillingPortalSession(p: BillingPortalRequest): Promise<{ url: string }>;
}

/** The parts of a Stripe event the webhook reads. */
export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id: string } };
}
