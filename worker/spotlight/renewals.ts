// Spotlight renewals (issue 22 item 11): each paid invoice after the first (the checkout's order pays the
// first) is recorded as its own paid order with its payment, so Billing and the console list it, an
// operator can refund it, and the subscriber gets its receipt. invoice.paid may arrive twice or at once
// from two deliveries: the order's id is derived from the invoice id, so it is recorded once.
import type { Env } from "../env";
import { isLocale } from "../rules/i18n";
import { spotlightReceiptStatement } from "../mail/receipts";
import { recordRenewalStatements } from "../orders/store";
import { subscriberAccount, subscriptionById } from "./store";

/** What the webhook needs of a paid invoice; null when it is not one. */
export interface InvoicePayment {
  invoiceId: string;
  subscriptionId: string;
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
  receiptUrl: string | null;
  /** subscription_create: the checkout's first invoice; subscription_cycle: a renewal. */
  billingReason: string;
  periodStart: number | null;
  periodEnd: number | null;
}

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : v && typeof v === "object" && typeof (v as { id?: unknown }).id === "string" ? (v as { id: string }).id : null);
const ms = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v * 1000 : null);

/** A Stripe invoice's payment, in the older (payment_intent on the invoice) and newer (invoice.payments) shapes. */
export function invoicePayment(invoice: Record<string, unknown>, subscriptionId: string): InvoicePayment | null {
  const id = str(invoice.id);
  const amount = invoice.amount_paid;
  if (!id || typeof amount !== "number") return null;
  const payments = (invoice.payments as { data?: { payment?: { payment_intent?: unknown } }[] } | undefined)?.data ?? [];
  const line = (invoice.lines as { data?: { period?: { start?: unknown; end?: unknown } }[] } | undefined)?.data?.[0]?.period;
  return {
    invoiceId: id,
    subscriptionId,
    amountCents: amount,
    currency: typeof invoice.currency === "string" ? invoice.currency : "usd",
    paymentIntentId: str(invoice.payment_intent) ?? str(payments[0]?.payment?.payment_intent),
    receiptUrl: typeof invoice.hosted_invoice_url === "string" ? invoice.hosted_invoice_url : null,
    billingReason: typeof invoice.billing_reason === "string" ? invoice.billing_reason : "",
    // A renewal's line has the period it pays for (the invoice's own period_* is the one before).
    periodStart: ms(line?.start) ?? ms(invoice.period_start),
    periodEnd: ms(line?.end) ?? ms(invoice.period_end),
  };
}

/** A stable UUID-shaped id from a name (SHA-256), so one invoice is one order whoever records it. */
async function idFrom(name: string): Promise<string> {
  const hex = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name)))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Records a paid renewal invoice as an order with its payment and receipt; the first invoice and unpaid ones are left alone. */
export async function recordRenewal(env: Pick<Env, "DB">, paid: InvoicePayment, appUrl: string, now = Date.now()): Promise<string | null> {
  if (paid.billingReason === "subscription_create" || paid.amountCents <= 0) return null;
  const sub = await subscriptionById(env.DB, paid.subscriptionId);
  if (!sub) return null;
  const account = await subscriberAccount(env.DB, sub.user_id);
  const locale = isLocale(account?.locale) ? account.locale : "en";
  const id = await idFrom(`spotlight_renewal:${paid.invoiceId}`);
  const order = { id, kind: "spotlight" as const, customer_email: account?.email ?? "" };
  await env.DB.batch([
    ...recordRenewalStatements(
      env.DB,
      {
        id,
        userId: sub.user_id,
        items: {
          plan: "spotlight",
          companyId: sub.company_id,
          subscriptionId: paid.subscriptionId,
          invoiceId: paid.invoiceId,
          renewal: true,
          periodStart: paid.periodStart,
          periodEnd: paid.periodEnd,
        },
        amountCents: paid.amountCents,
        currency: paid.currency,
        customerEmail: order.customer_email,
        locale,
        invoiceId: paid.invoiceId,
        paymentIntentId: paid.paymentIntentId,
        receiptUrl: paid.receiptUrl,
      },
      now,
    ),
    ...(order.customer_email
      ? [
          spotlightReceiptStatement(
            env.DB,
            { order, amountCents: paid.amountCents, currency: paid.currency, paidAt: now, receiptUrl: paid.receiptUrl, paidUntil: paid.periodEnd, locale, recipientName: account?.name, appUrl },
            now,
          ),
        ]
      : []),
  ]);
  return id;
}
