// Delivering the outbox: due rows are claimed atomically, sent through the MailSender, and marked sent;
// a failure is recorded (attempts, last_error) and retried later with exponential backoff. A row is never
// lost: it stays pending until it is sent or has failed MAX_ATTEMPTS times, and a claimed row whose
// delivery died with its isolate becomes due again when its lease runs out.
//
// Statuses: pending → sending (claimed) → sent | pending (retry later) | failed.
import type { Env } from "../env";
import { PermanentMailError, mailSenderFor } from "./sender";
import type { MailMessage, MailSender } from "./sender";
import { logError } from "../lib/log";
import { claimDue, markAttemptFailed, markSent } from "./store";
import type { ClaimedRow } from "./store";

export const RETRY_BASE_MS = 60_000; // first retry after 1 minute, then doubling
export const RETRY_CAP_MS = 6 * 60 * 60_000; // at most 6 hours apart
export const MAX_ATTEMPTS = 12; // about a day of retries before a row is marked failed
/** How long a claim holds: a send takes seconds; after this the row is due again. */
export const CLAIM_LEASE_MS = 10 * 60_000;
const BATCH_LIMIT = 50;

/** Delay before the next attempt after `attempts` failed ones: 1 min, 2, 4, … capped at 6 h. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

function message(row: ClaimedRow): MailMessage {
  return {
    key: row.key,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    fromName: row.from_name,
    fromEmail: row.from_email,
    replyTo: row.reply_to,
  };
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/** Sends every due row once; returns what happened. Safe to run concurrently and repeatedly. */
export async function deliverOutbox(env: Pick<Env, "DB" | "RESEND_API_KEY" | "MAIL_FROM">, now: number = Date.now(), options: { sender?: MailSender; limit?: number } = {}): Promise<DeliveryReport> {
  const db = env.DB;
  const sender = options.sender ?? mailSenderFor(env);
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const rows = await claimDue(db, now, options.limit ?? BATCH_LIMIT, now + CLAIM_LEASE_MS);
  for (const row of rows) {
    try {
      await sender.send(message(row));
      await markSent(db, row, now);
      report.sent++;
    } catch (err) {
      const failed = err instanceof PermanentMailError || row.attempts >= MAX_ATTEMPTS;
      logError(failed ? "outbox.delivery_failed" : "outbox.delivery_retry", err, { mailId: row.id, attempts: row.attempts });
      await markAttemptFailed(db, row, failed ? "failed" : "pending", errorText(err), now + retryDelay(row.attempts));
      if (failed) report.failed++;
      else report.retried++;
    }
  }
  return report;
}
