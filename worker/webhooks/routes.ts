// POST /api/stripe/webhook: verified on the raw body (Stripe SDK, async, Web Crypto); forged, stale,
// wrong-secret or missing signatures get 400 and change nothing. Processed event ids are recorded so a
// repeated delivery is acknowledged and ignored; the handlers (worker/webhooks/events.ts) are handed in
// where the app is assembled (worker/app.ts). Every event is kept with its outcome (received, processed,
// failed) for the operator console.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { DomainError } from "../lib/errors";
import { webhookSecret } from "../payments/provider";
import { verifyStripeSignature } from "../payments/stripe";
import type { StripeEvent } from "../payments/types";
import { processEvent } from "./events";
import type { WebhookHandlers } from "./events";
import { eventProcessed, recordEventReceived } from "./store";

/** The webhook route, answering each event type with its handler in `handlers` (an unknown type is recorded and acknowledged). */
export const stripeWebhookRoutes = (handlers: WebhookHandlers) =>
  new Hono<AppEnv>().post("/webhook", async (c) => {
    const payload = await c.req.text();
    const signature = c.req.header("Stripe-Signature");
    if (!signature) throw new HttpError(400, "Missing Stripe-Signature header");
    let event: StripeEvent;
    try {
      event = (await verifyStripeSignature(payload, signature, webhookSecret(c.env, c.req.url))) as StripeEvent;
    } catch (e) {
      if (e instanceof HttpError || e instanceof DomainError) throw e;
      throw new HttpError(400, "Invalid Stripe signature");
    }
    if (await eventProcessed(c.env.DB, event.id)) return c.json({ received: true, duplicate: true });
    // Recorded as received (with the verified payload, for the admin's events view and replay) before
    // handling; marked processed after, or failed, in which case Stripe retries and an admin can replay.
    await recordEventReceived(c.env.DB, event, payload);
    const failure = await processEvent(c, handlers, event);
    if (failure) throw failure;
    return c.json({ received: true });
  });
