// Refunds: the one module that gives money back and writes the refunds table. A refund is recorded first
// (one row per key, so a replayed event or a doubled click finds the row and never refunds twice), then
// sent through the payment adapter with an idempotency key derived from that row, then settled with the
// provider's answer (settleRefund, decision 0223): what it takes back is taken once the provider accepted it,
// the order reads refunded and the customer is told once the money went back (`succeeded`, at once or by a
// later event), and a refund the provider fails or cancels gives back what it took. Fulfilment calls it for
// payments that buy nothing (a superseded session paid after the posting was already paid for); the admin
// console calls it for manual refunds; the webhook settles what Stripe reports later.
import type { OrderRow } from "../checkout/fulfil";
import { markOrderRefundedStatement } from "../checkout/fulfil";
import type { Guard } from "../checkout/guard";
import { restoreOrderCreditsStatement, revokeOrderCreditsStatement, unspentOrderCredits } from "../credits/ledger";
import { refundedJobComesBack, restoreRefundedJobStatements, unpublishRefundedJobStatements } from "../jobs/store";
import { unmarkOrderRefundedStatement } from "../orders/store";
import type { Env } from "../env";
import { appOrigin } from "../lib/appUrl";
import { refundFailedMailStatement, refundMailStatement } from "../mail/receipts";
import { supportEmailOf } from "../rules/contact";
import {
  REFUND_APPLIED_SQL,
  REFUND_ROW_EXISTS_SQL,
  REFUND_SUCCEEDED_SQL,
  REFUND_TO_APPLY_SQL,
  insertPendingRefundStatement,
  insertProviderRefundStatement,
  markRefundAcceptedStatement,
  markRefundProviderFailedStatement,
  markRefundRefused,
  orderPaymentIntent,
  recordJobWasPublishedStatement,
  refundById,
  refundByKey,
  refundByProviderId,
  reviveRefusedRefundStatement,
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
  /** When what it takes back was taken (the provider accepted it); null before, after a refused request, or once given back. */
  applied_at: number | null;
  job_was_published: number | null;
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
  /** What the refund takes back besides the money (money only when omitted): recorded with the row, taken once the provider accepts it. */
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
 * Refunds (part of) an order's payment once per key: records it with what it would take back (one batch, which
 * reserves the amount and the posts), asks the provider, and settles the row with the answer (settleRefund): the
 * take-back happens once the provider accepted the refund, the e-mail once the money went back. Throws RefundError
 * for an impossible refund (nothing paid, too much, a key reused with another amount, one the provider failed); a
 * refused request is recorded on the row, takes nothing back and is rethrown, and calling again with the same key
 * asks again (the same idempotency key).
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
    // The amount check is part of the insert, so two concurrent partial refunds cannot exceed the order; what it
    // takes back is recorded (and counted against what the order's refunds pay for) but taken only once accepted.
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
      ...(req.statements ?? []),
    ]);
    row = await refundByKey(db, key);
    if (!row && takeBack.credits > 0 && (await refundedSoFar(db, req.order.id)) + req.amountCents <= req.order.amount) {
      throw new RefundError("Another refund took back credits meanwhile: this refund would take back more posts than it pays for");
    }
    if (!row) throw new RefundError("The refund would exceed what was paid for this order");
    if (row.amount !== req.amountCents) throw new RefundKeyReused(row);
  }
  // Accepted already (succeeded, or pending with the provider): the provider's events settle it from here.
  if (row.status === "succeeded" || (row.status === "pending" && row.provider_refund_id)) return row;
  if (row.status === "failed") {
    if (row.provider_refund_id) throw new RefundError("The payment provider failed this refund; refund the order again with a new key");
    // A refused request asked again: it reserves its amount and posts again, as a new row would.
    const revived = await reviveRefusedRefundStatement(db, row.id, row.order_id, row.amount, row.job_unpublished + row.credits_removed, req.order.amount, orderPosts(req.order), now).run();
    if (!revived.meta.changes && (await refundById(db, row.id))?.status === "failed") throw new RefundError("The refund would exceed what was paid for this order");
    row = (await refundById(db, row.id))!;
    if (row.status === "succeeded" || row.provider_refund_id) return row;
  }
  let done: { id: string; status: string };
  try {
    done = await provider.refund({
      paymentIntentId: row.payment_intent_id,
      amountCents: row.amount,
      reason: STRIPE_REASON[row.reason] ?? "requested_by_customer",
      idempotencyKey: `refund:${row.key}`,
      metadata: { orderId: row.order_id, reason: row.reason, refundKey: row.key },
    });
  } catch (e) {
    // Refused: nothing was taken back, and the row says why.
    await markRefundRefused(db, row.id, String(e), Date.now());
    throw e;
  }
  await settleRefund(env, req.order, row, { id: done.id, status: done.status }, req.appUrl ?? appOrigin(env));
  return (await refundById(db, row.id))!;
}

/** What the provider says of a refund: its id, its status (Stripe's pending, requires_action, succeeded, failed, canceled) and why it failed. */
export interface ProviderAnswer {
  id: string;
  status: string | null;
  failureReason?: string | null;
}

/** A provider status as this app records it: money back, on its way, or not given back. */
export function refundOutcome(status: string | null): "succeeded" | "pending" | "failed" {
  if (status === "succeeded" || status === null) return "succeeded"; // an older API version's charge lists refunds without a status only once they are made
  return status === "failed" || status === "canceled" ? "failed" : "pending";
}

/**
 * Moves a refund row to what the provider says, once however often it is said and in any order (every statement is
 * guarded on the row's state; the webhook re-reads the refund from the provider, so a stale event changes nothing):
 * - accepted (pending or succeeded): what it takes back is taken, once (REFUND_TO_APPLY_SQL);
 * - succeeded: the order reads refunded once its succeeded refunds cover it, and the customer is told, once (its outbox key);
 * - failed or canceled: recorded failed with why, and what it took back given back (REFUND_APPLIED_SQL): the job
 *   back on the board if it was, the credits back on the grant, the order paid again; the customer is told, once, when it
 *   had been accepted (refundFailedMailStatement, decision 0224).
 */
export async function settleRefund(env: Env, order: OrderRow, row: RefundRow, answer: ProviderAnswer, appUrl: string = appOrigin(env), now = Date.now()): Promise<void> {
  const db = env.DB;
  const outcome = refundOutcome(answer.status);
  if (outcome === "failed") {
    const applied: Guard = { sql: REFUND_APPLIED_SQL, params: [row.id] };
    const job = row.job_unpublished === 1 && order.job_id ? order.job_id : null;
    // The customer is told, once, of a refund they may have heard of (it was accepted: pending, or succeeded with its
    // e-mail): first in the batch, under the same guard as what is given back (decision 0224). One failed at once is not.
    const told = await refundFailedMailStatement(
      db,
      order,
      row,
      { jobBack: job ? await refundedJobComesBack(db, job, row.id, now) : false, failureReason: answer.failureReason ?? null, supportEmail: supportEmailOf(env) },
      appUrl,
      now,
      applied,
    );
    await db.batch([
      told,
      ...(row.job_unpublished === 1 && order.job_id ? restoreRefundedJobStatements(db, order.job_id, row.id, applied, now) : []),
      ...(row.credits_removed > 0 ? [restoreOrderCreditsStatement(db, order.id, row.credits_removed, applied)] : []),
      markRefundProviderFailedStatement(db, row.id, answer.id, `Stripe: ${answer.status}${answer.failureReason ? ` (${answer.failureReason})` : ""}`, now),
      unmarkOrderRefundedStatement(db, order, now),
    ]);
    return;
  }
  const toApply: Guard = { sql: REFUND_TO_APPLY_SQL, params: [row.id] };
  const succeeded: Guard = { sql: REFUND_SUCCEEDED_SQL, params: [row.id] };
  await db.batch([
    ...takeBackStatements(db, order, row, toApply, now),
    markRefundAcceptedStatement(db, row.id, answer.id, outcome, now),
    ...(outcome === "succeeded" ? [markOrderRefundedStatement(db, order, succeeded, now), await refundMailStatement(db, order, row, appUrl, now, succeeded)] : []),
  ]);
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
 * What a refund takes back besides the money (the job order's job off the board, with whether it was on it; up to
 * `credits_removed` unspent credits of the order's grant), once the provider accepted it: only when `guard` holds.
 */
function takeBackStatements(
  db: D1Database,
  order: Pick<OrderRow, "id" | "kind" | "job_id">,
  row: Pick<RefundRow, "id" | "job_unpublished" | "credits_removed">,
  guard: Guard,
  now: number,
): D1PreparedStatement[] {
  const job = row.job_unpublished === 1 && order.kind === "job" && order.job_id ? order.job_id : null;
  return [
    ...(job ? [recordJobWasPublishedStatement(db, row.id, job, guard), ...unpublishRefundedJobStatements(db, job, guard, now)] : []),
    ...(row.credits_removed > 0 ? [revokeOrderCreditsStatement(db, order.id, row.credits_removed, guard)] : []),
  ];
}

/**
 * A refund Stripe reports (`charge.refunded`, `refund.*`, `charge.refund.updated`), settled with its status. One this
 * app made carries its key in the metadata and is found by it. One made outside the app (the Stripe Dashboard) is
 * recorded once under `stripe:<refund id>`: one that covers the rest of the order takes back what it paid for (the
 * job, the unspent credits), as the console's default does; a partial one is money only.
 */
export async function recordProviderRefund(
  env: Env,
  order: OrderRow,
  refund: ProviderAnswer & { amount: number; paymentIntentId: string; refundKey?: string | null },
  now = Date.now(),
): Promise<void> {
  const db = env.DB;
  let row = (refund.refundKey ? await refundByKey(db, refund.refundKey) : null) ?? (await refundByProviderId(db, refund.id));
  if (!row) {
    if (refund.refundKey) return; // made by this app for a key it has no row of (another deployment on the same account)
    const refunded = await refundedSoFar(db, order.id);
    const takeBack: TakeBack =
      refundOutcome(refund.status) !== "failed" && refunded + refund.amount >= order.amount ? { job: true, credits: await unspentOrderCredits(db, order.id, now) } : MONEY_ONLY;
    const row: NewRefundRow = {
      id: crypto.randomUUID(),
      key: `stripe:${refund.id}`,
      orderId: order.id,
      paymentIntentId: refund.paymentIntentId,
      amountCents: refund.amount,
      currency: order.currency,
      reason: "requested_by_customer",
      providerRefundId: refund.id,
      jobUnpublished: takeBack.job && order.kind === "job" && Boolean(order.job_id),
      creditsRemoved: takeBack.credits,
    };
    await insertProviderRefundStatement(db, row, now).run();
  }
  row ??= await refundByKey(db, `stripe:${refund.id}`);
  if (row) await settleRefund(env, order, row, refund, appOrigin(env), now);
}
