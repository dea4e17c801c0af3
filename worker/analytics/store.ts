// Reading the analytics tables back (job_stats, job_stats_daily, company_stats_daily) for Spotlight's
// Advanced Analytics (./read.ts shapes them). The counters are written only by ./count.ts.

export interface DailyRow {
  job_id: string;
  day: string;
  views: number;
  apply_clicks: number;
  applies: number;
}

export interface SpotlightJobStatsRow {
  id: string;
  title: string;
  status: string;
  views: number | null;
  apply_clicks: number | null;
  applies: number | null;
}

/** The daily rows of a Spotlight company's jobs since `since` (binds: companyId, since). */
const COMPANY_DAILY_SQL = `SELECT d.job_id, d.day, d.views, d.apply_clicks, d.applies FROM job_stats_daily d
  WHERE d.job_id IN (SELECT id FROM spotlight_jobs WHERE company_id = ? AND deleted_at IS NULL) AND d.day >= ?`;

/** The daily rows of every Spotlight job of a company since the day `since` (YYYY-MM-DD). */
export async function spotlightDailyRows(db: D1Database, companyId: string, since: string): Promise<DailyRow[]> {
  const { results } = await db.prepare(COMPANY_DAILY_SQL).bind(companyId, since).all<DailyRow>();
  return results;
}

/** In one round trip: each Spotlight job with its totals (newest first), their daily rows, the company page's daily views and its total. */
export async function companyAnalyticsRows(
  db: D1Database,
  companyId: string,
  since: string,
): Promise<{ jobs: SpotlightJobStatsRow[]; daily: DailyRow[]; pageDaily: { day: string; views: number }[]; pageTotal: number }> {
  const [jobsRes, dailyRes, pageRes, pageTotalRes] = await db.batch([
    db
      .prepare(
        `SELECT sj.id, sj.title, sj.status, s.views, s.apply_clicks, s.applies FROM spotlight_jobs sj LEFT JOIN job_stats s ON s.job_id = sj.id
         WHERE sj.company_id = ? AND sj.deleted_at IS NULL ORDER BY sj.created_at DESC, sj.id DESC`,
      )
      .bind(companyId),
    db.prepare(COMPANY_DAILY_SQL).bind(companyId, since),
    db.prepare("SELECT day, views FROM company_stats_daily WHERE company_id = ? AND day >= ?").bind(companyId, since),
    db.prepare("SELECT coalesce(sum(views), 0) AS views FROM company_stats_daily WHERE company_id = ?").bind(companyId),
  ]);
  return {
    jobs: jobsRes!.results as SpotlightJobStatsRow[],
    daily: dailyRes!.results as DailyRow[],
    pageDaily: pageRes!.results as { day: string; views: number }[],
    pageTotal: (pageTotalRes!.results[0] as { views: number }).views,
  };
}
