// The local mailbox's message shape (GET /api/dev/mailbox), shared with /dev/mailbox, and the kinds of e-mail.

/**
 * Every kind of e-mail the outbox holds (worker/mail/store.ts OutgoingMail.kind, so no other can be written): the
 * operator console names each in its language (spotlight.admin.mailKind.*), never as stored (issue 25).
 */
export const MAIL_KINDS = [
  "verify_email",
  "email_changed",
  "reset_password",
  "password_changed",
  "job_confirmation",
  "job_expiry_reminder",
  "job_repost",
  "job_approved",
  "job_rejected",
  "job_removed",
  "job_restored",
  "account_disabled",
  "account_enabled",
  "payment_failed",
  "refund",
  "refund_failed",
  "receipt_copy",
  "credit_purchase",
  "credit_expiry_reminder",
  "spotlight_welcome",
  "spotlight_receipt",
  "spotlight_payment_failed",
  "spotlight_cancel_scheduled",
  "spotlight_ended",
  "alert_confirm",
  "alert_digest",
  "company_notify_confirm",
  "company_new_job",
  "application_received",
  "application_rejected",
  "application_shortlisted",
  "application_again",
  "application_withdrawn",
  "application_closed",
  "application_notice",
  "application_digest",
  "contact",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailboxMessage {
  id: string;
  key: string;
  kind: string;
  to: string;
  from_name: string | null;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
  created_at: number;
}
