// The mail sender adapter (README, Decisions: "Mail: an outbox"): the outbox delivers through a
// MailSender and never knows which one. Locally (no provider configured) the LocalMailbox "delivers" by
// letting the row be marked sent, and /dev/mailbox shows it; in production ResendSender calls Resend's
// HTTP API, configured by the secrets RESEND_API_KEY and MAIL_FROM.
import type { Env } from "../env";

/** What a sender needs of an outbox row. */
export interface MailMessage {
  /** The outbox key: also the provider's idempotency key, so a retried send is not delivered twice. */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  fromName: string | null;
  fromEmail: string | null;
  replyTo: string | null;
}

export interface MailSender {
  readonly name: string;
  send(mail: MailMessage): Promise<{ id: string }>;
}

/** A failure the provider will give again on retry (e.g. an invalid address): the row is failed at once. */
export class PermanentMailError extends Error {}

/** The local default: nothing leaves the machine; a sent row is what the mailbox page shows. */
export class LocalMailbox implements MailSender {
  readonly name = "local";
  async send(mail: MailMessage): Promise<{ id: string }> {
    return { id: `local:${mail.key}` };
  }
}

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const RESEND_URL = "https://api.resend.com/emails";
const SEND_TIMEOUT_MS = 15_000;

/** "Name <address>" with the name quoted when needed. */
export function formatAddress(address: string, name?: string | null): string {
  if (!name) return address;
  const clean = name.replace(/[\r\n"\\]/g, " ").trim();
  return clean ? `"${clean}" <${address}>` : address;
}

/** The address part of "Name <address>" (or the value itself). */
export function bareAddress(from: string): string {
  const m = from.match(/<([^>]+)>/);
  return (m ? m[1]! : from).trim();
}

export class ResendSender implements MailSender {
  readonly name = "resend";
  constructor(
    private readonly apiKey: string,
    /** MAIL_FROM, e.g. "Startup Jobs <jobs@example.com>". */
    private readonly from: string,
    private readonly fetchFn: FetchFn = (input, init) => fetch(input, init),
  ) {}

  async send(mail: MailMessage): Promise<{ id: string }> {
    const fromAddress = mail.fromEmail ?? bareAddress(this.from);
    const from = mail.fromName ? formatAddress(fromAddress, mail.fromName) : mail.fromEmail ? mail.fromEmail : this.from;
    const res = await this.fetchFn(RESEND_URL, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${this.apiKey}`,
        "Content-Type": "application/json",
        // Resend keeps idempotency keys for 24 hours: a send retried after a lost answer is not repeated.
        "Idempotency-Key": mail.key.slice(0, 256),
      },
      body: JSON.stringify({
        from,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { reply_to: mail.replyTo } : {}),
      }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => null)) as { id?: string; message?: string; name?: string } | null;
    if (!res.ok) {
      const detail = `Resend ${res.status}: ${body?.message ?? body?.name ?? res.statusText}`;
      // 400/422: the message itself is refused (bad address, bad sender); retrying cannot help.
      if (res.status === 400 || res.status === 422) throw new PermanentMailError(detail);
      throw new Error(detail);
    }
    if (!body?.id) throw new Error("Resend answered without an id");
    return { id: body.id };
  }
}

/** True when a real provider is configured; the dev mailbox and dev routes exist only when false. */
export function realMailConfigured(env: Pick<Env, "RESEND_API_KEY">): boolean {
  return Boolean(env.RESEND_API_KEY);
}

export function mailSenderFor(env: Pick<Env, "RESEND_API_KEY" | "MAIL_FROM">): MailSender {
  if (env.RESEND_API_KEY) {
    if (!env.MAIL_FROM) throw new Error("MAIL_FROM must be set with RESEND_API_KEY");
    return new ResendSender(env.RESEND_API_KEY, env.MAIL_FROM);
  }
  return new LocalMailbox();
}
