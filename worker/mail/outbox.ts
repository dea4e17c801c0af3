// The mail outbox (README, Decisions: "Mail: an outbox"): every e-mail is a row in mail_outbox, written in the same
// D1 batch as the change that causes it, and delivered later by worker/mail/deliver.ts. The row's key
// makes "once per X" a database fact: a second enqueue with the same key changes nothing.

export interface OutgoingMail {
  /** Unique per message, e.g. "job_confirmation:<jobId>"; a repeated key is ignored. */
  key: string;
  /** The template it came from, e.g. "contact", "alert_digest". */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name for the From header; the address itself is the configured sender unless fromEmail is given. */
  fromName?: string;
  fromEmail?: string;
  replyTo?: string;
}

/**
 * The INSERT for one message, to put in the same db.batch() as the change that causes it.
 * ON CONFLICT(key) DO NOTHING: enqueueing the same key twice sends one e-mail.
 */
export function enqueueMail(db: D1Database, mail: OutgoingMail, now: number = Date.now()): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO mail_outbox (id, key, kind, "to", from_name, from_email, reply_to, subject, text, html, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(
      crypto.randomUUID(),
      mail.key,
      mail.kind,
      mail.to,
      mail.fromName ?? null,
      mail.fromEmail ?? null,
      mail.replyTo ?? null,
      mail.subject,
      mail.text,
      mail.html,
      now,
      now,
    );
}

/** Resend (the operator console): a failed row goes back to pending, due now, with its attempts reset. */
export function resendFailedMailStatement(db: D1Database, id: string, now: number = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE mail_outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ? AND status = 'failed'").bind(now, id);
}

/** Dev tools only (worker/dev/routes.ts): a row failed with `error`, as when the provider refuses it. */
export function markMailFailedStatement(db: D1Database, id: string, error: string): D1PreparedStatement {
  return db.prepare("UPDATE mail_outbox SET status = 'failed', last_error = ? WHERE id = ?").bind(error, id);
}
