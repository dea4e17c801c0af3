// The webhook's Spotlight events, handed to the webhook route (worker/webhooks/routes.ts) where the app
// is assembled (worker/app.ts). Each re-reads the subscription from the provider: the event's own copy
// may be stale, repeated or out of order.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { appOrigin } from "../lib/appUrl";
import { deliverSoon } from "../mail/deliverSoon";
import { paymentProvider } from "../payments/provider";
import type { StripeEvent } from "../payments/types";
import { invoicePayment, recordRenewal } from "./renewals";
import { invoiceSubscriptionId, syncSubscription } from "./subscription";

async function fromSubscriptionEvent(c: Context<AppEnv>, event: StripeEvent): Promise<void> {
  const info = await paymentProvider(c.env, c.req.url).retrieveSubscription(event.data.object.id);
  await syncSubscription(c.env, info, { appUrl: appOrigin(c) });
  deliverSoon(c);
}

async function fromInvoiceEvent(c: Context<AppEnv>, event: StripeEvent): Promise<void> {
  const id = invoiceSubscriptionId(event.data.object);
  if (!id) return; // an invoice that is not for a subscription
  const info = await paymentProvider(c.env, c.req.url).retrieveSubscription(id);
  // A failed invoice says when the card is tried next (next_payment_attempt, seconds; null: no more tries).
  const next = event.data.object.next_payment_attempt;
  const paymentFailed = event.type === "invoice.payment_failed" ? { invoiceId: event.data.object.id, retryAt: typeof next === "number" ? next * 1000 : null } : undefined;
  await syncSubscription(c.env, info, { appUrl: appOrigin(c), paymentFailed });
  // A paid renewal is an order of its own, with its receipt (the first invoice is the checkout's order).
  const paid = event.type === "invoice.paid" ? invoicePayment(event.data.object, id) : null;
  if (paid) await recordRenewal(c.env, paid, appOrigin(c));
  deliverSoon(c);
}

export const SPOTLIGHT_EVENTS = {
  "customer.subscription.created": fromSubscriptionEvent,
  "customer.subscription.updated": fromSubscriptionEvent,
  "customer.subscription.deleted": fromSubscriptionEvent,
  "invoice.paid": fromInvoiceEvent, // a paid renewal extends current_period_end
  "invoice.payment_failed": fromInvoiceEvent, // past_due
} as const;
