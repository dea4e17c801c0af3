// Spotlight's Advanced Analytics on /spotlight/live (issue 10, item 12): the company page's views and, per
// job, views, apply clicks, click rate and applies with the last 30 days drawn small. Counted in D1 by the
// public side (README "Analytics are counted, not simulated"); read again whenever the company changes.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { compactNumber } from "@rules/text";
import { useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";
import { companyAnalyticsQuery } from "../../screens/spotlight/queries";
import { DailyChart } from "../analytics/DailyChart";
import { AnalyticsStrip } from "../dashboard/AnalyticsStrip";

const STATUS: Record<string, MessageId> = { live: "spotlight.analytics.status.live", preview: "spotlight.analytics.status.preview", expired: "spotlight.analytics.status.expired" };

export function SpotlightAnalytics({ companyId, version, otherPosts = 0 }: { companyId: string; version: number; otherPosts?: number }) {
  const { t, rich, number, locale } = useI18n();
  // "1.2K" in English (as before), the locale's own short form elsewhere.
  const compact = (n: number) => (locale === "en" ? compactNumber(n) : number(n, { notation: "compact", maximumFractionDigits: 1 }));
  // The last numbers stay on screen while a new version is read.
  const { data, isError: failed } = useQuery({ ...companyAnalyticsQuery(companyId, version), placeholderData: keepPreviousData });

  return (
    <section className="card spotlight-panel spotlight-analytics" aria-labelledby="spotlight-analytics-title">
      <div className="spotlight-analytics-head">
        <h2 id="spotlight-analytics-title">{t("spotlight.analytics.title")}</h2>
        <p className="muted small">{t("spotlight.analytics.lead")}</p>
      </div>
      {failed && !data && <p className="muted small spotlight-panel-lead">{t("spotlight.analytics.failed")}</p>}
      {!data && !failed && <p className="muted small spotlight-panel-lead">{t("spotlight.analytics.loading")}</p>}
      {data && (
        <>
          <div className="spotlight-page-views">
            <p>
              {rich("spotlight.analytics.pageViews", { b: (c) => <strong data-testid="company-page-views">{c}</strong>, views: compact(data.company.viewsLast30) })}
              <span className="muted small"> {t("spotlight.analytics.pageViewsTail", { all: compact(data.company.views) })}</span>
            </p>
            <DailyChart daily={data.company.daily.map((d) => ({ day: d.day, views: d.views, clicks: 0, applies: 0 }))} label={t("spotlight.analytics.companyChart")} applies={false} />
          </div>
          {data.jobs.length === 0 ? (
            <p className="muted small">{t(otherPosts > 0 ? "spotlight.analytics.noSpotlightJobs" : "spotlight.analytics.noJobs")}</p>
          ) : (
            <ul className="spotlight-analytics-list">
              {data.jobs.map((job) => (
                <li key={job.id} className="spotlight-analytics-job" data-job-id={job.id}>
                  <h3>
                    <span dir="auto">{job.title}</span> <span className="muted small">· {STATUS[job.status] ? t(STATUS[job.status]!) : job.status}</span>
                  </h3>
                  <AnalyticsStrip analytics={job} />
                  <DailyChart daily={job.daily} label={t("spotlight.analytics.jobChart", { title: job.title })} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
