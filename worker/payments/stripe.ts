// The real Stripe, through the stripe SDK with its fetch client (Workers have no Node http).
import type Stripe from "stripe";
import type { BillingPortalRequest, CheckoutSessionInfo, CreateCheckoutSession, CreateRefund, PaymentProvider, ProviderRefund, SubscriptionInfo } from "./types";

type FetchFn = typeof fetch;

function periodMs(sub: Record<string, unknown>, key: "current_period_start" | "current_period_end"): number | null {
  // Newer API versions keep the period on the subscription items.
  const direct = sub[key];
  if (typeof direct === "number") return direct * 1000;
  const items = (sub.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
  const v = items[0]?.[key];
  return typeof v === "number" ? v * 1000 : null;
}

export function stripeSubscriptionInfo(sub: Record<string, unknown>): SubscriptionInfo {
  const customer = sub.customer;
  return {
    id: String(sub.id),
    status: String(sub.status),
    customerId: typeof customer === "string" ? customer : ((customer as { id?: string } | null)?.id ?? null),
    currentPeriodStart: periodMs(sub, "current_period_start"),
    currentPeriodEnd: periodMs(sub, "current_period_end"),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    metadata: (sub.metadata as Record<string, string>) ?? {},
    endedAt: typeof sub.ended_at === "number" ? sub.ended_at * 1000 : null,
  };
}

/** The receipt_url of an expanded payment intent's latest charge; null when not expanded or not charged yet. */
function receiptUrlOf(pi: unknown): string | null {
  if (!pi || typeof pi !== "object") return null;
  const charge = (pi as { latest_charge?: unknown }).latest_charge;
  if (!charge || typeof charge !== "object") return null;
  const url = (charge as { receipt_url?: unknown }).receipt_url;
  return typeof url === "string" && url ? url : null;
}

/** Stripe Checkout's `locale` for ours: Arabic and English as such, the browser's choice otherwise. */
export function checkoutLocale(locale: string | undefined): "ar" | "en" | "auto" {
  return locale === "ar" || locale === "en" ? locale : "auto";
}

// Stripe's SDK is imported when a payment call or a webhook first needs it. The build inlines it all the same; the
// worker tests, which load the app module by module for each test file, skip it unless a test pays (issue 21).
const sdk = async (): Promise<typeof Stripe> => (await import("stripe")).default;

export class StripeProvider implements PaymentProvider {
  readonly kind = "stripe" as const;
  private readonly client: Promise<Stripe>;

  constructor(secretKey: string, fetchFn?: FetchFn) {
    this.client = sdk().then(
      (Sdk) =>
        new Sdk(secretKey, {
          httpClient: Sdk.createFetchHttpClient(fetchFn),
          maxNetworkRetries: 2,
          telemetry: false,
        }),
    );
  }

  async createCheckoutSession(p: CreateCheckoutSession): Promise<{ id: string; url: string }> {
    const session = await (await this.client).checkout.sessions.create(
      {
        mode: p.mode,
        line_items: p.lineItems.map((l) => ({
          quantity: l.quantity,
          price_data: {
            currency: p.currency,
            unit_amount: l.unitAmountCents,
            product_data: { name: l.name },
            ...(l.recurring ? { recurring: { interval: l.recurring } } : {}),
          },
        })),
        customer_email: p.customerEmail,
        client_reference_id: p.clientReferenceId,
        metadata: p.metadata,
        ...(p.mode === "subscription" ? { subscription_data: { metadata: p.metadata } } : { payment_intent_data: { metadata: p.metadata } }),
        success_url: p.successUrl,
        cancel_url: p.cancelUrl,
        // Stripe's page in the buyer's language: the checkout routes put the request's locale in the metadata.
        locale: checkoutLocale(p.metadata?.locale),
      },
      { idempotencyKey: p.idempotencyKey },
    );
    if (!session.url) throw new Error("No checkout URL returned");
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo> {
    // The payment intent's latest charge carries the hosted receipt (receipt_url).
    // A subscription's first payment is its first invoice's payment intent (older API shape: invoice.payment_intent).
    const s = await (await this.client).checkout.sessions.retrieve(id, { expand: ["payment_intent.latest_charge", "invoice"] });
    const invoice = s.invoice as unknown as { payment_intent?: string | { id: string } | null } | string | null;
    const pi = s.payment_intent ?? (invoice && typeof invoice === "object" ? (invoice.payment_intent ?? null) : null);
    const sub = s.subscription;
    const customer = s.customer;
    return {
      id: s.id,
      mode: s.mode === "subscription" ? "subscription" : "payment",
      status: (s.status ?? "open") as CheckoutSessionInfo["status"],
      paymentStatus: s.payment_status as CheckoutSessionInfo["paymentStatus"],
      amountTotal: s.amount_total ?? null,
      currency: s.currency ?? null,
      paymentIntentId: typeof pi === "string" ? pi : (pi?.id ?? null),
      subscriptionId: typeof sub === "string" ? sub : (sub?.id ?? null),
      customerId: typeof customer === "string" ? customer : (customer?.id ?? null),
      metadata: (s.metadata as Record<string, string>) ?? {},
      receiptUrl: receiptUrlOf(pi),
    };
  }

  async expireCheckoutSession(id: string): Promise<void> {
    await (await this.client).checkout.sessions.expire(id);
  }

  async cancelSubscription(id: string, when: "now" | "period_end"): Promise<SubscriptionInfo> {
    const sub = when === "now" ? await (await this.client).subscriptions.cancel(id) : await (await this.client).subscriptions.update(id, { cancel_at_period_end: true });
    return stripeSubscriptionInfo(sub as unknown as Record<string, unknown>);
  }

  async cancelPendingPayment(sessionId: string): Promise<boolean> {
    const session = await (await this.client).checkout.sessions.retrieve(sessionId);
    const pi = session.payment_intent;
    const id = typeof pi === "string" ? pi : pi?.id;
    if (!id) return false;
    try {
      await (await this.client).paymentIntents.cancel(id);
      return true;
    } catch {
      return false; // succeeded (settled) meanwhile, or otherwise no longer cancellable
    }
  }

  async refund(p: CreateRefund): Promise<{ id: string; status: string }> {
    const refund = await (await this.client).refunds.create({ payment_intent: p.paymentIntentId, amount: p.amountCents, reason: p.reason, metadata: p.metadata }, { idempotencyKey: p.idempotencyKey });
    return { id: refund.id, status: refund.status ?? "pending" };
  }

  async listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    const list = await (await this.client).refunds.list({ payment_intent: paymentIntentId, limit: 100 });
    return list.data.map((r) => ({ id: r.id, amount: r.amount, status: r.status ?? null, metadata: (r.metadata as Record<string, string> | null) ?? {} }));
  }

  async retrieveRefund(id: string): Promise<ProviderRefund> {
    const r = await (await this.client).refunds.retrieve(id);
    const pi = r.payment_intent;
    return {
      id: r.id,
      amount: r.amount,
      status: r.status ?? null,
      metadata: (r.metadata as Record<string, string> | null) ?? {},
      failureReason: r.failure_reason ?? null,
      paymentIntentId: typeof pi === "string" ? pi : (pi?.id ?? null),
    };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionInfo> {
    const sub = await (await this.client).subscriptions.retrieve(id);
    return stripeSubscriptionInfo(sub as unknown as Record<string, unknown>);
  }

  async createBillingPortalSession(p: BillingPortalRequest): Promise<{ url: string }> {
    const portal = await (await this.client).billingPortal.sessions.create({ customer: p.customerId, return_url: p.returnUrl });
    return { url: portal.url };
  }
}

/** Verifies a webhook on the raw body with the SDK's async verification and Web Crypto. */
export async function verifyStripeSignature(payload: string, header: string, secret: string, toleranceSeconds = 300): Promise<unknown> {
  const Sdk = await sdk();
  return Sdk.webhooks.constructEventAsync(payload, header, secret, toleranceSeconds, Sdk.createSubtleCryptoProvider());
}
