// Fulfilment: one idempotent function keyed by the checkout session id, called by the webhook and by
// the success page's verification. It checks amount and currency against the order, then in ONE D1
// batch: claims the order, publishes the job (worker/jobs/publish.ts) with exactly what the order bought
// (its own items, never what the job row holds now), records the payment, turns extra posts into credits carrying the order's
// plan and enhancements, marks duplicates and queues the confirmation e-mail. With MODERATION=on the
// job waits for review instead of going live (worker/jobs/review.ts). Doubled, replayed or
// concurrent calls change nothing after the first. The first paid order of a posting wins; a payment
// for another order of the same posting (a superseded session) buys nothing and is refunded, as does a payment
// that arrives after its account was deleted.
import type { Env } from "../env";
import { publishState } from "../jobs/review";
import { grantStatement } from "../credits/ledger";
import { creditReceiptStatements, spotlightFirstReceiptStatements } from "../mail/receipts";
import { orderTokenGuard } from "./guard";
import { publishJob } from "../jobs/publish";
import { jobForFulfilment, jobExists, jobTakenDown } from "../jobs/store";
import { accountDeleted } from "../auth/store";
import type { CheckoutSessionInfo } from "../payments/types";
import { activateFromCheckout } from "../spotlight/subscription";
import { creditBundleContents } from "../rules/pricing";
import type { CreditContents } from "../rules/pricing";
import type { Enhancement, Plan } from "../rules/lists";
import { paymentProvider } from "../payments/provider";
import { automaticRefundKey, refundOrder } from "../payments/refunds";
import type { RefundReason } from "../payments/refunds";
import { log, logError } from "../lib/log";
import {
  claimOrderStatement,
  markAwaitingPayment,
  markMismatch,
  markOrderUnpaidStatement,
  openJobOrders,
  orderById,
  orderBySession,
  orderWithoutSession,
  recordPaymentStatement,
  refundUnfulfilledStatement,
} from "../orders/store";
import type { OrderItems, OrderRow } from "../orders/store";

// The order types and the refunded-order statement live in the orders store; re-exported for their importers.
export type { OrderItems, OrderRow } from "../orders/store";
export { markOrderRefundedStatement } from "../orders/store";

export type FulfilStatus = "paid" | "pending" | "failed" | "expired" | "mismatch" | "refunded" | "unknown";

export interface FulfilResult {
  status: FulfilStatus;
  order: OrderRow | null;
  /** True only for the one call that did the work. */
  fulfilledNow: boolean;
}

export async function findOrder(db: D1Database, session: Pick<CheckoutSessionInfo, "id" | "metadata">): Promise<OrderRow | null> {
  const bySession = await orderBySession(db, session.id);
  if (bySession) return bySession;
  const orderId = session.metadata.orderId;
  return orderId ? orderWithoutSession(db, orderId) : null;
}

export async function fulfilCheckoutSession(env: Env, session: CheckoutSessionInfo, appUrl: string, now = Date.now()): Promise<FulfilResult> {
  const db = env.DB;
  const order = await findOrder(db, session);
  if (!order) return { status: "unknown", order: null, fulfilledNow: false };
  if (order.fulfilled_at) return { status: "paid", order, fulfilledNow: false };
  if (order.status === "refunded") {
    if (session.paymentStatus === "paid") await refundUnneededPayment(env, order, session, appUrl, now); // retries a failed provider call
    return { status: "refunded", order, fulfilledNow: false };
  }
  if (order.status === "failed" || order.status === "expired" || order.status === "mismatch") {
    if (session.paymentStatus !== "paid") return { status: order.status as FulfilStatus, order, fulfilledNow: false };
  }
  if (session.paymentStatus !== "paid") {
    if (session.status === "complete") {
      await markAwaitingPayment(db, order.id, now);
    }
    return { status: session.status === "expired" ? "expired" : "pending", order, fulfilledNow: false };
  }
  if (session.amountTotal !== order.amount || (session.currency ?? "").toLowerCase() !== order.currency.toLowerCase()) {
    log("error", "checkout.amount_mismatch", { orderId: order.id, expected: [order.amount, order.currency], got: [session.amountTotal, session.currency] });
    await markMismatch(db, order.id, now);
    return { status: "mismatch", order, fulfilledNow: false };
  }

  if (await accountDeleted(db, order.user_id)) {
    // The account was deleted before this payment arrived (a tab left open at the payment page): nothing is delivered.
    await refundForDeletedAccount(env, order, session, appUrl, now);
    return { status: "refunded", order: await orderById(db, order.id), fulfilledNow: false };
  }

  if (order.kind === "job" && order.job_id && !(await jobExists(db, order.job_id))) {
    // The owner deleted the unpaid job before this payment arrived: there is nothing to publish.
    await refundUnneededPayment(env, order, session, appUrl, now, "job_deleted");
    return { status: "refunded", order: await orderById(db, order.id), fulfilledNow: false };
  }
  if (order.kind === "job" && order.job_id && (await jobTakenDown(db, order.job_id))) {
    // The board took the unpaid job down (an operator, or its account disabled): the takedown holds, and only an
    // operator lifts it; this payment buys nothing.
    await refundUnneededPayment(env, order, session, appUrl, now, "job_removed");
    return { status: "refunded", order: await orderById(db, order.id), fulfilledNow: false };
  }

  const token = crypto.randomUUID();
  const guard = orderTokenGuard(order.id, token);
  const items = JSON.parse(order.items) as OrderItems;
  const statements: D1PreparedStatement[] = [
    claimOrderStatement(db, order, session.id, token, now),
    recordPaymentStatement(db, { orderId: order.id, sessionId: session.id, paymentIntentId: session.paymentIntentId, amountCents: session.amountTotal, currency: order.currency }, now, guard),
  ];

  let published: (() => Promise<void>) | null = null;
  if (order.kind === "job" && order.job_id) {
    const job = await jobForFulfilment(db, order.job_id);
    if (job) {
      // Exactly what this order bought, from its own items.
      // Live now, or waiting for an operator's review with MODERATION=on (worker/jobs/review.ts).
      const publish = publishState(env, now);
      const bought: CreditContents = { plan: items.plan === "premium" ? "premium" : ("standard" as Plan), enhancements: (items.enhancements ?? []) as Enhancement[] };
      const publishing = await publishJob(
        env,
        {
          via: "payment",
          job: { id: job.id, title: job.title, company: job.company, email: job.email, dedupeKey: job.dedupe_key },
          userId: order.user_id,
          publish,
          bought,
          receipt: { order, items, session, appUrl, guard, now },
        },
        now,
      );
      statements.push(...publishing.statements);
      published = publishing.published;
      const extra = (items.posts ?? 1) - 1;
      if (extra > 0) {
        statements.push(
          grantStatement(
            db,
            {
              userId: order.user_id,
              bundle: items.bundleId ?? "individual",
              kind: items.bundleId ? "bundle" : "individual",
              posts: extra,
              contents: bought,
              amountPaidCents: 0,
              paymentIntentId: session.paymentIntentId,
              orderId: order.id,
            },
            guard,
            now,
          ),
        );
      }
    }
  } else if (order.kind === "credits") {
    const credits = items.credits ?? 1;
    statements.push(
      grantStatement(
        db,
        {
          userId: order.user_id,
          bundle: items.bundleId ?? "custom",
          kind: "bundle",
          posts: credits,
          contents: creditBundleContents(items.bundleId),
          amountPaidCents: order.amount,
          paymentIntentId: session.paymentIntentId,
          orderId: order.id,
        },
        guard,
        now,
      ),
    );
    statements.push(...creditReceiptStatements(db, { order, items, session, appUrl, guard, now }));
  } else if (order.kind === "spotlight") {
    // The subscription's first payment has its receipt, as each renewal will (worker/spotlight/renewals.ts).
    statements.push(...spotlightFirstReceiptStatements(db, { order, items, session, appUrl, guard, now }));
  }

  await db.batch(statements);
  const after = await orderById(db, order.id);
  const fulfilledNow = after?.fulfilment_token === token;
  if (after && !after.fulfilled_at && (await accountDeleted(db, order.user_id))) {
    // Deleted while this payment was being fulfilled: the claim refused it.
    await refundForDeletedAccount(env, after, session, appUrl, now);
    return { status: "refunded", order: await orderById(db, order.id), fulfilledNow: false };
  }
  if (after && !after.fulfilled_at && order.kind === "job") {
    // Not claimed: another order of this posting was paid first, or the board took the job down meanwhile. This payment
    // buys nothing: refund it.
    const held = order.job_id !== null && (await jobTakenDown(db, order.job_id));
    await refundUnneededPayment(env, after, session, appUrl, now, held ? "job_removed" : "already_paid");
    return { status: "refunded", order: await orderById(db, order.id), fulfilledNow: false };
  }
  if (after && !after.fulfilled_at && order.kind === "spotlight") {
    // Not claimed: the account already has a Spotlight subscription (a superseded checkout paid late, or two
    // tabs). This one is ended at once and its payment refunded, with the refund e-mail.
    if (session.subscriptionId) await paymentProvider(env, appUrl).cancelSubscription(session.subscriptionId, "now");
    await refundUnneededPayment(env, after, session, appUrl, now, "spotlight_duplicate");
    return { status: "refunded", order: await orderById(db, order.id), fulfilledNow: false };
  }
  if (fulfilledNow && published) await published();
  if (fulfilledNow && order.kind === "job" && order.job_id) await cancelOvertakenTransfers(env, order.job_id, appUrl, now);
  // Spotlight (subscription mode): the subscription the checkout made, re-read and activated idempotently.
  if (order.kind === "spotlight" && after?.fulfilled_at) await activateFromCheckout(env, session, order, appUrl, now);
  return { status: "paid", order: after, fulfilledNow };
}

/**
 * The posting is paid: a bank transfer still under way for another of its orders is cancelled, so it never
 * settles. One that can no longer be cancelled is refunded when it settles (fulfilment finds the posting
 * paid), and the customer is told then.
 */
async function cancelOvertakenTransfers(env: Env, jobId: string, appUrl: string, now: number): Promise<void> {
  const waiting = (await openJobOrders(env.DB, jobId, ["awaiting_payment"])).filter((o) => o.checkout_session_id);
  if (!waiting.length) return;
  const provider = paymentProvider(env, appUrl);
  for (const o of waiting) {
    const cancelled = await provider.cancelPendingPayment(o.checkout_session_id!).catch((e: unknown) => {
      logError("checkout.cancel_transfer_failed", e, { orderId: o.id });
      return false;
    });
    if (cancelled) await env.DB.batch([markOrderUnpaidStatement(env.DB, o.id, "expired", now)]);
  }
}

/** A payment for a deleted account's order: a subscription it made is ended at once, and the payment refunded. */
async function refundForDeletedAccount(env: Env, order: OrderRow, session: CheckoutSessionInfo, appUrl: string, now: number): Promise<void> {
  if (order.kind === "spotlight" && session.subscriptionId) await paymentProvider(env, appUrl).cancelSubscription(session.subscriptionId, "now");
  await refundUnneededPayment(env, order, session, appUrl, now, "account_deleted");
}

/**
 * A payment for an order that can no longer be fulfilled (its posting was paid for by another order or a
 * credit, typically a superseded checkout session paid late, or its job was deleted): the payment is
 * recorded, the order marked refunded, and the money given back once through the payment adapter.
 */
async function refundUnneededPayment(env: Env, order: OrderRow, session: CheckoutSessionInfo, appUrl: string, now: number, reason: RefundReason = "already_paid"): Promise<void> {
  const db = env.DB;
  const amount = session.amountTotal ?? order.amount;
  await refundOrder(env, paymentProvider(env, appUrl), {
    order,
    amountCents: amount,
    reason,
    paymentIntentId: session.paymentIntentId,
    key: automaticRefundKey(order.id),
    now,
    statements: [
      recordPaymentStatement(db, { orderId: order.id, sessionId: session.id, paymentIntentId: session.paymentIntentId, amountCents: amount, currency: order.currency }, now),
      refundUnfulfilledStatement(db, order.id, session.id, now),
    ],
  });
}
