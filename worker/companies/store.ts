// Company pages' reads: the company row, its published jobs and whether it is a Spotlight company.
// (The companies table is written by the account settings' rename, Spotlight's projection and the seed.)
import type { PublicJobRow } from "../jobs/present";
import type { CompanyHeader } from "../rules/spotlight";
import { PUBLIC_JOB_COLUMNS, VISIBLE_SQL } from "../jobs/search";

/** The company row is what the page's header shows. */
export type CompanyRow = CompanyHeader;

/** The company's id and name, or null. */
export async function findCompanyName(db: D1Database, id: string): Promise<{ id: string; company: string } | null> {
  return db.prepare("SELECT id, company FROM companies WHERE id = ?").bind(id).first<{ id: string; company: string }>();
}

/** The company (and whether it has a Spotlight page) and its visible jobs (newest first, at most 200) in one round trip; null company when unknown. */
export async function companyWithJobs(db: D1Database, id: string, now: number): Promise<{ company: CompanyRow | null; spotlight: boolean; jobs: PublicJobRow[] }> {
  const [companyRes, jobsRes] = await db.batch([
    db.prepare("SELECT c.id, c.company, c.logo, c.tagline, c.website, c.stage, EXISTS (SELECT 1 FROM spotlight_companies sc WHERE sc.id = c.id) AS spotlight FROM companies c WHERE c.id = ?").bind(id),
    db.prepare(`SELECT ${PUBLIC_JOB_COLUMNS} FROM jobs j WHERE j.company_id = ? AND ${VISIBLE_SQL} ORDER BY j.created_at DESC, j.id DESC LIMIT 200`).bind(id, now, now),
  ]);
  const row = companyRes!.results[0] as (CompanyRow & { spotlight: number }) | undefined;
  if (!row) return { company: null, spotlight: false, jobs: [] };
  const { spotlight, ...company } = row;
  return { company, spotlight: spotlight === 1, jobs: jobsRes!.results as PublicJobRow[] };
}
