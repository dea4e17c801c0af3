// The Spotlight store: the SQL of Spotlight's D1 tables (spotlight_companies, spotlight_jobs,
// spotlight_subscriptions) and of a Spotlight company's listing in `companies`. The company's own
// Durable Object (worker/spotlight/SpotlightCompany.ts) is the system of record; these rows are its
// projection (worker/spotlight/projection.ts) plus the subscription state the payment events write.
// Its public `jobs` rows are written by the jobs store (worker/jobs/store.ts).
import { logoKeySql } from "../lib/logoKey";
import type { SpotlightProfile } from "../rules/spotlight";
import type { JobRecord } from "./projection";

// ── Companies ───────────────────────────────────────────────────────────────────────────────────────
/** The user's Spotlight company, if they made one. */
export function companyOfOwner(db: D1Database, userId: string) {
  return db.prepare("SELECT id, company FROM spotlight_companies WHERE user_id = ?").bind(userId).first<{ id: string; company: string }>();
}

/** Who owns the company, or null when there is no such company. */
export async function companyOwner(db: D1Database, companyId: string): Promise<string | null> {
  return (await db.prepare("SELECT user_id FROM spotlight_companies WHERE id = ?").bind(companyId).first<{ user_id: string }>())?.user_id ?? null;
}

/** An id in use by a listed or a Spotlight company. */
export async function companyIdTaken(db: D1Database, id: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM companies WHERE id = ? UNION ALL SELECT 1 FROM spotlight_companies WHERE id = ?").bind(id, id).first());
}

/** A new company row (throws when the id or the owner already has one). */
export async function insertCompany(db: D1Database, id: string, userId: string, company: string): Promise<void> {
  await db.prepare("INSERT INTO spotlight_companies (id, user_id, company) VALUES (?, ?, ?)").bind(id, userId, company).run();
}

/** /api/spotlight/me: the user's latest subscription and their company, in one round trip. */
export async function subscriptionAndCompany(db: D1Database, userId: string) {
  const [sub, company] = await db.batch([
    db
      .prepare(
        "SELECT id, status, current_period_end, cancel_at_period_end, ended_at FROM spotlight_subscriptions WHERE user_id = ? ORDER BY coalesce(current_period_end, 0) DESC, updated_at DESC LIMIT 1",
      )
      .bind(userId),
    db.prepare("SELECT id, company, published FROM spotlight_companies WHERE user_id = ?").bind(userId),
  ]);
  return {
    subscription: sub!.results[0] as { id: string; status: string; current_period_end: number | null; cancel_at_period_end: number; ended_at: number | null } | undefined,
    company: company!.results[0] as { id: string; company: string; published: number } | undefined,
  };
}

// ── The projection's rows ───────────────────────────────────────────────────────────────────────────
/** The company's D1 row as the last projection left it. */
export function projectedCompany(db: D1Database, companyId: string) {
  return db.prepare("SELECT company, user_id FROM spotlight_companies WHERE id = ?").bind(companyId).first<{ company: string; user_id: string }>();
}

/** The profile mirrored into spotlight_companies (never taking over another owner's row). */
export function upsertCompanyStatement(db: D1Database, companyId: string, ownerId: string, p: SpotlightProfile, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO spotlight_companies (id, user_id, company, logo, tagline, stage, website, published, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET company = excluded.company, logo = excluded.logo, tagline = excluded.tagline,
         stage = excluded.stage, website = excluded.website, published = excluded.published, updated_at = excluded.updated_at
       WHERE spotlight_companies.user_id = excluded.user_id`,
    )
    .bind(companyId, ownerId, p.company, p.logo, p.tagline, p.stage, p.website, p.published ? 1 : 0, now, now);
}

/** The directory of the company's jobs (spotlight_jobs), replaced whole. */
export function replaceDirectoryStatements(db: D1Database, companyId: string, ownerId: string, company: string, jobs: readonly JobRecord[], status: (j: JobRecord) => string): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM spotlight_jobs WHERE company_id = ?").bind(companyId),
    ...jobs.map((j) =>
      db
        .prepare(
          `INSERT INTO spotlight_jobs (id, company_id, company, title, category, location, salary, equity, description, website, tags, user_id, published, status, views, created_at, updated_at, deleted_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          j.id,
          companyId,
          company,
          j.title,
          j.category,
          j.location,
          j.salary,
          j.equity,
          j.description,
          j.website,
          JSON.stringify(j.tags),
          ownerId,
          j.published ? 1 : 0,
          status(j),
          j.views,
          j.createdAt,
          j.updatedAt,
          j.deletedAt,
        ),
    ),
  ];
}

/** The company listed in `companies` while public; a Spotlight company never takes over a listed company it does not own. */
export function listCompanyStatement(db: D1Database, companyId: string, ownerId: string, p: SpotlightProfile, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO companies (id, company, logo, tagline, website, stage, owner_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET company = excluded.company, logo = excluded.logo, tagline = excluded.tagline,
         website = excluded.website, stage = excluded.stage, updated_at = excluded.updated_at
       WHERE companies.owner_id = excluded.owner_id`,
    )
    .bind(companyId, p.company, p.logo, p.tagline, p.website, p.stage, ownerId, now, now);
}

/** Out of `companies` again when not public. */
export function unlistCompanyStatement(db: D1Database, companyId: string, ownerId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM companies WHERE id = ? AND owner_id = ?").bind(companyId, ownerId);
}

/**
 * Which of these uploaded logos' R2 keys (at most 100 each: D1's bound parameters) a company shows, for the purge of
 * unused uploads (worker/uploads/purge.ts): a listed company's, and every Spotlight company's profile as its object
 * last projected it (spotlight_companies: published or not, subscribed or not, its owner deleted or not).
 */
export function companyLogoKeysStatements(db: D1Database, keys: readonly string[]): D1PreparedStatement[] {
  const key = logoKeySql("logo");
  const marks = keys.map(() => "?").join(", ");
  return ["companies", "spotlight_companies"].map((table) => db.prepare(`SELECT DISTINCT ${key} AS key FROM ${table} WHERE ${key} IN (${marks})`).bind(...keys));
}

// ── Subscriptions ───────────────────────────────────────────────────────────────────────────────────
export function subscriptionById(db: D1Database, subscriptionId: string) {
  return db.prepare("SELECT user_id, company_id, status FROM spotlight_subscriptions WHERE id = ?").bind(subscriptionId).first<{ user_id: string; company_id: string | null; status: string }>();
}

/** The account a subscription belongs to, for its e-mails (to its address, in its language, by its name). */
export function subscriberAccount(db: D1Database, userId: string) {
  return db.prepare("SELECT id, email, locale, name FROM accounts WHERE id = ?").bind(userId).first<{ id: string; email: string; locale: string; name: string }>();
}

export interface SubscriptionWrite {
  id: string;
  userId: string;
  companyId: string | null;
  status: string;
  sessionId: string | null;
  customerId: string | null;
  periodStart: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  endedAt: number | null;
}

/** The provider's current view of a subscription (the first session, customer and end are kept). */
export function upsertSubscriptionStatement(db: D1Database, s: SubscriptionWrite, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO spotlight_subscriptions (id, user_id, company_id, status, stripe_session_id, stripe_customer_id, current_period_start, current_period_end, cancel_at_period_end, created_at, updated_at, ended_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET status = excluded.status, company_id = coalesce(spotlight_subscriptions.company_id, excluded.company_id),
         stripe_session_id = coalesce(spotlight_subscriptions.stripe_session_id, excluded.stripe_session_id),
         stripe_customer_id = coalesce(excluded.stripe_customer_id, spotlight_subscriptions.stripe_customer_id),
         current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, updated_at = excluded.updated_at,
         ended_at = CASE WHEN excluded.ended_at IS NULL THEN NULL ELSE coalesce(spotlight_subscriptions.ended_at, excluded.ended_at) END`,
    )
    .bind(s.id, s.userId, s.companyId, s.status, s.sessionId, s.customerId, s.periodStart, s.periodEnd, s.cancelAtPeriodEnd ? 1 : 0, now, now, s.endedAt);
}

/** Until when the user's subscriptions cover them (`noEnd` for an open period), and the account flag. */
export function entitlementRow(db: D1Database, userId: string, noEnd: number, now: number) {
  return db
    .prepare(
      `SELECT a.is_spotlight_user AS flagged,
         (SELECT max(coalesce(s.current_period_end, ${noEnd})) FROM spotlight_subscriptions s
           WHERE s.user_id = a.id AND s.status IN ('active', 'past_due') AND (s.current_period_end IS NULL OR s.current_period_end > ?)) AS until
       FROM accounts a WHERE a.id = ?`,
    )
    .bind(now, userId)
    .first<{ flagged: number; until: number | null }>();
}

/** An ended subscription's period end and its subscriber: e-mail, language and name. */
export function endedSubscription(db: D1Database, subscriptionId: string) {
  return db
    .prepare("SELECT s.current_period_end AS end, a.email, a.locale, a.name FROM spotlight_subscriptions s JOIN accounts a ON a.id = s.user_id WHERE s.id = ?")
    .bind(subscriptionId)
    .first<{ end: number | null; email: string; locale: string; name: string }>();
}

/**
 * Spotlight subscriptions whose paid period has ended (active or past_due, current_period_end passed):
 * → expired. A renewal arrives from Stripe as a new current_period_end before this sees the old one.
 * Returns the subscriptions it expired, for the Spotlight side to unpublish their companies' jobs.
 */
export async function expireSpotlightSubscriptions(db: D1Database, now: number): Promise<ExpiredSubscription[]> {
  const { results } = await db
    .prepare(
      `UPDATE spotlight_subscriptions SET status = 'expired', updated_at = ?, ended_at = coalesce(ended_at, current_period_end)
       WHERE status IN ('active', 'past_due') AND current_period_end IS NOT NULL AND current_period_end <= ?
       RETURNING id, user_id, company_id`,
    )
    .bind(now, now)
    .all<ExpiredSubscription>();
  return results;
}

/** A subscription the daily task just ended. */
export interface ExpiredSubscription {
  id: string;
  user_id: string;
  company_id: string | null;
}

/**
 * A second subscription of the account (one Spotlight subscription per account): its order was refunded
 * unfulfilled, or it is not fulfilled yet while another subscription of the account runs (its events may
 * come before the checkout's; fulfilment decides).
 */
export async function refundedDuplicate(db: D1Database, orderId: string | undefined, subscriptionId: string): Promise<boolean> {
  if (!orderId) return false;
  return Boolean(
    await db
      .prepare(
        `SELECT 1 FROM orders o WHERE o.id = ? AND o.kind = 'spotlight' AND o.fulfilled_at IS NULL AND (o.status = 'refunded'
           OR EXISTS (SELECT 1 FROM spotlight_subscriptions s WHERE s.user_id = o.user_id AND s.id <> ? AND s.status IN ('active', 'past_due')))`,
      )
      .bind(orderId, subscriptionId)
      .first(),
  );
}

/**
 * A Spotlight job that was public and is no longer: its subscription ended (expired), or its owner deleted it while it
 * was live. Its public row is gone from `jobs` (the projection deletes it), so its page reads the directory's mirror
 * to answer 410 "no longer available", as for any job gone, not 404 for an id that never was.
 */
export function spotlightJobGoneStatement(db: D1Database, jobId: string): D1PreparedStatement {
  return db.prepare("SELECT 1 AS gone FROM spotlight_jobs WHERE id = ? AND (status = 'expired' OR (deleted_at IS NOT NULL AND status = 'live'))").bind(jobId);
}

export async function spotlightJobGone(db: D1Database, jobId: string): Promise<boolean> {
  return (await spotlightJobGoneStatement(db, jobId).first()) !== null;
}
