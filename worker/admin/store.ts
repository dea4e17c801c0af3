// The operator console's data access: the audit log (admin_audit, which only this module writes), and the
// console's reads over jobs, orders, payments, refunds, the outbox, accounts and contact messages (their
// writes stay with the modules that own those tables). The audit log holds who, what, target, when and
// why: every admin action writes exactly one row in the same D1 batch as the action; nothing updates or
// deletes a row (the table's triggers refuse both, see migrations/0010_admin.sql).
import type { OrderRow } from "../checkout/fulfil";
import type { Guard } from "../checkout/guard";
import { encodeCursor } from "./cursor";
import type {
  ACCOUNT_FILTERS,
  AdminAuditRow,
  AdminContactRow,
  AdminJobState,
  AdminMailRow,
  AdminPaymentRow,
  AdminRefundRow,
  CONTACT_FILTERS,
  EVENT_FILTERS,
  MAIL_FILTERS,
  ORDER_FILTERS,
  Page,
  RefundFacts,
} from "../rules/admin";
import { orderPosts } from "../payments/refunds";
import { unspentOrderCredits } from "../credits/ledger";
import { postsTakenBack } from "../payments/store";
import { accountJobsSql } from "../jobs/store";
import { NOT_REMOVED_SQL } from "../jobs/takedown";
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

// ---- the console's lists: a page at a time --------------------------------------------------------

/** How a list is read: newest or oldest first, after a cursor, in a day range, `limit` rows. */
export interface ListParams {
  sort: "newest" | "oldest";
  after: { time: number; id: string } | null;
  start: number | null;
  end: number | null;
  limit: number;
  /** When given, the page's query plan is pushed here instead of reading it. */
  plans?: string[];
}

interface PageSpec {
  /** The FROM clause (a table and its alias). */
  from: string;
  select: string;
  /** The filters, ANDed, and their parameters. */
  where: string[];
  params: unknown[];
  /** The columns the list is ordered by: a time, then an id to break ties (an index covers both, migration 0017). */
  time: string;
  id: string;
}

/** The SQL of a list's page and of its count, with their parameters. */
function pageSql(spec: PageSpec, list: ListParams): { rows: [string, unknown[]]; count: [string, unknown[]] } {
  const where = [...spec.where];
  const params = [...spec.params];
  if (list.start !== null) {
    where.push(`${spec.time} >= ?`);
    params.push(list.start);
  }
  if (list.end !== null) {
    where.push(`${spec.time} < ?`);
    params.push(list.end);
  }
  const desc = list.sort === "newest";
  const cmp = desc ? "<" : ">";
  const paged = list.after ? [...where, `(${spec.time} ${cmp} ? OR (${spec.time} = ? AND ${spec.id} ${cmp} ?))`] : where;
  const pagedParams = list.after ? [...params, list.after.time, list.after.time, list.after.id] : params;
  const clause = (w: string[]) => (w.length ? `WHERE ${w.join(" AND ")}` : "");
  const dir = desc ? "DESC" : "ASC";
  return {
    rows: [`SELECT ${spec.select} FROM ${spec.from} ${clause(paged)} ORDER BY ${spec.time} ${dir}, ${spec.id} ${dir} LIMIT ?`, [...pagedParams, list.limit + 1]],
    count: [`SELECT count(*) AS n FROM ${spec.from} ${clause(where)}`, params],
  };
}

/**
 * One page of a list and the count of every row its filters match, in one round trip. Keyset pagination
 * over (time, id), so page 1,000 costs what page 1 costs.
 */
async function readPage<T>(db: D1Database, spec: PageSpec, list: ListParams, cursorOf: (row: T) => [number, string]): Promise<Page<T>> {
  const sql = pageSql(spec, list);
  if (list.plans) {
    // Explained, not read (the tests that keep every list on its index).
    const { results } = await db
      .prepare(`EXPLAIN QUERY PLAN ${sql.rows[0]}`)
      .bind(...sql.rows[1])
      .all<{ detail: string }>();
    list.plans.push(results.map((r) => r.detail).join("; "));
    return { rows: [], total: 0, nextCursor: null };
  }
  const [rows, count] = await db.batch([db.prepare(sql.rows[0]).bind(...sql.rows[1]), db.prepare(sql.count[0]).bind(...sql.count[1])]);
  const results = rows!.results as T[];
  const more = results.length > list.limit;
  const page = more ? results.slice(0, list.limit) : results;
  const last = page[page.length - 1];
  return { rows: page, total: (count!.results[0] as { n: number }).n, nextCursor: more && last ? encodeCursor(...cursorOf(last)) : null };
}

/** The audit log, filtered by actor (its e-mail) or target (an id), newest first. */
export async function listAudit(db: D1Database, filter: { actor?: string; target?: string }, list: ListParams): Promise<Page<AdminAuditRow>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.actor) {
    where.push("actor = ?");
    params.push(filter.actor.toLowerCase());
  }
  if (filter.target) {
    where.push("target_id = ?");
    params.push(filter.target);
  }
  return readPage<AdminAuditRow>(
    db,
    { from: "admin_audit", select: "id, actor, action, target_type, target_id, reason, detail, created_at", where, params, time: "created_at", id: "id" },
    list,
    (r) => [r.created_at, r.id],
  );
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
  /** A Spotlight job's company (its object rebuilds the row after a restore). */
  company_id: string | null;
  payment_status: string | null;
  review: string | null;
  removed_at: number | null;
  removed_reason: string | null;
  removed_reason_code: string | null;
  removed_by: string | null;
  removed_was_published: number | null;
  created_at: number;
}

export interface ModerationRow extends AdminJobRow {
  location: string;
  apply_url: string | null;
  email: string | null;
  description_text: string;
  order_id: string | null;
}

const JOB_COLUMNS =
  "id, title, company, published, deleted_at, expires_at, published_at, plan, enhancements, dedupe_key, user_id, customer_email, source, company_id, payment_status, review, removed_at, removed_reason, removed_reason_code, removed_by, removed_was_published, created_at";

/** `%q%` for LIKE … ESCAPE '\', lower-cased, with the wildcards in q escaped. */
const like = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export async function findJob(db: D1Database, id: string): Promise<AdminJobRow | null> {
  return db.prepare(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`).bind(id).first<AdminJobRow>();
}

/** Each state of the console (rules/admin.ts JOB_STATES) as SQL over `jobs`; bind `now` where it says `?`. */
const JOB_STATE_SQL: Record<AdminJobState, { sql: string; now: boolean }> = {
  deleted: { sql: "deleted_at IS NOT NULL", now: false },
  removed: { sql: "deleted_at IS NULL AND removed_at IS NOT NULL", now: false },
  waiting: { sql: "deleted_at IS NULL AND removed_at IS NULL AND review = 'waiting'", now: false },
  rejected: { sql: "deleted_at IS NULL AND removed_at IS NULL AND review = 'rejected'", now: false },
  draft: { sql: "deleted_at IS NULL AND removed_at IS NULL AND review IS NULL AND published = 0 AND published_at IS NULL", now: false },
  inactive: { sql: "deleted_at IS NULL AND removed_at IS NULL AND (review IS NULL OR review = 'approved') AND published = 0 AND published_at IS NOT NULL", now: false },
  expired: { sql: "deleted_at IS NULL AND removed_at IS NULL AND published = 1 AND expires_at <= ?", now: true },
  live: { sql: "deleted_at IS NULL AND removed_at IS NULL AND published = 1 AND expires_at > ?", now: true },
};

/** Every job whatever its state; `q` matches title, company, e-mail (substring) or the id; `state` one state. */
export async function listJobs(db: D1Database, filter: { q?: string; state?: AdminJobState }, list: ListParams, now = Date.now()): Promise<Page<AdminJobRow>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.q) {
    where.push("(lower(title) LIKE ? ESCAPE '\\' OR lower(company) LIKE ? ESCAPE '\\' OR id = ? OR lower(customer_email) LIKE ? ESCAPE '\\')");
    params.push(like(filter.q), like(filter.q), filter.q, like(filter.q));
  }
  if (filter.state) {
    const state = JOB_STATE_SQL[filter.state];
    where.push(`(${state.sql})`);
    if (state.now) params.push(now);
  }
  return readPage<AdminJobRow>(db, { from: "jobs", select: JOB_COLUMNS, where, params, time: "created_at", id: "id" }, list, (r) => [r.created_at, r.id]);
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
  /** Cents of its refunds that are not failed: succeeded, or pending with the provider. */
  refunded: number;
  /** Cents of those still pending (the money on its way, decision 0223). */
  refund_pending: number;
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

const ORDER_SELECT =
  "SELECT o.*, (SELECT COALESCE(SUM(amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed') AS refunded, (SELECT COALESCE(SUM(amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'pending') AS refund_pending FROM orders o";

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

/**
 * Orders; "unfulfilled" means still unpaid `unfulfilledBefore` (a timestamp). `q` finds an order by its
 * id, its checkout session id, a payment (intent) id, or the e-mail given at checkout or the buyer's
 * account's (exactly, as typed or lower-cased).
 */
export async function listOrders(db: D1Database, filter: { status: OrderFilter; q?: string }, unfulfilledBefore: number, list: ListParams): Promise<Page<OrderListRow>> {
  const where = filter.status === "all" ? [] : [`(${ORDER_WHERE[filter.status]})`];
  const params: unknown[] = filter.status === "unfulfilled" ? [unfulfilledBefore] : [];
  if (filter.q) {
    where.push(
      // The order's reference, as the buyer's receipt and Billing write it ("6E614D8E": its id's first 8 characters), as
      // a range of the primary key (substr() on the id scanned every order, and kept the other terms off their indexes).
      "(o.id = ? OR (o.id >= ? AND o.id < ?) OR o.checkout_session_id = ? OR o.customer_email IN (?, ?) OR o.user_id IN (SELECT a.id FROM accounts a WHERE a.email IN (?, ?)) OR o.id IN (SELECT p.order_id FROM payments p WHERE p.payment_intent_id = ?))",
    );
    const reference = /^[0-9a-f]{8}$/i.test(filter.q) ? filter.q.toLowerCase() : null;
    // Every character of an id after its first 8 sorts below "~" (hex digits and hyphens).
    params.push(filter.q, reference, reference && `${reference}~`, filter.q, filter.q, filter.q.toLowerCase(), filter.q, filter.q.toLowerCase(), filter.q);
  }
  return readPage<OrderListRow>(
    db,
    {
      from: "orders o",
      select:
        "o.*, (SELECT COALESCE(SUM(amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed') AS refunded, (SELECT COALESCE(SUM(amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status = 'pending') AS refund_pending",
      where,
      params,
      time: "o.created_at",
      id: "o.id",
    },
    list,
    (r) => [r.created_at, r.id],
  );
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

/** The Spotlight subscription a Spotlight order paid for (its checkout's, or a renewal's), for the console's cancel buttons. */
export async function orderSubscription(db: D1Database, order: OrderListRow) {
  if (order.kind !== "spotlight") return null;
  const renewalOf = (JSON.parse(order.items) as { subscriptionId?: unknown }).subscriptionId;
  return db
    .prepare(
      `SELECT id, status, current_period_end, cancel_at_period_end FROM spotlight_subscriptions
       WHERE id = ? OR (stripe_session_id IS NOT NULL AND stripe_session_id = ?) LIMIT 1`,
    )
    .bind(typeof renewalOf === "string" ? renewalOf : "", order.checkout_session_id ?? "")
    .first<{ id: string; status: string; current_period_end: number | null; cancel_at_period_end: number }>();
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

export async function listOutbox(db: D1Database, status: MailFilter, list: ListParams): Promise<Page<AdminMailRow>> {
  const where = status === "all" ? [] : status === "pending" ? ["status IN ('pending', 'sending')"] : ["status = ?"];
  return readPage<AdminMailRow>(
    db,
    {
      from: "mail_outbox",
      select: 'id, kind, "to", subject, status, attempts, last_error, next_attempt_at, sent_at, created_at',
      where,
      params: status === "sent" || status === "failed" ? [status] : [],
      time: "created_at",
      id: "id",
    },
    list,
    (r) => [r.created_at, r.id],
  );
}

/** Webhook events, all or with one status ('received': not processed yet, neither processed nor failed). */
export async function listEvents(db: D1Database, status: (typeof EVENT_FILTERS)[number], list: ListParams): Promise<Page<EventRow>> {
  const where = status === "all" ? [] : ["status = ?"];
  return readPage<EventRow>(
    db,
    {
      from: "stripe_events",
      select: "id, type, received_at, status, error, processed_at, CASE WHEN payload IS NULL THEN NULL ELSE '1' END AS payload",
      where,
      params: status === "all" ? [] : [status],
      time: "received_at",
      id: "id",
    },
    list,
    (r) => [r.received_at, r.id],
  );
}

/** `erased`: 1 when its content is gone (a deleted account's e-mail, or one sent long ago): there is nothing to send. */
export async function findMail(db: D1Database, id: string): Promise<{ id: string; status: string; to: string; erased: number } | null> {
  return db
    .prepare(`SELECT id, status, "to", (subject = '' AND text = '' AND html = '') AS erased FROM mail_outbox WHERE id = ?`)
    .bind(id)
    .first<{ id: string; status: string; to: string; erased: number }>();
}

export interface AdminAccountRow {
  id: string;
  email: string;
  name: string;
  company: string;
  disabled_at: number | null;
  created_at: number;
  jobs: number;
  live_jobs: number;
  held_jobs: number;
  /** 1 when the account has a public Spotlight company page, which a disable hides. */
  company_page: number;
}

/** An account's jobs, its Spotlight company's included: those a disable takes down (worker/jobs/store.ts). */
const ACCOUNT_OWN = accountJobsSql("a.id");
const NOW_MS = "(CAST(strftime('%s', 'now') AS INTEGER) * 1000)";

/**
 * Accounts with their jobs (not deleted), those on the board now (which a disable takes off it), and the jobs held
 * with them; `q` matches e-mail, name, company (substring) or the id.
 */
export async function listAccounts(db: D1Database, filter: { q?: string; status: (typeof ACCOUNT_FILTERS)[number] }, list: ListParams): Promise<Page<AdminAccountRow>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.q) {
    where.push("(lower(a.email) LIKE ? ESCAPE '\\' OR lower(a.name) LIKE ? ESCAPE '\\' OR lower(a.company) LIKE ? ESCAPE '\\' OR a.id = ?)");
    params.push(like(filter.q), like(filter.q), like(filter.q), filter.q);
  }
  if (filter.status !== "all") where.push(filter.status === "disabled" ? "a.disabled_at IS NOT NULL" : "a.disabled_at IS NULL");
  return readPage<AdminAccountRow>(
    db,
    {
      from: "accounts a",
      select: `a.id, a.email, a.name, a.company, a.disabled_at, a.created_at,
         (SELECT count(*) FROM jobs WHERE ${ACCOUNT_OWN} AND deleted_at IS NULL) AS jobs,
         (SELECT count(*) FROM jobs WHERE ${ACCOUNT_OWN} AND published = 1 AND ${NOT_REMOVED_SQL} AND expires_at > ${NOW_MS}) AS live_jobs,
         (SELECT count(*) FROM jobs WHERE ${ACCOUNT_OWN} AND removed_by = 'account') AS held_jobs,
         EXISTS (SELECT 1 FROM spotlight_companies sc JOIN companies c ON c.id = sc.id WHERE sc.user_id = a.id) AS company_page`,
      where,
      params,
      time: "a.created_at",
      id: "a.id",
    },
    list,
    (r) => [r.created_at, r.id],
  );
}

export async function findAccount(db: D1Database, id: string): Promise<{ id: string; email: string; disabled_at: number | null } | null> {
  return db.prepare("SELECT id, email, disabled_at FROM accounts WHERE id = ?").bind(id).first<{ id: string; email: string; disabled_at: number | null }>();
}

/** How many enabled accounts other than `exceptId` have one of these (admin) addresses, in any case, and have verified it (only those are admins). */
export async function enabledAccountsWithEmails(db: D1Database, emails: string[], exceptId: string): Promise<number> {
  if (!emails.length) return 0;
  const row = await db
    .prepare(`SELECT count(*) AS n FROM accounts WHERE lower(email) IN (${emails.map(() => "?").join(", ")}) AND disabled_at IS NULL AND email_verified_at IS NOT NULL AND id <> ?`)
    .bind(...emails, exceptId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Holds while the account is (or is not) disabled: the guard of a disable's or an enable's audit row. */
export function accountGuard(id: string, disabled: boolean): Guard {
  return { sql: `EXISTS (SELECT 1 FROM accounts WHERE id = ? AND disabled_at IS ${disabled ? "NOT " : ""}NULL)`, params: [id] };
}

/** An account's owner, to tell them about a disable or an enable: the address, the mail language and the name. */
export async function accountContact(db: D1Database, id: string): Promise<{ to: string; locale: string; name: string | null } | null> {
  const row = await db
    .prepare(`SELECT email AS "to", COALESCE(locale, 'en') AS locale, name FROM accounts WHERE id = ? AND deleted_at IS NULL`)
    .bind(id)
    .first<{ to: string; locale: string; name: string | null }>();
  return row?.to ? row : null;
}

/**
 * The owner of a job, to tell them about the board's decisions: their account's address, language and name (or the
 * job's e-mail, with no name).
 */
export async function jobOwnerContact(db: D1Database, jobId: string): Promise<{ to: string; locale: string; name: string | null } | null> {
  const row = await db
    .prepare(
      `SELECT COALESCE(a.email, NULLIF(j.customer_email, ''), NULLIF(j.email, '')) AS "to", COALESCE(a.locale, 'en') AS locale, a.name AS name FROM jobs j LEFT JOIN accounts a ON a.id = j.user_id WHERE j.id = ?`,
    )
    .bind(jobId)
    .first<{ to: string | null; locale: string; name: string | null }>();
  return row?.to ? { to: row.to, locale: row.locale, name: row.name } : null;
}

type ContactFilter = (typeof CONTACT_FILTERS)[number];

export async function listContactMessages(db: D1Database, status: ContactFilter, list: ListParams): Promise<Page<AdminContactRow>> {
  const where = status === "open" ? ["handled_at IS NULL"] : status === "handled" ? ["handled_at IS NOT NULL"] : [];
  return readPage<AdminContactRow>(
    db,
    { from: "contact_messages", select: "id, name, email, subject, message, created_at, handled_at, handled_by", where, params: [], time: "created_at", id: "id" },
    list,
    (r) => [r.created_at, r.id],
  );
}

export async function contactMessageExists(db: D1Database, id: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(id).first());
}

// ---- the overview (issue 23, item 13) ------------------------------------------------------------

export interface OverviewRows {
  revenue: { day: string; kind: string; cents: number; payments: number }[];
  refunds: { day: string; cents: number; refunds: number }[];
  posts: { day: string; posts: number }[];
  /** Spotlight subscriptions that are paid up (active) or being retried (past_due). */
  subscriptions: { status: string; n: number }[];
  failedWebhooks: number;
  failedMail: number;
}

/** The numbers of the overview between `start` and `end` (epoch ms), by UTC day; the failures are those standing now. */
export async function overview(db: D1Database, start: number, end: number): Promise<OverviewRows> {
  const day = (column: string) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;
  const [revenue, refunds, posts, subscriptions, failures] = await db.batch([
    db
      .prepare(
        `SELECT ${day("p.created_at")} AS day, o.kind AS kind, sum(p.amount) AS cents, count(*) AS payments
         FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.created_at >= ? AND p.created_at < ? GROUP BY 1, 2 ORDER BY 1, 2`,
      )
      .bind(start, end),
    db
      .prepare(`SELECT ${day("created_at")} AS day, sum(amount) AS cents, count(*) AS refunds FROM refunds WHERE status = 'succeeded' AND created_at >= ? AND created_at < ? GROUP BY 1 ORDER BY 1`)
      .bind(start, end),
    // Posts that went live (paid, credit, Spotlight, repost), not seeded or imported ones.
    db
      .prepare(`SELECT ${day("published_at")} AS day, count(*) AS posts FROM jobs WHERE published_at >= ? AND published_at < ? AND source IN ('post', 'spotlight') GROUP BY 1 ORDER BY 1`)
      .bind(start, end),
    db.prepare("SELECT status, count(*) AS n FROM spotlight_subscriptions WHERE status IN ('active', 'past_due') GROUP BY status"),
    db.prepare("SELECT (SELECT count(*) FROM stripe_events WHERE status = 'failed') AS webhooks, (SELECT count(*) FROM mail_outbox WHERE status = 'failed') AS mail"),
  ]);
  const f = failures!.results[0] as { webhooks: number; mail: number };
  return {
    revenue: revenue!.results as OverviewRows["revenue"],
    refunds: refunds!.results as OverviewRows["refunds"],
    posts: posts!.results as OverviewRows["posts"],
    subscriptions: subscriptions!.results as OverviewRows["subscriptions"],
    failedWebhooks: f.webhooks,
    failedMail: f.mail,
  };
}

// ---- exports (CSV, a page at a time) -------------------------------------------------------------

export interface AdminRefundExportRow {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  provider_refund_id: string | null;
  customer_email: string;
  created_at: number;
}

/** Refunds in a range, a page at a time (the CSV export). */
export async function listRefunds(db: D1Database, list: ListParams): Promise<Page<AdminRefundExportRow>> {
  return readPage<AdminRefundExportRow>(
    db,
    {
      from: "refunds r",
      select: "r.id, r.order_id, r.amount, r.currency, r.reason, r.status, r.provider_refund_id, (SELECT o.customer_email FROM orders o WHERE o.id = r.order_id) AS customer_email, r.created_at",
      where: [],
      params: [],
      time: "r.created_at",
      id: "r.id",
    },
    list,
    (r) => [r.created_at, r.id],
  );
}
