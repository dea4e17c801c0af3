// Spotlight's Advanced Analytics, read for the owner: per job the totals and the last 30 days, per
// company page its views. Callers check ownership first (spotlight/routes.ts, dashboard/routes.ts).
import { ANALYTICS_DAYS, clickRate, lastDays } from "../rules/analytics";
import type { CompanyAnalytics, DailyPoint, JobAnalytics } from "../rules/analytics";

interface DailyRow {
  job_id: string;
  day: string;
  views: number;
  apply_clicks: number;
  applies: number;
}

interface SpotlightJobStatsRow {
  id: string;
  title: string;
  status: JobAnalytics["status"];
  views: number | null;
  apply_clicks: number | null;
  applies: number | null;
}

/** Each job's daily points over `days` (oldest first, a zero for a day without counts). */
export function dailySeries(rows: DailyRow[], days: string[]): Map<string, DailyPoint[]> {
  const byJob = new Map<string, Map<string, DailyRow>>();
  for (const r of rows) {
    if (!byJob.has(r.job_id)) byJob.set(r.job_id, new Map());
    byJob.get(r.job_id)!.set(r.day, r);
  }
  const out = new Map<string, DailyPoint[]>();
  for (const [jobId, byDay] of byJob) {
    out.set(
      jobId,
      days.map((day) => {
        const r = byDay.get(day);
        return { day, views: r?.views ?? 0, clicks: r?.apply_clicks ?? 0, applies: r?.applies ?? 0 };
      }),
    );
  }
  return out;
}

export const emptySeries = (days: string[]): DailyPoint[] => days.map((day) => ({ day, views: 0, clicks: 0, applies: 0 }));

/** The daily rows of a Spotlight company's jobs since `since` (binds: companyId, since). */
const COMPANY_DAILY_SQL = `SELECT d.job_id, d.day, d.views, d.apply_clicks, d.applies FROM job_stats_daily d
  WHERE d.job_id IN (SELECT id FROM spotlight_jobs WHERE company_id = ? AND deleted_at IS NULL) AND d.day >= ?`;

/** The daily series of every Spotlight job of a company, for the last ANALYTICS_DAYS days. */
export async function spotlightJobSeries(db: D1Database, companyId: string, now: number): Promise<{ days: string[]; series: Map<string, DailyPoint[]> }> {
  const days = lastDays(now, ANALYTICS_DAYS);
  const { results } = await db.prepare(COMPANY_DAILY_SQL).bind(companyId, days[0]).all<DailyRow>();
  return { days, series: dailySeries(results, days) };
}

/** The whole analytics of a Spotlight company: its page views and each of its jobs. */
export async function companyAnalytics(db: D1Database, companyId: string, now: number): Promise<CompanyAnalytics> {
  const days = lastDays(now, ANALYTICS_DAYS);
  const [jobsRes, dailyRes, pageRes, pageTotalRes] = await db.batch([
    db
      .prepare(
        `SELECT sj.id, sj.title, sj.status, s.views, s.apply_clicks, s.applies FROM spotlight_jobs sj LEFT JOIN job_stats s ON s.job_id = sj.id
         WHERE sj.company_id = ? AND sj.deleted_at IS NULL ORDER BY sj.created_at DESC, sj.id DESC`,
      )
      .bind(companyId),
    db.prepare(COMPANY_DAILY_SQL).bind(companyId, days[0]),
    db.prepare("SELECT day, views FROM company_stats_daily WHERE company_id = ? AND day >= ?").bind(companyId, days[0]),
    db.prepare("SELECT coalesce(sum(views), 0) AS views FROM company_stats_daily WHERE company_id = ?").bind(companyId),
  ]);
  const series = dailySeries(dailyRes!.results as DailyRow[], days);
  const jobs = (jobsRes!.results as SpotlightJobStatsRow[]).map((r): JobAnalytics => {
    const views = r.views ?? 0;
    const clicks = r.apply_clicks ?? 0;
    return { id: r.id, title: r.title, status: r.status, views, clicks, clickRate: clickRate(views, clicks), applies: r.applies ?? 0, daily: series.get(r.id) ?? emptySeries(days) };
  });
  const pageByDay = new Map((pageRes!.results as { day: string; views: number }[]).map((r) => [r.day, r.views]));
  const daily = days.map((day) => ({ day, views: pageByDay.get(day) ?? 0 }));
  return {
    companyId,
    days,
    company: { views: (pageTotalRes!.results[0] as { views: number }).views, viewsLast30: daily.reduce((n, d) => n + d.views, 0), daily },
    jobs,
  };
}
