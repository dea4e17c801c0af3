// Refunds: the one module that gives money back and writes the refunds table. A refund is recorded first
// (one row per key, so a replayed event or a doubled click finds the row and never refunds twice), then
// sent through the payment adapter with an idempotency key derived from that row, then marked with the
// provider's answer. Fulfilment calls it for payments that buy nothing (a superseded session paid after the
// posting was already paid for); the admin console calls it for manual refunds.
import type { OrderRow } from "../checkout/fulfil";
import { markOrderRefundedStatement } from "../checkout/fulfil";
import type { Guard } from "../checkout/guard";
import { revokeOrderCreditsStatement, unspentOrderCredits } from "../credits/ledger";
import { unpublishRefundedJobStatements } from "../jobs/store";
import type { Env } from "../env";
import { appOrigin } from "../lib/appUrl";
import { refundMailStatement } from "../mail/receipts";
import {
  REFUND_ROW_EXISTS_SQL,
  insertPendingRefundStatement,
  insertProviderRefundStatement,
  linkProviderRefund,
  markRefundFailed,
  markRefundSucceededStatement,
  orderPaymentIntent,
  providerRefundKnown,
  refundById,
  refundByKey,
} from "./store";
import type { NewRefund } from "./store";
import { refundedSoFar } from "./store";
import type { CreateRefund, PaymentProvider } from "./types";

type NewRefundRow = NewRefund & { providerRefundId: string };

/** Automatic refunds name why (superseded, already_paid, job_deleted, job_removed, account_deleted, spotlight_duplicate, rejected); an operator's carries the category they chose. */
export type RefundReason =
  | "superseded"
  | "already_paid"
  | "job_deleted"
  | "job_removed"
  | "account_deleted"
  | "spotlight_duplicate"
  | "rejected"
  | "requested_by_customer"
  | "goodwill"
  | "duplicate"
  | "fraudulent";

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
  note: string | null;
  customer_note: string | null;
  job_unpublished: number;
  credits_removed: number;
}

export class RefundError extends Error {}

const STRIPE_REASON: Record<RefundReason, CreateRefund["reason"]> = {
  superseded: "duplicate",
  already_paid: "duplicate",
  job_deleted: "requested_by_customer",
  job_removed: "requested_by_customer",
  account_deleted: "requested_by_customer",
  spotlight_duplicate: "duplicate",
  rejected: "requested_by_customer",
  goodwill: "requested_by_customer",
  duplicate: "duplicate",
  requested_by_customer: "requested_by_customer",
  fraudulent: "fraudulent",
};

/** The key of the one automatic refund an order can get. */
export const automaticRefundKey = (orderId: string) => `auto:${orderId}`;

/** What a refund takes back besides the money: the job off the board, and up to `credits` unspent credits. */
export interface TakeBack {
  job: boolean;
  credits: number;
}

export const MONEY_ONLY: TakeBack = { job: false, credits: 0 };

export class RefundKeyReused extends RefundError {
  constructor(readonly refund: RefundRow) {
    super("This refund key was already used for another amount");
  }
}

export interface RefundRequest {
  order: OrderRow;
  /** Cents; at most what was paid for the order minus what was already refunded. */
  amountCents: number;
  reason: RefundReason;
  /** The payment to refund; defaults to the order's recorded payment. */
  paymentIntentId?: string | null;
  /** Same key, same refund. Defaults to the order's automatic refund key. A key reused with another amount throws RefundKeyReused. */
  key?: string;
  /** What the refund takes back besides the money (money only when omitted); written in the refund row's batch. */
  takeBack?: TakeBack;
  /** The operator's reason as typed; the note the customer's e-mail quotes. */
  note?: string | null;
  customerNote?: string | null;
  /** Statements written in the same D1 batch as the refund row (e.g. the order's new status). */
  statements?: D1PreparedStatement[];
  /** The new row's id, so `statements` can be guarded on it (`refundRowGuard`): they then apply only for the request that wrote the row. */
  id?: string;
  /** The app's origin for the e-mail's links (APP_URL when omitted). */
  appUrl?: string;
  now?: number;
}

/**
 * Refunds (part of) an order's payment once per key: records it with what it takes back (one batch),
 * asks the provider, records the answer and, once it succeeded, queues the customer's refund e-mail
 * (once per refund). Throws RefundError for an impossible refund (nothing paid, too much, a key reused
 * with another amount); a provider failure is recorded on the row and rethrown, and calling again retries
 * it with the same idempotency key.
 */
export async function refundOrder(env: Env, provider: PaymentProvider, req: RefundRequest): Promise<RefundRow> {
  const db = env.DB;
  const now = req.now ?? Date.now();
  const key = req.key ?? automaticRefundKey(req.order.id);
  let row = await refundByKey(db, key);
  if (row && row.amount !== req.amountCents) throw new RefundKeyReused(row);
  if (!row) {
    const paymentIntentId = req.paymentIntentId ?? (await orderPaymentIntent(db, req.order.id));
    if (!paymentIntentId) throw new RefundError("This order has no payment to refund");
    if (!Number.isInteger(req.amountCents) || req.amountCents <= 0) throw new RefundError("The refund amount must be a whole number of cents above 0");
    const id = req.id ?? crypto.randomUUID();
    const takeBack = req.takeBack ?? MONEY_ONLY;
    const guard = refundRowGuard(id);
    // The amount check is part of the insert, so two concurrent partial refunds cannot exceed the order;
    // what it takes back is written only by the request whose row this is.
    await db.batch([
      insertPendingRefundStatement(
        db,
        {
          id,
          key,
          orderId: req.order.id,
          paymentIntentId,
          amountCents: req.amountCents,
          currency: req.order.currency,
          reason: req.reason,
          note: req.note,
          customerNote: req.customerNote,
          jobUnpublished: takeBack.job && req.order.kind === "job" && Boolean(req.order.job_id),
          creditsRemoved: takeBack.credits,
          posts: orderPosts(req.order),
        },
        req.order.amount,
        now,
      ),
      ...undoPurchaseStatements(db, req.order, guard, takeBack, now),
      ...(req.statements ?? []),
    ]);
    row = await refundByKey(db, key);
    if (!row && takeBack.credits > 0 && (await refundedSoFar(db, req.order.id)) + req.amountCents <= req.order.amount) {
      throw new RefundError("Another refund took back credits meanwhile: this refund would take back more posts than it pays for");
    }
    if (!row) throw new RefundError("The refund would exceed what was paid for this order");
    if (row.amount !== req.amountCents) throw new RefundKeyReused(row);
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
    const at = Date.now();
    // Succeeded, and the customer told, in one batch (the e-mail once per refund: its outbox key).
    await db.batch([markRefundSucceededStatement(db, row.id, done.id, at), await refundMailStatement(db, req.order, row, req.appUrl ?? appOrigin(env), at)]);
  } catch (e) {
    await markRefundFailed(db, row.id, String(e), Date.now());
    throw e;
  }
  return (await refundById(db, row.id))!;
}

/** The posts an order paid for: a job order's posts, a credit order's credits. */
export function orderPosts(order: Pick<OrderRow, "kind" | "items">): number {
  const items = JSON.parse(order.items) as { posts?: number; credits?: number };
  return order.kind === "job" ? (items.posts ?? 1) : order.kind === "credits" ? (items.credits ?? 1) : 0;
}

/** Holds only in the batch whose refund row (this id) was written: a replayed or concurrent request's statements do nothing. */
export function refundRowGuard(refundId: string): Guard {
  return { sql: REFUND_ROW_EXISTS_SQL, params: [refundId] };
}

/**
 * What a refund takes back, once, in the refund row's batch: the job order's job leaves the board when
 * `takeBack.job`, up to `takeBack.credits` unspent credits of the order leave its grant, and the order is
 * marked refunded once refunds cover it.
 */
export function undoPurchaseStatements(db: D1Database, order: Pick<OrderRow, "id" | "kind" | "job_id" | "amount">, guard: Guard, takeBack: TakeBack, now = Date.now()): D1PreparedStatement[] {
  return [
    ...(takeBack.job && order.kind === "job" && order.job_id ? unpublishRefundedJobStatements(db, order.job_id, guard, now) : []),
    ...(takeBack.credits > 0 ? [revokeOrderCreditsStatement(db, order.id, takeBack.credits, guard)] : []),
    markOrderRefundedStatement(db, order, guard, now),
  ];
}

/**
 * A refund made outside this app (Stripe Dashboard), learnt from `charge.refunded`: recorded once under
 * `stripe:<refund id>` as succeeded, and the customer told. One that covers the rest of the order takes back
 * what it paid for (the job, the unspent credits), as the console's default does; a partial one is money
 * only. A refund this app made itself carries its key in the metadata and is only linked to its row.
 */
export async function recordProviderRefund(env: Env, order: OrderRow, refund: { id: string; amount: number; paymentIntentId: string; refundKey?: string | null }, now = Date.now()): Promise<void> {
  const db = env.DB;
  if (refund.refundKey) {
    await linkProviderRefund(db, refund.refundKey, refund.id, now);
    return;
  }
  if (await providerRefundKnown(db, refund.id)) return;
  const id = crypto.randomUUID();
  const refunded = await refundedSoFar(db, order.id);
  const takeBack: TakeBack = refunded + refund.amount >= order.amount ? { job: true, credits: await unspentOrderCredits(db, order.id, now) } : MONEY_ONLY;
  const jobUnpublished = takeBack.job && order.kind === "job" && Boolean(order.job_id);
  const row: NewRefundRow = {
    id,
    key: `stripe:${refund.id}`,
    orderId: order.id,
    paymentIntentId: refund.paymentIntentId,
    amountCents: refund.amount,
    currency: order.currency,
    reason: "requested_by_customer",
    providerRefundId: refund.id,
    jobUnpublished,
    creditsRemoved: takeBack.credits,
  };
  await db.batch([
    insertProviderRefundStatement(db, row, now),
    ...undoPurchaseStatements(db, order, refundRowGuard(id), takeBack, now),
    await refundMailStatement(
      db,
      order,
      { id, amount: refund.amount, currency: order.currency, reason: "requested_by_customer", customer_note: null, job_unpublished: jobUnpublished ? 1 : 0, credits_removed: takeBack.credits },
      appOrigin(env),
      now,
      refundRowGuard(id),
    ),
  ]);
}
