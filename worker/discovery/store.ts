// Discovery's reads (SEO pages, sitemaps, the edge cache's data state): jobs and companies as crawlers
// see them. Read only; the jobs data version is bumped by triggers on every change to jobs.
import type { JobPostingSource } from "./jobPosting";
import { PUBLIC_JOB_COLUMNS, VISIBLE_SQL } from "../jobs/search";
import type { PublicJobRow } from "../jobs/present";
import { COMPANY_SHOWN_SQL, LIVE_JOBS_SQL } from "../companies/store";

/** Every public column (PUBLIC_JOB_COLUMNS), and what the page's state needs. */
export interface JobPageRow extends JobPostingSource, Omit<PublicJobRow, "expires_at"> {
  updated_at: number;
  published: number;
  deleted_at: number | null;
  is_duplicate: number;
}

export async function loadJobForPage(db: D1Database, id: string): Promise<JobPageRow | null> {
  return db.prepare(`SELECT ${PUBLIC_JOB_COLUMNS}, j.updated_at, j.published, j.deleted_at, j.is_duplicate FROM jobs j WHERE j.id = ?`).bind(id).first<JobPageRow>();
}

export interface CompanyPageRow {
  id: string;
  company: string;
  logo: string;
  tagline: string;
  updated_at: number;
  live_jobs: number;
}

export async function loadCompanyForPage(db: D1Database, id: string, now: number): Promise<CompanyPageRow | null> {
  return db
    .prepare(
      `SELECT c.id, c.company, c.logo, c.tagline, c.updated_at,
         ${LIVE_JOBS_SQL} AS live_jobs
       FROM companies c WHERE c.id = ? AND ${COMPANY_SHOWN_SQL}`,
    )
    .bind(now, id)
    .first<CompanyPageRow>();
}

interface CountAndLatest {
  n: number;
  t: number | null;
}

/** How many visible jobs and companies there are, and when each last changed, in one round trip. */
export async function sitemapCounts(db: D1Database, now: number): Promise<{ jobs: CountAndLatest; companies: CountAndLatest }> {
  const [jobsRes, companiesRes] = await db.batch([
    db.prepare(`SELECT count(*) AS n, max(j.updated_at) AS t FROM jobs j WHERE ${VISIBLE_SQL}`).bind(now, now),
    db.prepare(`SELECT count(*) AS n, max(c.updated_at) AS t FROM companies c WHERE ${COMPANY_SHOWN_SQL}`),
  ]);
  return { jobs: jobsRes!.results[0] as CountAndLatest, companies: companiesRes!.results[0] as CountAndLatest };
}

/** A page of visible jobs in insertion order. */
export async function sitemapJobs(db: D1Database, now: number, limit: number, offset: number): Promise<{ id: string; updated_at: number }[]> {
  const { results } = await db
    .prepare(`SELECT j.id, j.updated_at FROM jobs j WHERE ${VISIBLE_SQL} ORDER BY j.seq LIMIT ? OFFSET ?`)
    .bind(now, now, limit, offset)
    .all<{ id: string; updated_at: number }>();
  return results;
}

/** A page of companies by id. */
export async function sitemapCompanies(db: D1Database, limit: number, offset: number): Promise<{ id: string; updated_at: number }[]> {
  const { results } = await db
    .prepare(`SELECT c.id, c.updated_at FROM companies c WHERE ${COMPANY_SHOWN_SQL} ORDER BY c.id LIMIT ? OFFSET ?`)
    .bind(limit, offset)
    .all<{ id: string; updated_at: number }>();
  return results;
}
