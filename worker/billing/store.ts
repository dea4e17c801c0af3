// The billing store: one user's billing history, read only. Their orders (with the payment's receipt
// link), their credit grants and their Spotlight subscription, read from the tables their owners write
// (orders and payments by checkout, bundle_purchases by the credit ledger, subscriptions by Spotlight).
import type { OrderItems } from "../checkout/fulfil";
import { creditBundleSummary, orderReference, orderSummary } from "../mail/receipts";
import { formatAmount } from "../mail/templates";
import { localiseMessage } from "../lib/i18n";
import type { Locale } from "../rules/i18n";
import type { Enhancement, Plan } from "../rules/lists";
import { CREDIT_BUNDLES, bundleDisplayName, describeCredits } from "../rules/pricing";
import { orderStatusLabel } from "../rules/billing";
import type { BillingGrant, BillingOrder, BillingRefund, BillingSubscription } from "../rules/billing";

export interface OrderRead {
  id: string;
  kind: "job" | "credits" | "spotlight";
  items: string;
  amount: number;
  currency: string;
  status: string;
  created_at: number;
  fulfilled_at: number | null;
  title: string | null;
  receipt_url: string | null;
}

export interface RefundRead {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  created_at: number;
  job_unpublished: number;
  credits_removed: number;
  /** 'succeeded', or 'pending' while the money is on its way. */
  status: string;
}

interface GrantRead {
  id: string;
  bundle: string;
  kind: string;
  job_count: number;
  posts_remaining: number;
  plan: string;
  enhancements: string;
  status: string;
  created_at: number;
  expires_at: number;
  credits_revoked: number;
}

function parseList(json: string): Enhancement[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v.filter((x) => typeof x === "string") as Enhancement[]) : [];
  } catch {
    return [];
  }
}

/** The account's orders (one of them with `orderId`), newest first, and their refunds (failed ones are not refunds). */
async function readOrders(db: D1Database, userId: string, orderId: string | null = null): Promise<{ orders: OrderRead[]; refunds: RefundRead[] }> {
  const [{ results: orders }, { results: refunds }] = await Promise.all([
    db
      .prepare(
        `SELECT o.id, o.kind, o.items, o.amount, o.currency, o.status, o.created_at, o.fulfilled_at, j.title,
           (SELECT p.receipt_url FROM payments p WHERE p.order_id = o.id AND p.receipt_url IS NOT NULL ORDER BY p.created_at DESC LIMIT 1) AS receipt_url
         FROM orders o LEFT JOIN jobs j ON j.id = o.job_id
         WHERE o.user_id = ?1 AND (?2 IS NULL OR o.id = ?2) ORDER BY coalesce(o.fulfilled_at, o.created_at) DESC, o.id`,
      )
      .bind(userId, orderId)
      .all<OrderRead>(),
    db
      .prepare(
        `SELECT r.id, r.order_id, r.amount, r.currency, r.created_at, r.job_unpublished, r.credits_removed, r.status FROM refunds r JOIN orders o ON o.id = r.order_id
         WHERE o.user_id = ?1 AND (?2 IS NULL OR o.id = ?2) AND r.status <> 'failed' ORDER BY r.created_at, r.id`,
      )
      .bind(userId, orderId)
      .all<RefundRead>(),
  ]);
  return { orders, refunds };
}

/** One of the account's orders with the refunds that went back (the receipt's copy, worker/mail/receipts.ts), or null: not theirs, or none. */
export async function billingOrder(db: D1Database, userId: string, orderId: string): Promise<{ order: OrderRead; refunds: RefundRead[] } | null> {
  const { orders, refunds } = await readOrders(db, userId, orderId);
  return orders[0] ? { order: orders[0], refunds: refunds.filter((r) => r.status === "succeeded") } : null;
}

/** The account's orders, with the text the page shows in `locale` (English by default). */
export async function billingOrders(db: D1Database, userId: string, locale: Locale = "en"): Promise<BillingOrder[]> {
  const { orders: results, refunds: refundRows } = await readOrders(db, userId);
  const refundsOf = new Map<string, BillingRefund[]>();
  for (const r of refundRows) {
    const list = refundsOf.get(r.order_id) ?? [];
    list.push({
      id: r.id,
      date: new Date(r.created_at).toISOString(),
      amountCents: r.amount,
      amount: formatAmount(r.amount, r.currency),
      jobUnpublished: r.job_unpublished === 1,
      creditsRemoved: r.credits_removed,
      pending: r.status !== "succeeded",
    });
    refundsOf.set(r.order_id, list);
  }
  return results.map((o) => {
    const items = JSON.parse(o.items) as OrderItems;
    const refunds = refundsOf.get(o.id) ?? [];
    const refundedCents = refunds.reduce((sum, r) => sum + (r.pending ? 0 : r.amountCents), 0);
    const pendingCents = refunds.reduce((sum, r) => sum + (r.pending ? r.amountCents : 0), 0);
    return {
      id: o.id,
      reference: orderReference(o.id),
      kind: o.kind,
      date: new Date(o.fulfilled_at ?? o.created_at).toISOString(),
      what: orderSummary(o, items, o.title, locale),
      amountCents: o.amount,
      currency: o.currency,
      amount: formatAmount(o.amount, o.currency),
      status: o.fulfilled_at && o.status !== "refunded" ? "paid" : o.status,
      statusLabel: orderStatusLabel(o.status, o.fulfilled_at !== null, refundedCents, pendingCents),
      receiptUrl: o.receipt_url,
      refunds,
      refundedCents,
      refunded: formatAmount(refundedCents, o.currency),
    };
  });
}

/** Every grant as its own row, newest first: two purchases are two grants. */
export async function billingGrants(db: D1Database, userId: string, now = Date.now(), locale: Locale = "en"): Promise<BillingGrant[]> {
  const say = (english: string) => localiseMessage(locale, english);
  const { results } = await db
    .prepare(
      `SELECT id, bundle, kind, job_count, posts_remaining, plan, enhancements, status, created_at, expires_at, credits_revoked
       FROM bundle_purchases WHERE user_id = ? ORDER BY created_at DESC, id`,
    )
    .bind(userId)
    .all<GrantRead>();
  return results.map((g) => ({
    id: g.id,
    // A catalogue bundle by its contents ("Premium bundle: 10 Standard posts, save 15%"), as its order reads.
    name: CREDIT_BUNDLES.some((b) => b.id === g.bundle) ? creditBundleSummary({ bundleId: g.bundle }, locale) : say(bundleDisplayName(g.bundle)),
    includes: say(describeCredits(g.job_count, { plan: (g.plan as Plan) || "standard", enhancements: parseList(g.enhancements) })),
    jobCount: g.job_count,
    postsRemaining: g.posts_remaining,
    creditsRemoved: g.credits_revoked,
    purchasedAt: new Date(g.created_at).toISOString(),
    expiresAt: new Date(g.expires_at).toISOString(),
    state: g.status === "expired" || g.expires_at <= now ? "expired" : g.posts_remaining <= 0 ? "used" : "active",
  }));
}

/** The user's newest Spotlight subscription, and the customer its portal opens for. */
export async function billingSubscription(db: D1Database, userId: string): Promise<(BillingSubscription & { customerId: string | null }) | null> {
  const s = await db
    .prepare(
      `SELECT id, status, current_period_end, cancel_at_period_end, ended_at, stripe_customer_id FROM spotlight_subscriptions
       WHERE user_id = ? ORDER BY coalesce(current_period_end, 0) DESC, updated_at DESC LIMIT 1`,
    )
    .bind(userId)
    .first<{ id: string; status: string; current_period_end: number | null; cancel_at_period_end: number; ended_at: number | null; stripe_customer_id: string | null }>();
  if (!s) return null;
  return {
    id: s.id,
    status: s.status,
    currentPeriodEnd: s.current_period_end ? new Date(s.current_period_end).toISOString() : null,
    cancelAtPeriodEnd: s.cancel_at_period_end === 1,
    endedAt: s.ended_at ? new Date(s.ended_at).toISOString() : null,
    manageable: Boolean(s.stripe_customer_id),
    customerId: s.stripe_customer_id,
  };
}

/** Every Spotlight subscription the account has had, newest first. */
export async function billingSubscriptions(db: D1Database, userId: string): Promise<BillingSubscription[]> {
  const { results } = await db
    .prepare(
      `SELECT id, status, current_period_end, cancel_at_period_end, ended_at, stripe_customer_id FROM spotlight_subscriptions
       WHERE user_id = ? ORDER BY created_at DESC, id`,
    )
    .bind(userId)
    .all<{ id: string; status: string; current_period_end: number | null; cancel_at_period_end: number; ended_at: number | null; stripe_customer_id: string | null }>();
  return results.map((s) => ({
    id: s.id,
    status: s.status,
    currentPeriodEnd: s.current_period_end ? new Date(s.current_period_end).toISOString() : null,
    cancelAtPeriodEnd: s.cancel_at_period_end === 1,
    endedAt: s.ended_at ? new Date(s.ended_at).toISOString() : null,
    manageable: Boolean(s.stripe_customer_id),
  }));
}
