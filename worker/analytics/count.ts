// Counting views, apply clicks and applies: the one writer of job_stats (totals), job_stats_daily,
// company_stats_daily and analytics_visitors. The counting rule (README "Analytics are counted, not
// simulated"):
//  - obvious bots (rules/analytics.ts isBotUserAgent: no user agent, or one that says bot, crawler,
//    spider...) and the owner (the job's poster, the Spotlight company's owner) are never counted;
//  - a visitor is a hashed key of address, browser and subject, never stored raw. A view, a card
//    expansion, a company page view and an Apply click count once per visitor per subject per UTC day;
//    an apply (distinct applicant) once per visitor per job per 30 days;
//  - each count is one D1 batch: the first statement claims the visitor's key with a fresh token, every
//    counter is conditioned on that token, so concurrent repeats (1,000 calls from one address) count once.
import type { Context } from "hono";
import { currentUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { VISIBLE_SQL } from "../jobs/search";
import { notFound } from "../lib/errors";
import { clientAddress } from "../lib/rateLimit";
import { dayKey, isBotUserAgent, nextDayStart } from "../rules/analytics";
import { APPLIED_VISITOR_DAYS } from "../rules/retention";

const APPLICANT_WINDOW_MS = APPLIED_VISITOR_DAYS * 24 * 60 * 60 * 1000;

export type Uncounted = "bot" | "owner" | "repeat";
export interface CountResult {
  ok: true;
  counted: boolean;
  /** Why it was not counted. */
  reason?: Uncounted;
}

/** A one-way key for "this visitor and this subject" (address and browser, hashed; never stored raw). */
export async function visitorHash(req: Request, subject: string): Promise<string> {
  const raw = `${clientAddress(req)}|${req.headers.get("User-Agent") ?? ""}|${subject}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Claims a visitor key for this batch (token), unless a live claim holds it; an expired claim is taken over. */
function claim(db: D1Database, key: string, token: string, expiresAt: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO analytics_visitors (key, token, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET token = excluded.token, expires_at = excluded.expires_at WHERE analytics_visitors.expires_at <= ?`,
    )
    .bind(key, token, expiresAt, now);
}

/** SQL that is 1 when this batch claimed the key (binds: key, token). */
const CLAIMED = "EXISTS (SELECT 1 FROM analytics_visitors WHERE key = ? AND token = ?)";

/** Why a request is not counted before any key is claimed: a bot, or one of the owners signed in. */
async function notCounted(c: Context<AppEnv>, owners: (string | null)[]): Promise<Uncounted | null> {
  if (isBotUserAgent(c.req.header("User-Agent"))) return "bot";
  const ids = owners.filter((o): o is string => Boolean(o));
  if (ids.length) {
    const user = await currentUser(c);
    if (user && ids.includes(user.id)) return "owner";
  }
  return null;
}

interface JobOwners {
  user_id: string | null;
  spotlight_owner: string | null;
  /** The job takes applications on the board: its applies are the applications, not Apply clicks. */
  applications: number;
}

/** The owners of a job that is visible (views) or live (apply clicks); null when there is none. */
async function jobOwners(db: D1Database, jobId: string, visible: "search" | "live", now: number): Promise<JobOwners | null> {
  const where = visible === "search" ? VISIBLE_SQL : "j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?";
  const params = visible === "search" ? [now, now] : [now];
  return db
    .prepare(
      `SELECT j.user_id, j.applications, (SELECT sc.user_id FROM spotlight_companies sc WHERE j.source = 'spotlight' AND sc.id = j.company_id) AS spotlight_owner
       FROM jobs j WHERE j.id = ? AND ${where}`,
    )
    .bind(jobId, ...params)
    .first<JobOwners>();
}

/** A job view (the detail page, or a card expanded in the list). 404 when the job is not public. */
export async function countJobView(c: Context<AppEnv>, jobId: string): Promise<CountResult> {
  const db = c.env.DB;
  const now = Date.now();
  const owners = await jobOwners(db, jobId, "search", now);
  if (!owners) throw notFound("Job not found");
  const skip = await notCounted(c, [owners.user_id, owners.spotlight_owner]);
  if (skip) return { ok: true, counted: false, reason: skip };
  const day = dayKey(now);
  const key = `view:${jobId}:${day}:${await visitorHash(c.req.raw, jobId)}`;
  const token = crypto.randomUUID();
  const [claimed] = await db.batch([
    claim(db, key, token, nextDayStart(now), now),
    db.prepare(`INSERT INTO job_stats (job_id, views) SELECT ?, 1 WHERE ${CLAIMED} ON CONFLICT (job_id) DO UPDATE SET views = views + 1`).bind(jobId, key, token),
    db.prepare(`INSERT INTO job_stats_daily (job_id, day, views) SELECT ?, ?, 1 WHERE ${CLAIMED} ON CONFLICT (job_id, day) DO UPDATE SET views = views + 1`).bind(jobId, day, key, token),
  ]);
  return claimed!.meta.changes ? { ok: true, counted: true } : { ok: true, counted: false, reason: "repeat" };
}

/** An Apply click: a click once per visitor per day, an apply once per visitor per 30 days. */
export async function countApplyClick(c: Context<AppEnv>, jobId: string): Promise<CountResult> {
  const db = c.env.DB;
  const now = Date.now();
  const owners = await jobOwners(db, jobId, "live", now);
  if (!owners) throw notFound("Job not found");
  const skip = await notCounted(c, [owners.user_id, owners.spotlight_owner]);
  if (skip) return { ok: true, counted: false, reason: skip };
  const day = dayKey(now);
  const hash = await visitorHash(c.req.raw, jobId);
  const clickKey = `click:${jobId}:${day}:${hash}`;
  const applyKey = `apply:${jobId}:${hash}`;
  const token = crypto.randomUUID();
  // Where the job takes applications on the board, its applies are counted by the applications themselves.
  const counts = owners.applications ? `(${CLAIMED}) AS apply_clicks, 0 AS applies` : `(${CLAIMED}) AS apply_clicks, (${CLAIMED}) AS applies`;
  const countParams = owners.applications ? [clickKey, token] : [clickKey, token, applyKey, token];
  const any = owners.applications ? CLAIMED : `${CLAIMED} OR ${CLAIMED}`;
  const [clicked] = await db.batch([
    claim(db, clickKey, token, nextDayStart(now), now),
    ...(owners.applications ? [] : [claim(db, applyKey, token, now + APPLICANT_WINDOW_MS, now)]),
    db
      .prepare(
        `INSERT INTO job_stats (job_id, apply_clicks, applies) SELECT ?, ${counts} WHERE ${any}
         ON CONFLICT (job_id) DO UPDATE SET apply_clicks = apply_clicks + excluded.apply_clicks, applies = applies + excluded.applies`,
      )
      .bind(jobId, ...countParams, ...countParams),
    db
      .prepare(
        `INSERT INTO job_stats_daily (job_id, day, apply_clicks, applies) SELECT ?, ?, ${counts} WHERE ${any}
         ON CONFLICT (job_id, day) DO UPDATE SET apply_clicks = apply_clicks + excluded.apply_clicks, applies = applies + excluded.applies`,
      )
      .bind(jobId, day, ...countParams, ...countParams),
  ]);
  return clicked!.meta.changes ? { ok: true, counted: true } : { ok: true, counted: false, reason: "repeat" };
}

/**
 * An application made on the board (issue 26): where a job takes applications, its "applies" are real
 * applications, counted once each, in the application's own batch when `guard` holds (the new row exists).
 */
export function countApplicationStatements(db: D1Database, jobId: string, guard: { sql: string; params: unknown[] }, now: number): D1PreparedStatement[] {
  return [
    db.prepare(`INSERT INTO job_stats (job_id, applies) SELECT ?, 1 WHERE ${guard.sql} ON CONFLICT (job_id) DO UPDATE SET applies = applies + 1`).bind(jobId, ...guard.params),
    db
      .prepare(`INSERT INTO job_stats_daily (job_id, day, applies) SELECT ?, ?, 1 WHERE ${guard.sql} ON CONFLICT (job_id, day) DO UPDATE SET applies = applies + 1`)
      .bind(jobId, dayKey(now), ...guard.params),
  ];
}

/** A company page view. 404 when the company has no public page. */
export async function countCompanyView(c: Context<AppEnv>, companyId: string): Promise<CountResult> {
  const db = c.env.DB;
  const now = Date.now();
  const company = await db.prepare("SELECT owner_id FROM companies WHERE id = ?").bind(companyId).first<{ owner_id: string | null }>();
  if (!company) throw notFound("Company not found");
  const skip = await notCounted(c, [company.owner_id]);
  if (skip) return { ok: true, counted: false, reason: skip };
  const day = dayKey(now);
  const key = `company:${companyId}:${day}:${await visitorHash(c.req.raw, `company:${companyId}`)}`;
  const token = crypto.randomUUID();
  const [claimed] = await db.batch([
    claim(db, key, token, nextDayStart(now), now),
    db
      .prepare(`INSERT INTO company_stats_daily (company_id, day, views) SELECT ?, ?, 1 WHERE ${CLAIMED} ON CONFLICT (company_id, day) DO UPDATE SET views = views + 1`)
      .bind(companyId, day, key, token),
  ]);
  return claimed!.meta.changes ? { ok: true, counted: true } : { ok: true, counted: false, reason: "repeat" };
}

/** The cron's upkeep: visitor keys past their window are forgotten (a claim also takes over an expired key). */
export async function purgeExpiredVisitors(db: D1Database, now: number): Promise<number> {
  const res = await db.prepare("DELETE FROM analytics_visitors WHERE expires_at <= ?").bind(now).run();
  return res.meta.changes;
}

/** A deleted job's counters go with it. */
export function deleteJobStatsStatements(db: D1Database, jobId: string): D1PreparedStatement[] {
  return [db.prepare("DELETE FROM job_stats WHERE job_id = ?").bind(jobId), db.prepare("DELETE FROM job_stats_daily WHERE job_id = ?").bind(jobId)];
}
