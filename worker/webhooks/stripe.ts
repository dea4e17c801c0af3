// POST /api/stripe/webhook: verified on the raw body (Stripe SDK, async, Web Crypto); forged, stale,
// wrong-secret or missing signatures get 400 and change nothing. Processed event ids are recorded so a
// repeated delivery is acknowledged and ignored. Handlers re-read the session from the provider rather
// than trusting the event's copy, and fulfilment is idempotent, so order and repetition do not matter.
import { Hono } from "hono";
import type { Context } from "hono";
import { appOrigin } from "../checkout/routes";
import { fulfilCheckoutSession, findOrder } from "../checkout/fulfil";
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

const handlers: Record<string, EventHandler> = {
  "checkout.session.completed": fulfilFromEvent, // fulfils only when the re-read session is paid
  "checkout.session.async_payment_succeeded": fulfilFromEvent,
  "checkout.session.async_payment_failed": (c, e) => markOrder(c, e, "failed"),
  "checkout.session.expired": (c, e) => markOrder(c, e, "expired"),
};

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
  const seen = await c.env.DB.prepare("SELECT 1 FROM stripe_events WHERE id = ?").bind(event.id).first();
  if (seen) return c.json({ received: true, duplicate: true });
  const handler = handlers[event.type] ?? extraHandlers.get(event.type);
  if (handler) await handler(c, event);
  // Recorded after handling: a failed handler is retried by Stripe, and handling is idempotent.
  await c.env.DB.prepare("INSERT INTO stripe_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING").bind(event.id, event.type, Date.now()).run();
  return c.json({ received: true });
});
