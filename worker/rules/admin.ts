// The operator console's inputs (worker/admin/routes.ts, web/screens/admin): schemas and messages, shared.
import { z } from "zod";
import { m } from "./serverMessages";

export const REASON_REQUIRED = m("server.admin.reasonRequired");
export const reasonSchema = z.string({ error: REASON_REQUIRED }).trim().min(3, REASON_REQUIRED).max(500, m("server.admin.reasonMax"));

export const adminActionSchema = z.object({ reason: reasonSchema });

/**
 * What the owner of a rejected or removed job is told, picked in the console: each is a catalogue message
 * (value.ownerReason.*), so the owner reads it in their own language, in the e-mail and on their dashboard. Without
 * one, the owner reads the operator's reason as typed. The typed reason is always the audit log's.
 */
export const OWNER_REASONS = ["duplicate", "misleading", "incomplete", "not_startup", "spam", "discriminatory"] as const;
export type OwnerReason = (typeof OWNER_REASONS)[number];

/** A stored owner-reason code, or null (a code the list no longer has reads as none: the typed reason). */
export function ownerReasonOf(code: string | null): OwnerReason | null {
  return (OWNER_REASONS as readonly string[]).includes(code ?? "") ? (code as OwnerReason) : null;
}

/** A rejection or a takedown: the operator's reason, and optionally what the owner is told instead. */
export const takedownSchema = z.object({ reason: reasonSchema, ownerReason: z.enum(OWNER_REASONS, { error: m("server.admin.ownerReason") }).optional() });

export const jobEnhancementSchema = z.object({
  reason: reasonSchema,
  enhancement: z.enum(["featured", "sticky"], { error: m("server.admin.enhancement") }),
  on: z.boolean({ error: m("server.admin.on") }),
});

export const ORDER_FILTERS = ["all", "paid", "pending", "failed", "refunded", "unfulfilled"] as const;
/** An order still unfulfilled this long after it was made is listed under "unfulfilled". */
export const UNFULFILLED_AFTER_MS = 10 * 60 * 1000;

/** The refund categories an operator picks from (sent to the provider as its reason where it has one). */
export const SUBSCRIPTION_MESSAGES = {
  notFound: m("server.admin.subscriptionNotFound"),
  ended: m("server.admin.subscriptionEnded"),
  refundNeedsNow: m("server.admin.refundNeedsNow"),
} as const;

export const REFUND_MESSAGES = {
  alreadyRefunded: m("server.admin.alreadyRefunded"),
  noJobToTakeBack: m("server.admin.noJobToTakeBack"),
  keyReused: (amount: string) => m("server.admin.keyReused", { amount }),
  maxCredits: (max: number) => m("server.admin.maxCredits", { max }),
} as const;

export const REFUND_CATEGORIES = ["requested_by_customer", "goodwill", "duplicate", "fraudulent"] as const;
export type RefundCategory = (typeof REFUND_CATEGORIES)[number];

export const refundSchema = z.object({
  reason: reasonSchema,
  /** Cents; omitted = everything not yet refunded. */
  amountCents: z
    .number({ error: m("server.admin.amountCents") })
    .int(m("server.admin.amountWhole"))
    .positive(m("server.admin.amountPositive"))
    .optional(),
  /** Same key, same refund: a doubled click or a replayed request refunds once. */
  key: z
    .string({ error: m("server.admin.keyRequired") })
    .trim()
    .min(8, m("server.admin.keyMin"))
    .max(100, m("server.admin.keyMax")),
  /** Why, as the provider records it; the typed `reason` is stored beside it. */
  category: z.enum(REFUND_CATEGORIES, { error: m("server.admin.category", { values: REFUND_CATEGORIES.join(", ") }) }).optional(),
  /**
   * What the refund takes back besides the money, the operator's explicit choice: the job off the board,
   * and how many unspent credits (at most what the refund pays for, maxCreditsRemovable). Omitted: a refund
   * that covers the rest of the order takes back what it paid for; a partial one returns money only.
   */
  takeBack: z
    .object(
      {
        job: z.boolean({ error: m("server.admin.takeBack") }),
        credits: z
          .number({ error: m("server.admin.takeBack") })
          .int(m("server.admin.takeBack"))
          .min(0, m("server.admin.takeBack"))
          .max(10_000, m("server.admin.takeBack")),
      },
      { error: m("server.admin.takeBack") },
    )
    .strict()
    .optional(),
  /** Quoted in the customer's refund e-mail. */
  customerNote: z
    .string({ error: m("server.admin.customerNoteMax") })
    .trim()
    .max(1000, m("server.admin.customerNoteMax"))
    .optional(),
});

// ---- what a refund takes back (the console's refund dialog and the refund route compute it alike) ----

/** What an order's refund can take back, as GET /api/admin/orders/:id tells the console. */
export interface RefundFacts {
  /** Cents paid for the order, and already refunded (all but failed refunds). */
  amount: number;
  refunded: number;
  /** The posts the order paid for: a job order's posts (its job and its credits), a credit order's credits. */
  posts: number;
  /** Posts earlier refunds took back (a job unpublished counts one, each credit removed one). */
  takenBack: number;
  /** The order's job, while a refund can still take it off the board (not yet taken back). */
  job: { id: string; title: string; state: string } | null;
  /** Unspent credits of the order's grants, which a refund can remove. */
  unspentCredits: number;
}

/** The posts refunds of this order pay for once this one is made: whole posts only. */
export function postsPaidBack(f: Pick<RefundFacts, "amount" | "refunded" | "posts">, amountCents: number): number {
  if (f.amount <= 0) return 0;
  return Math.floor(((f.refunded + amountCents) * f.posts) / f.amount);
}

/** The most unspent credits this refund may remove: what it pays for beyond what was taken back, less the job if it unpublishes it. */
export function maxCreditsRemovable(f: RefundFacts, amountCents: number, unpublishJob: boolean): number {
  const left = postsPaidBack(f, amountCents) - f.takenBack - (unpublishJob && f.job ? 1 : 0);
  return Math.max(0, Math.min(f.unspentCredits, left));
}

/** True when this refund brings the order's refunds to everything paid. */
export function refundsTheRest(f: Pick<RefundFacts, "amount" | "refunded">, amountCents: number): boolean {
  return f.refunded + amountCents >= f.amount;
}

/** The default choice: a refund of the rest takes back what it paid for; a partial refund returns money only. */
export function defaultTakeBack(f: RefundFacts, amountCents: number): { job: boolean; credits: number } {
  if (!refundsTheRest(f, amountCents)) return { job: false, credits: 0 };
  const job = f.job !== null;
  return { job, credits: maxCreditsRemovable(f, amountCents, job) };
}

/** How many posts the default takes back (the job counts one): what the dialog's note says, beside the choices it sets. */
export function postsTakenByDefault(f: RefundFacts, amountCents: number): number {
  const d = defaultTakeBack(f, amountCents);
  return (d.job ? 1 : 0) + d.credits;
}

/** POST /api/admin/subscriptions/:id/cancel: at the end of the paid period, or now (optionally refunding its last payment). */
export const cancelSubscriptionSchema = z.object({
  reason: reasonSchema,
  when: z.enum(["now", "period_end"], { error: m("server.admin.cancelWhen") }),
  refund: z.boolean({ error: m("server.admin.cancelRefund") }).optional(),
});

export const EVENT_FILTERS = ["all", "received", "processed", "failed"] as const;
export const MAIL_FILTERS = ["all", "pending", "sent", "failed"] as const;
export const CONTACT_FILTERS = ["open", "handled", "all"] as const;
/** A job's state as the console shows it: removed = "Removed by the board" (worker/jobs/takedown.ts); draft = never paid for. */
export const JOB_STATES = ["all", "live", "expired", "inactive", "draft", "removed", "deleted", "waiting", "rejected"] as const;
export type AdminJobState = Exclude<(typeof JOB_STATES)[number], "all">;
export const ACCOUNT_FILTERS = ["all", "active", "disabled"] as const;
/** Every console list is newest first or oldest first (by when the row was made), a page at a time. */
export const LIST_SORTS = ["newest", "oldest"] as const;
export const LIST_PAGE = 50;
export const LIST_PAGE_MAX = 200;

const search = z.string().trim().max(200, m("server.admin.qMax")).optional();
const statusOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: m("server.admin.status", { values: values.join(", ") }) }).optional();
/** A day (YYYY-MM-DD, UTC): `from` counts from its start, `to` up to its end. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, m("server.admin.day"))
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), m("server.admin.day"))
  .optional();
/** The paging, sorting and date range every list takes. */
const listing = {
  cursor: z.string().max(300, m("server.admin.cursor")).optional(),
  limit: z.coerce
    .number({ error: m("server.admin.limit", { max: LIST_PAGE_MAX }) })
    .int(m("server.admin.limit", { max: LIST_PAGE_MAX }))
    .min(1, m("server.admin.limit", { max: LIST_PAGE_MAX }))
    .max(LIST_PAGE_MAX, m("server.admin.limit", { max: LIST_PAGE_MAX }))
    .optional(),
  sort: statusOf(LIST_SORTS),
  from: day,
  to: day,
};
/** A range whose `from` is after its `to` holds nothing: a 400 that says so (it answered 200 with nothing in it). */
export const RANGE_REVERSED = m("server.admin.rangeReversed");
/** Whether a range runs forward (a missing end is open): the days compare as text (YYYY-MM-DD). */
export function rangeInOrder(q: { from?: string; to?: string }): boolean {
  return !q.from || !q.to || q.from <= q.to;
}
const ranged = <T extends z.ZodObject<{ from: typeof day; to: typeof day }>>(schema: T) => schema.refine(rangeInOrder, { message: RANGE_REVERSED, path: ["from"] });
export const adminJobsQuery = ranged(z.object({ q: search, state: statusOf(JOB_STATES), ...listing }));
export const adminOrdersQuery = ranged(z.object({ status: statusOf(ORDER_FILTERS), q: search, ...listing }));
export const adminEventsQuery = ranged(z.object({ status: statusOf(EVENT_FILTERS), ...listing }));
export const adminMailQuery = ranged(z.object({ status: statusOf(MAIL_FILTERS), ...listing }));
export const adminAccountsQuery = ranged(z.object({ q: search, status: statusOf(ACCOUNT_FILTERS), ...listing }));
export const adminContactQuery = ranged(z.object({ status: statusOf(CONTACT_FILTERS), ...listing }));
export const adminAuditQuery = ranged(z.object({ actor: search, target: search, ...listing }));
/** The overview's and the exports' range (days, UTC); without one, the last 30 days. */
export const adminRangeQuery = ranged(z.object({ from: day, to: day }));
export const EXPORTS = ["orders", "refunds", "accounts", "audit"] as const;
export const adminExportParam = z.object({ what: z.enum(EXPORTS, { error: m("server.admin.export", { values: EXPORTS.join(", ") }) }) });
export const adminIdParam = z.object({ id: z.string().min(1).max(200) });

/** Disabling an account: an admin's account only with `confirmAdmin` (the console asks first). */
export const disableAccountSchema = z.object({ reason: reasonSchema, confirmAdmin: z.boolean({ error: m("server.admin.confirmAdminFlag") }).optional() });
/** Enabling an account: `restoreJobs` also brings back the jobs taken down with it. */
export const enableAccountSchema = z.object({ reason: reasonSchema, restoreJobs: z.boolean({ error: m("server.admin.restoreJobsFlag") }).optional() });

/** A page of a console list: the rows, how many match in all, and the cursor of the next page (null at the end). */
export interface Page<T> {
  rows: T[];
  total: number;
  nextCursor: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day range as [from, to) in epoch ms: `from`'s start, the end of `to`. */
export function dayRange(from: string | undefined, to: string | undefined): { start: number | null; end: number | null } {
  return { start: from ? Date.parse(`${from}T00:00:00Z`) : null, end: to ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : null };
}

// The rows the console's lists answer with (GET /api/admin/outbox, /contact-messages, /audit, /orders/:id),
// so the typed client (web/client.ts) knows them.
export interface AdminMailRow {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number | null;
  sent_at: number | null;
  created_at: number;
}

export interface AdminContactRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: number;
  handled_at: number | null;
  handled_by: string | null;
}

export interface AdminAuditRow {
  id: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  detail: string | null;
  created_at: number;
}

export interface AdminPaymentRow {
  id: string;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  amount: number;
  currency: string;
  receipt_url: string | null;
  created_at: number;
}

export interface AdminRefundRow {
  id: string;
  key: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  provider_refund_id: string | null;
  last_error: string | null;
  created_at: number;
  /** The operator's reason as typed, the note for the customer, what it took back. */
  note: string | null;
  customer_note: string | null;
  job_unpublished: number;
  credits_removed: number;
}
