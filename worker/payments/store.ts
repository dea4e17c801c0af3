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
}

/**
 * A pending refund row, written only when it keeps the order's refunds (all but failed ones) within
 * `orderAmount`, so two concurrent partial refunds cannot exceed it; a repeated key is ignored.
 */
export function insertPendingRefundStatement(db: D1Database, r: NewRefund, orderAmount: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO refunds (id, key, order_id, payment_intent_id, amount, currency, reason, status, created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ? WHERE ? + (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed') <= ?
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(r.id, r.key, r.orderId, r.paymentIntentId, r.amountCents, r.currency, r.reason, now, now, r.amountCents, r.orderId, orderAmount);
}

/** A refund made outside this app, recorded as succeeded (a repeated key is ignored). */
export function insertProviderRefundStatement(db: D1Database, r: NewRefund & { providerRefundId: string }, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO refunds (id, key, order_id, payment_intent_id, amount, currency, reason, status, provider_refund_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'succeeded', ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
    )
    .bind(r.id, r.key, r.orderId, r.paymentIntentId, r.amountCents, r.currency, r.reason, r.providerRefundId, now, now);
}

export async function markRefundSucceeded(db: D1Database, id: string, providerRefundId: string, now: number): Promise<void> {
  await db.prepare("UPDATE refunds SET status = 'succeeded', provider_refund_id = ?, last_error = NULL, updated_at = ? WHERE id = ?").bind(providerRefundId, now, id).run();
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
