// Company pages' reads: the company row, its published jobs and whether it is a Spotlight company.
// (The companies table is written by the account settings' rename, Spotlight's projection and the seed.)
import { presentJob } from "../jobs/present";
import type { PublicJobRow } from "../jobs/present";
import type { CompanyHeader, CompanyPageResponse } from "../rules/spotlight";
import { PUBLIC_JOB_COLUMNS, VISIBLE_SQL } from "../jobs/search";

/** The company row is what the page's header shows. */
export type CompanyRow = CompanyHeader;

/**
 * A company (c) shown to visitors: not the Spotlight company of a disabled account. Disabling an account takes its
 * jobs off the board and hides its company page; enabling it shows the page again (nothing is written to hide it).
 */
export const COMPANY_SHOWN_SQL = "NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = c.owner_id AND a.disabled_at IS NOT NULL)";

/**
 * The company's id and name, or null; null too for a company the board does not show (COMPANY_SHOWN_SQL): "Notify me"
 * on a disabled account's company answered "Thanks!" and mailed a confirmation naming it, though its page said "not found".
 */
export async function findCompanyName(db: D1Database, id: string): Promise<{ id: string; company: string } | null> {
  return db.prepare(`SELECT c.id, c.company FROM companies c WHERE c.id = ? AND ${COMPANY_SHOWN_SQL}`).bind(id).first<{ id: string; company: string }>();
}

/** A company's (c) live jobs: published, not deleted, not expired (binds: now); its page says "Hiring for N positions". */
export const LIVE_JOBS_SQL = "(SELECT count(*) FROM jobs j WHERE j.company_id = c.id AND j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?)";

/** A company's public page as GET /api/companies/:id answers a visitor (not its owner). */
export function publicCompanyPage(read: { company: CompanyRow; spotlight: boolean; jobs: PublicJobRow[] }): CompanyPageResponse {
  const jobs = read.jobs.map((r) => ({ ...presentJob(r), published: true, spotlight_status: null }));
  return { company: { ...read.company, published: true, spotlight: read.spotlight }, jobs, owner: false };
}

/**
 * The company (whether it has a Spotlight page, how many live jobs it has) and its visible
 * jobs (newest first, at most 200) in one round trip; null company when unknown.
 */
export async function companyWithJobs(db: D1Database, id: string, now: number): Promise<{ company: CompanyRow | null; spotlight: boolean; liveJobs: number; jobs: PublicJobRow[] }> {
  const [companyRes, jobsRes] = await db.batch([
    db
      .prepare(
        `SELECT c.id, c.company, c.logo, c.tagline, c.website, c.stage,
           EXISTS (SELECT 1 FROM spotlight_companies sc WHERE sc.id = c.id) AS spotlight,
           ${LIVE_JOBS_SQL} AS live_jobs
         FROM companies c WHERE c.id = ? AND ${COMPANY_SHOWN_SQL}`,
      )
      .bind(now, id),
    db.prepare(`SELECT ${PUBLIC_JOB_COLUMNS} FROM jobs j WHERE j.company_id = ? AND ${VISIBLE_SQL} ORDER BY j.created_at DESC, j.id DESC LIMIT 200`).bind(id, now, now),
  ]);
  const row = companyRes!.results[0] as (CompanyRow & { spotlight: number; live_jobs: number }) | undefined;
  if (!row) return { company: null, spotlight: false, liveJobs: 0, jobs: [] };
  const { spotlight, live_jobs, ...company } = row;
  return { company, spotlight: spotlight === 1, liveJobs: live_jobs, jobs: jobsRes!.results as PublicJobRow[] };
}
