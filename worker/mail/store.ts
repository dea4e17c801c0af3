// The mail outbox's table, mail_outbox: every e-mail is a row, written in the same D1 batch as the change
// that causes it (enqueueMail), and delivered later by worker/mail/deliver.ts, whose claims and outcomes
// are written here too. The row's key makes "once per X" a database fact: a second enqueue with the same
// key changes nothing. The one module that writes mail_outbox.
import type { Guard } from "../checkout/guard";
import type { MailKind } from "../rules/mailbox";
import { MAIL_TEXT_RETENTION_DAYS } from "../rules/retention";
import { DAY } from "../rules/time";

export interface OutgoingMail {
  /** Unique per message, e.g. "job_confirmation:<jobId>"; a repeated key is ignored. */
  key: string;
  /** The template it came from, e.g. "contact", "alert_digest": one of MAIL_KINDS (worker/rules/mailbox.ts). */
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name for the From header; the address itself is the configured sender unless fromEmail is given. */
  fromName?: string;
  fromEmail?: string;
  replyTo?: string;
  /**
   * A figure known only when the batch runs (a credit post's credits left, after its own spend in the same
   * batch): every `token` in the text and HTML becomes the value of `sql`, read at that point of the batch.
   * The token is random per message, so no typed text can carry it. Only enqueueMailWhen fills: such a figure
   * follows a write in the same batch, whose guard the mail is written under.
   */
  fill?: { token: string; sql: string; params: unknown[] };
}

/**
 * The INSERT for one message, to put in the same db.batch() as the change that causes it.
 * ON CONFLICT(key) DO NOTHING: enqueueing the same key twice sends one e-mail.
 */
export function enqueueMail(db: D1Database, mail: OutgoingMail, now: number = Date.now()): D1PreparedStatement {
  if (mail.fill) throw new Error(`enqueueMail: ${mail.key} has a figure to fill; write it with enqueueMailWhen`);
  return db
    .prepare(
      `INSERT INTO mail_outbox (id, key, kind, "to", from_name, from_email, reply_to, subject, text, html, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(crypto.randomUUID(), mail.key, mail.kind, mail.to, mail.fromName ?? null, mail.fromEmail ?? null, mail.replyTo ?? null, mail.subject, mail.text, mail.html, now, now);
}

/** The outbox insert (same columns as enqueueMail), written only when the guard holds. */
export function enqueueMailWhen(db: D1Database, mail: OutgoingMail, guard: Guard, now = Date.now()): D1PreparedStatement {
  const fill = mail.fill;
  const body = fill ? `REPLACE(?, ?, (${fill.sql})), REPLACE(?, ?, (${fill.sql}))` : "?, ?";
  const bodyParams = fill ? [mail.text, fill.token, ...fill.params, mail.html, fill.token, ...fill.params] : [mail.text, mail.html];
  return db
    .prepare(
      `INSERT INTO mail_outbox (id, key, kind, "to", from_name, from_email, reply_to, subject, text, html, status, attempts, next_attempt_at, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ${body}, 'pending', 0, ?, ? WHERE ${guard.sql}
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(crypto.randomUUID(), mail.key, mail.kind, mail.to, mail.fromName ?? null, mail.fromEmail ?? null, mail.replyTo ?? null, mail.subject, ...bodyParams, now, now, ...guard.params);
}

/** Resend (the operator console): a failed row goes back to pending, due now, with its attempts reset. */
export function resendFailedMailStatement(db: D1Database, id: string, now: number = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ? AND status = 'failed'").bind(now, id);
}

/** Dev tools only (worker/dev/routes.ts): a row failed with `error`, as when the provider refuses it. */
export function markMailFailedStatement(db: D1Database, id: string, error: string): D1PreparedStatement {
  return db.prepare("UPDATE mail_outbox SET status = 'failed', last_error = ? WHERE id = ?").bind(error, id);
}

/** A message in the local mailbox (worker/dev/routes.ts): the newest 100, every field. */
export async function mailboxMessages<T>(db: D1Database): Promise<T[]> {
  const { results } = await db
    .prepare(
      `SELECT id, key, kind, "to", from_name, reply_to, subject, text, html, status, attempts, last_error, sent_at, created_at
       FROM mail_outbox ORDER BY created_at DESC, rowid DESC LIMIT 100`,
    )
    .all<T>();
  return results;
}

// ---- delivery (worker/mail/deliver.ts) -----------------------------------------------------------

export interface ClaimedRow {
  id: string;
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  from_name: string | null;
  from_email: string | null;
  reply_to: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` due rows in one statement: concurrent runs never claim the same row, because
 * SQLite applies each UPDATE whole and a claimed row is no longer due. `attempts` (already counted for
 * this try) is the claim's token: only the run holding it may finish the row. A claim holds until `leaseUntil`.
 */
export async function claimDue(db: D1Database, now: number, limit: number, leaseUntil: number): Promise<ClaimedRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = ?
       WHERE id IN (
         SELECT id FROM mail_outbox WHERE status IN ('pending', 'sending') AND next_attempt_at <= ?
         ORDER BY next_attempt_at LIMIT ?
       ) AND status IN ('pending', 'sending') AND next_attempt_at <= ?
       RETURNING id, key, "to", subject, text, html, from_name, from_email, reply_to, attempts`,
    )
    .bind(leaseUntil, now, limit, now)
    .all<ClaimedRow>();
  return results;
}

/** A claimed row sent (only by the run holding the claim). */
export async function markSent(db: D1Database, row: Pick<ClaimedRow, "id" | "attempts">, now: number): Promise<void> {
  await db.prepare("UPDATE mail_outbox SET status = 'sent', sent_at = ?, last_error = NULL WHERE id = ? AND status = 'sending' AND attempts = ?").bind(now, row.id, row.attempts).run();
}

/** A claimed row that failed: back to pending, due at `nextAttemptAt`, or failed for good. */
export async function markAttemptFailed(db: D1Database, row: Pick<ClaimedRow, "id" | "attempts">, status: "pending" | "failed", error: string, nextAttemptAt: number): Promise<void> {
  await db
    .prepare("UPDATE mail_outbox SET status = ?, last_error = ?, next_attempt_at = ? WHERE id = ? AND status = 'sending' AND attempts = ?")
    .bind(status, error, nextAttemptAt, row.id, row.attempts)
    .run();
}

/**
 * How long a sent e-mail keeps its content: 30 days, for support ("I never got the link") and the local mailbox.
 * After that its subject, text and HTML (one-time links, tokens, names) serve nothing; the row itself stays, since
 * its key is what keeps each e-mail to once (a job's reminder for a date, a confirmation).
 */
const SENT_CONTENT_KEEP_MS = MAIL_TEXT_RETENTION_DAYS * DAY;

/** The daily task (worker/scheduled.ts): sent e-mails older than SENT_CONTENT_KEEP_MS lose their content; the count blanked. */
export async function blankOldSentMail(db: D1Database, now: number): Promise<number> {
  const res = await db
    .prepare(
      `UPDATE mail_outbox SET subject = '', text = '', html = '', reply_to = NULL
       WHERE status = 'sent' AND sent_at < ? AND (subject <> '' OR text <> '' OR html <> '' OR reply_to IS NOT NULL)`,
    )
    .bind(now - SENT_CONTENT_KEEP_MS)
    .run();
  return res.meta.changes;
}

/**
 * A deleted account: the e-mails it was sent keep their row (the key still says "sent once") but lose the address
 * and the content; one not sent yet is dropped, never sent.
 */
export function eraseMailToStatements(db: D1Database, email: string): D1PreparedStatement[] {
  return [
    db.prepare(`DELETE FROM mail_outbox WHERE "to" = ? AND status IN ('pending', 'sending')`).bind(email),
    db.prepare(`UPDATE mail_outbox SET "to" = 'erased@deleted.invalid', subject = '', text = '', html = '', reply_to = NULL WHERE "to" = ?`).bind(email),
  ];
}
