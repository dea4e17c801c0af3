// Fulfilment: one idempotent function keyed by the checkout session id, called by the webhook and by
// the success page's verification. It checks amount and currency against the order, then in ONE D1
// batch: claims the order, publishes the job with exactly what the order bought (its own items, never
// what the job row holds now), records the payment, turns extra posts into credits carrying the order's
// plan and enhancements, marks duplicates and queues the confirmation e-mail. With MODERATION=on the
// job waits for review instead of going live (worker/jobs/review.ts). Doubled, replayed or
// concurrent calls change nothing after the first. The first paid order of a posting wins; a payment
// for another order of the same posting (a superseded session) buys nothing and is refunded.
import type { Env } from "../env";
import { publishState } from "../jobs/review";
import { grantStatement } from "../credits/ledger";
import { creditReceiptStatements, jobReceiptStatements } from "../mail/receipts";
import { orderTokenGuard } from "./guard";
import type { Guard } from "./guard";
import { markDuplicatesStatements, recentDuplicateIds, recordDuplicateWindow } from "../jobs/posting";
import type { CheckoutSessionInfo } from "../payments/types";
import { activateFromCheckout } from "../spotlight/subscription";
import { relevanceRank } from "../jobs/derive";
import { creditBundleContents } from "../rules/pricing";
import type { CreditContents } from "../rules/pricing";
import type { Enhancement, Plan } from "../rules/lists";
import { paymentProvider } from "../payments/provider";
import { automaticRefundKey, refundOrder } from "../payments/refunds";
import type { RefundReason } from "../payments/refunds";
import { log } from "../lib/log";

export interface OrderRow {
  id: string;
  user_id: string;
  kind: "job" | "credits" | "spotlight";
  job_id: string | null;
  items: string;
  amount: number;
  currency: string;
  customer_email: string;
  checkout_session_id: string | null;
  status: string;
  fulfilled_at: number | null;
  fulfilment_token: string | null;
}

/** What an order bought, as priced by the server when the order was made. */
export interface OrderItems {
  posts?: number;
  bundleId?: string | null;
  bundleName?: string | null;
  plan?: string;
  enhancements?: string[];
  credits?: number;
}

export type FulfilStatus = "paid" | "pending" | "failed" | "expired" | "mismatch" | "refunded" | "unknown";

export interface FulfilResult {
  status: FulfilStatus;
  order: OrderRow | null;
  /** True only for the one call that did the work. */
  fulfilledNow: boolean;
}

export async function findOrder(db: D1Database, session: Pick<CheckoutSessionInfo, "id" | "metadata">): Promise<OrderRow | null> {
  const bySession = await db.prepare("SELECT * FROM orders WHERE checkout_session_id = ?").bind(session.id).first<OrderRow>();
  if (bySession) return bySession;
  const orderId = session.metadata.orderId;
  return orderId ? db.prepare("SELECT * FROM orders WHERE id = ? AND checkout_session_id IS NULL").bind(orderId).first<OrderRow>() : null;
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
      await db.prepare("UPDATE orders SET status = 'awaiting_payment', updated_at = ? WHERE id = ? AND status = 'pending'").bind(now, order.id).run();
    }
    return { status: session.status === "expired" ? "expired" : "pending", order, fulfilledNow: false };
  }
  if (session.amountTotal !== order.amount || (session.currency ?? "").toLowerCase() !== order.currency.toLowerCase()) {
    log("error", "checkout.amount_mismatch", { orderId: order.id, expected: [order.amount, order.currency], got: [session.amountTotal, session.currency] });
    await db.prepare("UPDATE orders SET status = 'mismatch', updated_at = ? WHERE id = ? AND fulfilled_at IS NULL").bind(now, order.id).run();
    return { status: "mismatch", order, fulfilledNow: false };
  }

  if (order.kind === "job" && order.job_id && !(await db.prepare("SELECT 1 FROM jobs WHERE id = ?").bind(order.job_id).first())) {
    // The owner deleted the unpaid job before this payment arrived: there is nothing to publish.
    await refundUnneededPayment(env, order, session, appUrl, now, "job_deleted");
    return { status: "refunded", order: await db.prepare("SELECT * FROM orders WHERE id = ?").bind(order.id).first<OrderRow>(), fulfilledNow: false };
  }

  const token = crypto.randomUUID();
  const guard = orderTokenGuard(order.id, token);
  const items = JSON.parse(order.items) as OrderItems;
  // A job order is claimed only while its posting has not been paid for otherwise (another order, a credit).
  const postingFree =
    order.kind === "job" && order.job_id
      ? " AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.job_id = ? AND o.id <> ? AND o.fulfilled_at IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM credit_uses u WHERE u.job_id = ?)"
      : "";
  const statements: D1PreparedStatement[] = [
    db
      .prepare(`UPDATE orders SET status = 'paid', fulfilled_at = ?, fulfilment_token = ?, checkout_session_id = COALESCE(checkout_session_id, ?), updated_at = ? WHERE id = ? AND fulfilled_at IS NULL AND status <> 'refunded'${postingFree}`)
      .bind(now, token, session.id, now, order.id, ...(postingFree ? [order.job_id, order.id, order.job_id] : [])),
    db
      .prepare(`INSERT INTO payments (id, order_id, checkout_session_id, payment_intent_id, amount, currency, created_at) SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql} ON CONFLICT DO NOTHING`)
      .bind(crypto.randomUUID(), order.id, session.id, session.paymentIntentId, session.amountTotal, order.currency, now, ...guard.params),
  ];

  let dupJob: { id: string; userId: string; dedupeKey: string } | null = null;
  if (order.kind === "job" && order.job_id) {
    const job = await db.prepare("SELECT id, title, company, email, dedupe_key FROM jobs WHERE id = ?").bind(order.job_id).first<{ id: string; title: string; company: string; email: string; dedupe_key: string }>();
    if (job) {
      // Exactly what this order bought, from its own items.
      // Live now, or waiting for an operator's review with MODERATION=on (worker/jobs/review.ts).
      const publish = publishState(env, now);
      const bought: CreditContents = { plan: items.plan === "premium" ? "premium" : ("standard" as Plan), enhancements: (items.enhancements ?? []) as Enhancement[] };
      statements.push(
        db
          .prepare(
            `UPDATE jobs SET published = ?, published_at = ?, expires_at = ?, review = ?, updated_at = ?, plan = ?, enhancements = ?, relevance_rank = ?,
               selected_bundle = ?, bundle = ?, job_count = ?
             WHERE id = ? AND published = 0 AND deleted_at IS NULL AND ${guard.sql}`,
          )
          .bind(
            publish.published, publish.publishedAt, publish.expiresAt, publish.review, now, bought.plan, JSON.stringify(bought.enhancements), relevanceRank(bought.plan, bought.enhancements),
            items.bundleId ?? null, items.bundleName ?? null, items.posts ?? 1, job.id, ...guard.params,
          ),
        db
          .prepare(`UPDATE jobs SET payment_status = 'completed', amount_paid = ?, payment_intent_id = ? WHERE id = ? AND ${guard.sql}`)
          .bind(session.amountTotal, session.paymentIntentId, job.id, ...guard.params),
      );
      const extra = (items.posts ?? 1) - 1;
      if (extra > 0) {
        statements.push(
          grantStatement(
            db,
            { userId: order.user_id, bundle: items.bundleId ?? "individual", kind: items.bundleId ? "bundle" : "individual", posts: extra, contents: bought, amountPaidCents: 0, paymentIntentId: session.paymentIntentId, orderId: order.id },
            guard,
            now,
          ),
        );
      }
      dupJob = { id: job.id, userId: order.user_id, dedupeKey: job.dedupe_key };
      const windowIds = await recentDuplicateIds(env.DEDUPE, order.user_id, job.dedupe_key);
      statements.push(...markDuplicatesStatements(db, dupJob, guard, now, windowIds));
      statements.push(...jobReceiptStatements(db, { order, items, session, appUrl, guard, now }, job, publish.review === "waiting"));
    }
  } else if (order.kind === "credits") {
    const credits = items.credits ?? 1;
    statements.push(
      grantStatement(
        db,
        { userId: order.user_id, bundle: items.bundleId ?? "custom", kind: "bundle", posts: credits, contents: creditBundleContents(items.bundleId), amountPaidCents: order.amount, paymentIntentId: session.paymentIntentId, orderId: order.id },
        guard,
        now,
      ),
    );
    statements.push(...creditReceiptStatements(db, { order, items, session, appUrl, guard, now }));
  }

  await db.batch(statements);
  const after = await db.prepare("SELECT * FROM orders WHERE id = ?").bind(order.id).first<OrderRow>();
  const fulfilledNow = after?.fulfilment_token === token;
  if (after && !after.fulfilled_at && order.kind === "job") {
    // Not claimed: another order of this posting was paid first. This payment buys nothing: refund it.
    await refundUnneededPayment(env, after, session, appUrl, now);
    return { status: "refunded", order: await db.prepare("SELECT * FROM orders WHERE id = ?").bind(order.id).first<OrderRow>(), fulfilledNow: false };
  }
  if (fulfilledNow && dupJob) await recordDuplicateWindow(env.DEDUPE, dupJob);
  // Spotlight (subscription mode): the subscription the checkout made, re-read and activated idempotently.
  if (order.kind === "spotlight" && after?.fulfilled_at) await activateFromCheckout(env, session, order, appUrl, now);
  return { status: "paid", order: after, fulfilledNow };
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
      db
        .prepare("INSERT INTO payments (id, order_id, checkout_session_id, payment_intent_id, amount, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
        .bind(crypto.randomUUID(), order.id, session.id, session.paymentIntentId, amount, order.currency, now),
      db.prepare("UPDATE orders SET status = 'refunded', checkout_session_id = COALESCE(checkout_session_id, ?), updated_at = ? WHERE id = ? AND fulfilled_at IS NULL").bind(session.id, now, order.id),
    ],
  });
}

/** After a refund (only when `guard` holds): the order is 'refunded' once its refunds cover what was paid. */
export function markOrderRefundedStatement(db: D1Database, order: Pick<OrderRow, "id" | "amount">, guard: Guard, now = Date.now()): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE orders SET status = 'refunded', updated_at = ? WHERE id = ? AND ${guard.sql}
         AND (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed') >= ?`,
    )
    .bind(now, order.id, ...guard.params, order.id, order.amount);
}
