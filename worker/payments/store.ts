// The payments store: the refunds table (the one module that writes it; ./refunds.ts decides when to refund) and the payment
// rows refunds and receipts need: the payment intent to refund, the hosted receipt's URL.
import type { RefundRow } from "./refunds";

export async function refundByKey(db: D1Database, key: string): Promise<RefundRow | null> {
  return db.prepare("SELECT * FROM refunds WHERE key = ?").bind(key).first<RefundRow>();
}

export async function refundById(db: D1Database, id: string): Promise<RefundRow | null> {
  return db.prepare("SELECT * FROM refunds WHERE id = ?").bind(id).first<RefundRow>();
}

/** The payment intent that paid for an order, if any. */
export async function orderPaymentIntent(db: D1Database, orderId: string): Promise<string | null> {
  return (
    (await db.prepare("SELECT payment_intent_id FROM payments WHERE order_id = ? AND payment_intent_id IS NOT NULL").bind(orderId).first<{ payment_intent_id: string }>())?.payment_intent_id ?? null
  );
}

export interface NewRefund {
  id: string;
  key: string;
  orderId: string;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  reason: string;
  /** The operator's reason as typed, and the note the customer's e-mail quotes. */
  note?: string | null;
  customerNote?: string | null;
  /** What the refund takes back besides the money. */
  jobUnpublished?: boolean;
  creditsRemoved?: number;
  /** The posts the order paid for: with credits to remove, the refunds then may take back at most the posts they pay for. */
  posts?: number;
}

const extra = (r: NewRefund) => [r.note ?? null, r.customerNote ?? null, r.jobUnpublished ? 1 : 0, r.creditsRemoved ?? 0];

/**
 * A pending refund row, written only when it keeps the order's refunds (all but failed ones) within
 * `orderAmount`, so two concurrent partial refunds cannot exceed it, and, when it removes credits, when the
 * order's refunds then take back no more posts than they pay for (posts × refunded / amount, whole posts);
 * a repeated key is ignored.
 */
export function insertPendingRefundStatement(db: D1Database, r: NewRefund, orderAmount: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO refunds (id, key, order_id, payment_intent_id, amount, currency, reason, status, created_at, updated_at, note, customer_note, job_unpublished, credits_removed)
       SELECT ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ? WHERE ? + (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed') <= ?
         AND (? = 0 OR (? + (SELECT COALESCE(SUM(job_unpublished + credits_removed), 0) FROM refunds WHERE order_id = ? AND status <> 'failed')) * ?
               <= (? + (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed')) * ?)
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(
      r.id,
      r.key,
      r.orderId,
      r.paymentIntentId,
      r.amountCents,
      r.currency,
      r.reason,
      now,
      now,
      ...extra(r),
      r.amountCents,
      r.orderId,
      orderAmount,
      r.creditsRemoved ?? 0,
      (r.jobUnpublished ? 1 : 0) + (r.creditsRemoved ?? 0),
      r.orderId,
      orderAmount,
      r.amountCents,
      r.orderId,
      r.posts ?? 0,
    );
}

/** A refund made outside this app, recorded as succeeded (a repeated key is ignored). */
export function insertProviderRefundStatement(db: D1Database, r: NewRefund & { providerRefundId: string }, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO refunds (id, key, order_id, payment_intent_id, amount, currency, reason, status, provider_refund_id, created_at, updated_at, note, customer_note, job_unpublished, credits_removed)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'succeeded', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
    )
    .bind(r.id, r.key, r.orderId, r.paymentIntentId, r.amountCents, r.currency, r.reason, r.providerRefundId, now, now, ...extra(r));
}

export function markRefundSucceededStatement(db: D1Database, id: string, providerRefundId: string, now: number): D1PreparedStatement {
  return db.prepare("UPDATE refunds SET status = 'succeeded', provider_refund_id = ?, last_error = NULL, updated_at = ? WHERE id = ?").bind(providerRefundId, now, id);
}

/** Who is told about an order's refund, in which language, and the job it paid for. */
export async function refundRecipient(db: D1Database, orderId: string): Promise<{ email: string | null; name: string | null; locale: string | null; job_title: string | null } | null> {
  return db
    .prepare("SELECT a.email, a.name, a.locale, j.title AS job_title FROM orders o LEFT JOIN accounts a ON a.id = o.user_id LEFT JOIN jobs j ON j.id = o.job_id WHERE o.id = ?")
    .bind(orderId)
    .first();
}

/** What earlier refunds of an order took back: posts (a job unpublished counts one, each credit removed one). */
export async function postsTakenBack(db: D1Database, orderId: string): Promise<number> {
  const row = await db.prepare("SELECT COALESCE(SUM(job_unpublished + credits_removed), 0) AS n FROM refunds WHERE order_id = ? AND status <> 'failed'").bind(orderId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The provider's failure, unless the refund succeeded meanwhile. */
export async function markRefundFailed(db: D1Database, id: string, error: string, now: number): Promise<void> {
  await db.prepare("UPDATE refunds SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ? AND status <> 'succeeded'").bind(error.slice(0, 500), now, id).run();
}

/** The provider's confirmation of a refund this app made (its key came back in the event's metadata). */
export async function linkProviderRefund(db: D1Database, key: string, providerRefundId: string, now: number): Promise<void> {
  await db.prepare("UPDATE refunds SET provider_refund_id = COALESCE(provider_refund_id, ?), status = 'succeeded', updated_at = ? WHERE key = ?").bind(providerRefundId, now, key).run();
}

/** True when a provider refund is known, by its id or its `stripe:<id>` key. */
export async function providerRefundKnown(db: D1Database, providerRefundId: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM refunds WHERE provider_refund_id = ? OR key = ?").bind(providerRefundId, `stripe:${providerRefundId}`).first());
}

/** The SQL of refundRowGuard: holds only in the batch whose refund row (this id) was written. */
export const REFUND_ROW_EXISTS_SQL = "EXISTS (SELECT 1 FROM refunds WHERE id = ?)";

/** Cents refunded for an order so far (all but failed refunds). */
export async function refundedSoFar(db: D1Database, orderId: string, except?: string): Promise<number> {
  const row = await db
    .prepare(`SELECT COALESCE(SUM(amount), 0) AS n FROM refunds WHERE order_id = ? AND status <> 'failed'${except ? " AND id <> ?" : ""}`)
    .bind(orderId, ...(except ? [except] : []))
    .first<{ n: number }>();
  return row?.n ?? 0;
}
