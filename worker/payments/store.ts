// The payments store: the refunds table (the one module that writes it; ./refunds.ts decides when to refund) and the payment
// rows refunds and receipts need: the payment intent to refund, the hosted receipt's URL.
import type { Guard } from "../checkout/guard";
import type { RefundRow } from "./refunds";

export async function refundByKey(db: D1Database, key: string): Promise<RefundRow | null> {
  return db.prepare("SELECT * FROM refunds WHERE key = ?").bind(key).first<RefundRow>();
}

export async function refundById(db: D1Database, id: string): Promise<RefundRow | null> {
  return db.prepare("SELECT * FROM refunds WHERE id = ?").bind(id).first<RefundRow>();
}

/** The payment intent that paid for an order, if any. */
/** Why a payment was given back automatically (the reason of its refund, by its key: refunds.ts automaticRefundKey), for the success page; null when it was not. */
export async function automaticRefundReason(db: D1Database, key: string): Promise<string | null> {
  const row = await db.prepare("SELECT reason FROM refunds WHERE key = ? AND status <> 'failed'").bind(key).first<{ reason: string }>();
  return row?.reason ?? null;
}

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

/** A refund made outside this app (the Stripe Dashboard), recorded pending with its provider id: settling it with the provider's status takes back what it chose (a repeated key is ignored). */
export function insertProviderRefundStatement(db: D1Database, r: NewRefund & { providerRefundId: string }, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO refunds (id, key, order_id, payment_intent_id, amount, currency, reason, status, provider_refund_id, created_at, updated_at, note, customer_note, job_unpublished, credits_removed)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
    )
    .bind(r.id, r.key, r.orderId, r.paymentIntentId, r.amountCents, r.currency, r.reason, r.providerRefundId, now, now, ...extra(r));
}

/**
 * A refund request the provider refused, asked again (the same key): pending again, under the same checks as a new row
 * (the order's other refunds leave room for its amount and for what it takes back). A refund the provider failed after
 * accepting it (it has a provider id) stays failed: a new refund needs a new key.
 */
export function reviveRefusedRefundStatement(
  db: D1Database,
  id: string,
  orderId: string,
  amountCents: number,
  takesBackPosts: number,
  orderAmount: number,
  posts: number,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE refunds SET status = 'pending', last_error = NULL, updated_at = ?
       WHERE id = ? AND status = 'failed' AND provider_refund_id IS NULL
         AND ? + (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed') <= ?
         AND (? = 0 OR (? + (SELECT COALESCE(SUM(job_unpublished + credits_removed), 0) FROM refunds WHERE order_id = ? AND status <> 'failed')) * ?
               <= (? + (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed')) * ?)`,
    )
    .bind(now, id, amountCents, orderId, orderAmount, takesBackPosts, takesBackPosts, orderId, orderAmount, amountCents, orderId, posts);
}

/**
 * The provider accepted the refund (`succeeded`, or `pending` while the money is on its way): its id is kept, its
 * take-back marked taken, and it reads succeeded once the provider says so. Never for one the provider failed.
 */
export function markRefundAcceptedStatement(db: D1Database, id: string, providerRefundId: string, status: "pending" | "succeeded", now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE refunds SET status = CASE WHEN ?1 = 'succeeded' OR status = 'succeeded' THEN 'succeeded' ELSE 'pending' END, provider_refund_id = COALESCE(provider_refund_id, ?2),
         applied_at = COALESCE(applied_at, ?3), last_error = NULL, updated_at = ?3
       WHERE id = ?4 AND (status <> 'failed' OR provider_refund_id IS NULL)`,
    )
    .bind(status, providerRefundId, now, id);
}

/** The provider failed or canceled the refund: failed for good, with why, and its take-back given back (applied_at cleared). */
export function markRefundProviderFailedStatement(db: D1Database, id: string, providerRefundId: string, error: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE refunds SET status = 'failed', provider_refund_id = COALESCE(provider_refund_id, ?), applied_at = NULL, last_error = ?, updated_at = ?
       WHERE id = ? AND NOT (status = 'failed' AND provider_refund_id IS NOT NULL)`,
    )
    .bind(providerRefundId, error.slice(0, 500), now, id);
}

/** Whether the job a refund takes down is on the board now (giving the take-back back republishes only a live one); under `guard`. */
export function recordJobWasPublishedStatement(db: D1Database, id: string, jobId: string, guard: Guard): D1PreparedStatement {
  return db.prepare(`UPDATE refunds SET job_was_published = (SELECT published FROM jobs WHERE id = ?) WHERE id = ? AND ${guard.sql}`).bind(jobId, id, ...guard.params);
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

/** A refund request the provider refused (an error answer): failed, with the error, unless the provider accepted it meanwhile (its event came first). */
export async function markRefundRefused(db: D1Database, id: string, error: string, now: number): Promise<void> {
  await db.prepare("UPDATE refunds SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ? AND status = 'pending' AND provider_refund_id IS NULL").bind(error.slice(0, 500), now, id).run();
}

/** A provider refund's row, by its provider id or its `stripe:<id>` key. */
export async function refundByProviderId(db: D1Database, providerRefundId: string): Promise<RefundRow | null> {
  return db.prepare("SELECT * FROM refunds WHERE provider_refund_id = ? OR key = ?").bind(providerRefundId, `stripe:${providerRefundId}`).first<RefundRow>();
}

/** The SQL of refundRowGuard: holds only in the batch whose refund row (this id) was written. */
export const REFUND_ROW_EXISTS_SQL = "EXISTS (SELECT 1 FROM refunds WHERE id = ?)";

/** Holds while a refund's take-back is still to be taken: not taken yet, and the provider has not failed it. */
export const REFUND_TO_APPLY_SQL = "EXISTS (SELECT 1 FROM refunds WHERE id = ? AND applied_at IS NULL AND (status <> 'failed' OR provider_refund_id IS NULL))";

/** Holds while a refund's take-back is taken and not given back. */
export const REFUND_APPLIED_SQL = "EXISTS (SELECT 1 FROM refunds WHERE id = ? AND applied_at IS NOT NULL AND status <> 'failed')";

/** Holds once the refund succeeded: the money went back. */
export const REFUND_SUCCEEDED_SQL = "EXISTS (SELECT 1 FROM refunds WHERE id = ? AND status = 'succeeded')";

/** Cents an order's succeeded refunds gave back (the money that went back; pending ones are still on their way). */
export async function succeededRefunds(db: D1Database, orderId: string, except?: string): Promise<number> {
  const row = await db
    .prepare(`SELECT COALESCE(SUM(amount), 0) AS n FROM refunds WHERE order_id = ? AND status = 'succeeded'${except ? " AND id <> ?" : ""}`)
    .bind(orderId, ...(except ? [except] : []))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Cents refunded for an order so far, or on their way (all but failed refunds). */
export async function refundedSoFar(db: D1Database, orderId: string, except?: string): Promise<number> {
  const row = await db
    .prepare(`SELECT COALESCE(SUM(amount), 0) AS n FROM refunds WHERE order_id = ? AND status <> 'failed'${except ? " AND id <> ?" : ""}`)
    .bind(orderId, ...(except ? [except] : []))
    .first<{ n: number }>();
  return row?.n ?? 0;
}
