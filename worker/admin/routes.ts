// /api/admin/*: the operator console's API. Every route sits behind requireAdmin (404 for anyone else);
// routes validate, call the module that owns each table, and write one audit row in the action's batch.
import { Hono } from "hono";
import type { Context } from "hono";
import { setAccountDisabledStatements } from "../auth/disable";
import type { OrderItems, OrderRow } from "../checkout/fulfil";
import { markContactHandledStatement } from "../contact/handled";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { NOT_WAITING, approveStatements, rejectStatement, waitingGuard } from "../jobs/review";
import { moderateJobStatements } from "../jobs/write";
import { returnPostCreditStatement } from "../credits/ledger";
import type { JobModeration } from "../jobs/write";
import { logError } from "../lib/log";
import { deliverSoon } from "../mail/deliverSoon";
import { resendFailedMailStatement } from "../mail/outbox";
import { paymentProvider } from "../payments/provider";
import { RefundError, refundOrder, refundRowGuard, undoPurchaseStatements } from "../payments/refunds";
import {
  type AdminAuditRow,
  type AdminContactRow,
  type AdminMailRow,
  type AdminPaymentRow,
  type AdminRefundRow,
  UNFULFILLED_AFTER_MS,
  adminAccountsQuery,
  adminActionSchema,
  adminContactQuery,
  adminEventsQuery,
  adminIdParam,
  adminJobsQuery,
  adminMailQuery,
  adminOrdersQuery,
  jobEnhancementSchema,
  refundSchema,
} from "../rules/admin";
import type { StripeEvent } from "../payments/types";
import { processEvent } from "../webhooks/stripe";
import { auditStatement } from "./audit";
import type { AuditEntry } from "./audit";
import { requireAdmin } from "./gate";

const LIMIT = 100;

/** One action: its statements plus its audit row, in one batch. */
async function act(c: Context<AppEnv>, entry: Omit<AuditEntry, "actor">, statements: D1PreparedStatement[], now = Date.now()): Promise<void> {
  await c.env.DB.batch([...statements, auditStatement(c.env.DB, { ...entry, actor: c.get("admin").email }, now)]);
}

interface AdminJobRow {
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

const JOB_COLUMNS = "id, title, company, published, deleted_at, expires_at, published_at, plan, enhancements, dedupe_key, user_id, customer_email, source, payment_status, review, created_at";

function presentJob(r: AdminJobRow, now = Date.now()) {
  const inReview = r.review === "waiting" || r.review === "rejected" ? r.review : null;
  const state = r.deleted_at ? "deleted" : inReview ? inReview : !r.published ? "unpublished" : r.expires_at <= now ? "expired" : "live";
  return {
    id: r.id,
    title: r.title,
    company: r.company,
    state,
    plan: r.plan,
    enhancements: JSON.parse(r.enhancements) as string[],
    ownerId: r.user_id,
    email: r.customer_email,
    source: r.source,
    paymentStatus: r.payment_status,
    review: r.review,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
  };
}

async function jobOr404(c: Context<AppEnv>, id: string): Promise<AdminJobRow> {
  const row = await c.env.DB.prepare(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ?`).bind(id).first<AdminJobRow>();
  if (!row) throw new HttpError(404, "Job not found");
  return row;
}

async function moderate(c: Context<AppEnv>, action: JobModeration, reason: string) {
  const { id } = c.req.param() as { id: string };
  const job = await jobOr404(c, id);
  const now = Date.now();
  const name = action.kind === "enhancement" ? `job.${action.on ? "mark" : "unmark"}_${action.enhancement}` : `job.${action.kind}`;
  await act(c, { action: name, targetType: "job", targetId: job.id, reason, detail: { title: job.title } }, moderateJobStatements(c.env.DB, job, action, now), now);
  return c.json({ job: presentJob(await jobOr404(c, id)) });
}

/** A job waiting for review, else 404 (no such job) or 409 not_waiting (approved, rejected, never moderated). */
async function waitingJobOr409(c: Context<AppEnv>, id: string): Promise<AdminJobRow> {
  const job = await jobOr404(c, id);
  if (job.review !== "waiting") throw new HttpError(409, NOT_WAITING, undefined, "not_waiting");
  return job;
}

const ORDER_WHERE: Record<string, string> = {
  all: "1 = 1",
  paid: "o.status = 'paid' AND o.fulfilled_at IS NOT NULL",
  pending: "o.status IN ('pending', 'awaiting_payment') AND o.fulfilled_at IS NULL",
  failed: "o.status IN ('failed', 'mismatch')",
  refunded: "(o.status = 'refunded' OR EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'))",
  unfulfilled: "o.status IN ('pending', 'awaiting_payment') AND o.fulfilled_at IS NULL AND o.created_at <= ?",
};

interface OrderListRow extends OrderRow {
  created_at: number;
  refunded: number;
}

function presentOrder(o: OrderListRow) {
  return {
    id: o.id,
    kind: o.kind,
    status: o.status,
    amount: o.amount,
    currency: o.currency,
    refunded: o.refunded,
    customerEmail: o.customer_email,
    userId: o.user_id,
    jobId: o.job_id,
    items: JSON.parse(o.items) as OrderItems,
    checkoutSessionId: o.checkout_session_id,
    fulfilledAt: o.fulfilled_at ? new Date(o.fulfilled_at).toISOString() : null,
    createdAt: new Date(o.created_at).toISOString(),
  };
}

const ORDER_SELECT = "SELECT o.*, (SELECT COALESCE(SUM(amount), 0) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed') AS refunded FROM orders o";

async function orderOr404(c: Context<AppEnv>, id: string): Promise<OrderListRow> {
  const order = await c.env.DB.prepare(`${ORDER_SELECT} WHERE o.id = ?`).bind(id).first<OrderListRow>();
  if (!order) throw new HttpError(404, "Order not found");
  return order;
}

interface EventRow {
  id: string;
  type: string;
  status: string;
  error: string | null;
  received_at: number;
  processed_at: number | null;
  payload: string | null;
}

function presentEvent(e: EventRow) {
  return {
    id: e.id,
    type: e.type,
    status: e.status,
    error: e.error,
    receivedAt: new Date(e.received_at).toISOString(),
    processedAt: e.processed_at ? new Date(e.processed_at).toISOString() : null,
    replayable: e.status === "failed" && Boolean(e.payload),
  };
}

const like = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireAdmin)
  .get("/me", (c) => c.json({ admin: c.get("admin") }))

  // Jobs: every job whatever its state.
  .get("/jobs", validate("query", adminJobsQuery), async (c) => {
    const { q } = c.req.valid("query");
    const where = q ? "WHERE lower(title) LIKE ? ESCAPE '\\' OR lower(company) LIKE ? ESCAPE '\\' OR id = ? OR lower(customer_email) LIKE ? ESCAPE '\\'" : "";
    const params = q ? [like(q), like(q), q, like(q)] : [];
    const { results } = await c.env.DB.prepare(`SELECT ${JOB_COLUMNS} FROM jobs ${where} ORDER BY created_at DESC LIMIT ${LIMIT}`).bind(...params).all<AdminJobRow>();
    const now = Date.now();
    return c.json({ jobs: results.map((r) => presentJob(r, now)) });
  })
  .post("/jobs/:id/unpublish", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => moderate(c, { kind: "unpublish" }, c.req.valid("json").reason))
  .post("/jobs/:id/restore", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => moderate(c, { kind: "restore" }, c.req.valid("json").reason))
  .post("/jobs/:id/delete", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => moderate(c, { kind: "delete" }, c.req.valid("json").reason))
  .post("/jobs/:id/enhancement", validate("param", adminIdParam), validate("json", jobEnhancementSchema), (c) => {
    const { enhancement, on, reason } = c.req.valid("json");
    return moderate(c, { kind: "enhancement", enhancement, on }, reason);
  })

  // Optional moderation (MODERATION=on, worker/jobs/review.ts): the queue, approve, reject.
  .get("/moderation", async (c) => {
    const { results } = await c.env.DB.prepare(
      `SELECT ${JOB_COLUMNS}, location, apply_url, email, substr(description_text, 1, 2000) AS description_text,
         (SELECT o.id FROM orders o WHERE o.job_id = jobs.id AND o.kind = 'job' AND o.fulfilled_at IS NOT NULL LIMIT 1) AS order_id
       FROM jobs WHERE review = 'waiting' ORDER BY created_at LIMIT ${LIMIT}`,
    ).all<AdminJobRow & { location: string; apply_url: string | null; email: string | null; description_text: string; order_id: string | null }>();
    const now = Date.now();
    return c.json({
      jobs: results.map((r) => ({
        ...presentJob(r, now),
        location: r.location,
        applyUrl: r.apply_url,
        applyEmail: r.email,
        description: r.description_text,
        paidWith: r.order_id ? "card" : "credit",
        orderId: r.order_id,
      })),
    });
  })
  .post("/jobs/:id/approve", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
    const job = await waitingJobOr409(c, c.req.valid("param").id);
    const now = Date.now();
    const db = c.env.DB;
    // The audit row first, while the job is still waiting: of concurrent approvals exactly one writes it and publishes.
    await db.batch([
      auditStatement(db, { actor: c.get("admin").email, action: "job.approve", targetType: "job", targetId: job.id, reason: c.req.valid("json").reason, detail: { title: job.title } }, now, waitingGuard(job.id)),
      ...approveStatements(db, job, now),
    ]);
    return c.json({ job: presentJob(await jobOr404(c, job.id)) });
  })
  .post("/jobs/:id/reject", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
    const job = await waitingJobOr409(c, c.req.valid("param").id);
    const { reason } = c.req.valid("json");
    const now = Date.now();
    const db = c.env.DB;
    const actor = c.get("admin").email;
    const order = await db.prepare(`${ORDER_SELECT} WHERE o.job_id = ? AND o.kind = 'job' AND o.fulfilled_at IS NOT NULL`).bind(job.id).first<OrderListRow>();
    if (order && order.refunded < order.amount) {
      // A paid post: refunded through the admin refund's path, under one key per job, so that concurrent
      // rejections make one refund; the batch that writes the refund row also rejects and writes the audit row.
      const id = crypto.randomUUID();
      const guard = refundRowGuard(id);
      const amount = order.amount - order.refunded;
      try {
        await refundOrder(c.env, paymentProvider(c.env, c.req.url), {
          order,
          amountCents: amount,
          reason: "requested_by_customer",
          key: `moderation:${job.id}`,
          id,
          now,
          statements: [
            rejectStatement(db, job.id, now, guard),
            ...undoPurchaseStatements(db, order, guard, now),
            auditStatement(db, { actor, action: "job.reject", targetType: "job", targetId: job.id, reason, detail: { title: job.title, orderId: order.id, refundedCents: amount } }, now, guard),
          ],
        });
      } catch (e) {
        if (e instanceof RefundError) throw new HttpError(409, e.message, undefined, "refund_refused");
        if (e instanceof HttpError) throw e;
        logError("admin.reject_refund_failed", e, { jobId: job.id, orderId: order.id });
        throw new HttpError(502, "The job is rejected, but the payment provider refused or failed its refund: it is recorded, and refunding the order from Orders retries it.", undefined, "provider_failed");
      }
    } else {
      // A credit post (or an order refunded already): the credit goes back, once, while the job is still waiting.
      const guard = waitingGuard(job.id);
      await db.batch([
        auditStatement(db, { actor, action: "job.reject", targetType: "job", targetId: job.id, reason, detail: { title: job.title, ...(order ? { orderId: order.id } : { creditReturned: true }) } }, now, guard),
        ...(order ? [] : [returnPostCreditStatement(db, job.id, guard)]),
        rejectStatement(db, job.id, now),
      ]);
    }
    return c.json({ job: presentJob(await jobOr404(c, job.id)) });
  })

  // Orders and payments.
  .get("/orders", validate("query", adminOrdersQuery), async (c) => {
    const status = c.req.valid("query").status ?? "all";
    const params = status === "unfulfilled" ? [Date.now() - UNFULFILLED_AFTER_MS] : [];
    const { results } = await c.env.DB.prepare(`${ORDER_SELECT} WHERE ${ORDER_WHERE[status]} ORDER BY o.created_at DESC LIMIT ${LIMIT}`).bind(...params).all<OrderListRow>();
    return c.json({ orders: results.map(presentOrder) });
  })
  .get("/orders/:id", validate("param", adminIdParam), async (c) => {
    const order = await orderOr404(c, c.req.valid("param").id);
    const db = c.env.DB;
    const needles = [order.id, order.checkout_session_id].filter(Boolean) as string[];
    const [payments, refunds, events] = await db.batch([
      db.prepare("SELECT id, checkout_session_id, payment_intent_id, amount, currency, receipt_url, created_at FROM payments WHERE order_id = ? ORDER BY created_at").bind(order.id),
      db.prepare("SELECT id, key, amount, currency, reason, status, provider_refund_id, last_error, created_at FROM refunds WHERE order_id = ? ORDER BY created_at").bind(order.id),
      db
        .prepare(`SELECT id, type, status, error, received_at, processed_at, payload FROM stripe_events WHERE ${needles.map(() => "instr(payload, ?) > 0").join(" OR ")} ORDER BY received_at LIMIT ${LIMIT}`)
        .bind(...needles),
    ]);
    return c.json({ order: presentOrder(order), payments: payments!.results as AdminPaymentRow[], refunds: refunds!.results as AdminRefundRow[], events: (events!.results as EventRow[]).map(presentEvent) });
  })
  .post("/orders/:id/refund", validate("param", adminIdParam), validate("json", refundSchema), async (c) => {
    const order = await orderOr404(c, c.req.valid("param").id);
    const { reason, amountCents, key } = c.req.valid("json");
    const amount = amountCents ?? order.amount - order.refunded;
    const id = crypto.randomUUID();
    const guard = refundRowGuard(id);
    const now = Date.now();
    const db = c.env.DB;
    try {
      const refund = await refundOrder(c.env, paymentProvider(c.env, c.req.url), {
        order,
        amountCents: amount,
        reason: "requested_by_customer",
        key: `admin:${order.id}:${key}`,
        id,
        now,
        statements: [
          ...undoPurchaseStatements(db, order, guard, now),
          auditStatement(db, { actor: c.get("admin").email, action: "order.refund", targetType: "order", targetId: order.id, reason, detail: { amountCents: amount, key } }, now, guard),
        ],
      });
      return c.json({ refund, order: presentOrder(await orderOr404(c, order.id)) });
    } catch (e) {
      if (e instanceof RefundError) throw new HttpError(409, e.message, undefined, "refund_refused");
      if (e instanceof HttpError) throw e;
      logError("admin.refund_failed", e, { orderId: order.id });
      throw new HttpError(502, "The payment provider refused or failed the refund; it is recorded and can be retried with the same key.", undefined, "provider_failed");
    }
  })

  // Webhook events.
  .get("/webhook-events", validate("query", adminEventsQuery), async (c) => {
    const status = c.req.valid("query").status ?? "all";
    const where = status === "all" ? "" : "WHERE status = ?";
    const { results } = await c.env.DB.prepare(`SELECT id, type, status, error, received_at, processed_at, payload FROM stripe_events ${where} ORDER BY received_at DESC LIMIT ${LIMIT}`)
      .bind(...(status === "all" ? [] : [status]))
      .all<EventRow>();
    return c.json({ events: results.map(presentEvent) });
  })
  .post("/webhook-events/:id/replay", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
    const row = await c.env.DB.prepare("SELECT id, type, status, error, received_at, processed_at, payload FROM stripe_events WHERE id = ?").bind(c.req.valid("param").id).first<EventRow>();
    if (!row) throw new HttpError(404, "Event not found");
    if (row.status !== "failed" || !row.payload) throw new HttpError(409, "Only a failed event with its payload can be replayed", undefined, "not_failed");
    const audit = auditStatement(c.env.DB, { actor: c.get("admin").email, action: "webhook_event.replay", targetType: "webhook_event", targetId: row.id, reason: c.req.valid("json").reason });
    const failure = await processEvent(c, JSON.parse(row.payload) as StripeEvent, [audit]);
    const after = (await c.env.DB.prepare("SELECT id, type, status, error, received_at, processed_at, payload FROM stripe_events WHERE id = ?").bind(row.id).first<EventRow>())!;
    return c.json({ event: presentEvent(after), ok: !failure });
  })

  // E-mail outbox.
  .get("/outbox", validate("query", adminMailQuery), async (c) => {
    const status = c.req.valid("query").status ?? "all";
    const where = status === "all" ? "" : status === "pending" ? "WHERE status IN ('pending', 'sending')" : "WHERE status = ?";
    const { results } = await c.env.DB.prepare(
      `SELECT id, kind, "to", subject, status, attempts, last_error, next_attempt_at, sent_at, created_at FROM mail_outbox ${where} ORDER BY created_at DESC LIMIT ${LIMIT}`,
    )
      .bind(...(status === "sent" || status === "failed" ? [status] : []))
      .all<AdminMailRow>();
    return c.json({ mail: results });
  })
  .post("/outbox/:id/resend", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
    const { id } = c.req.valid("param");
    const row = await c.env.DB.prepare("SELECT id, status, \"to\" FROM mail_outbox WHERE id = ?").bind(id).first<{ id: string; status: string; to: string }>();
    if (!row) throw new HttpError(404, "E-mail not found");
    if (row.status !== "failed") throw new HttpError(409, "Only a failed e-mail can be resent", undefined, "not_failed");
    await act(c, { action: "mail.resend", targetType: "mail", targetId: id, reason: c.req.valid("json").reason, detail: { to: row.to } }, [resendFailedMailStatement(c.env.DB, id)]);
    deliverSoon(c);
    return c.json({ ok: true });
  })

  // Accounts.
  .get("/accounts", validate("query", adminAccountsQuery), async (c) => {
    const { q } = c.req.valid("query");
    const where = q ? "WHERE lower(email) LIKE ? ESCAPE '\\' OR lower(name) LIKE ? ESCAPE '\\' OR lower(company) LIKE ? ESCAPE '\\' OR id = ?" : "";
    const { results } = await c.env.DB.prepare(
      `SELECT a.id, a.email, a.name, a.company, a.disabled_at, a.created_at, (SELECT count(*) FROM jobs j WHERE j.user_id = a.id) AS jobs FROM accounts a ${where} ORDER BY a.created_at DESC LIMIT ${LIMIT}`,
    )
      .bind(...(q ? [like(q), like(q), like(q), q] : []))
      .all<{ id: string; email: string; name: string; company: string; disabled_at: number | null; created_at: number; jobs: number }>();
    return c.json({
      accounts: results.map((a) => ({ id: a.id, email: a.email, name: a.name, company: a.company, jobs: a.jobs, disabled: a.disabled_at !== null, createdAt: new Date(a.created_at).toISOString() })),
    });
  })
  .post("/accounts/:id/disable", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => setDisabled(c, true))
  .post("/accounts/:id/enable", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => setDisabled(c, false))

  // Contact messages.
  .get("/contact-messages", validate("query", adminContactQuery), async (c) => {
    const status = c.req.valid("query").status ?? "open";
    const where = status === "open" ? "WHERE handled_at IS NULL" : status === "handled" ? "WHERE handled_at IS NOT NULL" : "";
    const { results } = await c.env.DB.prepare(`SELECT id, name, email, subject, message, created_at, handled_at, handled_by FROM contact_messages ${where} ORDER BY created_at DESC LIMIT ${LIMIT}`).all<AdminContactRow>();
    return c.json({ messages: results });
  })
  .post("/contact-messages/:id/handled", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await c.env.DB.prepare("SELECT 1 FROM contact_messages WHERE id = ?").bind(id).first())) throw new HttpError(404, "Message not found");
    await act(c, { action: "contact_message.handled", targetType: "contact_message", targetId: id, reason: c.req.valid("json").reason }, [markContactHandledStatement(c.env.DB, id, c.get("admin").email)]);
    return c.json({ ok: true });
  })

  // The audit log: read only.
  .get("/audit", async (c) => {
    const { results } = await c.env.DB.prepare(`SELECT id, actor, action, target_type, target_id, reason, detail, created_at FROM admin_audit ORDER BY created_at DESC, id LIMIT 200`).all<AdminAuditRow>();
    return c.json({ entries: results });
  });

async function setDisabled(c: Context<AppEnv>, disabled: boolean) {
  const { id } = c.req.param() as { id: string };
  const account = await c.env.DB.prepare("SELECT id, email FROM accounts WHERE id = ?").bind(id).first<{ id: string; email: string }>();
  if (!account) throw new HttpError(404, "Account not found");
  const body = (await c.req.json()) as { reason: string };
  await act(c, { action: disabled ? "account.disable" : "account.enable", targetType: "account", targetId: id, reason: body.reason.trim(), detail: { email: account.email } }, setAccountDisabledStatements(c.env.DB, id, disabled));
  return c.json({ ok: true, disabled });
}
