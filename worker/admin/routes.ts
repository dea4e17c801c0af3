// /api/admin/*: the operator console's API. Every route sits behind requireAdmin (404 for anyone else);
// routes validate, read through the console's store (./store.ts), call the module that owns each table
// for the change, and write one audit row in the action's batch. Built with the app's webhook handlers
// (worker/app.ts), which a replayed event runs through.
import { Hono } from "hono";
import type { Context } from "hono";
import { setAccountDisabledStatements } from "../auth/store";
import { markContactHandledStatement } from "../contact/store";
import type { OrderItems } from "../orders/store";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { NOT_WAITING, waitingGuard } from "../jobs/review";
import { approveStatements, moderateJobStatements, rejectStatement } from "../jobs/store";
import { returnPostCreditStatement, unspentOrderCredits } from "../credits/ledger";
import type { JobModeration } from "../jobs/store";
import { DomainError } from "../lib/errors";
import { logError } from "../lib/log";
import { deliverSoon } from "../mail/deliverSoon";
import { resendFailedMailStatement } from "../mail/store";
import { paymentProvider } from "../payments/provider";
import { RefundError, RefundKeyReused, refundOrder, refundRowGuard } from "../payments/refunds";
import { refundByKey } from "../payments/store";
import { appOrigin } from "../lib/appUrl";
import { formatAmount } from "../mail/templates";
import {
  UNFULFILLED_AFTER_MS,
  adminAccountsQuery,
  adminActionSchema,
  adminContactQuery,
  adminEventsQuery,
  adminIdParam,
  adminJobsQuery,
  adminMailQuery,
  adminOrdersQuery,
  cancelSubscriptionSchema,
  SUBSCRIPTION_MESSAGES,
  defaultTakeBack,
  jobEnhancementSchema,
  maxCreditsRemovable,
  REFUND_MESSAGES,
  refundSchema,
} from "../rules/admin";
import type { StripeEvent } from "../payments/types";
import { processEvent } from "../webhooks/events";
import type { WebhookHandlers } from "../webhooks/events";
import { findEvent, listEvents } from "../webhooks/store";
import type { EventRow } from "../webhooks/store";
import { requireAdmin } from "./gate";
import {
  applyAudited,
  applyBatch,
  auditStatement,
  contactMessageExists,
  findAccount,
  findJob,
  findMail,
  findOrder,
  listAccounts,
  listAudit,
  listContactMessages,
  listJobs,
  listOrders,
  listOutbox,
  moderationQueue,
  orderHistory,
  latestSpotlightOrder,
  paidJobOrder,
  refundFactsOf,
} from "./store";
import { subscriptionById } from "../spotlight/store";
import { jobEdits } from "../jobs/editHistoryStore";
import type { JobEditFields } from "../jobs/editHistoryStore";
import { syncSubscription } from "../spotlight/subscription";
import type { AdminJobRow, AuditEntry, OrderListRow } from "./store";

const LIMIT = 100;

/** One action: its statements plus its audit row, in one batch. */
async function act(c: Context<AppEnv>, entry: Omit<AuditEntry, "actor">, statements: D1PreparedStatement[], now = Date.now()): Promise<void> {
  await applyAudited(c.env.DB, { ...entry, actor: c.get("admin").email }, statements, now);
}

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
  const row = await findJob(c.env.DB, id);
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
    .use("*", requireAdmin)
    .get("/me", (c) => c.json({ admin: c.get("admin") }))

    // Jobs: every job whatever its state.
    .get("/jobs", validate("query", adminJobsQuery), async (c) => {
      const results = await listJobs(c.env.DB, c.req.valid("query").q, LIMIT);
      const now = Date.now();
      return c.json({ jobs: results.map((r) => presentJob(r, now)) });
    })
    // A paid job's edit history (issue 22 item 15): what each edit changed, oldest first.
    .get("/jobs/:id/history", validate("param", adminIdParam), async (c) => {
      const job = await jobOr404(c, c.req.valid("param").id);
      const edits = await jobEdits(c.env.DB, job.id);
      return c.json({
        edits: edits.map((e) => ({ id: e.id, at: new Date(e.created_at).toISOString(), before: JSON.parse(e.before) as JobEditFields, after: JSON.parse(e.after) as JobEditFields })),
      });
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
          rejectStatement(db, job.id, now),
        ]);
      }
      return c.json({ job: presentJob(await jobOr404(c, job.id)) });
    })

    // Orders and payments.
    .get("/orders", validate("query", adminOrdersQuery), async (c) => {
      const results = await listOrders(c.env.DB, c.req.valid("query").status ?? "all", Date.now() - UNFULFILLED_AFTER_MS, LIMIT);
      return c.json({ orders: results.map(presentOrder) });
    })
    .get("/orders/:id", validate("param", adminIdParam), async (c) => {
      const order = await orderOr404(c, c.req.valid("param").id);
      const { payments, refunds, events } = await orderHistory(c.env.DB, order, LIMIT);
      // What a refund can take back (the refund dialog computes each choice's effect from these).
      return c.json({ order: presentOrder(order), payments, refunds, events: events.map(presentEvent), refundFacts: await refundFactsOf(c.env.DB, order) });
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
        throw new HttpError(502, "The payment provider refused or failed the refund; it is recorded and can be retried with the same key.", undefined, "provider_failed");
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
          throw e;
        }
      }
      deliverSoon(c);
      return c.json({ subscription: { id, status: info.status, cancelAtPeriodEnd: info.cancelAtPeriodEnd }, refund: refunded });
    })

    // Webhook events.
    .get("/webhook-events", validate("query", adminEventsQuery), async (c) => {
      const status = c.req.valid("query").status ?? "all";
      const results = await listEvents(c.env.DB, status === "all" ? null : status, LIMIT);
      return c.json({ events: results.map(presentEvent) });
    })
    .post("/webhook-events/:id/replay", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
      const row = await findEvent(c.env.DB, c.req.valid("param").id);
      if (!row) throw new HttpError(404, "Event not found");
      if (row.status !== "failed" || !row.payload) throw new HttpError(409, "Only a failed event with its payload can be replayed", undefined, "not_failed");
      const audit = auditStatement(c.env.DB, { actor: c.get("admin").email, action: "webhook_event.replay", targetType: "webhook_event", targetId: row.id, reason: c.req.valid("json").reason });
      const failure = await processEvent(c, webhookHandlers, JSON.parse(row.payload) as StripeEvent, [audit]);
      const after = (await findEvent(c.env.DB, row.id))!;
      return c.json({ event: presentEvent(after), ok: !failure });
    })

    // E-mail outbox.
    .get("/outbox", validate("query", adminMailQuery), async (c) => {
      return c.json({ mail: await listOutbox(c.env.DB, c.req.valid("query").status ?? "all", LIMIT) });
    })
    .post("/outbox/:id/resend", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
      const { id } = c.req.valid("param");
      const row = await findMail(c.env.DB, id);
      if (!row) throw new HttpError(404, "E-mail not found");
      if (row.status !== "failed") throw new HttpError(409, "Only a failed e-mail can be resent", undefined, "not_failed");
      await act(c, { action: "mail.resend", targetType: "mail", targetId: id, reason: c.req.valid("json").reason, detail: { to: row.to } }, [resendFailedMailStatement(c.env.DB, id)]);
      deliverSoon(c);
      return c.json({ ok: true });
    })

    // Accounts.
    .get("/accounts", validate("query", adminAccountsQuery), async (c) => {
      const results = await listAccounts(c.env.DB, c.req.valid("query").q, LIMIT);
      return c.json({
        accounts: results.map((a) => ({ id: a.id, email: a.email, name: a.name, company: a.company, jobs: a.jobs, disabled: a.disabled_at !== null, createdAt: new Date(a.created_at).toISOString() })),
      });
    })
    .post("/accounts/:id/disable", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => setDisabled(c, true))
    .post("/accounts/:id/enable", validate("param", adminIdParam), validate("json", adminActionSchema), (c) => setDisabled(c, false))

    // Contact messages.
    .get("/contact-messages", validate("query", adminContactQuery), async (c) => {
      return c.json({ messages: await listContactMessages(c.env.DB, c.req.valid("query").status ?? "open", LIMIT) });
    })
    .post("/contact-messages/:id/handled", validate("param", adminIdParam), validate("json", adminActionSchema), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await contactMessageExists(c.env.DB, id))) throw new HttpError(404, "Message not found");
      await act(c, { action: "contact_message.handled", targetType: "contact_message", targetId: id, reason: c.req.valid("json").reason }, [
        markContactHandledStatement(c.env.DB, id, c.get("admin").email),
      ]);
      return c.json({ ok: true });
    })

    // The audit log: read only.
    .get("/audit", async (c) => c.json({ entries: await listAudit(c.env.DB, 200) }));

async function setDisabled(c: Context<AppEnv>, disabled: boolean) {
  const { id } = c.req.param() as { id: string };
  const account = await findAccount(c.env.DB, id);
  if (!account) throw new HttpError(404, "Account not found");
  const body = (await c.req.json()) as { reason: string };
  await act(
    c,
    { action: disabled ? "account.disable" : "account.enable", targetType: "account", targetId: id, reason: body.reason.trim(), detail: { email: account.email } },
    setAccountDisabledStatements(c.env.DB, id, disabled),
  );
  return c.json({ ok: true, disabled });
}
