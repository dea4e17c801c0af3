// The emulator's test-mode checkout page and its actions. Paying signs a Stripe-shaped
// checkout.session.completed event with the webhook secret, delivers it to the real webhook route
// (so the real verification and fulfilment run), then redirects to success_url.
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { checkoutSessionObject, emulatorPaymentIntentId, refundObject, sessionParams } from "./emulator";
import type { EmulatorSessionRow } from "./emulator";
import type { EmulatorEvents } from "./emulatorEvents";
import {
  ensureEmulatorTables,
  findRefund,
  findSession,
  insertSubscription,
  markSessionAwaitingPayment,
  markSessionPaid,
  markSessionSettled,
  refundsOfPayment,
  settleEmulatorRefund,
} from "./emulatorStore";
import { isLocalHost } from "./provider";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

function emulatorOnly(c: Context<AppEnv>): void {
  if (c.env.STRIPE_SECRET_KEY || !isLocalHost(c.req.url)) throw new HttpError(404, "Not found");
}

async function loadSession(c: Context<AppEnv>): Promise<EmulatorSessionRow> {
  emulatorOnly(c);
  await ensureEmulatorTables(c.env.DB);
  const row = await findSession(c.env.DB, c.req.param("id") ?? "");
  if (!row) throw new HttpError(404, "No such checkout session");
  return row;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;margin:0;color:#111827}
.banner{background:#f59e0b;color:#111;text-align:center;padding:8px;font-weight:700;letter-spacing:.04em}
main{max-width:480px;margin:32px auto;background:#fff;border-radius:14px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:24px}
h1{font-size:1.3rem;margin:0 0 4px} .muted{color:#6b7280;font-size:.9rem} table{width:100%;border-collapse:collapse;margin:18px 0}
td{padding:8px 0;border-bottom:1px solid #e5e7eb} td.r{text-align:right} tr.total td{font-weight:700;border-bottom:0;font-size:1.1rem}
button{width:100%;padding:12px;border-radius:10px;border:0;font-size:1rem;font-weight:600;cursor:pointer;margin-top:10px}
.pay{background:#0f766e;color:#fff} .alt{background:#e5e7eb;color:#111827} .cancel{background:transparent;color:#6b7280}
.card{border:1px dashed #9ca3af;border-radius:10px;padding:10px;font-family:monospace;color:#374151;margin-top:6px}
</style></head><body><div class="banner">TEST MODE · Payment emulator · no real money moves</div><main>${body}</main></body></html>`;
}

/** The checkout pages; `events` delivers what paying causes through the app's own webhook route (worker/app.ts). */
export const emulatorRoutes = (events: EmulatorEvents) =>
  new Hono<AppEnv>()
    .get("/checkout/:id", async (c) => {
      const row = await loadSession(c);
      const p = sessionParams(row);
      const items = p.lineItems
        .map((l) => `<tr><td>${escape(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ""}</td><td class="r">${money(l.unitAmountCents * l.quantity)}${l.recurring ? " / month" : ""}</td></tr>`)
        .join("");
      const done = row.status !== "open";
      // The payment's refunds; a bank refund on its way waits for the bank's answer, as Stripe's do.
      const refunds = done ? await refundsOfPayment(c.env.DB, emulatorPaymentIntentId(row.id)) : [];
      const refundList = refunds.length
        ? `<h2>Refunds</h2><table>${refunds
            .map(
              (r) =>
                `<tr data-refund="${escape(r.id)}"><td>${escape(r.id)} · ${escape(r.status)}${
                  r.status === "pending"
                    ? `<form method="post" action="/api/emulator/refunds/${escape(r.id)}/settle"><button class="pay" name="outcome" value="succeeded">Refund arrives</button><button class="alt" name="outcome" value="failed">Refund fails</button></form>`
                    : ""
                }</td><td class="r">${money(r.amount)}</td></tr>`,
            )
            .join("")}</table>`
        : "";
      const body = `<h1>Startup Jobs</h1><p class="muted">${row.mode === "subscription" ? "Subscribe" : "Pay"}${p.customerEmail ? ` as ${escape(p.customerEmail)}` : ""}</p>
<table>${items}<tr class="total"><td>Total due today</td><td class="r" data-total>${money(p.amountTotal)}</td></tr></table>
${
  done
    ? `<p>This checkout session is ${escape(row.status)}${row.status === "complete" && row.payment_status === "unpaid" ? " (payment pending)" : ""}.${row.status === "expired" ? " It cannot be paid." : ""}</p>${
        row.payment_status === "unpaid" && row.status === "complete"
          ? `<form method="post" action="/api/emulator/checkout/${row.id}/settle"><button class="pay" name="outcome" value="succeeded">Bank transfer arrives</button><button class="alt" name="outcome" value="failed">Bank transfer fails</button></form>`
          : ""
      }`
    : `<div class="card">4242 4242 4242 4242 · 12/34 · 123</div>
<form method="post" action="/api/emulator/checkout/${row.id}/pay"><button class="pay" type="submit">Pay ${money(p.amountTotal)}</button></form>
${row.mode === "payment" ? `<form method="post" action="/api/emulator/checkout/${row.id}/pay-later"><button class="alt" type="submit">Pay by bank transfer (settles later)</button></form>` : ""}
<form method="post" action="/api/emulator/checkout/${row.id}/cancel"><button class="cancel" type="submit">Cancel and return</button></form>`
}${refundList}`;
      return c.html(page("Checkout · test mode", body));
    })
    .post("/checkout/:id/pay", async (c) => {
      const row = await loadSession(c);
      const p = sessionParams(row);
      if (row.status === "expired") return expiredPage(c, row);
      if (row.status === "open") {
        let subscriptionId: string | null = null;
        if (row.mode === "subscription") subscriptionId = await createEmulatorSubscription(c.env.DB, row);
        await markSessionPaid(c.env.DB, row.id, subscriptionId);
        const paid = { ...row, status: "complete" as const, payment_status: "paid" as const, subscription_id: subscriptionId };
        await events.deliver(c, "checkout.session.completed", checkoutSessionObject(paid));
        if (subscriptionId) await events.deliverSubscription(c, subscriptionId, ["customer.subscription.created", "invoice.paid"]);
      }
      return c.redirect(p.successUrl.replace("{CHECKOUT_SESSION_ID}", row.id), 303);
    })
    .post("/checkout/:id/pay-later", async (c) => {
      const row = await loadSession(c);
      const p = sessionParams(row);
      if (row.status === "expired") return expiredPage(c, row);
      if (row.status === "open" && row.mode === "payment") {
        await markSessionAwaitingPayment(c.env.DB, row.id);
        await events.deliver(c, "checkout.session.completed", checkoutSessionObject({ ...row, status: "complete", payment_status: "unpaid" }));
      }
      return c.redirect(p.successUrl.replace("{CHECKOUT_SESSION_ID}", row.id), 303);
    })
    .post("/checkout/:id/settle", async (c) => {
      const row = await loadSession(c);
      const outcome = String((await c.req.parseBody()).outcome ?? "");
      if (row.status === "complete" && row.payment_status === "unpaid" && (outcome === "succeeded" || outcome === "failed")) {
        if (outcome === "succeeded") await markSessionSettled(c.env.DB, row.id);
        const settled = { ...row, payment_status: outcome === "succeeded" ? ("paid" as const) : ("unpaid" as const) };
        await events.deliver(c, `checkout.session.async_payment_${outcome}`, checkoutSessionObject(settled));
      }
      return c.redirect(`/api/emulator/checkout/${row.id}`, 303);
    })
    .post("/refunds/:id/settle", async (c) => {
      emulatorOnly(c);
      await ensureEmulatorTables(c.env.DB);
      const outcome = String((await c.req.parseBody()).outcome ?? "");
      const refund = await findRefund(c.env.DB, c.req.param("id"));
      if (!refund) throw new HttpError(404, "No such refund");
      if ((outcome === "succeeded" || outcome === "failed") && (await settleEmulatorRefund(c.env.DB, refund.id, outcome))) {
        await events.deliver(c, "charge.refund.updated", refundObject({ ...refund, status: outcome }));
      }
      const session = `cs_emu_${refund.payment_intent_id.slice("pi_emu_".length)}`;
      return c.redirect(refund.payment_intent_id.startsWith("pi_emu_") ? `/api/emulator/checkout/${session}` : "/", 303);
    })
    .post("/checkout/:id/cancel", async (c) => {
      const row = await loadSession(c);
      return c.redirect(sessionParams(row).cancelUrl.replace("{CHECKOUT_SESSION_ID}", row.id), 303);
    });

/** Like Stripe, an expired session (e.g. replaced by a newer checkout for the same posting) cannot be paid. */
function expiredPage(c: Context<AppEnv>, row: EmulatorSessionRow) {
  const back = sessionParams(row).cancelUrl.replace("{CHECKOUT_SESSION_ID}", row.id);
  return c.html(
    page(
      "Checkout expired · test mode",
      `<h1>This checkout session has expired</h1><p>It cannot be paid. A newer checkout replaced it, or it timed out.</p><p><a href="${escape(back)}">Return to Startup Jobs</a></p>`,
    ),
    409,
  );
}

/** Subscription mode: the emulator's subscription starts a 30-day period when paid. */
async function createEmulatorSubscription(db: D1Database, row: EmulatorSessionRow): Promise<string> {
  const id = `sub_emu_${row.id.slice("cs_emu_".length)}`;
  const now = Date.now();
  await insertSubscription(db, {
    id,
    sessionId: row.id,
    customerId: `cus_emu_${row.id.slice("cs_emu_".length)}`,
    periodStart: now,
    periodEnd: now + 30 * 24 * 60 * 60 * 1000,
    metadata: JSON.stringify(sessionParams(row).metadata),
  });
  return id;
}
