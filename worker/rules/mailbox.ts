// The local mailbox's message shape (GET /api/dev/mailbox), shared with /dev/mailbox.
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
