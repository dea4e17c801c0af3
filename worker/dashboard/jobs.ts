// The owner's view of jobs: status, analytics and the edit shape. Ownership is enforced in SQL
// (WHERE user_id = ?); a job that is not yours is indistinguishable from a missing one.
import { presentJob } from "../jobs/present";
import type { PublicJobRow } from "../jobs/present";
import { clickRate } from "../rules/analytics";
import type { DailyPoint } from "../rules/analytics";
import type { PublicJob } from "../rules/search";

/** waiting / rejected: MODERATION=on, the operator's review (worker/jobs/review.ts). */
export type JobStatus = "active" | "expired" | "inactive" | "waiting" | "rejected";

export interface DashboardJob extends PublicJob {
  updated_at: string;
  published: boolean;
  status: JobStatus;
  is_duplicate: boolean;
  analytics: { views: number; clicks: number; clickRate: number; applies: number };
  /** A Spotlight job: managed on /spotlight/live, with its last 30 days (Advanced Analytics). */
  spotlight?: { status: "preview" | "live" | "expired"; manageUrl: string; daily: DailyPoint[] };
}

export interface DashboardJobRow extends PublicJobRow {
  updated_at: number;
  published: number;
  is_duplicate: number;
  review: string | null;
  views: number | null;
  apply_clicks: number | null;
  applies: number | null;
}

export const DASHBOARD_JOB_SQL = `SELECT j.id, j.title, j.company, j.company_id, j.tagline, j.location, j.salary, j.equity, j.stage, j.category, j.type,
  j.description, j.website, j.tags, j.logo, j.apply_url, j.email, j.plan, j.enhancements, j.created_at, j.published_at, j.expires_at,
  j.updated_at, j.published, j.is_duplicate, j.review, s.views, s.apply_clicks, s.applies
  FROM jobs j LEFT JOIN job_stats s ON s.job_id = j.id`;

/** Active = published and not expired; Expired = expires_at passed; Inactive = unpublished; Waiting/Rejected = in review. */
export function jobStatus(row: { published: number; expires_at: number | null; review?: string | null }, now = Date.now()): JobStatus {
  if (row.review === "waiting" || row.review === "rejected") return row.review;
  if (!row.published) return "inactive";
  return row.expires_at !== null && row.expires_at <= now ? "expired" : "active";
}

export function presentDashboardJob(row: DashboardJobRow, now = Date.now()): DashboardJob {
  const views = row.views ?? 0;
  const clicks = row.apply_clicks ?? 0;
  return {
    ...presentJob(row),
    updated_at: new Date(row.updated_at).toISOString(),
    published: row.published === 1,
    status: jobStatus(row, now),
    is_duplicate: row.is_duplicate === 1,
    analytics: { views, clicks, clickRate: clickRate(views, clicks), applies: row.applies ?? 0 },
  };
}

/**
 * The subscriber's Spotlight jobs in the same shape, from the directory the company's object keeps
 * (spotlight_jobs) and, while a job is public, its public row. Active while public; Expired once the
 * subscription ended; otherwise Inactive (a draft, or a company that is not published).
 */
export const SPOTLIGHT_DASHBOARD_JOB_SQL = `SELECT sj.id, sj.title, sc.company, sj.company_id, sc.tagline, sj.location, sj.salary, sj.equity, sc.stage, sj.category,
  coalesce(j.type, '') AS type, sj.description, sj.website, sj.tags, sc.logo, coalesce(j.apply_url, '') AS apply_url, coalesce(j.email, '') AS email,
  coalesce(j.plan, 'premium') AS plan, coalesce(j.enhancements, '["company-profile"]') AS enhancements, sj.created_at, j.published_at, j.expires_at,
  sj.updated_at, CASE WHEN j.id IS NULL THEN 0 ELSE 1 END AS published, 0 AS is_duplicate, NULL AS review, s.views, s.apply_clicks, s.applies, sj.status AS spotlight_status
  FROM spotlight_jobs sj JOIN spotlight_companies sc ON sc.id = sj.company_id
  LEFT JOIN jobs j ON j.id = sj.id AND j.source = 'spotlight' AND j.deleted_at IS NULL
  LEFT JOIN job_stats s ON s.job_id = sj.id
  WHERE sc.user_id = ? AND sj.deleted_at IS NULL ORDER BY sj.updated_at DESC LIMIT 500`;

export interface SpotlightDashboardJobRow extends DashboardJobRow {
  spotlight_status: "preview" | "live" | "expired";
}

export const SPOTLIGHT_MANAGE_URL = "/spotlight/live";

export function presentSpotlightDashboardJob(row: SpotlightDashboardJobRow, daily: DailyPoint[], now = Date.now()): DashboardJob {
  const job = presentDashboardJob(row, now);
  const status: JobStatus = row.published && jobStatus(row, now) === "active" ? "active" : row.spotlight_status === "expired" ? "expired" : "inactive";
  return { ...job, status, spotlight: { status: row.spotlight_status, manageUrl: SPOTLIGHT_MANAGE_URL, daily } };
}

export async function ownedJob(db: D1Database, id: string, userId: string): Promise<DashboardJobRow | null> {
  return db.prepare(`${DASHBOARD_JOB_SQL} WHERE j.id = ? AND j.user_id = ?`).bind(id, userId).first<DashboardJobRow>();
}
