// Subscriptions (job alerts and company "Notify me", double opt-in) and alert_deliveries: the one module
// that reads and writes both tables. A subscription's confirmation e-mail is queued in the same batch that
// saves it (worker/mail/outbox.ts).
import type { OutgoingMail } from "../mail/outbox";
import { enqueueMail, enqueueMailWhen } from "../mail/outbox";
import type { Guard } from "../checkout/guard";
import { newToken } from "../lib/token";
import type { Locale } from "../rules/i18n";
import { ALERT_RETENTION_DAYS } from "../rules/retention";
import { DAY } from "../rules/time";

/** What is subscribed to: the /jobs filters of an alert, or a company's new jobs. */
export type SubscriptionTarget = { kind: "alert"; email: string; filters: string; locale?: Locale } | { kind: "company"; email: string; companyId: string; locale?: Locale };

interface OpenSubscription {
  id: string;
  token: string;
  confirmed_at: number | null;
}

/** The newest subscription to the same target that is not unsubscribed. */
async function openSubscription(db: D1Database, t: SubscriptionTarget): Promise<OpenSubscription | null> {
  const sql =
    t.kind === "alert"
      ? "SELECT id, token, confirmed_at FROM subscriptions WHERE kind = 'alert' AND email = ? AND filters = ? AND unsubscribed_at IS NULL ORDER BY created_at DESC LIMIT 1"
      : "SELECT id, token, confirmed_at FROM subscriptions WHERE kind = 'company' AND company_id = ? AND email = ? AND unsubscribed_at IS NULL ORDER BY created_at DESC LIMIT 1";
  return db
    .prepare(sql)
    .bind(...(t.kind === "alert" ? [t.email, t.filters] : [t.companyId, t.email]))
    .first<OpenSubscription>();
}

/**
 * Saves a subscription, or finds the pending one to the same target, and queues its confirmation e-mail
 * (`confirmMail`, given the subscription's id and token; its key says how often it may go out, and names the language) in the same
 * batch. Nothing happens for a target already confirmed (false). The caller answers the same either way.
 */
export async function requestSubscription(db: D1Database, t: SubscriptionTarget, confirmMail: (sub: { id: string; token: string }) => OutgoingMail, now = Date.now()): Promise<boolean> {
  const existing = await openSubscription(db, t);
  if (existing?.confirmed_at) return false;
  const id = existing?.id ?? crypto.randomUUID();
  const token = existing?.token ?? newToken();
  // Asked again while pending: the request counts from now, so the link just mailed lives its 30 days (purgeIdleSubscriptions),
  // and in the language of this request, that of the confirmation just mailed (its key names the language, so asking again
  // in the other language mails it in that one): asked in English, then in Arabic, the alert was confirmed from an
  // Arabic e-mail and sent its digests in English.
  // New: INSERT OR IGNORE, as a request sent at the same moment may have opened it first (the partial unique indexes of
  // migrations/0034, decision 0240); the e-mail is written only if this row is the one that is open and unconfirmed.
  const save = existing
    ? db.prepare("UPDATE subscriptions SET created_at = ?, locale = ? WHERE id = ? AND confirmed_at IS NULL").bind(now, t.locale ?? "en", id)
    : t.kind === "alert"
      ? db
          .prepare("INSERT OR IGNORE INTO subscriptions (id, kind, email, filters, token, locale, created_at) VALUES (?, 'alert', ?, ?, ?, ?, ?)")
          .bind(id, t.email, t.filters, token, t.locale ?? "en", now)
      : db
          .prepare("INSERT OR IGNORE INTO subscriptions (id, kind, email, company_id, token, locale, created_at) VALUES (?, 'company', ?, ?, ?, ?, ?)")
          .bind(id, t.email, t.companyId, token, t.locale ?? "en", now);
  const open: Guard = { sql: "EXISTS (SELECT 1 FROM subscriptions WHERE id = ? AND confirmed_at IS NULL AND unsubscribed_at IS NULL)", params: [id] };
  const [saved] = await db.batch([save, enqueueMailWhen(db, confirmMail({ id, token }), open, now)]);
  return saved!.meta.changes > 0;
}

/** What a confirmation or an unsubscription answers: its kind, its language, and the followed company's id. */
export interface SubscriptionChanged {
  kind: string;
  locale: string;
  company_id: string | null;
}

/** Confirms the subscription with this token (once; an unsubscribed one stays off); what it is, or null for an unknown token. */
export async function confirmSubscription(db: D1Database, token: string, now = Date.now()): Promise<SubscriptionChanged | null> {
  return db
    .prepare("UPDATE subscriptions SET confirmed_at = coalesce(confirmed_at, ?) WHERE token = ? AND unsubscribed_at IS NULL RETURNING kind, locale, company_id")
    .bind(now, token)
    .first<SubscriptionChanged>();
}

/** Unsubscribes the subscription with this token; what it is, or null for an unknown token. */
export async function unsubscribe(db: D1Database, token: string, now = Date.now()): Promise<SubscriptionChanged | null> {
  return db.prepare("UPDATE subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, ?) WHERE token = ? RETURNING kind, locale, company_id").bind(now, token).first<SubscriptionChanged>();
}

/** A company's confirmed followers (at most 5,000). */
export async function companyFollowers(db: D1Database, companyId: string): Promise<{ id: string; email: string; token: string; locale: string }[]> {
  const { results } = await db
    .prepare("SELECT id, email, token, locale FROM subscriptions WHERE kind = 'company' AND company_id = ? AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL LIMIT 5000")
    .bind(companyId)
    .all<{ id: string; email: string; token: string; locale: string }>();
  return results;
}

// ---- the daily digest ----------------------------------------------------------------------------

export interface AlertRow {
  id: string;
  email: string;
  filters: string | null;
  token: string;
  created_at: number;
  last_sent_at: number | null;
  /** The language of its e-mails (that of the request that subscribed). */
  locale: string;
}

/** Confirmed alerts not yet sent since `dayStart`, oldest first. */
export async function alertsDue(db: D1Database, dayStart: number, limit: number): Promise<AlertRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, email, filters, token, created_at, last_sent_at, locale FROM subscriptions
       WHERE kind = 'alert' AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND (last_sent_at IS NULL OR last_sent_at < ?)
       ORDER BY created_at LIMIT ?`,
    )
    .bind(dayStart, limit)
    .all<AlertRow>();
  return results;
}

/** Which of `jobIds` this alert was already sent. */
export async function alreadySent(db: D1Database, alertId: string, jobIds: string[]): Promise<Set<string>> {
  if (!jobIds.length) return new Set();
  const { results } = await db
    .prepare(`SELECT job_id FROM alert_deliveries WHERE subscription_id = ? AND job_id IN (SELECT value FROM json_each(?))`)
    .bind(alertId, JSON.stringify(jobIds))
    .all<{ job_id: string }>();
  return new Set(results.map((r) => r.job_id));
}

/** A digest: its e-mail, the jobs it carries (never sent again) and the alert's last_sent_at, in one batch. */
export async function recordDigest(db: D1Database, alertId: string, jobIds: string[], mail: OutgoingMail, now = Date.now()): Promise<void> {
  await db.batch([
    enqueueMail(db, mail, now),
    ...jobIds.map((jobId) => db.prepare("INSERT OR IGNORE INTO alert_deliveries (subscription_id, job_id, sent_at) VALUES (?, ?, ?)").bind(alertId, jobId, now)),
    db.prepare("UPDATE subscriptions SET last_sent_at = ? WHERE id = ?").bind(now, alertId),
  ]);
}

/**
 * How long a subscription that sends nothing is kept: one unsubscribed (kept only so its link, opened again, still
 * answers "unsubscribed"; there is no undo link, subscribing again makes a new one) or never confirmed (its
 * confirmation link has no expiry of its own: this is it, counted from the last time it was asked for). 30 days
 * covers a holiday away from the inbox; after that the link answers "invalid" and a new request starts over.
 */
const IDLE_SUBSCRIPTION_KEEP_MS = ALERT_RETENTION_DAYS * DAY;

/** The daily purge (worker/scheduled.ts): subscriptions idle over IDLE_SUBSCRIPTION_KEEP_MS, with their deliveries; the count deleted. */
export async function purgeIdleSubscriptions(db: D1Database, now: number): Promise<number> {
  const cutoff = now - IDLE_SUBSCRIPTION_KEEP_MS;
  const idle = "SELECT id FROM subscriptions WHERE unsubscribed_at < ?1 OR (confirmed_at IS NULL AND created_at < ?1)";
  const [, deleted] = await db.batch([
    db.prepare(`DELETE FROM alert_deliveries WHERE subscription_id IN (${idle})`).bind(cutoff),
    db.prepare(`DELETE FROM subscriptions WHERE id IN (${idle})`).bind(cutoff),
  ]);
  return deleted!.meta.changes;
}

/** A deleted account: its alerts and "Notify me" subscriptions (by its address) go, with what they were sent. */
export function eraseSubscriptionsStatements(db: D1Database, email: string): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM alert_deliveries WHERE subscription_id IN (SELECT id FROM subscriptions WHERE email = ?)").bind(email),
    db.prepare("DELETE FROM subscriptions WHERE email = ?").bind(email),
  ];
}
