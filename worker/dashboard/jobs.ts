// The owner's view of jobs: status, analytics and the edit shape. Ownership is enforced in SQL
// (WHERE user_id = ?); a job that is not yours is indistinguishable from a missing one.
import { presentJob } from "../jobs/present";
import type { PublicJobRow } from "../jobs/present";
import type { PublicJob } from "../rules/search";

export type JobStatus = "active" | "expired" | "inactive";

export interface DashboardJob extends PublicJob {
  updated_at: string;
  published: boolean;
  status: JobStatus;
  is_duplicate: boolean;
  analytics: { views: number; clicks: number; clickRate: number; applies: number };
}

export interface DashboardJobRow extends PublicJobRow {
  updated_at: number;
  published: number;
  is_duplicate: number;
  views: number | null;
  apply_clicks: number | null;
  applies: number | null;
}

export const DASHBOARD_JOB_SQL = `SELECT j.id, j.title, j.company, j.company_id, j.tagline, j.location, j.salary, j.equity, j.stage, j.category, j.type,
  j.description, j.website, j.tags, j.logo, j.apply_url, j.email, j.plan, j.enhancements, j.created_at, j.published_at, j.expires_at,
  j.updated_at, j.published, j.is_duplicate, s.views, s.apply_clicks, s.applies
  FROM jobs j LEFT JOIN job_stats s ON s.job_id = j.id`;

/** Active = published and not expired; Expired = expires_at passed; Inactive = unpublished. */
export function jobStatus(row: { published: number; expires_at: number | null }, now = Date.now()): JobStatus {
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
    analytics: { views, clicks, clickRate: views ? Math.round((clicks / views) * 1000) / 10 : 0, applies: row.applies ?? 0 },
  };
}

export async function ownedJob(db: D1Database, id: string, userId: string): Promise<DashboardJobRow | null> {
  return db.prepare(`${DASHBOARD_JOB_SQL} WHERE j.id = ? AND j.user_id = ?`).bind(id, userId).first<DashboardJobRow>();
}
