// The payment emulator's subscription test page (/api/emulator/subscriptions/:id): what Stripe would do
// to a subscription over time, on demand. Each action updates emulator_subscriptions, then sends the
// matching signed events through the real webhook route, as Stripe would:
//   Renew period        → a new 30-day period is paid:  invoice.paid, customer.subscription.updated
//   Fail next payment   → the renewal is not paid:      invoice.payment_failed, customer.subscription.updated (past_due)
//   Cancel at period end→ stays active until it ends:   customer.subscription.updated
//   Reach period end    → renews, or ends if cancelling: (as Renew) or customer.subscription.deleted
//   Cancel now          → ends at once:                 customer.subscription.deleted
// Local only, like the rest of the emulator.
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { sessionParams } from "./emulator";
import type { EmulatorSubscriptionRow } from "./emulator";
import type { EmulatorEvents } from "./emulatorEvents";
import { ensureEmulatorTables, findSession, findSubscription, insertInvoice, updateSubscription } from "./emulatorStore";
import type { SubscriptionChange } from "./emulatorStore";
import { isLocalHost } from "./provider";

const EMULATOR_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const day = (t: number) => `${new Date(t).toISOString().replace("T", " ").slice(0, 16)} UTC`;

async function load(c: Context<AppEnv>): Promise<EmulatorSubscriptionRow> {
  if (c.env.STRIPE_SECRET_KEY || !isLocalHost(c.req.url)) throw new HttpError(404, "Not found");
  await ensureEmulatorTables(c.env.DB);
  const row = await findSubscription(c.env.DB, c.req.param("id") ?? "");
  if (!row) throw new HttpError(404, "No such subscription");
  return row;
}

async function update(c: Context<AppEnv>, id: string, set: SubscriptionChange): Promise<void> {
  await updateSubscription(c.env.DB, id, set);
}

const ended = (row: EmulatorSubscriptionRow) => row.status === "canceled";

/** A paid renewal: past_due pays the open invoice for the current period; active starts the next one. */
async function renew(c: Context<AppEnv>, row: EmulatorSubscriptionRow, events: EmulatorEvents): Promise<void> {
  const start = row.status === "past_due" ? row.current_period_start : row.current_period_end;
  const end = row.status === "past_due" ? row.current_period_end : row.current_period_end + EMULATOR_PERIOD_MS;
  if (row.status === "past_due") await update(c, row.id, { status: "active" });
  else await update(c, row.id, { status: "active", current_period_start: start, current_period_end: end });
  // The renewal's payment, at the price the checkout set: its own invoice and payment intent, refundable.
  const session = await findSession(c.env.DB, row.session_id);
  const price = session ? sessionParams(session) : null;
  const suffix = crypto.randomUUID().replace(/-/g, "").slice(0, 20);
  const invoice = {
    id: `in_emu_${suffix}`,
    subscription_id: row.id,
    payment_intent_id: `pi_emu_in_${suffix}`,
    amount: price?.amountTotal ?? 0,
    currency: price?.currency ?? "usd",
    period_start: start,
    period_end: end,
  };
  await insertInvoice(c.env.DB, invoice);
  await events.deliverSubscription(c, row.id, ["invoice.paid", "customer.subscription.updated"], invoice);
}

async function cancelNow(c: Context<AppEnv>, row: EmulatorSubscriptionRow, events: EmulatorEvents): Promise<void> {
  await update(c, row.id, { status: "canceled", current_period_end: Math.min(row.current_period_end, Date.now()) });
  await events.deliverSubscription(c, row.id, ["customer.subscription.deleted"]);
}

const ACTIONS: Record<string, (c: Context<AppEnv>, row: EmulatorSubscriptionRow, events: EmulatorEvents) => Promise<void>> = {
  renew,
  "fail-payment": async (c, row, events) => {
    // The renewal invoice for the next period fails: the period moves on, the subscription is past_due.
    if (row.status === "active") await update(c, row.id, { status: "past_due", current_period_start: row.current_period_end, current_period_end: row.current_period_end + EMULATOR_PERIOD_MS });
    await events.deliverSubscription(c, row.id, ["invoice.payment_failed", "customer.subscription.updated"]);
  },
  "cancel-at-period-end": async (c, row, events) => {
    await update(c, row.id, { cancel_at_period_end: 1 });
    await events.deliverSubscription(c, row.id, ["customer.subscription.updated"]);
  },
  "period-end": async (c, row, events) => (row.cancel_at_period_end ? cancelNow(c, row, events) : renew(c, row, events)),
  cancel: cancelNow,
};

function page(row: EmulatorSubscriptionRow): string {
  const meta = JSON.parse(row.metadata) as Record<string, string>;
  const button = (action: string, label: string, cls = "alt") =>
    `<form method="post" action="/api/emulator/subscriptions/${escape(row.id)}/${action}"><button class="${cls}" type="submit">${label}</button></form>`;
  const actions = ended(row)
    ? `<p>This subscription has ended.</p>`
    : [
        button("renew", "Renew period (payment succeeds)", "pay"),
        button("fail-payment", "Fail next payment"),
        row.cancel_at_period_end ? "" : button("cancel-at-period-end", "Cancel at period end"),
        button("period-end", "Reach the end of the period"),
        button("cancel", "Cancel now", "danger"),
      ].join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Subscription · test mode</title><style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;margin:0;color:#111827}
.banner{background:#f59e0b;color:#111;text-align:center;padding:8px;font-weight:700;letter-spacing:.04em}
main{max-width:480px;margin:32px auto;background:#fff;border-radius:14px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:24px}
h1{font-size:1.3rem;margin:0 0 4px} .muted{color:#6b7280;font-size:.9rem} dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:18px 0}
dt{color:#6b7280} dd{margin:0;font-weight:600;overflow-wrap:anywhere;min-width:0} button{width:100%;padding:12px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer;margin-top:10px}
.pay{background:#0f766e;color:#fff} .alt{background:#e5e7eb;color:#111827} .danger{background:#fee2e2;color:#991b1b} a{color:#0f766e}
</style></head><body><div class="banner">TEST MODE · Payment emulator · no real money moves</div><main>
<h1>Spotlight subscription</h1><p class="muted">${escape(row.id)}</p>
<dl><dt>Status</dt><dd data-status>${escape(row.status)}${row.cancel_at_period_end ? " (cancels at period end)" : ""}</dd>
<dt>Period</dt><dd>${day(row.current_period_start)} → ${day(row.current_period_end)}</dd>
<dt>Customer</dt><dd>${escape(row.customer_id)}</dd>${meta.companyId ? `<dt>Company</dt><dd>${escape(meta.companyId)}</dd>` : ""}</dl>
${actions}<p class="muted" style="margin-top:18px"><a href="/spotlight/live">Back to the Spotlight dashboard</a></p></main></body></html>`;
}

/** The subscription's test page and its actions; `events` delivers what each causes (worker/app.ts). */
export const emulatorSubscriptionRoutes = (events: EmulatorEvents) =>
  new Hono<AppEnv>()
    .get("/:id", async (c) => c.html(page(await load(c))))
    .post("/:id/:action{[a-z-]+}", async (c) => {
      const row = await load(c);
      const action = ACTIONS[c.req.param("action")];
      if (!action) throw new HttpError(404, "No such action");
      if (!ended(row)) await action(c, row, events);
      return c.redirect(`/api/emulator/subscriptions/${encodeURIComponent(row.id)}`, 303);
    });
