// Refunds: the one module that gives money back and writes the refunds table. A refund is recorded first
// (one row per key, so a replayed event or a doubled click finds the row and never refunds twice), then
// sent through the payment adapter with an idempotency key derived from that row, then marked with the
// provider's answer. Fulfilment calls it for payments that buy nothing (a superseded session paid after the
// posting was already paid for); the admin console calls it for manual refunds.
import type { OrderRow } from "../checkout/fulfil";
import { markOrderRefundedStatement } from "../checkout/fulfil";
import type { Guard } from "../checkout/guard";
import { revokeOrderCreditsStatement } from "../credits/ledger";
import { unpublishRefundedJobStatements } from "../jobs/store";
import type { Env } from "../env";
import type { CreateRefund, PaymentProvider } from "./types";

export type RefundReason = "superseded" | "already_paid" | "job_deleted" | "requested_by_customer" | "duplicate" | "fraudulent";

export interface RefundRow {
  id: string;
  key: string;
  order_id: string;
  payment_intent_id: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  status: "pending" | "succeeded" | "failed";
  provider_refund_id: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export class RefundError extends Error {}

const STRIPE_REASON: Record<RefundReason, CreateRefund["reason"]> = {
  superseded: "duplicate",
  already_paid: "duplicate",
  job_deleted: "requested_by_customer",
  duplicate: "duplicate",
  requested_by_customer: "requested_by_customer",
  fraudulent: "fraudulent",
};

/** The key of the one automatic refund an order can get. */
export const automaticRefundKey = (orderId: string) => `auto:${orderId}`;

export interface RefundRequest {
  order: Pick<OrderRow, "id" | "amount" | "currency">;
  /** Cents; at most what was paid for the order minus what was already refunded. */
  amountCents: number;
  reason: RefundReason;
  /** The payment to refund; defaults to the order's recorded payment. */
  paymentIntentId?: string | null;
  /** Same key, same refund. Defaults to the order's automatic refund key. */
  key?: string;
  /** Statements written in the same D1 batch as the refund row (e.g. the order's new status). */
  statements?: D1PreparedStatement[];
  /** The new row's id, so `statements` can be guarded on it (`refundRowGuard`): they then apply only for the request that wrote the row. */
  id?: string;
  now?: number;
}

/**
 * Refunds (part of) an order's payment once per key: records it, asks the provider, records the answer.
 * Throws RefundError for an impossible refund (nothing paid, too much); a provider failure is recorded
 * on the row and rethrown, and calling again retries it with the same idempotency key.
 */
export async function refundOrder(env: Env, provider: PaymentProvider, req: RefundRequest): Promise<RefundRow> {
  const db = env.DB;
  const now = req.now ?? Date.now();
  const key = req.key ?? automaticRefundKey(req.order.id);
  let row = await db.prepare("SELECT * FROM refunds WHERE key = ?").bind(key).first<RefundRow>();
  if (!row) {
    const paymentIntentId =
      req.paymentIntentId ?? (await db.prepare("SELECT payment_intent_id FROM payments WHERE order_id = ? AND payment_intent_id IS NOT NULL").bind(req.order.id).first<{ payment_intent_id: string }>())?.payment_intent_id;
    if (!paymentIntentId) throw new RefundError("This order has no payment to refund");
    if (!Number.isInteger(req.amountCents) || req.amountCents <= 0) throw new RefundError("The refund amount must be a whole number of cents above 0");
    // The amount check is part of the insert, so two concurrent partial refunds cannot exceed the order.
    await db.batch([
      db
        .prepare(
          `INSERT INTO refunds (id, key, order_id, payment_intent_id, amount, currency, reason, status, created_at, updated_at)
           SELECT ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ? WHERE ? + (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed') <= ?
           ON CONFLICT (key) DO NOTHING`,
        )
        .bind(req.id ?? crypto.randomUUID(), key, req.order.id, paymentIntentId, req.amountCents, req.order.currency, req.reason, now, now, req.amountCents, req.order.id, req.order.amount),
      ...(req.statements ?? []),
    ]);
    row = await db.prepare("SELECT * FROM refunds WHERE key = ?").bind(key).first<RefundRow>();
    if (!row) throw new RefundError("The refund would exceed what was paid for this order");
  }
  if (row.status === "succeeded") return row;
  try {
    const done = await provider.refund({
      paymentIntentId: row.payment_intent_id,
      amountCents: row.amount,
      reason: STRIPE_REASON[row.reason] ?? "requested_by_customer",
      idempotencyKey: `refund:${row.key}`,
      metadata: { orderId: row.order_id, reason: row.reason, refundKey: row.key },
    });
    await db.prepare("UPDATE refunds SET status = 'succeeded', provider_refund_id = ?, last_error = NULL, updated_at = ? WHERE id = ?").bind(done.id, Date.now(), row.id).run();
  } catch (e) {
    await db.prepare("UPDATE refunds SET status = 'failed', last_error = ?, updated_at = ? WHERE id = ? AND status <> 'succeeded'").bind(String(e).slice(0, 500), Date.now(), row.id).run();
    throw e;
  }
  return (await db.prepare("SELECT * FROM refunds WHERE id = ?").bind(row.id).first<RefundRow>())!;
}

/** Holds only in the batch whose refund row (this id) was written: a replayed or concurrent request's statements do nothing. */
export function refundRowGuard(refundId: string): Guard {
  return { sql: "EXISTS (SELECT 1 FROM refunds WHERE id = ?)", params: [refundId] };
}

/**
 * What a refund takes back, once, in the refund row's batch: a job order's job leaves the board, every
 * grant of the order loses its unspent credits, and the order is marked refunded once refunds cover it.
 */
export function undoPurchaseStatements(db: D1Database, order: Pick<OrderRow, "id" | "kind" | "job_id" | "amount">, guard: Guard, now = Date.now()): D1PreparedStatement[] {
  return [
    ...(order.kind === "job" && order.job_id ? unpublishRefundedJobStatements(db, order.job_id, guard, now) : []),
    revokeOrderCreditsStatement(db, order.id, guard),
    markOrderRefundedStatement(db, order, guard, now),
  ];
}

/**
 * A refund made outside this app (Stripe Dashboard), learnt from `charge.refunded`: recorded once under
 * `stripe:<refund id>` as succeeded, and what was bought is taken back in the same batch. A refund this
 * app made itself carries its key in the metadata and is only linked to its row.
 */
export async function recordProviderRefund(
  env: Env,
  order: Pick<OrderRow, "id" | "kind" | "job_id" | "amount" | "currency">,
  refund: { id: string; amount: number; paymentIntentId: string; refundKey?: string | null },
  now = Date.now(),
): Promise<void> {
  const db = env.DB;
  if (refund.refundKey) {
    await db.prepare("UPDATE refunds SET provider_refund_id = COALESCE(provider_refund_id, ?), status = 'succeeded', updated_at = ? WHERE key = ?").bind(refund.id, now, refund.refundKey).run();
    return;
  }
  const known = await db.prepare("SELECT 1 FROM refunds WHERE provider_refund_id = ? OR key = ?").bind(refund.id, `stripe:${refund.id}`).first();
  if (known) return;
  const id = crypto.randomUUID();
  await db.batch([
    db
      .prepare(
        `INSERT INTO refunds (id, key, order_id, payment_intent_id, amount, currency, reason, status, provider_refund_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'requested_by_customer', 'succeeded', ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
      )
      .bind(id, `stripe:${refund.id}`, order.id, refund.paymentIntentId, refund.amount, order.currency, refund.id, now, now),
    ...undoPurchaseStatements(db, order, refundRowGuard(id), now),
  ]);
}
