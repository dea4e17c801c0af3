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
import {
  REFUND_ROW_EXISTS_SQL,
  insertPendingRefundStatement,
  insertProviderRefundStatement,
  linkProviderRefund,
  markRefundFailed,
  markRefundSucceeded,
  orderPaymentIntent,
  providerRefundKnown,
  refundById,
  refundByKey,
} from "./store";
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
  let row = await refundByKey(db, key);
  if (!row) {
    const paymentIntentId = req.paymentIntentId ?? (await orderPaymentIntent(db, req.order.id));
    if (!paymentIntentId) throw new RefundError("This order has no payment to refund");
    if (!Number.isInteger(req.amountCents) || req.amountCents <= 0) throw new RefundError("The refund amount must be a whole number of cents above 0");
    // The amount check is part of the insert, so two concurrent partial refunds cannot exceed the order.
    await db.batch([
      insertPendingRefundStatement(
        db,
        { id: req.id ?? crypto.randomUUID(), key, orderId: req.order.id, paymentIntentId, amountCents: req.amountCents, currency: req.order.currency, reason: req.reason },
        req.order.amount,
        now,
      ),
      ...(req.statements ?? []),
    ]);
    row = await refundByKey(db, key);
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
    await markRefundSucceeded(db, row.id, done.id, Date.now());
  } catch (e) {
    await markRefundFailed(db, row.id, String(e), Date.now());
    throw e;
  }
  return (await refundById(db, row.id))!;
}

/** Holds only in the batch whose refund row (this id) was written: a replayed or concurrent request's statements do nothing. */
export function refundRowGuard(refundId: string): Guard {
  return { sql: REFUND_ROW_EXISTS_SQL, params: [refundId] };
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
    await linkProviderRefund(db, refund.refundKey, refund.id, now);
    return;
  }
  if (await providerRefundKnown(db, refund.id)) return;
  const id = crypto.randomUUID();
  await db.batch([
    insertProviderRefundStatement(
      db,
      {
        id,
        key: `stripe:${refund.id}`,
        orderId: order.id,
        paymentIntentId: refund.paymentIntentId,
        amountCents: refund.amount,
        currency: order.currency,
        reason: "requested_by_customer",
        providerRefundId: refund.id,
      },
      now,
    ),
    ...undoPurchaseStatements(db, order, refundRowGuard(id), now),
  ]);
}
