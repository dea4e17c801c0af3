// The emulator's events: what paying, settling or changing a subscription causes is signed with the
// webhook secret like Stripe's and delivered through the app's own webhook route, so the real verification
// and fulfilment run. The app's fetch is handed in where the app is assembled (worker/app.ts), since
// importing the app here would be a cycle.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { log } from "../lib/log";
import { emulatorPaymentIntentId, sessionParams } from "./emulator";
import { findSession, findSubscription } from "./emulatorStore";
import type { EmulatorInvoiceRow } from "./emulatorStore";
import { webhookSecret } from "./provider";
import { signStripePayload } from "./signature";

/** The app's own fetch. */
export type Dispatch = (req: Request, env: AppEnv["Bindings"], ctx: Context<AppEnv>["executionCtx"]) => Response | Promise<Response>;

export interface EmulatorEvents {
  /** Sends a signed Stripe-shaped event through the app's own webhook route; returns its status. */
  deliver(c: Context<AppEnv>, type: string, object: Record<string, unknown>): Promise<number>;
  /**
   * Sends subscription (and invoice) events for the emulator's current state of a subscription. Without
   * `invoice`, invoice.paid is the first invoice, paid by the checkout (billing_reason subscription_create).
   */
  deliverSubscription(c: Context<AppEnv>, subscriptionId: string, types: string[], invoice?: EmulatorInvoiceRow): Promise<void>;
}

export function emulatorEvents(dispatch: Dispatch): EmulatorEvents {
  async function deliver(c: Context<AppEnv>, type: string, object: Record<string, unknown>): Promise<number> {
    const event = {
      id: `evt_emu_${crypto.randomUUID().replace(/-/g, "")}`,
      object: "event",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = await signStripePayload(payload, webhookSecret(c.env, c.req.url));
    const res = await dispatch(
      new Request(new URL("/api/stripe/webhook", c.req.url), { method: "POST", body: payload, headers: { "Content-Type": "application/json", "Stripe-Signature": signature } }),
      c.env,
      c.executionCtx,
    );
    if (!res.ok) log("error", "emulator.webhook_delivery_failed", { type, status: res.status, body: (await res.text()).slice(0, 500) });
    return res.status;
  }

  async function deliverSubscription(c: Context<AppEnv>, subscriptionId: string, types: string[], invoice?: EmulatorInvoiceRow): Promise<void> {
    const sub = await findSubscription(c.env.DB, subscriptionId);
    if (!sub) return;
    const session = invoice ? null : await findSession(c.env.DB, sub.session_id);
    const first = session ? sessionParams(session) : null;
    const object = {
      id: sub.id,
      object: "subscription",
      customer: sub.customer_id,
      status: sub.status,
      cancel_at_period_end: sub.cancel_at_period_end === 1,
      current_period_start: Math.floor(sub.current_period_start / 1000),
      current_period_end: Math.floor(sub.current_period_end / 1000),
      metadata: JSON.parse(sub.metadata) as Record<string, string>,
    };
    for (const type of types) {
      if (type.startsWith("invoice.")) {
        const paid = type === "invoice.paid";
        await deliver(c, type, {
          id: invoice?.id ?? `in_emu_${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`,
          object: "invoice",
          subscription: sub.id,
          customer: sub.customer_id,
          status: paid ? "paid" : "open",
          // Stripe's shape (API versions before 2025-03: payment_intent on the invoice).
          billing_reason: invoice || !paid ? "subscription_cycle" : "subscription_create",
          amount_paid: paid ? (invoice?.amount ?? first?.amountTotal ?? 0) : 0,
          currency: invoice?.currency ?? first?.currency ?? "usd",
          payment_intent: paid ? (invoice?.payment_intent_id ?? emulatorPaymentIntentId(sub.session_id)) : null,
          hosted_invoice_url: null,
          // Like Stripe's automatic retries: a failed renewal is tried again in 3 days.
          next_payment_attempt: type === "invoice.payment_failed" ? Math.floor((Date.now() + 3 * 24 * 60 * 60 * 1000) / 1000) : null,
          period_start: object.current_period_start,
          period_end: object.current_period_end,
          lines: { data: [{ period: { start: object.current_period_start, end: object.current_period_end } }] },
        });
      } else {
        await deliver(c, type, object);
      }
    }
  }

  return { deliver, deliverSubscription };
}
