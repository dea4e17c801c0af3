// Handling verified Stripe events (the route is worker/webhooks/routes.ts): the payment events' handlers,
// and processEvent, which runs an event's handler and records its outcome for the operator console.
// Handlers re-read the session from the provider rather than trusting the event's copy, and fulfilment is
// idempotent, so order and repetition do not matter. Which handler answers which event type is decided
// where the app is assembled (worker/app.ts): PAYMENT_EVENTS here plus the Spotlight events.
import type { Context } from "hono";
import { appOrigin } from "../lib/appUrl";
import { fulfilCheckoutSession, findOrder } from "../checkout/fulfil";
import { logError } from "../lib/log";
import { recordProviderRefund } from "../payments/refunds";
import type { AppEnv } from "../env";
import { deliverSoon } from "../mail/deliverSoon";
import { paymentFailedStatement } from "../mail/receipts";
import { paymentProvider } from "../payments/provider";
import type { StripeEvent } from "../payments/types";
import { eventOutcomeStatement, jobTitle, orderByPaymentIntent } from "./store";
import { markOrderUnpaidStatement } from "../orders/store";

export type EventHandler = (c: Context<AppEnv>, event: StripeEvent) => Promise<void>;

/** Event type → its handler; built in worker/app.ts from every resource's events. */
export type WebhookHandlers = Readonly<Record<string, EventHandler>>;

async function fulfilFromEvent(c: Context<AppEnv>, event: StripeEvent): Promise<void> {
  const session = await paymentProvider(c.env, c.req.url).retrieveCheckoutSession(event.data.object.id);
  const result = await fulfilCheckoutSession(c.env, session, appOrigin(c));
  if (result.fulfilledNow) deliverSoon(c);
}

async function markOrder(c: Context<AppEnv>, event: StripeEvent, status: "failed" | "expired"): Promise<void> {
  const order = await findOrder(c.env.DB, { id: event.data.object.id, metadata: (event.data.object.metadata as Record<string, string>) ?? {} });
  if (!order) return;
  const now = Date.now();
  const mark = markOrderUnpaidStatement(c.env.DB, order.id, status, now);
  if (status !== "failed") return void (await mark.run());
  // A failed bank transfer is e-mailed, once per order, in the same batch that marks it.
  const title = order.job_id ? await jobTitle(c.env.DB, order.job_id) : null;
  await c.env.DB.batch([mark, paymentFailedStatement(c.env.DB, order, title, appOrigin(c), now)]);
  deliverSoon(c);
}

/**
 * A refund shows up as `charge.refunded`: one this app made is settled through its row; one made in the Stripe
 * Dashboard is recorded and settled, once per refund id (refunds.ts), pending ones too. Since API version
 * 2022-11-15 the charge no longer lists its refunds: they are then asked of the provider. A payment no order has
 * recorded yet (its checkout's event still on its way) fails the event, so Stripe delivers it again later.
 */
async function chargeRefunded(c: Context<AppEnv>, event: StripeEvent): Promise<void> {
  const charge = event.data.object as {
    payment_intent?: string | null;
    refunds?: { data?: { id: string; amount: number; status?: string | null; failure_reason?: string | null; metadata?: Record<string, string> }[] };
  };
  if (!charge.payment_intent) return;
  const order = await orderByPaymentIntent(c.env.DB, charge.payment_intent);
  if (!order) throw new Error(`No order has recorded the payment ${charge.payment_intent} yet`);
  const refunds = charge.refunds?.data?.map((r) => ({ ...r, failureReason: r.failure_reason })) ?? (await paymentProvider(c.env, c.req.url).listRefunds(charge.payment_intent));
  for (const r of refunds) {
    await recordProviderRefund(c.env, order, {
      id: r.id,
      amount: r.amount,
      status: r.status ?? null,
      failureReason: r.failureReason ?? null,
      paymentIntentId: charge.payment_intent,
      refundKey: r.metadata?.refundKey ?? null,
    });
  }
  deliverSoon(c);
}

/**
 * A refund changed (`charge.refund.updated`; `refund.created`, `refund.updated`, `refund.failed`, sent for every refund
 * from API version 2024-10-28): a pending one succeeded, failed or was canceled. The refund is re-read from the
 * provider, so a late or repeated event settles it as it stands now (refunds.ts settleRefund, once per change).
 */
async function refundChanged(c: Context<AppEnv>, event: StripeEvent): Promise<void> {
  const refund = await paymentProvider(c.env, c.req.url).retrieveRefund(event.data.object.id);
  if (!refund.paymentIntentId) return;
  const order = await orderByPaymentIntent(c.env.DB, refund.paymentIntentId);
  if (!order) throw new Error(`No order has recorded the payment ${refund.paymentIntentId} yet`);
  await recordProviderRefund(c.env, order, { ...refund, paymentIntentId: refund.paymentIntentId, refundKey: refund.metadata.refundKey ?? null });
  deliverSoon(c);
}

/** The payment events: checkout sessions and refunds. */
export const PAYMENT_EVENTS: WebhookHandlers = {
  "checkout.session.completed": fulfilFromEvent, // fulfils only when the re-read session is paid
  "checkout.session.async_payment_succeeded": fulfilFromEvent,
  "checkout.session.async_payment_failed": (c, e) => markOrder(c, e, "failed"),
  "checkout.session.expired": (c, e) => markOrder(c, e, "expired"),
  "charge.refunded": chargeRefunded,
  "charge.refund.updated": refundChanged,
  "refund.created": refundChanged,
  "refund.updated": refundChanged,
  "refund.failed": refundChanged,
};

/**
 * Runs an event's handler and records the outcome: 'processed', or 'failed' with the error (the event
 * stays replayable from /admin, and Stripe's own retry runs it again). `extra` joins the outcome's batch,
 * given the error or null (the admin replay's audit row, which records the outcome). Returns the error, if any.
 */
export async function processEvent(c: Context<AppEnv>, handlers: WebhookHandlers, event: StripeEvent, extra: (error: string | null) => D1PreparedStatement[] = () => []): Promise<unknown> {
  const db = c.env.DB;
  const handler = Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined;
  try {
    if (handler) await handler(c, event);
  } catch (err) {
    logError("webhook.event_failed", err, { eventId: event.id, type: event.type });
    const error = String(err instanceof Error ? err.message : err);
    await db.batch([eventOutcomeStatement(db, event.id, error), ...extra(error)]);
    return err;
  }
  await db.batch([eventOutcomeStatement(db, event.id, null, Date.now()), ...extra(null)]);
  return null;
}
