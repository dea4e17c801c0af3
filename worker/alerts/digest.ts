// The daily alert digest: for each confirmed alert, the new jobs matching its filters (the same search
// code as /api/jobs, newest first, down to a created_at cutoff), minus the jobs it was already sent.
// One digest per alert per UTC day: the outbox key carries the day and last_sent_at is checked, so a
// second run the same day sends nothing.
import type { Env } from "../env";
import type { PublicJobRow } from "../jobs/present";
import { searchJobs } from "../jobs/search";
import { subscriptionLink } from "./links";
import { describeFiltersIn, localeUrl } from "../discovery/locale";
import { alertDigestMail } from "../mail/templates";
import { DIGEST_MAX_JOBS } from "../rules/alerts";
import { isLocale } from "../rules/i18n";
import { toSearchParams } from "../rules/search";
import { digestSearch, parseStoredFilters } from "./filters";
import { alertsDue, alreadySent, recordDigest } from "./store";
import type { AlertRow } from "./store";
import { DAY } from "../rules/time";

/** Jobs published late (created, then paid for a while after) still reach a digest: look back this far. */
const LOOKBACK_OVERLAP = 2 * DAY;
const PAGE = 50;
const MAX_SCANNED = 200;
const ALERTS_PER_RUN = 500;

export function dayStart(t: number): number {
  return t - (t % DAY);
}

/** Matching jobs created at or after `cutoff`, newest first, walking the search's pages. */
async function newMatches(db: D1Database, alert: AlertRow, cutoff: number, now: number): Promise<PublicJobRow[]> {
  const filters = parseStoredFilters(alert.filters);
  const found: PublicJobRow[] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof searchJobs<PublicJobRow & Record<string, unknown>>>> = await searchJobs<PublicJobRow & Record<string, unknown>>(db, digestSearch(filters, PAGE, cursor), now);
    for (const row of page.rows) {
      if (row.created_at < cutoff) return found;
      found.push(row);
    }
    cursor = page.nextCursor;
  } while (cursor && found.length < MAX_SCANNED);
  return found;
}

export interface DigestReport {
  alerts: number;
  digests: number;
  jobs: number;
}

export async function sendAlertDigests(env: Pick<Env, "DB" | "APP_URL">, now: number = Date.now()): Promise<DigestReport> {
  const db = env.DB;
  const today = dayStart(now);
  const alerts = await alertsDue(db, today, ALERTS_PER_RUN);

  const report: DigestReport = { alerts: alerts.length, digests: 0, jobs: 0 };
  for (const alert of alerts) {
    const cutoff = Math.max(alert.created_at, (alert.last_sent_at ?? 0) - LOOKBACK_OVERLAP);
    const matches = await newMatches(db, alert, cutoff, now);
    const sent = await alreadySent(
      db,
      alert.id,
      matches.map((j) => j.id),
    );
    const jobs = matches.filter((j) => !sent.has(j.id)).slice(0, DIGEST_MAX_JOBS);
    if (!jobs.length) continue;

    const filters = parseStoredFilters(alert.filters);
    const query = toSearchParams(filters).toString();
    // In the language the alert was asked for in, with links to the pages in that language.
    const locale = isLocale(alert.locale) ? alert.locale : "en";
    const mail = alertDigestMail({
      summary: describeFiltersIn(locale, filters),
      jobs: jobs.map((j) => ({ title: j.title, company: j.company, location: j.location, salary: j.salary, url: localeUrl(env, locale, `/jobs/${encodeURIComponent(j.id)}`) })),
      searchUrl: localeUrl(env, locale, query ? `/jobs?${query}` : "/jobs"),
      unsubscribeUrl: subscriptionLink(env, "unsubscribe", alert.token, locale),
      locale,
    });
    await recordDigest(
      db,
      alert.id,
      jobs.map((j) => j.id),
      { key: `alert_digest:${alert.id}:${new Date(today).toISOString().slice(0, 10)}`, kind: "alert_digest", to: alert.email, ...mail },
      now,
    );
    report.digests++;
    report.jobs += jobs.length;
  }
  return report;
}
