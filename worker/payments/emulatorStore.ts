// The local payment emulator's own tables and every statement on them (sessions, subscriptions, invoices, refunds).
// They are not in the production migrations (migration 0011 drops them from databases that had them): the
// emulator creates them the first time it needs them (ensureEmulatorTables, called first by every emulator
// operation), and it only ever runs on a local host without a Stripe key (worker/payments/provider.ts,
// loadSession/load in its routes). The shapes are the ones migrations 0003, 0004 and 0006 used to create.
import type { EmulatorSessionRow, EmulatorSubscriptionRow } from "./emulator";

const TABLES = [
  `CREATE TABLE IF NOT EXISTS emulator_sessions (
    id text PRIMARY KEY NOT NULL,
    mode text NOT NULL,
    params text NOT NULL,
    status text DEFAULT 'open' NOT NULL,
    payment_status text DEFAULT 'unpaid' NOT NULL,
    subscription_id text,
    created_at integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS emulator_subscriptions (
    id text PRIMARY KEY NOT NULL,
    session_id text NOT NULL,
    customer_id text NOT NULL,
    status text DEFAULT 'active' NOT NULL,
    current_period_start integer NOT NULL,
    current_period_end integer NOT NULL,
    cancel_at_period_end integer DEFAULT 0 NOT NULL,
    metadata text DEFAULT '{}' NOT NULL,
    created_at integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS emulator_refunds (
    id text PRIMARY KEY NOT NULL,
    idempotency_key text NOT NULL,
    payment_intent_id text NOT NULL,
    amount integer NOT NULL,
    reason text NOT NULL,
    created_at integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
  )`,
  "CREATE UNIQUE INDEX IF NOT EXISTS emulator_refunds_key_idx ON emulator_refunds (idempotency_key)",
  // A refund still on its way (a bank transfer's refund), and how it ended; a refund without a row here succeeded at once.
  `CREATE TABLE IF NOT EXISTS emulator_refund_states (
    refund_id text PRIMARY KEY NOT NULL,
    status text NOT NULL
  )`,
  // A subscription's paid renewals: each invoice's payment, refundable like a checkout's.
  `CREATE TABLE IF NOT EXISTS emulator_invoices (
    id text PRIMARY KEY NOT NULL,
    subscription_id text NOT NULL,
    payment_intent_id text NOT NULL UNIQUE,
    amount integer NOT NULL,
    currency text NOT NULL,
    period_start integer NOT NULL,
    period_end integer NOT NULL,
    created_at integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
  )`,
];

/**
 * Creates the emulator's tables if they are missing; every emulator operation calls it first. One local D1
 * round trip, not remembered between calls: a local database can be reset under a running isolate (tests).
 */
export async function ensureEmulatorTables(db: D1Database): Promise<void> {
  await db.batch(TABLES.map((sql) => db.prepare(sql)));
}

// ---- checkout sessions ---------------------------------------------------------------------------

/** The session created under this idempotency key, if any. */
export async function sessionIdForKey(db: D1Database, idempotencyKey: string): Promise<string | null> {
  return (await db.prepare("SELECT id FROM emulator_sessions WHERE json_extract(params, '$.idempotencyKey') = ?").bind(idempotencyKey).first<{ id: string }>())?.id ?? null;
}

export async function insertSession(db: D1Database, id: string, mode: string, params: string): Promise<void> {
  await db.prepare("INSERT INTO emulator_sessions (id, mode, params) VALUES (?, ?, ?)").bind(id, mode, params).run();
}

export async function findSession(db: D1Database, id: string): Promise<EmulatorSessionRow | null> {
  return db.prepare("SELECT * FROM emulator_sessions WHERE id = ?").bind(id).first<EmulatorSessionRow>();
}

export async function expireSession(db: D1Database, id: string): Promise<void> {
  await db.prepare("UPDATE emulator_sessions SET status = 'expired' WHERE id = ? AND status = 'open'").bind(id).run();
}

/** Paid by card: complete and paid (with its subscription in subscription mode), once. */
export async function markSessionPaid(db: D1Database, id: string, subscriptionId: string | null): Promise<void> {
  await db.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid', subscription_id = ? WHERE id = ? AND status = 'open'").bind(subscriptionId, id).run();
}

/** "Pay by bank transfer": complete but unpaid, once; its refunds will be bank refunds, pending until they arrive. */
export async function markSessionAwaitingPayment(db: D1Database, id: string): Promise<void> {
  await db
    .prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'unpaid', params = json_set(params, '$.bankTransfer', json('true')) WHERE id = ? AND status = 'open'")
    .bind(id)
    .run();
}

/** A bank transfer still under way, cancelled: it can no longer settle. False when it already settled. */
export async function cancelUnsettledSession(db: D1Database, id: string): Promise<boolean> {
  const res = await db.prepare("UPDATE emulator_sessions SET payment_status = 'canceled' WHERE id = ? AND status = 'complete' AND payment_status = 'unpaid'").bind(id).run();
  return (res.meta.changes ?? 0) > 0;
}

/** A bank transfer that settled. */
export async function markSessionSettled(db: D1Database, id: string): Promise<void> {
  await db.prepare("UPDATE emulator_sessions SET payment_status = 'paid' WHERE id = ?").bind(id).run();
}

// ---- refunds -------------------------------------------------------------------------------------

/** The status of a refund as Stripe would read it: its state row's, or succeeded. */
const REFUND_STATUS = "COALESCE((SELECT s.status FROM emulator_refund_states s WHERE s.refund_id = r.id), 'succeeded')";

/**
 * Records a refund unless it would take the payment's refunds (all but failed ones) above `paidCents`; a repeated
 * key is ignored. A bank refund (`pending`) waits for settleEmulatorRefund. Its id, or null when refused.
 */
export async function insertRefund(
  db: D1Database,
  r: { id: string; idempotencyKey: string; paymentIntentId: string; amountCents: number; reason: string; pending?: boolean },
  paidCents: number,
): Promise<string | null> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO emulator_refunds (id, idempotency_key, payment_intent_id, amount, reason)
         SELECT ?, ?, ?, ?, ? WHERE ? + (SELECT COALESCE(SUM(amount), 0) FROM emulator_refunds r WHERE payment_intent_id = ? AND ${REFUND_STATUS} <> 'failed') <= ?
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(r.id, r.idempotencyKey, r.paymentIntentId, r.amountCents, r.reason, r.amountCents, r.paymentIntentId, paidCents),
    db.prepare("INSERT INTO emulator_refund_states (refund_id, status) SELECT id, 'pending' FROM emulator_refunds WHERE id = ? AND ? = 1 ON CONFLICT DO NOTHING").bind(r.id, r.pending ? 1 : 0),
  ]);
  return (await db.prepare("SELECT id FROM emulator_refunds WHERE idempotency_key = ?").bind(r.idempotencyKey).first<{ id: string }>())?.id ?? null;
}

export interface EmulatorRefundRow {
  id: string;
  idempotency_key: string;
  payment_intent_id: string;
  amount: number;
  status: string;
}

/** A payment's refunds, oldest first, with their status. */
export async function refundsOfPayment(db: D1Database, paymentIntentId: string): Promise<EmulatorRefundRow[]> {
  const { results } = await db
    .prepare(`SELECT r.id, r.idempotency_key, r.payment_intent_id, r.amount, ${REFUND_STATUS} AS status FROM emulator_refunds r WHERE r.payment_intent_id = ? ORDER BY r.created_at, r.id`)
    .bind(paymentIntentId)
    .all<EmulatorRefundRow>();
  return results;
}

export async function findRefund(db: D1Database, id: string): Promise<EmulatorRefundRow | null> {
  return db.prepare(`SELECT r.id, r.idempotency_key, r.payment_intent_id, r.amount, ${REFUND_STATUS} AS status FROM emulator_refunds r WHERE r.id = ?`).bind(id).first<EmulatorRefundRow>();
}

/** The bank's answer to a refund on its way: it arrives (succeeded) or fails, once. False when it was not pending. */
export async function settleEmulatorRefund(db: D1Database, id: string, status: "succeeded" | "failed"): Promise<boolean> {
  const res = await db.prepare("UPDATE emulator_refund_states SET status = ? WHERE refund_id = ? AND status = 'pending'").bind(status, id).run();
  return (res.meta.changes ?? 0) > 0;
}

// ---- subscriptions -------------------------------------------------------------------------------

export async function findSubscription(db: D1Database, id: string): Promise<EmulatorSubscriptionRow | null> {
  return db.prepare("SELECT * FROM emulator_subscriptions WHERE id = ?").bind(id).first<EmulatorSubscriptionRow>();
}

/** The customer's newest subscription id. */
export async function latestSubscriptionId(db: D1Database, customerId: string): Promise<string | null> {
  return (await db.prepare("SELECT id FROM emulator_subscriptions WHERE customer_id = ? ORDER BY created_at DESC LIMIT 1").bind(customerId).first<{ id: string }>())?.id ?? null;
}

/** A new active subscription (a repeated id is ignored). */
export async function insertSubscription(db: D1Database, s: { id: string; sessionId: string; customerId: string; periodStart: number; periodEnd: number; metadata: string }): Promise<void> {
  await db
    .prepare(
      `INSERT INTO emulator_subscriptions (id, session_id, customer_id, status, current_period_start, current_period_end, metadata)
       VALUES (?, ?, ?, 'active', ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(s.id, s.sessionId, s.customerId, s.periodStart, s.periodEnd, s.metadata)
    .run();
}

export type SubscriptionChange = Partial<Pick<EmulatorSubscriptionRow, "status" | "current_period_start" | "current_period_end" | "cancel_at_period_end">>;

const SUBSCRIPTION_COLUMNS = new Set(["status", "current_period_start", "current_period_end", "cancel_at_period_end"]);

export async function updateSubscription(db: D1Database, id: string, set: SubscriptionChange): Promise<void> {
  const keys = (Object.keys(set) as (keyof SubscriptionChange)[]).filter((k) => SUBSCRIPTION_COLUMNS.has(k));
  if (!keys.length) return;
  await db
    .prepare(`UPDATE emulator_subscriptions SET ${keys.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`)
    .bind(...keys.map((k) => set[k]!), id)
    .run();
}

// ---- invoices (a subscription's renewals) -------------------------------------------------------

export interface EmulatorInvoiceRow {
  id: string;
  subscription_id: string;
  payment_intent_id: string;
  amount: number;
  currency: string;
  period_start: number;
  period_end: number;
}

/** A paid renewal invoice. */
export async function insertInvoice(db: D1Database, i: EmulatorInvoiceRow): Promise<void> {
  await db
    .prepare("INSERT INTO emulator_invoices (id, subscription_id, payment_intent_id, amount, currency, period_start, period_end) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(i.id, i.subscription_id, i.payment_intent_id, i.amount, i.currency, i.period_start, i.period_end)
    .run();
}

export async function invoiceByPaymentIntent(db: D1Database, paymentIntentId: string): Promise<EmulatorInvoiceRow | null> {
  return db.prepare("SELECT * FROM emulator_invoices WHERE payment_intent_id = ?").bind(paymentIntentId).first<EmulatorInvoiceRow>();
}
