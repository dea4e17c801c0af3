// The contact form: fields, the seven subjects, limits
// and messages, shared by the form and POST /api/contact.
import { z } from "zod";
import { m } from "./serverMessages";

export const CONTACT_SUBJECTS = ["Islamic Crypto Position", "Job Posting Help", "Blockchain Talent", "Account Support", "Billing Question", "Feature Request", "Other"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;
// Not in server.json: a server message may not contain an apostrophe (ICU quoting); the web's catalogue has it.
export const CONTACT_REPLY_PROMISE = m("server.contact.replyPromise");

export const CONTACT_MESSAGES = {
  name: m("server.contact.name"),
  nameLong: m("server.contact.nameLong", { max: CONTACT_NAME_MAX }),
  email: m("server.common.emailRequired"),
  emailFormat: m("server.common.emailFormat"),
  subject: m("server.contact.subject"),
  message: m("server.contact.message"),
  messageLong: m("server.contact.messageLong", { max: CONTACT_MESSAGE_MAX.toLocaleString("en-US") }),
  failed: m("server.contact.failed"),
  offline: m("server.common.offline"),
  sent: m("server.contact.sent"),
} as const;

/** Whitespace-only counts as empty. */
const required = (empty: string, max: number, tooLong: string) =>
  z
    .string({ error: empty })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, empty).max(max, tooLong));

export const contactEmailSchema = z
  .string({ error: CONTACT_MESSAGES.email })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, CONTACT_MESSAGES.email).max(254, CONTACT_MESSAGES.emailFormat).pipe(z.email(CONTACT_MESSAGES.emailFormat)));

export const contactSchema = z.object({
  name: required(CONTACT_MESSAGES.name, CONTACT_NAME_MAX, CONTACT_MESSAGES.nameLong),
  email: contactEmailSchema,
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.subject }),
  message: required(CONTACT_MESSAGES.message, CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageLong),
  /** Honeypot: hidden from people; a bot that fills it gets a fake success. */
  website: z.string().max(500).optional(),
  /** Cloudflare Turnstile token, checked only when the server has a secret. */
  turnstileToken: z.string().max(4096).optional(),
});

/** The subject from `/contact?subject=…`, if it is one of the choices (case-insensitive). */
export function subjectFromParam(value: string | null | undefined): ContactSubject | "" {
  const v = (value ?? "").trim().toLowerCase();
  return CONTACT_SUBJECTS.find((s) => s.toLowerCase() === v) ?? "";
}

/** The address people write to for support (the contact page's, the operator's notices'), when SUPPORT_EMAIL is not set. */
export const DEFAULT_SUPPORT_EMAIL = "support@startupjobs.example";

/** The board's support address: SUPPORT_EMAIL, else the default. */
export function supportEmailOf(env: { SUPPORT_EMAIL?: string }): string {
  return env.SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL;
}

export interface ContactConfig {
  supportEmail: string;
  /** Set when the server checks Turnstile; the form then shows the widget. */
  turnstileSiteKey: string | null;
}

/** Messages per client address (worker/contact/routes.ts): enough for a person who retries, too few for a flood. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 };
