// The operator console's inputs (worker/admin/routes.ts, web/screens/admin): schemas and messages, shared.
import { z } from "zod";
import { m } from "./serverMessages";

export const REASON_REQUIRED = m("server.admin.reasonRequired");
export const reasonSchema = z.string({ error: REASON_REQUIRED }).trim().min(3, REASON_REQUIRED).max(500, m("server.admin.reasonMax"));

export const adminActionSchema = z.object({ reason: reasonSchema });

export const jobEnhancementSchema = z.object({
  reason: reasonSchema,
  enhancement: z.enum(["featured", "sticky"], { error: m("server.admin.enhancement") }),
  on: z.boolean({ error: m("server.admin.on") }),
});

export const ORDER_FILTERS = ["all", "paid", "pending", "failed", "refunded", "unfulfilled"] as const;
/** An order still unfulfilled this long after it was made is listed under "unfulfilled". */
export const UNFULFILLED_AFTER_MS = 10 * 60 * 1000;

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
export const adminJobsQuery = z.object({ q: search, state: statusOf(JOB_STATES), ...listing });
export const adminOrdersQuery = z.object({ status: statusOf(ORDER_FILTERS), q: search, ...listing });
export const adminEventsQuery = z.object({ status: statusOf(EVENT_FILTERS), ...listing });
export const adminMailQuery = z.object({ status: statusOf(MAIL_FILTERS), ...listing });
export const adminAccountsQuery = z.object({ q: search, status: statusOf(ACCOUNT_FILTERS), ...listing });
export const adminContactQuery = z.object({ status: statusOf(CONTACT_FILTERS), ...listing });
export const adminAuditQuery = z.object({ actor: search, target: search, ...listing });
/** The overview's and the exports' range (days, UTC); without one, the last 30 days. */
export const adminRangeQuery = z.object({ from: day, to: day });
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
}
