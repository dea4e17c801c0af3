// The orders store: the one module with the SQL of `orders` and of the payments recorded against them.
// An order is what the server priced (its items and amount, never the browser's); card checkout, credit
// purchases and Spotlight subscriptions each make one (createOrderStatement), and fulfilment
// (worker/checkout/fulfil.ts) claims it, records its payment, or marks it refunded.
import type { Guard } from "../checkout/guard";
import type { Locale } from "../rules/i18n";
import { CURRENCY } from "../rules/pricing";

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
  /** The buyer's language when ordering (migrations/0019b_order_locale.sql): e-mails about the order are in it. */
  locale?: string;
  /** The buyer's name when customer_email is their account's own address (ORDER_COLUMNS): the e-mails greet them by it. */
  customer_name?: string | null;
}

/** An order's columns, and the buyer's name when the order's address is their account's own (mail/templates.ts nameFor). */
const ORDER_COLUMNS = "*, (SELECT a.name FROM accounts a WHERE a.id = orders.user_id AND lower(a.email) = lower(orders.customer_email)) AS customer_name";

/** What an order bought, as priced by the server when the order was made. */
export interface OrderItems {
  posts?: number;
  bundleId?: string | null;
  bundleName?: string | null;
  plan?: string;
  enhancements?: string[];
  credits?: number;
}

export interface NewOrder {
  id: string;
  userId: string;
  kind: OrderRow["kind"];
  /** A job order's job. */
  jobId?: string | null;
  /** What was bought (OrderItems, or a Spotlight order's company). */
  items: OrderItems | Record<string, unknown>;
  amountCents: number;
  customerEmail: string;
  /** The buyer's language (the checkout request's): e-mails about the order that no session carries are in it. */
  locale?: Locale;
}

/** A new pending order, in the shop's currency. */
export function createOrderStatement(db: D1Database, o: NewOrder, now = Date.now()): D1PreparedStatement {
  return db
    .prepare("INSERT INTO orders (id, user_id, kind, job_id, items, amount, currency, customer_email, locale, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)")
    .bind(o.id, o.userId, o.kind, o.jobId ?? null, JSON.stringify(o.items), o.amountCents, CURRENCY, o.customerEmail, o.locale ?? "en", now, now);
}

/** The provider's checkout session, once it exists. */
export async function setCheckoutSession(db: D1Database, orderId: string, sessionId: string, now = Date.now()): Promise<void> {
  await db.prepare("UPDATE orders SET checkout_session_id = ?, updated_at = ? WHERE id = ?").bind(sessionId, now, orderId).run();
}

export function orderBySession(db: D1Database, sessionId: string) {
  return db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE checkout_session_id = ?`).bind(sessionId).first<OrderRow>();
}

export function orderById(db: D1Database, orderId: string) {
  return db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`).bind(orderId).first<OrderRow>();
}

/** An order made before its session was recorded (the session's metadata names it). */
export function orderWithoutSession(db: D1Database, orderId: string) {
  return db.prepare(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ? AND checkout_session_id IS NULL`).bind(orderId).first<OrderRow>();
}

/** A job's orders not yet paid: 'pending' ones (a new checkout supersedes them), or also 'superseded' ones (a credit post replaces them all). */
export async function openJobOrders(
  db: D1Database,
  jobId: string,
  statuses: readonly ("pending" | "superseded" | "awaiting_payment")[],
): Promise<{ id: string; checkout_session_id: string | null }[]> {
  const { results } = await db
    .prepare(`SELECT id, checkout_session_id FROM orders WHERE job_id = ? AND fulfilled_at IS NULL AND status IN (${statuses.map(() => "?").join(", ")})`)
    .bind(jobId, ...statuses)
    .all<{ id: string; checkout_session_id: string | null }>();
  return results;
}

/** An account's checkouts not yet paid (pending or superseded, any kind): deleting the account makes them unpayable. */
export async function openAccountOrders(db: D1Database, userId: string): Promise<{ id: string; checkout_session_id: string | null }[]> {
  const { results } = await db
    .prepare("SELECT id, checkout_session_id FROM orders WHERE user_id = ? AND fulfilled_at IS NULL AND status IN ('pending', 'superseded')")
    .bind(userId)
    .all<{ id: string; checkout_session_id: string | null }>();
  return results;
}

/**
 * Open orders a newer way of paying for the same posting replaces: with `guard` (a credit post), only in
 * the batch whose guard holds; without, only while still pending (a new checkout).
 */
export function supersedeOrdersStatements(db: D1Database, orderIds: readonly string[], now = Date.now(), guard?: Guard): D1PreparedStatement[] {
  return orderIds.map((id) =>
    guard
      ? db.prepare(`UPDATE orders SET status = 'superseded', updated_at = ? WHERE id = ? AND fulfilled_at IS NULL AND ${guard.sql}`).bind(now, id, ...guard.params)
      : db.prepare("UPDATE orders SET status = 'superseded', updated_at = ? WHERE id = ? AND fulfilled_at IS NULL AND status = 'pending'").bind(now, id),
  );
}

/**
 * A new checkout for a posting: every other pending order of it is superseded, in the batch that writes the
 * new order. Batches are serial, so of simultaneous checkouts the last written is the one left pending.
 */
export function supersedeOtherPendingStatement(db: D1Database, jobId: string, keepOrderId: string, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE orders SET status = 'superseded', updated_at = ? WHERE job_id = ? AND id <> ? AND fulfilled_at IS NULL AND status = 'pending'").bind(now, jobId, keepOrderId);
}

/** A new Spotlight checkout: the account's other pending Spotlight checkouts are superseded in its batch (one subscription per account). */
export function supersedeOtherSpotlightStatement(db: D1Database, userId: string, keepOrderId: string, now = Date.now()): D1PreparedStatement {
  return db
    .prepare("UPDATE orders SET status = 'superseded', updated_at = ? WHERE user_id = ? AND kind = 'spotlight' AND id <> ? AND fulfilled_at IS NULL AND status = 'pending'")
    .bind(now, userId, keepOrderId);
}

/** Sessions of an account's superseded, unpaid Spotlight checkouts. */
export async function supersededSpotlightSessions(db: D1Database, userId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT checkout_session_id FROM orders WHERE user_id = ? AND kind = 'spotlight' AND fulfilled_at IS NULL AND status = 'superseded' AND checkout_session_id IS NOT NULL")
    .bind(userId)
    .all<{ checkout_session_id: string }>();
  return results.map((r) => r.checkout_session_id);
}

/** The order's status now (a checkout checks it was not superseded while its session was being made). */
export async function orderStatus(db: D1Database, orderId: string): Promise<string | null> {
  return (await db.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>())?.status ?? null;
}

/** Sessions of a posting's superseded, unpaid orders: each must be made unpayable. */
export async function supersededSessions(db: D1Database, jobId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT checkout_session_id FROM orders WHERE job_id = ? AND fulfilled_at IS NULL AND status = 'superseded' AND checkout_session_id IS NOT NULL")
    .bind(jobId)
    .all<{ checkout_session_id: string }>();
  return results.map((r) => r.checkout_session_id);
}

/** Whether a posting has been paid for: a fulfilled order, a credit spent on it, or a completed payment on the job row. */
export async function postingPaid(db: D1Database, jobId: string): Promise<boolean> {
  return Boolean(
    await db
      .prepare(
        `SELECT 1 FROM jobs j WHERE j.id = ? AND (j.payment_status = 'completed' OR EXISTS (SELECT 1 FROM orders o WHERE o.job_id = j.id AND o.fulfilled_at IS NOT NULL)
           OR EXISTS (SELECT 1 FROM credit_uses u WHERE u.job_id = j.id))`,
      )
      .bind(jobId)
      .first(),
  );
}

/** A completed checkout whose payment has not cleared (a bank transfer). */
export async function markAwaitingPayment(db: D1Database, orderId: string, now = Date.now()): Promise<void> {
  await db.prepare("UPDATE orders SET status = 'awaiting_payment', updated_at = ? WHERE id = ? AND status = 'pending'").bind(now, orderId).run();
}

/** The amount or currency paid is not the order's. */
export async function markMismatch(db: D1Database, orderId: string, now = Date.now()): Promise<void> {
  await db.prepare("UPDATE orders SET status = 'mismatch', updated_at = ? WHERE id = ? AND fulfilled_at IS NULL").bind(now, orderId).run();
}

/**
 * Fulfilment's claim: the order is paid, with a fresh token every later statement of the batch checks
 * (worker/checkout/guard.ts orderTokenGuard). A job order is claimed only while its posting has not been
 * paid for otherwise (another order, a credit), and never for a deleted account.
 */
export function claimOrderStatement(db: D1Database, order: Pick<OrderRow, "id" | "kind" | "job_id">, sessionId: string, token: string, now = Date.now()): D1PreparedStatement {
  // A job order is claimed only while its posting is not paid for otherwise, and while the board has not taken the job
  // down since the checkout opened (decision 0222): a takedown landing during fulfilment wins too.
  const postingFree =
    order.kind === "job" && order.job_id
      ? ` AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.job_id = ? AND o.id <> ? AND o.fulfilled_at IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM credit_uses u WHERE u.job_id = ?)
         AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.id = ? AND (j.removed_at IS NOT NULL OR j.deleted_at IS NOT NULL))`
      : "";
  // One Spotlight subscription per account: not while another paid Spotlight order's subscription runs (or
  // is not recorded yet), so of two paid sessions one is claimed and the other refunded.
  const noOtherSubscription =
    order.kind === "spotlight"
      ? ` AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = (SELECT user_id FROM orders WHERE id = ?) AND o.kind = 'spotlight' AND o.id <> ? AND o.fulfilled_at IS NOT NULL
           AND o.status <> 'refunded' AND NOT EXISTS (SELECT 1 FROM spotlight_subscriptions s WHERE s.stripe_session_id = o.checkout_session_id AND s.status IN ('canceled', 'expired')))`
      : "";
  // Never for an account deleted meanwhile (a tab left open at the payment page): the payment is refunded instead.
  const accountLives = " AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = orders.user_id AND a.deleted_at IS NOT NULL)";
  return db
    .prepare(
      `UPDATE orders SET status = 'paid', fulfilled_at = ?, fulfilment_token = ?, checkout_session_id = COALESCE(checkout_session_id, ?), updated_at = ? WHERE id = ? AND fulfilled_at IS NULL AND status <> 'refunded'${accountLives}${postingFree}${noOtherSubscription}`,
    )
    .bind(now, token, sessionId, now, order.id, ...(postingFree ? [order.job_id, order.id, order.job_id, order.job_id] : []), ...(noOtherSubscription ? [order.id, order.id] : []));
}

export interface PaymentRecord {
  orderId: string;
  sessionId: string;
  paymentIntentId: string | null;
  amountCents: number | null;
  currency: string;
}

/** The payment row of a paid session (once per session); with `guard`, only in the batch whose guard holds. */
export function recordPaymentStatement(db: D1Database, p: PaymentRecord, now = Date.now(), guard?: Guard): D1PreparedStatement {
  const values = [crypto.randomUUID(), p.orderId, p.sessionId, p.paymentIntentId, p.amountCents, p.currency, now];
  return guard
    ? db
        .prepare(`INSERT INTO payments (id, order_id, checkout_session_id, payment_intent_id, amount, currency, created_at) SELECT ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql} ON CONFLICT DO NOTHING`)
        .bind(...values, ...guard.params)
    : db.prepare("INSERT INTO payments (id, order_id, checkout_session_id, payment_intent_id, amount, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING").bind(...values);
}

/** A Spotlight renewal: the invoice's payment, recorded as its own paid order. */
export interface RenewalOrder {
  /** Derived from the invoice id, so a repeated or concurrent event records it once. */
  id: string;
  userId: string;
  items: Record<string, unknown>;
  amountCents: number;
  currency: string;
  customerEmail: string;
  locale: Locale;
  invoiceId: string;
  paymentIntentId: string | null;
  receiptUrl: string | null;
}

/**
 * A renewal's order, paid and fulfilled at once (the subscription's period is the provider's), and its
 * payment row with the invoice as the payment's reference; both ignore a repeat.
 */
export function recordRenewalStatements(db: D1Database, r: RenewalOrder, now = Date.now()): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO orders (id, user_id, kind, job_id, items, amount, currency, customer_email, locale, checkout_session_id, status, fulfilled_at, created_at, updated_at)
         VALUES (?, ?, 'spotlight', NULL, ?, ?, ?, ?, ?, ?, 'paid', ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(r.id, r.userId, JSON.stringify(r.items), r.amountCents, r.currency, r.customerEmail, r.locale, r.invoiceId, now, now, now),
    db
      .prepare(
        `INSERT INTO payments (id, order_id, checkout_session_id, payment_intent_id, amount, currency, created_at, receipt_url)
         SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?) ON CONFLICT DO NOTHING`,
      )
      .bind(crypto.randomUUID(), r.id, r.invoiceId, r.paymentIntentId, r.amountCents, r.currency, now, r.receiptUrl, r.id),
  ];
}

/** A payment that buys nothing (refunded at once): the order is marked refunded while unfulfilled. */
export function refundUnfulfilledStatement(db: D1Database, orderId: string, sessionId: string, now = Date.now()): D1PreparedStatement {
  return db
    .prepare("UPDATE orders SET status = 'refunded', checkout_session_id = COALESCE(checkout_session_id, ?), updated_at = ? WHERE id = ? AND fulfilled_at IS NULL")
    .bind(sessionId, now, orderId);
}

/** After a refund succeeded (only when `guard` holds): the order is 'refunded' once its succeeded refunds cover what was paid. */
export function markOrderRefundedStatement(db: D1Database, order: Pick<OrderRow, "id" | "amount">, guard: Guard, now = Date.now()): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE orders SET status = 'refunded', updated_at = ? WHERE id = ? AND ${guard.sql}
         AND (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status = 'succeeded') >= ?`,
    )
    .bind(now, order.id, ...guard.params, order.id, order.amount);
}

/** After a refund failed at the provider: a paid order read 'refunded' only while its succeeded refunds covered it; it reads paid again. */
export function unmarkOrderRefundedStatement(db: D1Database, order: Pick<OrderRow, "id" | "amount">, now = Date.now()): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE orders SET status = 'paid', updated_at = ? WHERE id = ? AND status = 'refunded' AND fulfilled_at IS NOT NULL
         AND (SELECT COALESCE(SUM(amount), 0) FROM refunds WHERE order_id = ? AND status = 'succeeded') < ?`,
    )
    .bind(now, order.id, order.id, order.amount);
}

/** An unfulfilled order marked failed (a bank transfer that failed) or expired (an abandoned checkout). */
export function markOrderUnpaidStatement(db: D1Database, orderId: string, status: "failed" | "expired", now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND fulfilled_at IS NULL").bind(status, now, orderId);
}

/** The hosted receipt stored on the payment row, written by the same fulfilment under its guard. */
export function paymentReceiptUrlStatement(db: D1Database, checkoutSessionId: string, receiptUrl: string, guard: Guard): D1PreparedStatement {
  return db.prepare(`UPDATE payments SET receipt_url = ? WHERE checkout_session_id = ? AND ${guard.sql}`).bind(receiptUrl, checkoutSessionId, ...guard.params);
}

/** A deleted account's orders stay for accounting (and refunds can still reach them) under an anonymised customer: the e-mail goes. */
export function anonymiseOrdersStatement(db: D1Database, userId: string, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE orders SET customer_email = '', updated_at = ? WHERE user_id = ?").bind(now, userId);
}
