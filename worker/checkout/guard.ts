// Statements that run only when a guard holds, inside one D1 batch (one transaction, applied in order).
// Fulfilment claims an order by writing a fresh token; every later statement of the same batch checks
// that token, so a doubled, replayed or concurrent fulfilment does nothing after the first.
import type { OutgoingMail } from "../mail/outbox";

export interface Guard {
  sql: string;
  params: unknown[];
}

export function orderTokenGuard(orderId: string, token: string): Guard {
  return { sql: "EXISTS (SELECT 1 FROM orders WHERE id = ? AND fulfilment_token = ?)", params: [orderId, token] };
}

/** The outbox insert (same columns as enqueueMail), written only when the guard holds. */
export function enqueueMailWhen(db: D1Database, mail: OutgoingMail, guard: Guard, now = Date.now()): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO mail_outbox (id, key, kind, "to", from_name, from_email, reply_to, subject, text, html, status, attempts, next_attempt_at, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ? WHERE ${guard.sql}
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(crypto.randomUUID(), mail.key, mail.kind, mail.to, mail.fromName ?? null, mail.fromEmail ?? null, mail.replyTo ?? null, mail.subject, mail.text, mail.html, now, now, ...guard.params);
}
