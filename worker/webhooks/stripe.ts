// POST /api/stripe/webhook: verified on the raw body (Stripe SDK, async, Web Crypto); forged, stale,
// wrong-secret or missing signatures get 400 and change nothing. Processed event ids are recorded so a
// repeated delivery is acknowledged and ignored. Handlers re-read the session from the provider rather
// than trusting the event's copy, and fulfilment is idempotent, so order and repetition do not matter.
// Every event is kept with its outcome (received, processed, failed) for the operator console.
import { Hono } from "hono";
import type { Context } from "hono";
import { appOrigin } from "../checkout/routes";
import { fulfilCheckoutSession, findOrder } from "../checkout/fulfil";
import type { OrderRow } from "../checkout/fulfil";
import { logError } from "../lib/log";
import { recordProviderRefund } from "../payments/refunds";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { deliverSoon } from "../mail/deliverSoon";
import { paymentFailedStatement } from "../mail/receipts";
import { paymentProvider, webhookSecret } from "../payments/provider";
import { verifyStripeSignature } from "../payments/stripe";
import type { StripeEvent } from "../payments/types";

export type EventHandler = (c: Context<AppEnv>, event: StripeEvent) => Promise<void>;

/** Other resources (Spotlight subscriptions) register handlers for their event types here. */
export const extraHandlers = new Map<string, EventHandler>();

async function fulfilFromEvent(c: Context<AppEnv>, event: StripeEvent): Promise<void> {
  const session = await paymentProvider(c.env, c.req.url).retrieveCheckoutSession(event.data.object.id);
  const result = await fulfilCheckoutSession(c.env, session, appOrigin(c));
  if (result.fulfilledNow) deliverSoon(c);
}

async function markOrder(c: Context<AppEnv>, event: StripeEvent, status: "failed" | "expired"): Promise<void> {
  const order = await findOrder(c.env.DB, { id: event.data.object.id, metadata: (event.data.object.metadata as Record<string, string>) ?? {} });
  if (!order) return;
  const now = Date.now();
  const mark = c.env.DB.prepare("UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND fulfilled_at IS NULL").bind(status, now, order.id);
  if (status !== "failed") return void (await mark.run());
  // A failed bank transfer is e-mailed, once per order, in the same batch that marks it.
  const job = order.job_id ? await c.env.DB.prepare("SELECT title FROM jobs WHERE id = ?").bind(order.job_id).first<{ title: string }>() : null;
  await c.env.DB.batch([mark, paymentFailedStatement(c.env.DB, order, job?.title ?? null, appOrigin(c), now)]);
  deliverSoon(c);
}

/**
 * A refund shows up as `charge.refunded`: one this app made is linked to its row; one made in the Stripe
 * Dashboard is recorded and takes back what was bought, once per refund id (refunds.ts).
 */
async function chargeRefunded(c: Context<AppEnv>, event: StripeEvent): Promise<void> {
  const charge = event.data.object as { payment_intent?: string | null; refunds?: { data?: { id: string; amount: number; status?: string; metadata?: Record<string, string> }[] } };
  if (!charge.payment_intent) return;
  const order = await c.env.DB.prepare("SELECT o.* FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.payment_intent_id = ? LIMIT 1").bind(charge.payment_intent).first<OrderRow>();
  if (!order) return;
  for (const r of charge.refunds?.data ?? []) {
    if (r.status && r.status !== "succeeded") continue;
    await recordProviderRefund(c.env, order, { id: r.id, amount: r.amount, paymentIntentId: charge.payment_intent, refundKey: r.metadata?.refundKey ?? null });
  }
}

const handlers: Record<string, EventHandler> = {
  "checkout.session.completed": fulfilFromEvent, // fulfils only when the re-read session is paid
  "checkout.session.async_payment_succeeded": fulfilFromEvent,
  "checkout.session.async_payment_failed": (c, e) => markOrder(c, e, "failed"),
  "checkout.session.expired": (c, e) => markOrder(c, e, "expired"),
  "charge.refunded": chargeRefunded,
};

/**
 * Runs an event's handler and records the outcome: 'processed', or 'failed' with the error (the event
 * stays replayable from /admin, and Stripe's own retry runs it again). `extra` joins the outcome's batch
 * (the admin replay's audit row). Returns the error, if any.
 */
export async function processEvent(c: Context<AppEnv>, event: StripeEvent, extra: D1PreparedStatement[] = []): Promise<unknown> {
  const db = c.env.DB;
  const handler = handlers[event.type] ?? extraHandlers.get(event.type);
  try {
    if (handler) await handler(c, event);
  } catch (err) {
    logError("webhook.event_failed", err, { eventId: event.id, type: event.type });
    await db.batch([db.prepare("UPDATE stripe_events SET status = 'failed', error = ? WHERE id = ? AND status <> 'processed'").bind(String(err instanceof Error ? err.message : err).slice(0, 500), event.id), ...extra]);
    return err;
  }
  await db.batch([db.prepare("UPDATE stripe_events SET status = 'processed', error = NULL, processed_at = ? WHERE id = ?").bind(Date.now(), event.id), ...extra]);
  return null;
}

export const stripeWebhookRoutes = new Hono<AppEnv>().post("/webhook", async (c) => {
  const payload = await c.req.text();
  const signature = c.req.header("Stripe-Signature");
  if (!signature) throw new HttpError(400, "Missing Stripe-Signature header");
  let event: StripeEvent;
  try {
    event = (await verifyStripeSignature(payload, signature, webhookSecret(c.env, c.req.url))) as StripeEvent;
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw new HttpError(400, "Invalid Stripe signature");
  }
  const seen = await c.env.DB.prepare("SELECT 1 FROM stripe_events WHERE id = ? AND status = 'processed'").bind(event.id).first();
  if (seen) return c.json({ received: true, duplicate: true });
  // Recorded as received (with the verified payload, for the admin's events view and replay) before
  // handling; marked processed after, or failed, in which case Stripe retries and an admin can replay.
  await c.env.DB.prepare("INSERT INTO stripe_events (id, type, received_at, status, payload) VALUES (?, ?, ?, 'received', ?) ON CONFLICT (id) DO NOTHING")
    .bind(event.id, event.type, Date.now(), payload)
    .run();
  const failure = await processEvent(c, event);
  if (failure) throw failure;
  return c.json({ received: true });
});
