// The dashboard's reads: the owner's jobs with their counters, and a subscriber's Spotlight jobs in the
// same shape. Ownership is enforced in SQL (WHERE user_id = ?); a job that is not yours is
// indistinguishable from a missing one. Writes to jobs are the jobs store's (worker/jobs/store.ts).
import type { DashboardJobRow, SpotlightDashboardJobRow } from "./jobs";

const DASHBOARD_JOB_SQL = `SELECT j.id, j.title, j.company, j.company_id, j.tagline, j.location, j.salary, j.equity, j.stage, j.category, j.type,
  j.description, j.website, j.tags, j.logo, j.apply_url, j.email, j.plan, j.enhancements, j.created_at, j.published_at, j.expires_at,
  j.updated_at, j.published, j.is_duplicate, j.review, j.removed_at, j.removed_reason, j.removed_reason_code, j.deleted_at, j.payment_status, j.applications, s.views, s.apply_clicks, s.applies
  FROM jobs j LEFT JOIN job_stats s ON s.job_id = j.id`;

/**
 * The subscriber's Spotlight jobs in the same shape, from the directory the company's object keeps
 * (spotlight_jobs) and, while a job is public, its public row. Active while public; Expired once the
 * subscription ended; otherwise Inactive (a draft, or a company that is not published).
 */
const SPOTLIGHT_DASHBOARD_JOB_SQL = `SELECT sj.id, sj.title, sc.company, sj.company_id, sc.tagline, sj.location, sj.salary, sj.equity, sc.stage, sj.category,
  coalesce(j.type, '') AS type, sj.description, sj.website, sj.tags, sc.logo, coalesce(j.apply_url, '') AS apply_url, coalesce(j.email, '') AS email,
  coalesce(j.plan, 'premium') AS plan, coalesce(j.enhancements, '["company-profile"]') AS enhancements, sj.created_at, j.published_at, j.expires_at,
  sj.updated_at, CASE WHEN j.id IS NULL THEN 0 ELSE 1 END AS published, 0 AS is_duplicate, NULL AS review, NULL AS removed_at, NULL AS removed_reason, NULL AS removed_reason_code, NULL AS deleted_at, NULL AS payment_status, coalesce(j.applications, 0) AS applications, s.views, s.apply_clicks, s.applies, sj.status AS spotlight_status
  FROM spotlight_jobs sj JOIN spotlight_companies sc ON sc.id = sj.company_id
  LEFT JOIN jobs j ON j.id = sj.id AND j.source = 'spotlight' AND j.deleted_at IS NULL
  LEFT JOIN job_stats s ON s.job_id = sj.id
  WHERE sc.user_id = ? AND sj.deleted_at IS NULL ORDER BY sj.updated_at DESC LIMIT 500`;

export async function ownedJob(db: D1Database, id: string, userId: string): Promise<DashboardJobRow | null> {
  return db.prepare(`${DASHBOARD_JOB_SQL} WHERE j.id = ? AND j.user_id = ?`).bind(id, userId).first<DashboardJobRow>();
}

/** The owner's jobs (not the duplicates) and their Spotlight jobs, in one round trip. */
export async function ownersJobs(db: D1Database, userId: string): Promise<{ own: DashboardJobRow[]; spotlight: SpotlightDashboardJobRow[] }> {
  const [own, spot] = await db.batch([
    db.prepare(`${DASHBOARD_JOB_SQL} WHERE j.user_id = ? AND j.is_duplicate = 0 ORDER BY j.updated_at DESC LIMIT 500`).bind(userId),
    db.prepare(SPOTLIGHT_DASHBOARD_JOB_SQL).bind(userId),
  ]);
  return { own: own!.results as DashboardJobRow[], spotlight: spot!.results as SpotlightDashboardJobRow[] };
}
