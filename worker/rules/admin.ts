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

const search = z.string().trim().max(200, m("server.admin.qMax")).optional();
export const adminJobsQuery = z.object({ q: search });
export const adminOrdersQuery = z.object({ status: z.enum(ORDER_FILTERS, { error: m("server.admin.status", { values: ORDER_FILTERS.join(", ") }) }).optional() });
export const adminEventsQuery = z.object({ status: z.enum(EVENT_FILTERS, { error: m("server.admin.status", { values: EVENT_FILTERS.join(", ") }) }).optional() });
export const adminMailQuery = z.object({ status: z.enum(MAIL_FILTERS, { error: m("server.admin.status", { values: MAIL_FILTERS.join(", ") }) }).optional() });
export const adminAccountsQuery = z.object({ q: search });
export const adminContactQuery = z.object({ status: z.enum(CONTACT_FILTERS, { error: m("server.admin.status", { values: CONTACT_FILTERS.join(", ") }) }).optional() });
export const adminIdParam = z.object({ id: z.string().min(1).max(200) });

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
