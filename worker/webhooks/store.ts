// The stripe_events table: every verified webhook event with its outcome (received, processed, failed),
// for idempotency and the operator console's events view and replay. The one module that writes it.
// Also the two order statements the payment events need (an order failed or expired, an order found by
// its payment intent), until the orders store owns them.
import type { OrderRow } from "../checkout/fulfil";
import { WEBHOOK_PAYLOAD_RETENTION_DAYS } from "../rules/retention";
import { DAY } from "../rules/time";

export interface EventRow {
  id: string;
  type: string;
  status: string;
  error: string | null;
  received_at: number;
  processed_at: number | null;
  payload: string | null;
}

const EVENT_COLUMNS = "id, type, status, error, received_at, processed_at, payload";

/** True once the event was processed: a repeated delivery is acknowledged and ignored. */
export async function eventProcessed(db: D1Database, id: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM stripe_events WHERE id = ? AND status = 'processed'").bind(id).first());
}

/** Records a verified event as received, with its payload (kept for replay); a known id is left as it is. */
export async function recordEventReceived(db: D1Database, event: { id: string; type: string }, payload: string, now = Date.now()): Promise<void> {
  await db.prepare("INSERT INTO stripe_events (id, type, received_at, status, payload) VALUES (?, ?, ?, 'received', ?) ON CONFLICT (id) DO NOTHING").bind(event.id, event.type, now, payload).run();
}

/** The outcome of handling an event: processed, or failed with its error (a processed event stays processed). */
export function eventOutcomeStatement(db: D1Database, id: string, error: string | null, now = Date.now()): D1PreparedStatement {
  if (error !== null) return db.prepare("UPDATE stripe_events SET status = 'failed', error = ? WHERE id = ? AND status <> 'processed'").bind(error.slice(0, 500), id);
  return db.prepare("UPDATE stripe_events SET status = 'processed', error = NULL, processed_at = ? WHERE id = ?").bind(now, id);
}

export async function findEvent(db: D1Database, id: string): Promise<EventRow | null> {
  return db.prepare(`SELECT ${EVENT_COLUMNS} FROM stripe_events WHERE id = ?`).bind(id).first<EventRow>();
}

/**
 * How long a processed event keeps its payload (the event JSON, with the buyer's name and e-mail): 30 days, for the
 * console's order page, which finds an order's events by their payload. Replay needs it only for a failed event,
 * and a failed or unprocessed one keeps it.
 */
const PROCESSED_PAYLOAD_KEEP_MS = WEBHOOK_PAYLOAD_RETENTION_DAYS * DAY;

/** The daily task (worker/scheduled.ts): events processed over PROCESSED_PAYLOAD_KEEP_MS ago lose their payload; the count. */
export async function blankOldEventPayloads(db: D1Database, now: number): Promise<number> {
  // processed_at is NULL on events processed before it was recorded: their arrival stands in.
  const res = await db
    .prepare("UPDATE stripe_events SET payload = NULL WHERE status = 'processed' AND payload IS NOT NULL AND COALESCE(processed_at, received_at) < ?")
    .bind(now - PROCESSED_PAYLOAD_KEEP_MS)
    .run();
  return res.meta.changes;
}

/** The events whose payload mentions any of `needles` (an order's id, its checkout session), oldest first. */
export function eventsMentioningStatement(db: D1Database, needles: string[], limit: number): D1PreparedStatement {
  return db.prepare(`SELECT ${EVENT_COLUMNS} FROM stripe_events WHERE ${needles.map(() => "instr(payload, ?) > 0").join(" OR ")} ORDER BY received_at LIMIT ${limit}`).bind(...needles);
}

/** The order a payment intent paid for. */
export async function orderByPaymentIntent(db: D1Database, paymentIntentId: string): Promise<OrderRow | null> {
  return db.prepare("SELECT o.* FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.payment_intent_id = ? LIMIT 1").bind(paymentIntentId).first<OrderRow>();
}

/** A job's title, for the mail about its order. */
export async function jobTitle(db: D1Database, jobId: string): Promise<string | null> {
  return (await db.prepare("SELECT title FROM jobs WHERE id = ?").bind(jobId).first<{ title: string }>())?.title ?? null;
}
