// The contact_messages table: a message is stored with the e-mail to support queued in the same batch;
// the operator console marks it handled (by whom, when). The one module that writes the table.
import type { OutgoingMail } from "../mail/outbox";
import { enqueueMail } from "../mail/outbox";

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Stores the message and queues `mail` (to support) in one batch. */
export async function saveContactMessage(db: D1Database, m: ContactMessage, mail: OutgoingMail, now = Date.now()): Promise<void> {
  await db.batch([
    // No ip: the sender's address is only counted for the rate limit (rate_limits), never kept with the message.
    db.prepare("INSERT INTO contact_messages (id, name, email, subject, message, created_at) VALUES (?, ?, ?, ?, ?, ?)").bind(m.id, m.name, m.email, m.subject, m.message, now),
    enqueueMail(db, mail, now),
  ]);
}

/** Marked handled once: a second mark keeps the first time and operator. */
export function markContactHandledStatement(db: D1Database, id: string, handledBy: string, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE contact_messages SET handled_at = COALESCE(handled_at, ?), handled_by = COALESCE(handled_by, ?) WHERE id = ?").bind(now, handledBy, id);
}
