// /api/admin/*: the operator console's API. Every route sits behind requireAdmin (404 for anyone else);
// routes validate, read through the console's store (./store.ts), call the module that owns each table
// for the change, and write one audit row in the action's batch. Built with the app's webhook handlers
// (worker/app.ts), which a replayed event runs through.
import { orderReference } from "../mail/receipts";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { setAccountDisabledStatements } from "../auth/store";
import { appOrigin } from "../lib/appUrl";
import { markContactHandledStatement } from "../contact/store";
import type { OrderItems } from "../orders/store";
import type { AppEnv, Env } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { NOT_WAITING, waitingGuard } from "../jobs/review";
import { accountHeldJobs, approveStatements, holdAccountJobsStatements, moderateJobStatements, rejectStatement, releaseAccountJobsStatements } from "../jobs/store";
import { NOT_DELETED_SQL, NOT_REMOVED_SQL, RESTORABLE_SQL, jobGuard, restorable } from "../jobs/takedown";
import type { Decision } from "../mail/decisions";
import { JOB_LIFETIME_DAYS } from "../rules/lists";
import { DAY } from "../rules/time";
import { m } from "../rules/serverMessages";
import { returnPostCreditStatement, unspentOrderCredits } from "../credits/ledger";
import type { JobModeration } from "../jobs/store";
import { DomainError } from "../lib/errors";
import { logError } from "../lib/log";
import { deliverSoon } from "../mail/deliverSoon";
import { resendFailedMailStatement } from "../mail/store";
import { paymentProvider } from "../payments/provider";
import { RefundError, RefundKeyReused, refundOrder, refundRowGuard } from "../payments/refunds";
import { refundByKey } from "../payments/store";
import { formatAmount } from "../mail/templates";
import {
  LIST_PAGE,
  UNFULFILLED_AFTER_MS,
  adminAccountsQuery,
  adminActionSchema,
  adminAuditQuery,
  adminExportParam,
  adminRangeQuery,
  adminContactQuery,
  adminEventsQuery,
  adminIdParam,
  adminJobsQuery,
  adminMailQuery,
  adminOrdersQuery,
  cancelSubscriptionSchema,
  SUBSCRIPTION_MESSAGES,
  defaultTakeBack,
  dayRange,
  disableAccountSchema,
  enableAccountSchema,
  jobEnhancementSchema,
  maxCreditsRemovable,
  REFUND_MESSAGES,
  refundSchema,
  ownerReasonOf,
  RANGE_REVERSED,
  rangeInOrder,
  takedownSchema,
} from "../rules/admin";
import type { AdminJobState } from "../rules/admin";
import type { StripeEvent } from "../payments/types";
import { processEvent } from "../webhooks/events";
import type { WebhookHandlers } from "../webhooks/events";
import { findEvent } from "../webhooks/store";
import type { EventRow } from "../webhooks/store";
import { adminEmails, requireAdmin } from "./gate";
import { decodeCursor } from "./cursor";
import { csvStream } from "./exports";
import { accountNotice, decisionNotice } from "./notices";
import { supportEmailOf } from "../rules/contact";
import { SPOTLIGHT_MONTHLY_CENTS } from "../rules/pricing";
import {
  accountGuard,
  applyAudited,
  applyBatch,
  auditStatement,
  contactMessageExists,
  enabledAccountsWithEmails,
  findAccount,
  findJob,
  findMail,
  findOrder,
  listAccounts,
  listAudit,
  listContactMessages,
  listEvents,
  listJobs,
  listOrders,
  listOutbox,
  listRefunds,
  moderationQueue,
  overview,
  orderHistory,
  orderSubscription,
  latestSpotlightOrder,
  paidJobOrder,
  refundFactsOf,
} from "./store";
import { subscriptionAndCompany, subscriptionById } from "../spotlight/store";
import { jobEdits } from "../jobs/editHistoryStore";
import type { JobEditFields } from "../jobs/editHistoryStore";
import { syncSubscription } from "../spotlight/subscription";
import type { AdminJobRow, AuditEntry, ListParams, OrderListRow } from "./store";

const LIMIT = 100;

/** A list's paging as the store reads it; a cursor that is not ours is a 400. */
function listParams(q: { cursor?: string; limit?: number; sort?: "newest" | "oldest"; from?: string; to?: string }): ListParams {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  if (q.cursor && !after) throw new HttpError(400, m("server.admin.cursor"), undefined, "bad_cursor");
  const { start, end } = dayRange(q.from, q.to);
  return { sort: q.sort ?? "newest", after, start, end, limit: q.limit ?? LIST_PAGE };
}

/** The overview's range: as given, else the last 30 days (UTC); a `from` after its `to` (today when not given) is a 400. */
function rangeOrLast30(q: { from?: string; to?: string }): { from: string; to: string } {
  const today = new Date().toISOString().slice(0, 10);
  const to = q.to ?? today;
  const from = q.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
  if (!rangeInOrder({ from, to })) throw new HttpError(400, RANGE_REVERSED, undefined, "range_reversed");
  return { from, to };
}

/** Admin answers depend on who asks and change with every action: never stored by a browser or a cache. */
const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
});

/** One action: its statements plus its audit row, in one batch. */
async function act(c: Context<AppEnv>, entry: Omit<AuditEntry, "actor">, statements: D1PreparedStatement[], now = Date.now()): Promise<void> {
  await applyAudited(c.env.DB, { ...entry, actor: c.get("admin").email }, statements, now);
}

/** A job's state in the console (rules/admin.ts JOB_STATES): the same rule as the store's state filter. */
function jobState(r: AdminJobRow, now: number): AdminJobState {
  if (r.deleted_at !== null) return "deleted";
  if (r.removed_at !== null) return "removed";
  if (r.review === "waiting" || r.review === "rejected") return r.review;
  if (!r.published) return r.published_at === null ? "draft" : "inactive";
  return r.expires_at <= now ? "expired" : "live";
}

function presentJob(r: AdminJobRow, now = Date.now()) {
  return {
    id: r.id,
    title: r.title,
    company: r.company,
    state: jobState(r, now),
    /** Whether Restore gives something back (worker/jobs/takedown.ts): never for a draft nobody paid for. */
    restorable: restorable(r),
    removal:
      r.removed_at !== null
        ? {
            reason: r.removed_reason ?? "",
            ownerReason: ownerReasonOf(r.removed_reason_code),
            by: r.removed_by === "account" ? ("account" as const) : ("operator" as const),
            at: new Date(r.removed_at).toISOString(),
          }
        : null,
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

/** A Spotlight company's rows rebuilt after the console gave some back; a failure is logged (the object's alarm retries). */
async function reprojectSpotlight(env: Env, companyId: string): Promise<void> {
  await env.SPOTLIGHT.getByName(companyId)
    .reproject()
    .catch((err: unknown) => logError("admin.spotlight_reproject_failed", err, { companyId }));
}

async function jobOr404(c: Context<AppEnv>, id: string): Promise<AdminJobRow> {
  const row = await findJob(c.env.DB, id);
  if (!row) throw new HttpError(404, "Job not found");
  return row;
}

/**
 * An operator's action on a job, with its audit row and (for a takedown or a restore) the owner's e-mail.
 * Both are written first in the batch, under a guard over the job's state before the change, so that of
 * simultaneous identical actions exactly one is recorded and told; the UPDATE carries the same condition.
 */
async function moderate(c: Context<AppEnv>, action: Exclude<JobModeration, { kind: "enhancement" }>, reason: string) {
  const { id } = c.req.param() as { id: string };
  const job = await jobOr404(c, id);
  const now = Date.now();
  const db = c.env.DB;
  const name = `job.${action.kind}`;
  let guard: { sql: string; params: unknown[] } | undefined;
  let notice: { decision: Decision; guard: { sql: string; params: unknown[] } } | null = null;
  const wasSeen = job.published === 1 && job.expires_at > now;
  if (action.kind === "unpublish") {
    if (job.removed_at !== null || job.deleted_at !== null) throw new HttpError(409, m("server.admin.alreadyRemoved"), undefined, "already_removed");
    guard = jobGuard(job.id, NOT_REMOVED_SQL);
    notice = { decision: { kind: "removed", reason, ownerReason: action.ownerReason, wasSeen }, guard };
  } else if (action.kind === "delete") {
    if (job.deleted_at !== null) throw new HttpError(409, m("server.admin.alreadyDeleted"), undefined, "already_deleted");
    guard = jobGuard(job.id, NOT_DELETED_SQL);
    // Told once that the job is off the board: not again when a removed job is then deleted.
    notice = { decision: { kind: "removed", reason, ownerReason: action.ownerReason, wasSeen }, guard: jobGuard(job.id, NOT_REMOVED_SQL) };
  } else if (action.kind === "restore") {
    if (!restorable(job)) {
      if (job.published_at === null && job.published === 0 && job.review === null) throw new HttpError(409, m("server.admin.neverPaid"), undefined, "never_paid");
      throw new HttpError(409, m("server.admin.nothingToRestore"), undefined, "not_removed");
    }
    guard = jobGuard(job.id, RESTORABLE_SQL);
    const reviewAllows = job.review === null || job.review === "approved";
    const live = (job.removed_at !== null ? job.removed_was_published === 1 : job.published_at !== null) && reviewAllows && job.expires_at > now;
    notice = { decision: { kind: "restored", live }, guard };
  }
  const audit = auditStatement(db, { actor: c.get("admin").email, action: name, targetType: "job", targetId: job.id, reason, detail: { title: job.title } }, now, guard);
  const told = notice ? await decisionNotice(db, appOrigin(c), job, notice.decision, notice.guard, now) : [];
  await applyBatch(db, [audit, ...told, ...moderateJobStatements(db, job, action, now)]);
  if (told.length) deliverSoon(c);
  // A Spotlight job given back: its company's object rebuilds the row from what its owner has now (edited since, or gone).
  if (action.kind === "restore" && job.source === "spotlight" && job.company_id) await reprojectSpotlight(c.env, job.company_id);
  return c.json({ job: presentJob(await jobOr404(c, id)) });
}

const MARK_MESSAGES = {
  featured: { on: "server.admin.alreadyFeatured", off: "server.admin.notFeatured" },
  sticky: { on: "server.admin.alreadySticky", off: "server.admin.notSticky" },
} as const;

/**
 * The console's free Featured or Sticky mark, on or off. A mark the job already has (or lacks) is a 409 that writes
 * nothing: a second click, or a tab opened before another operator's click. The audit row and the change are written
 * under a guard over the marks as read, so of simultaneous clicks one is recorded; a different mark that changed the
 * job meanwhile is not overwritten: the click is read again over it.
 */
async function markJob(c: Context<AppEnv>, action: Extract<JobModeration, { kind: "enhancement" }>, reason: string) {
  const { id } = c.req.param() as { id: string };
  const db = c.env.DB;
  // Read again only when another write changed the marks meanwhile (its own guard held): each round is someone's progress.
  for (;;) {
    const job = await jobOr404(c, id);
    const has = (JSON.parse(job.enhancements) as string[]).includes(action.enhancement);
    if (has === action.on) {
      throw new HttpError(409, m(MARK_MESSAGES[action.enhancement][action.on ? "on" : "off"]), undefined, action.on ? "already_marked" : "not_marked");
    }
    const now = Date.now();
    const guard = { sql: "EXISTS (SELECT 1 FROM jobs WHERE id = ? AND enhancements = ?)", params: [job.id, job.enhancements] };
    const name = `job.${action.on ? "mark" : "unmark"}_${action.enhancement}`;
    const [audit] = await db.batch([
      auditStatement(db, { actor: c.get("admin").email, action: name, targetType: "job", targetId: job.id, reason, detail: { title: job.title } }, now, guard),
      ...moderateJobStatements(db, job, action, now, guard),
    ]);
    if (audit?.meta.changes) return c.json({ job: presentJob(await jobOr404(c, id)) });
  }
}

/** A job waiting for review, else 404 (no such job) or 409 not_waiting (approved, rejected, never moderated). */
async function waitingJobOr409(c: Context<AppEnv>, id: string): Promise<AdminJobRow> {
  const job = await jobOr404(c, id);
  if (job.review !== "waiting") throw new HttpError(409, NOT_WAITING, undefined, "not_waiting");
  if (job.removed_at !== null || job.deleted_at !== null) throw new HttpError(409, m("server.admin.removedNotApproved"), undefined, "removed");
  return job;
}

function presentOrder(o: OrderListRow) {
  return {
    id: o.id,
    /** As the buyer's receipt and Billing write it ("6E614D8E"). */
    reference: orderReference(o.id),
    kind: o.kind,
    status: o.status,
    amount: o.amount,
    currency: o.currency,
    refunded: o.refunded,
    /** Of `refunded`, what is still pending with the provider: the console says "refund pending" for it, not "refunded". */
    refundPending: o.refund_pending,
    customerEmail: o.customer_email,
    userId: o.user_id,
    jobId: o.job_id,
    items: JSON.parse(o.items) as OrderItems,
    checkoutSessionId: o.checkout_session_id,
    fulfilledAt: o.fulfilled_at ? new Date(o.fulfilled_at).toISOString() : null,
    createdAt: new Date(o.created_at).toISOString(),
  };
}

/** 409: the refund key was used for another amount (a different refund needs its own key). */
function keyReused(amount: number, currency: string): HttpError {
  return new HttpError(409, REFUND_MESSAGES.keyReused(formatAmount(amount, currency)), undefined, "key_reused");
}

async function orderOr404(c: Context<AppEnv>, id: string): Promise<OrderListRow> {
  const order = await findOrder(c.env.DB, id);
  if (!order) throw new HttpError(404, "Order not found");
  return order;
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

/** The operator console's router; `webhookHandlers` are the app's (worker/app.ts), for replaying an event. */
export const adminRoutes = (webhookHandlers: WebhookHandlers) =>
  new Hono<AppEnv>()
    .use("*", noStore)
    .use("*", requireAdmin)
    .get("/me", (c) => c.json({ admin: c.get("admin") }))

    // Jobs: every job whatever its state.
    .get("/jobs", validate("query", adminJobsQuery), async (c) => {
      const q = c.req.valid("query");
      const now = Date.now();
      const page = await listJobs(c.env.DB, { q: q.q || undefined, state: q.state === "all" ? undefined : q.state }, listParams(q), now);
      return c.json({ jobs: page.rows.map((r) => presentJob(r, now)), total: page.total, nextCursor: page.nextCursor });
    })
    .post("/jobs/:id/unpublish", validate("param", adminIdParam), validate("json", takedownSchema), (c) => {
      const { reason, ownerReason } = c.req.valid("json");
      return moderate(c, { kind: "unpublish", reason, ownerReason: ownerReason ?? null }, reason);
    })
    // A paid job's edit history (issue 22 item 15): what each edit changed, oldest first.
    .get("/jobs/:id/history", validate("param", adminIdParam), async (c) => {
      const job = await jobOr404(c, c.req.valid("param").id);
      const edits = await jobEdits(c.env.DB, job.id);
      return c.json({
        edits: edits.map((e) => ({ id: e.id, at: new Date(e.created_at).toISOString(), before: JSON.parse(e.before) as JobEditFields, after: JSON.parse(e.after) as JobEditFields })),
      });
    })
    .post("/jobs/:id/restore", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => moderate(c, { kind: "restore" }, c.req.valid("json").reason))
    .post("/jobs/:id/delete", validate("param", adminIdParam), validate("json", takedownSchema), (c) => {
      const { reason, ownerReason } = c.req.valid("json");
      return moderate(c, { kind: "delete", reason, ownerReason: ownerReason ?? null }, reason);
    })
    .post("/jobs/:id/enhancement", validate("param", adminIdParam), validate("json", jobEnhancementSchema), (c) => {
      const { enhancement, on, reason } = c.req.valid("json");
      return markJob(c, { kind: "enhancement", enhancement, on }, reason);
    })

    // Optional moderation (MODERATION=on, worker/jobs/review.ts): the queue, approve, reject.
    .get("/moderation", async (c) => {
      const results = await moderationQueue(c.env.DB, LIMIT);
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
      await applyBatch(db, [
        auditStatement(
          db,
          { actor: c.get("admin").email, action: "job.approve", targetType: "job", targetId: job.id, reason: c.req.valid("json").reason, detail: { title: job.title } },
          now,
          waitingGuard(job.id),
        ),
        ...(await decisionNotice(db, appOrigin(c), job, { kind: "approved", expiresAt: now + JOB_LIFETIME_DAYS * DAY }, waitingGuard(job.id), now)),
        ...approveStatements(db, job, now),
      ]);
      deliverSoon(c);
      return c.json({ job: presentJob(await jobOr404(c, job.id)) });
    })
    .post("/jobs/:id/reject", validate("param", adminIdParam), validate("json", takedownSchema), async (c) => {
      const job = await waitingJobOr409(c, c.req.valid("param").id);
      const { reason } = c.req.valid("json");
      const ownerReason = c.req.valid("json").ownerReason ?? null;
      const now = Date.now();
      const db = c.env.DB;
      const actor = c.get("admin").email;
      const order = await paidJobOrder(db, job.id);
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
            reason: "rejected",
            key: `moderation:${job.id}`,
            // A rejected post is refunded in full and takes back what it paid for: the job, its unspent credits.
            takeBack: { job: true, credits: await unspentOrderCredits(db, order.id, now) },
            note: reason,
            id,
            now,
            appUrl: appOrigin(c),
            statements: [
              ...(await decisionNotice(db, appOrigin(c), job, { kind: "rejected", reason, ownerReason, returned: "refund" }, guard, now)),
              rejectStatement(db, job.id, now, guard),
              auditStatement(db, { actor, action: "job.reject", targetType: "job", targetId: job.id, reason, detail: { title: job.title, orderId: order.id, refundedCents: amount } }, now, guard),
            ],
          });
        } catch (e) {
          if (e instanceof RefundError) throw new HttpError(409, e.message, undefined, "refund_refused");
          if (e instanceof HttpError || e instanceof DomainError) throw e;
          logError("admin.reject_refund_failed", e, { jobId: job.id, orderId: order.id });
          throw new HttpError(
            502,
            "The job is rejected, but the payment provider refused or failed its refund: it is recorded, and refunding the order from Orders retries it.",
            undefined,
            "provider_failed",
          );
        }
      } else {
        // A credit post (or an order refunded already): the credit goes back, once, while the job is still waiting.
        const guard = waitingGuard(job.id);
        await applyBatch(db, [
          auditStatement(
            db,
            { actor, action: "job.reject", targetType: "job", targetId: job.id, reason, detail: { title: job.title, ...(order ? { orderId: order.id } : { creditReturned: true }) } },
            now,
            guard,
          ),
          ...(order ? [] : [returnPostCreditStatement(db, job.id, guard)]),
          ...(await decisionNotice(db, appOrigin(c), job, { kind: "rejected", reason, ownerReason, returned: order ? null : "credit" }, guard, now)),
          rejectStatement(db, job.id, now),
        ]);
      }
      deliverSoon(c);
      return c.json({ job: presentJob(await jobOr404(c, job.id)) });
    })

    // Orders and payments.
    .get("/orders", validate("query", adminOrdersQuery), async (c) => {
      const q = c.req.valid("query");
      const page = await listOrders(c.env.DB, { status: q.status ?? "all", q: q.q || undefined }, Date.now() - UNFULFILLED_AFTER_MS, listParams(q));
      return c.json({ orders: page.rows.map(presentOrder), total: page.total, nextCursor: page.nextCursor });
    })
    .get("/orders/:id", validate("param", adminIdParam), async (c) => {
      const order = await orderOr404(c, c.req.valid("param").id);
      const { payments, refunds, events } = await orderHistory(c.env.DB, order, LIMIT);
      const sub = await orderSubscription(c.env.DB, order);
      const subscription = sub
        ? { id: sub.id, status: sub.status, currentPeriodEnd: sub.current_period_end, cancelAtPeriodEnd: sub.cancel_at_period_end === 1, ended: sub.status === "canceled" || sub.status === "expired" }
        : null;
      // What a refund can take back (the refund dialog computes each choice's effect from these).
      return c.json({ order: presentOrder(order), payments, refunds, events: events.map(presentEvent), refundFacts: await refundFactsOf(c.env.DB, order), subscription });
    })
    .post("/orders/:id/refund", validate("param", adminIdParam), validate("json", refundSchema), async (c) => {
      const order = await orderOr404(c, c.req.valid("param").id);
      const { reason, amountCents, key, category, takeBack, customerNote } = c.req.valid("json");
      const db = c.env.DB;
      const refundKey = `admin:${order.id}:${key}`;
      // A replayed request (same key) answers with its refund; the same key with another amount is refused.
      const earlier = await refundByKey(db, refundKey);
      if (earlier) {
        if (amountCents !== undefined && amountCents !== earlier.amount) throw keyReused(earlier.amount, earlier.currency);
      } else if (order.refunded >= order.amount && order.amount > 0) {
        throw new HttpError(409, REFUND_MESSAGES.alreadyRefunded, undefined, "already_refunded");
      }
      const amount = earlier?.amount ?? amountCents ?? order.amount - order.refunded;
      const facts = await refundFactsOf(db, order);
      const chosen = takeBack ?? defaultTakeBack(facts, amount);
      if (!earlier) {
        if (chosen.job && !facts.job) throw new HttpError(400, REFUND_MESSAGES.noJobToTakeBack);
        const max = maxCreditsRemovable(facts, amount, chosen.job);
        if (chosen.credits > max) throw new HttpError(400, REFUND_MESSAGES.maxCredits(max));
      }
      const id = crypto.randomUUID();
      const guard = refundRowGuard(id);
      const now = Date.now();
      try {
        const refund = await refundOrder(c.env, paymentProvider(c.env, c.req.url), {
          order,
          amountCents: amount,
          reason: category ?? "requested_by_customer",
          key: refundKey,
          takeBack: chosen,
          note: reason,
          customerNote: customerNote || null,
          id,
          now,
          appUrl: appOrigin(c),
          statements: [
            auditStatement(
              db,
              {
                actor: c.get("admin").email,
                action: "order.refund",
                targetType: "order",
                targetId: order.id,
                reason,
                detail: { amountCents: amount, key, takeBack: chosen, category: category ?? "requested_by_customer" },
              },
              now,
              guard,
            ),
          ],
        });
        deliverSoon(c);
        return c.json({ refund, order: presentOrder(await orderOr404(c, order.id)) });
      } catch (e) {
        if (e instanceof RefundKeyReused) throw keyReused(e.refund.amount, e.refund.currency);
        if (e instanceof RefundError) throw new HttpError(409, e.message, undefined, "refund_refused");
        if (e instanceof HttpError || e instanceof DomainError) throw e;
        logError("admin.refund_failed", e, { orderId: order.id });
        throw new HttpError(
          502,
          "The payment provider refused the refund: no money went back and nothing was taken back. It is recorded, and refunding again with the same key asks again.",
          undefined,
          "provider_failed",
        );
      }
    })

    // Spotlight subscriptions: cancel at the end of the paid period, or now (with a refund of its last payment if asked).
    .post("/subscriptions/:id/cancel", validate("param", adminIdParam), validate("json", cancelSubscriptionSchema), async (c) => {
      const { id } = c.req.valid("param");
      const { reason, when, refund } = c.req.valid("json");
      const db = c.env.DB;
      const sub = await subscriptionById(db, id);
      if (!sub) throw new HttpError(404, SUBSCRIPTION_MESSAGES.notFound);
      if (sub.status === "canceled" || sub.status === "expired") throw new HttpError(409, SUBSCRIPTION_MESSAGES.ended, undefined, "ended");
      if (refund && when !== "now") throw new HttpError(400, SUBSCRIPTION_MESSAGES.refundNeedsNow);
      const provider = paymentProvider(c.env, c.req.url);
      const info = await provider.cancelSubscription(id, when);
      const now = Date.now();
      // The subscription's new state and its e-mail ("ended", or "cancellation scheduled"), as a webhook would write them.
      await syncSubscription(c.env, info, { appUrl: appOrigin(c) }, now);
      await act(c, { action: `subscription.cancel_${when}`, targetType: "subscription", targetId: id, reason, detail: { userId: sub.user_id, refund: Boolean(refund) } }, [], now);
      let refunded = null;
      const order = refund ? await latestSpotlightOrder(db, sub.user_id) : null;
      if (order && order.refunded < order.amount) {
        try {
          refunded = await refundOrder(c.env, provider, {
            order,
            amountCents: order.amount - order.refunded,
            reason: "requested_by_customer",
            key: `cancel:${id}`,
            note: reason,
            appUrl: appOrigin(c),
            now,
          });
        } catch (e) {
          if (e instanceof RefundError) throw new HttpError(409, e.message, undefined, "refund_refused");
          if (e instanceof HttpError || e instanceof DomainError) throw e;
          // The subscription is cancelled (above); only its refund failed, and says so, never a 500.
          logError("admin.cancel_refund_failed", e, { subscriptionId: id, orderId: order.id });
          deliverSoon(c);
          throw new HttpError(
            502,
            "The subscription is cancelled, but the payment provider refused its refund: no money went back. It is recorded, and refunding the order from Orders asks again.",
            undefined,
            "provider_failed",
          );
        }
      }
      deliverSoon(c);
      return c.json({ subscription: { id, status: info.status, cancelAtPeriodEnd: info.cancelAtPeriodEnd }, refund: refunded });
    })

    // Webhook events.
    .get("/webhook-events", validate("query", adminEventsQuery), async (c) => {
      const q = c.req.valid("query");
      const page = await listEvents(c.env.DB, q.status ?? "all", listParams(q));
      return c.json({ events: page.rows.map(presentEvent), total: page.total, nextCursor: page.nextCursor });
    })
    .post("/webhook-events/:id/replay", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
      const row = await findEvent(c.env.DB, c.req.valid("param").id);
      if (!row) throw new HttpError(404, "Event not found");
      if (row.status !== "failed" || !row.payload) throw new HttpError(409, "Only a failed event with its payload can be replayed", undefined, "not_failed");
      // The audit row records the outcome: processed, or failed with the error.
      const audit = (error: string | null) => [
        auditStatement(c.env.DB, {
          actor: c.get("admin").email,
          action: "webhook_event.replay",
          targetType: "webhook_event",
          targetId: row.id,
          reason: c.req.valid("json").reason,
          detail: { type: row.type, outcome: error === null ? "processed" : "failed", ...(error === null ? {} : { error }) },
        }),
      ];
      const failure = await processEvent(c, webhookHandlers, JSON.parse(row.payload) as StripeEvent, audit);
      const after = (await findEvent(c.env.DB, row.id))!;
      return c.json({ event: presentEvent(after), ok: !failure, error: after.status === "failed" ? after.error : null });
    })

    // E-mail outbox.
    .get("/outbox", validate("query", adminMailQuery), async (c) => {
      const q = c.req.valid("query");
      const page = await listOutbox(c.env.DB, q.status ?? "all", listParams(q));
      return c.json({ mail: page.rows, total: page.total, nextCursor: page.nextCursor });
    })
    .post("/outbox/:id/resend", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
      const { id } = c.req.valid("param");
      const row = await findMail(c.env.DB, id);
      if (!row) throw new HttpError(404, "E-mail not found");
      if (row.status !== "failed") throw new HttpError(409, "Only a failed e-mail can be resent", undefined, "not_failed");
      // A failed e-mail to an account deleted since: its content was erased, and a blank e-mail must never go out.
      if (row.erased === 1) throw new HttpError(409, "This e-mail's content was erased: it cannot be resent", undefined, "erased");
      await act(c, { action: "mail.resend", targetType: "mail", targetId: id, reason: c.req.valid("json").reason, detail: { to: row.to } }, [resendFailedMailStatement(c.env.DB, id)]);
      deliverSoon(c);
      return c.json({ ok: true });
    })

    // Accounts.
    .get("/accounts", validate("query", adminAccountsQuery), async (c) => {
      const q = c.req.valid("query");
      const page = await listAccounts(c.env.DB, { q: q.q || undefined, status: q.status ?? "all" }, listParams(q));
      const admins = adminEmails(c.env, c.req.url);
      const me = c.get("admin").email;
      return c.json({
        accounts: page.rows.map((a) => ({
          id: a.id,
          email: a.email,
          name: a.name,
          company: a.company,
          jobs: a.jobs,
          /** Jobs on the board now: a disable takes them off it. */
          liveJobs: a.live_jobs,
          /** Jobs taken down with the account (a disable), which enabling it can restore. */
          heldJobs: a.held_jobs,
          /** A Spotlight company page: a disable hides it until the account is enabled. */
          companyPage: a.company_page === 1,
          disabled: a.disabled_at !== null,
          admin: admins.has(a.email.toLowerCase()),
          you: a.email.toLowerCase() === me,
          createdAt: new Date(a.created_at).toISOString(),
        })),
        total: page.total,
        nextCursor: page.nextCursor,
      });
    })
    .post("/accounts/:id/disable", validate("param", adminIdParam), validate("json", disableAccountSchema), async (c) => {
      const { reason, confirmAdmin } = c.req.valid("json");
      const account = await accountOr404(c, c.req.valid("param").id);
      if (account.disabled_at !== null) throw new HttpError(409, m("server.admin.alreadyDisabled"), undefined, "already_disabled");
      const email = account.email.toLowerCase();
      // No admin locks the board out: not their own account, not the last admin, and another admin only when confirmed.
      if (email === c.get("admin").email) throw new HttpError(409, m("server.admin.cannotDisableSelf"), undefined, "self");
      const admins = adminEmails(c.env, c.req.url);
      const isAdmin = admins.has(email);
      if (isAdmin && (await enabledAccountsWithEmails(c.env.DB, [...admins], account.id)) === 0) throw new HttpError(409, m("server.admin.lastAdmin"), undefined, "last_admin");
      if (isAdmin && confirmAdmin !== true) throw new HttpError(409, m("server.admin.confirmAdmin"), undefined, "confirm_admin");
      const db = c.env.DB;
      const now = Date.now();
      // The account's jobs are taken down with it (item 9): "Removed by the board", with this reason. The audit row and
      // the owner's e-mail first, while the account is enabled: of ten disables at once one is recorded and told.
      const guard = accountGuard(account.id, false);
      await applyBatch(db, [
        auditStatement(
          db,
          { actor: c.get("admin").email, action: "account.disable", targetType: "account", targetId: account.id, reason, detail: { email: account.email, admin: isAdmin } },
          now,
          guard,
        ),
        ...(await accountNotice(db, { origin: appOrigin(c), supportEmail: supportEmailOf(c.env) }, account.id, { kind: "disabled", reason }, guard, now)),
        ...setAccountDisabledStatements(db, account.id, true, now),
        ...holdAccountJobsStatements(db, account.id, reason, now),
      ]);
      deliverSoon(c);
      return c.json({ ok: true, disabled: true });
    })
    .post("/accounts/:id/enable", validate("param", adminIdParam), validate("json", enableAccountSchema), async (c) => {
      const { reason, restoreJobs } = c.req.valid("json");
      const account = await accountOr404(c, c.req.valid("param").id);
      if (account.disabled_at === null) throw new HttpError(409, m("server.admin.alreadyEnabled"), undefined, "not_disabled");
      const db = c.env.DB;
      const now = Date.now();
      const guard = accountGuard(account.id, true);
      // The owner is told whether the jobs taken down with the account came back (none were: nothing about jobs).
      const held = await accountHeldJobs(db, account.id);
      const jobs = held === 0 ? null : restoreJobs ? ("back" as const) : ("off" as const);
      await applyBatch(db, [
        auditStatement(
          db,
          { actor: c.get("admin").email, action: "account.enable", targetType: "account", targetId: account.id, reason, detail: { email: account.email, restoreJobs: restoreJobs === true } },
          now,
          guard,
        ),
        ...(await accountNotice(db, { origin: appOrigin(c), supportEmail: supportEmailOf(c.env) }, account.id, { kind: "enabled", jobs }, guard, now)),
        ...(restoreJobs ? releaseAccountJobsStatements(db, account.id, now) : []),
        ...setAccountDisabledStatements(db, account.id, false, now),
      ]);
      deliverSoon(c);
      if (restoreJobs) {
        const { company } = await subscriptionAndCompany(db, account.id);
        if (company) await reprojectSpotlight(c.env, company.id);
      }
      return c.json({ ok: true, disabled: false });
    })

    // Contact messages.
    .get("/contact-messages", validate("query", adminContactQuery), async (c) => {
      const q = c.req.valid("query");
      const page = await listContactMessages(c.env.DB, q.status ?? "open", listParams(q));
      return c.json({ messages: page.rows, total: page.total, nextCursor: page.nextCursor });
    })
    .post("/contact-messages/:id/handled", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await contactMessageExists(c.env.DB, id))) throw new HttpError(404, "Message not found");
      await act(c, { action: "contact_message.handled", targetType: "contact_message", targetId: id, reason: c.req.valid("json").reason }, [
        markContactHandledStatement(c.env.DB, id, c.get("admin").email),
      ]);
      return c.json({ ok: true });
    })

    // The overview (item 13): revenue by day and by product, refunds, subscriptions and MRR, posts per day, failures.
    .get("/overview", validate("query", adminRangeQuery), async (c) => {
      const { from, to } = rangeOrLast30(c.req.valid("query"));
      const { start, end } = dayRange(from, to);
      const rows = await overview(c.env.DB, start!, end!);
      const days = new Map<string, { day: string; cents: number; job: number; credits: number; spotlight: number }>();
      const byProduct = { job: 0, credits: 0, spotlight: 0 };
      for (const r of rows.revenue) {
        const d = days.get(r.day) ?? { day: r.day, cents: 0, job: 0, credits: 0, spotlight: 0 };
        d.cents += r.cents;
        if (r.kind === "job" || r.kind === "credits" || r.kind === "spotlight") {
          d[r.kind] += r.cents;
          byProduct[r.kind] += r.cents;
        }
        days.set(r.day, d);
      }
      const active = rows.subscriptions.find((s) => s.status === "active")?.n ?? 0;
      const pastDue = rows.subscriptions.find((s) => s.status === "past_due")?.n ?? 0;
      return c.json({
        from,
        to,
        currency: "usd",
        revenue: { totalCents: byProduct.job + byProduct.credits + byProduct.spotlight, byProduct, byDay: [...days.values()] },
        refunds: { totalCents: rows.refunds.reduce((n, r) => n + r.cents, 0), count: rows.refunds.reduce((n, r) => n + r.refunds, 0), byDay: rows.refunds },
        // Monthly recurring revenue: the subscriptions that are paid up, at Spotlight's monthly price.
        subscriptions: { active, pastDue, mrrCents: active * SPOTLIGHT_MONTHLY_CENTS },
        posts: { total: rows.posts.reduce((n, r) => n + r.posts, 0), byDay: rows.posts },
        failedWebhooks: rows.failedWebhooks,
        failedMail: rows.failedMail,
      });
    })

    // CSV exports (item 13), streamed a page at a time.
    .get("/export/:what", validate("param", adminExportParam), validate("query", adminRangeQuery), (c) => {
      const { what } = c.req.valid("param");
      const { from, to } = c.req.valid("query");
      const { start, end } = dayRange(from, to);
      const db = c.env.DB;
      const range = { start, end };
      const iso = (t: number | null) => (t === null ? "" : new Date(t).toISOString());
      const body =
        what === "orders"
          ? csvStream(
              ["id", "created_at", "kind", "status", "amount_cents", "refunded_cents", "currency", "customer_email", "user_id", "job_id", "checkout_session_id", "fulfilled_at"],
              (list) => listOrders(db, { status: "all" }, 0, list),
              (o) => [o.id, iso(o.created_at), o.kind, o.status, o.amount, o.refunded, o.currency, o.customer_email, o.user_id, o.job_id, o.checkout_session_id, iso(o.fulfilled_at)],
              range,
            )
          : what === "refunds"
            ? csvStream(
                ["id", "created_at", "order_id", "status", "amount_cents", "currency", "reason", "provider_refund_id", "customer_email"],
                (list) => listRefunds(db, list),
                (r) => [r.id, iso(r.created_at), r.order_id, r.status, r.amount, r.currency, r.reason, r.provider_refund_id, r.customer_email],
                range,
              )
            : what === "accounts"
              ? csvStream(
                  ["id", "created_at", "email", "name", "company", "disabled", "jobs"],
                  (list) => listAccounts(db, { status: "all" }, list),
                  (a) => [a.id, iso(a.created_at), a.email, a.name, a.company, a.disabled_at === null ? "no" : "yes", a.jobs],
                  range,
                )
              : csvStream(
                  ["id", "created_at", "actor", "action", "target_type", "target_id", "reason", "detail"],
                  (list) => listAudit(db, {}, list),
                  (e) => [e.id, iso(e.created_at), e.actor, e.action, e.target_type, e.target_id, e.reason, e.detail],
                  range,
                );
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${what}-${from ?? "start"}-to-${to ?? "now"}.csv"`,
      });
    })

    // The audit log: read only.
    .get("/audit", validate("query", adminAuditQuery), async (c) => {
      const q = c.req.valid("query");
      const page = await listAudit(c.env.DB, { actor: q.actor || undefined, target: q.target || undefined }, listParams(q));
      return c.json({
        entries: page.rows.map((e) => ({ ...e, detail: e.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : {} })),
        total: page.total,
        nextCursor: page.nextCursor,
      });
    });

async function accountOr404(c: Context<AppEnv>, id: string) {
  const account = await findAccount(c.env.DB, id);
  if (!account) throw new HttpError(404, "Account not found");
  return account;
}
