// Spotlight's Advanced Analytics, read for the owner: per job the totals and the last 30 days, per
// company page its views (the rows come from ./store.ts). Callers check ownership first (spotlight/routes.ts, dashboard/routes.ts).
import { ANALYTICS_DAYS, clickRate, lastDays } from "../rules/analytics";
import type { CompanyAnalytics, DailyPoint, JobAnalytics } from "../rules/analytics";
import { companyAnalyticsRows, spotlightDailyRows } from "./store";
import type { DailyRow } from "./store";

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

/** The daily series of every Spotlight job of a company, for the last ANALYTICS_DAYS days. */
export async function spotlightJobSeries(db: D1Database, companyId: string, now: number): Promise<{ days: string[]; series: Map<string, DailyPoint[]> }> {
  const days = lastDays(now, ANALYTICS_DAYS);
  return { days, series: dailySeries(await spotlightDailyRows(db, companyId, days[0]!), days) };
}

/** The whole analytics of a Spotlight company: its page views and each of its jobs. */
export async function companyAnalytics(db: D1Database, companyId: string, now: number): Promise<CompanyAnalytics> {
  const days = lastDays(now, ANALYTICS_DAYS);
  const rows = await companyAnalyticsRows(db, companyId, days[0]!);
  const series = dailySeries(rows.daily, days);
  const jobs = rows.jobs.map((r): JobAnalytics => {
    const views = r.views ?? 0;
    const clicks = r.apply_clicks ?? 0;
    return {
      id: r.id,
      title: r.title,
      status: r.status as JobAnalytics["status"],
      views,
      clicks,
      clickRate: clickRate(views, clicks),
      applies: r.applies ?? 0,
      daily: series.get(r.id) ?? emptySeries(days),
    };
  });
  const pageByDay = new Map(rows.pageDaily.map((r) => [r.day, r.views]));
  const daily = days.map((day) => ({ day, views: pageByDay.get(day) ?? 0 }));
  return {
    companyId,
    days,
    company: { views: rows.pageTotal, viewsLast30: daily.reduce((n, d) => n + d.views, 0), daily },
    jobs,
  };
}
