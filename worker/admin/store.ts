// The operator console's data access: the audit log (admin_audit, which only this module writes), and the
// console's reads over jobs, orders, payments, refunds, the outbox, accounts and contact messages (their
// writes stay with the modules that own those tables). The audit log holds who, what, target, when and
// why: every admin action writes exactly one row in the same D1 batch as the action; nothing updates or
// deletes a row (the table's triggers refuse both, see migrations/0010_admin.sql).
import type { OrderRow } from "../checkout/fulfil";
import type { Guard } from "../checkout/guard";
import type { AdminAuditRow, AdminContactRow, AdminMailRow, AdminPaymentRow, AdminRefundRow, CONTACT_FILTERS, MAIL_FILTERS, ORDER_FILTERS, RefundFacts } from "../rules/admin";
import { orderPosts } from "../payments/refunds";
import { unspentOrderCredits } from "../credits/ledger";
import { postsTakenBack } from "../payments/store";
import { eventsMentioningStatement } from "../webhooks/store";
import type { EventRow } from "../webhooks/store";

export interface AuditEntry {
  actor: string;
  action: string;
  targetType: "job" | "order" | "subscription" | "webhook_event" | "mail" | "account" | "contact_message";
  targetId: string;
  reason: string;
  detail?: Record<string, unknown>;
}

/** The INSERT for one entry; with `guard`, written only when it holds (a refund: only by the request that made it). */
export function auditStatement(db: D1Database, e: AuditEntry, now = Date.now(), guard?: Guard): D1PreparedStatement {
  const values = [crypto.randomUUID(), e.actor, e.action, e.targetType, e.targetId, e.reason, JSON.stringify(e.detail ?? {}), now];
  if (!guard) {
    return db.prepare("INSERT INTO admin_audit (id, actor, action, target_type, target_id, reason, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").bind(...values);
  }
  return db
    .prepare(`INSERT INTO admin_audit (id, actor, action, target_type, target_id, reason, detail, created_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql}`)
    .bind(...values, ...guard.params);
}

/** The action's statements and its audit row, applied as one D1 batch. */
export async function applyAudited(db: D1Database, entry: AuditEntry, statements: D1PreparedStatement[], now = Date.now()): Promise<void> {
  await db.batch([...statements, auditStatement(db, entry, now)]);
}

/** A batch whose audit row the caller built (guarded or placed first); the statements apply together. */
export async function applyBatch(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  await db.batch(statements);
}

export async function listAudit(db: D1Database, limit: number): Promise<AdminAuditRow[]> {
  const { results } = await db
    .prepare(`SELECT id, actor, action, target_type, target_id, reason, detail, created_at FROM admin_audit ORDER BY created_at DESC, id LIMIT ${limit}`)
    .all<AdminAuditRow>();
  return results;
}

// ---- reads for the console: jobs -----------------------------------------------------------------

export interface AdminJobRow {
  id: string;
  title: string;
  company: string;
  published: number;
  deleted_at: number | null;
  expires_at: number;
  published_at: number | null;
  plan: string;
  enhancements: string;
  dedupe_key: string;
  user_id: string | null;
  customer_email: string;
  source: string;
  payment_status: string | null;
  review: string | null;
  created_at: number;
}

export interface ModerationRow extends AdminJobRow {
  location: string;
  apply_url: string | null;
  email: string | null;
  description_text: string;
  order_id: string | null;
}

const JOB_COLUMNS = "id, title, company, published, deleted_at, expires_at, published_at, plan, enhancements, dedupe_key, user_id, customer_email, source, payment_status, review, created_at";

/** `%q%` for LIKE … ESCAPE '\', lower-cased, with the wildcards in q escaped. */
const like = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export async function findJob(db: D1Database, id: string): Promise<AdminJobRow | null> {
  return db.prepare(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`).bind(id).first<AdminJobRow>();
}

/** Every job whatever its state, newest first; `q` matches title, company, e-mail (substring) or the id. */
export async function listJobs(db: D1Database, q: string | undefined, limit: number): Promise<AdminJobRow[]> {
  const where = q ? "WHERE lower(title) LIKE ? ESCAPE '\\' OR lower(company) LIKE ? ESCAPE '\\' OR id = ? OR lower(customer_email) LIKE ? ESCAPE '\\'" : "";
  const params = q ? [like(q), like(q), q, like(q)] : [];
  const { results } = await db
    .prepare(`SELECT ${JOB_COLUMNS} FROM jobs ${where} ORDER BY created_at DESC LIMIT ${limit}`)
    .bind(...params)
    .all<AdminJobRow>();
  return results;
}

/** The jobs waiting for review, oldest first, with what the operator reads and how each was paid. */
export async function moderationQueue(db: D1Database, limit: number): Promise<ModerationRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${JOB_COLUMNS}, location, apply_url, email, substr(description_text, 1, 2000) AS description_text,
         (SELECT o.id FROM orders o WHERE o.job_id = jobs.id AND o.kind = 'job' AND o.fulfilled_at IS NOT NULL LIMIT 1) AS order_id
       FROM jobs WHERE review = 'waiting' ORDER BY created_at LIMIT ${limit}`,
    )
    .all<ModerationRow>();
  return results;
}

// ---- orders --------------------------------------------------------------------------------------

export interface OrderListRow extends OrderRow {
  created_at: number;
  refunded: number;
}

type OrderFilter = (typeof ORDER_FILTERS)[number];

const ORDER_WHERE: Record<OrderFilter, string> = {
  all: "1 = 1",
  paid: "o.status = 'paid' AND o.fulfilled_at IS NOT NULL",
  pending: "o.status IN ('pending', 'awaiting_payment') AND o.fulfilled_at IS NULL",
  failed: "o.status IN ('failed', 'mismatch')",
  refunded: "(o.status = 'refunded' OR EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'))",
  unfulfilled: "o.status IN ('pending', 'awaiting_payment') AND o.fulfilled_at IS NULL AND o.created_at <= ?",
};

const ORDER_SELECT = "SELECT o.*, (SELECT COALESCE(SUM(amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed') AS refunded FROM orders o";

export async function findOrder(db: D1Database, id: string): Promise<OrderListRow | null> {
  return db.prepare(`${ORDER_SELECT} WHERE o.id = ?`).bind(id).first<OrderListRow>();
}

/** The fulfilled card order that paid for a job, if any (a credit post has none). */
export async function paidJobOrder(db: D1Database, jobId: string): Promise<OrderListRow | null> {
  return db.prepare(`${ORDER_SELECT} WHERE o.job_id = ? AND o.kind = 'job' AND o.fulfilled_at IS NOT NULL`).bind(jobId).first<OrderListRow>();
}

/** The account's newest paid Spotlight order (a subscription cancelled now with a refund refunds it). */
export async function latestSpotlightOrder(db: D1Database, userId: string): Promise<OrderListRow | null> {
  return db.prepare(`${ORDER_SELECT} WHERE o.user_id = ? AND o.kind = 'spotlight' AND o.fulfilled_at IS NOT NULL ORDER BY o.fulfilled_at DESC LIMIT 1`).bind(userId).first<OrderListRow>();
}

/** Orders newest first; "unfulfilled" means still unpaid `unfulfilledBefore` (a timestamp). */
export async function listOrders(db: D1Database, status: OrderFilter, unfulfilledBefore: number, limit: number): Promise<OrderListRow[]> {
  const params = status === "unfulfilled" ? [unfulfilledBefore] : [];
  const { results } = await db
    .prepare(`${ORDER_SELECT} WHERE ${ORDER_WHERE[status]} ORDER BY o.created_at DESC LIMIT ${limit}`)
    .bind(...params)
    .all<OrderListRow>();
  return results;
}

/**
 * What a refund of this order can take back (RefundFacts, worker/rules/admin.ts): the posts it paid for,
 * what earlier refunds took back, its job while still on the board's books, its unspent credits.
 */
export async function refundFactsOf(db: D1Database, order: OrderListRow, now = Date.now()): Promise<RefundFacts> {
  const posts = orderPosts(order);
  const job = order.kind === "job" && order.job_id && order.fulfilled_at ? await findJob(db, order.job_id) : null;
  const state = (j: AdminJobRow) => (j.deleted_at ? "deleted" : j.review === "waiting" || j.review === "rejected" ? j.review : !j.published ? "unpublished" : j.expires_at <= now ? "expired" : "live");
  return {
    amount: order.amount,
    refunded: order.refunded,
    posts,
    takenBack: await postsTakenBack(db, order.id),
    job: job && job.payment_status !== "refunded" && !job.deleted_at ? { id: job.id, title: job.title, state: state(job) } : null,
    unspentCredits: order.fulfilled_at ? await unspentOrderCredits(db, order.id, now) : 0,
  };
}

/** An order's payments, refunds and the webhook events that mention it, in one round trip. */
export async function orderHistory(db: D1Database, order: OrderListRow, limit: number): Promise<{ payments: AdminPaymentRow[]; refunds: AdminRefundRow[]; events: EventRow[] }> {
  const needles = [order.id, order.checkout_session_id].filter(Boolean) as string[];
  const [payments, refunds, events] = await db.batch([
    db.prepare("SELECT id, checkout_session_id, payment_intent_id, amount, currency, receipt_url, created_at FROM payments WHERE order_id = ? ORDER BY created_at").bind(order.id),
    db
      .prepare(
        "SELECT id, key, amount, currency, reason, status, provider_refund_id, last_error, created_at, note, customer_note, job_unpublished, credits_removed FROM refunds WHERE order_id = ? ORDER BY created_at",
      )
      .bind(order.id),
    eventsMentioningStatement(db, needles, limit),
  ]);
  return { payments: payments!.results as AdminPaymentRow[], refunds: refunds!.results as AdminRefundRow[], events: events!.results as EventRow[] };
}

// ---- mail, accounts, contact messages ------------------------------------------------------------

type MailFilter = (typeof MAIL_FILTERS)[number];

export async function listOutbox(db: D1Database, status: MailFilter, limit: number): Promise<AdminMailRow[]> {
  const where = status === "all" ? "" : status === "pending" ? "WHERE status IN ('pending', 'sending')" : "WHERE status = ?";
  const { results } = await db
    .prepare(`SELECT id, kind, "to", subject, status, attempts, last_error, next_attempt_at, sent_at, created_at FROM mail_outbox ${where} ORDER BY created_at DESC LIMIT ${limit}`)
    .bind(...(status === "sent" || status === "failed" ? [status] : []))
    .all<AdminMailRow>();
  return results;
}

export async function findMail(db: D1Database, id: string): Promise<{ id: string; status: string; to: string } | null> {
  return db.prepare('SELECT id, status, "to" FROM mail_outbox WHERE id = ?').bind(id).first<{ id: string; status: string; to: string }>();
}

export interface AdminAccountRow {
  id: string;
  email: string;
  name: string;
  company: string;
  disabled_at: number | null;
  created_at: number;
  jobs: number;
}

/** Accounts newest first with their job count; `q` matches e-mail, name, company (substring) or the id. */
export async function listAccounts(db: D1Database, q: string | undefined, limit: number): Promise<AdminAccountRow[]> {
  const where = q ? "WHERE lower(email) LIKE ? ESCAPE '\\' OR lower(name) LIKE ? ESCAPE '\\' OR lower(company) LIKE ? ESCAPE '\\' OR id = ?" : "";
  const { results } = await db
    .prepare(
      `SELECT a.id, a.email, a.name, a.company, a.disabled_at, a.created_at, (SELECT count(*) FROM jobs j WHERE j.user_id = a.id) AS jobs FROM accounts a ${where} ORDER BY a.created_at DESC LIMIT ${limit}`,
    )
    .bind(...(q ? [like(q), like(q), like(q), q] : []))
    .all<AdminAccountRow>();
  return results;
}

export async function findAccount(db: D1Database, id: string): Promise<{ id: string; email: string } | null> {
  return db.prepare("SELECT id, email FROM accounts WHERE id = ?").bind(id).first<{ id: string; email: string }>();
}

type ContactFilter = (typeof CONTACT_FILTERS)[number];

export async function listContactMessages(db: D1Database, status: ContactFilter, limit: number): Promise<AdminContactRow[]> {
  const where = status === "open" ? "WHERE handled_at IS NULL" : status === "handled" ? "WHERE handled_at IS NOT NULL" : "";
  const { results } = await db
    .prepare(`SELECT id, name, email, subject, message, created_at, handled_at, handled_by FROM contact_messages ${where} ORDER BY created_at DESC LIMIT ${limit}`)
    .all<AdminContactRow>();
  return results;
}

export async function contactMessageExists(db: D1Database, id: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(id).first());
}
