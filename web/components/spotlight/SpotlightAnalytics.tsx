// Spotlight's Advanced Analytics on /spotlight/live (issue 10, item 12): the company page's views and, per
// job, views, apply clicks, click rate and applies with the last 30 days drawn small. Counted in D1 by the
// public side (README "Analytics are counted, not simulated"); read again whenever the company changes.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { compactNumber } from "@rules/text";
import { companyAnalyticsQuery } from "../../screens/spotlight/queries";
import { DailyChart } from "../analytics/DailyChart";
import { AnalyticsStrip } from "../dashboard/AnalyticsStrip";

const STATUS: Record<string, string> = { live: "Live", preview: "Draft", expired: "Expired" };

export function SpotlightAnalytics({ companyId, version }: { companyId: string; version: number }) {
  // The last numbers stay on screen while a new version is read.
  const { data, isError: failed } = useQuery({ ...companyAnalyticsQuery(companyId, version), placeholderData: keepPreviousData });

  return (
    <section className="card spotlight-panel spotlight-analytics" aria-labelledby="spotlight-analytics-title">
      <div className="spotlight-analytics-head">
        <h2 id="spotlight-analytics-title">Advanced Analytics</h2>
        <p className="muted small">Last 30 days. Your own visits, bots and repeat visits on the same day are not counted.</p>
      </div>
      {failed && !data && <p className="muted small spotlight-panel-lead">Analytics could not be loaded. Please refresh the page.</p>}
      {!data && !failed && <p className="muted small spotlight-panel-lead">Loading analytics...</p>}
      {data && (
        <>
          <div className="spotlight-page-views">
            <p>
              Company page views: <strong data-testid="company-page-views">{compactNumber(data.company.viewsLast30)}</strong>
              <span className="muted small"> in 30 days · {compactNumber(data.company.views)} in all</span>
            </p>
            <DailyChart daily={data.company.daily.map((d) => ({ day: d.day, views: d.views, clicks: 0, applies: 0 }))} label="Company page, last 30 days" applies={false} />
          </div>
          {data.jobs.length === 0 ? (
            <p className="muted small">Post a job to see its views, clicks and applies here.</p>
          ) : (
            <ul className="spotlight-analytics-list">
              {data.jobs.map((job) => (
                <li key={job.id} className="spotlight-analytics-job" data-job-id={job.id}>
                  <h3>
                    {job.title} <span className="muted small">· {STATUS[job.status] ?? job.status}</span>
                  </h3>
                  <AnalyticsStrip analytics={job} />
                  <DailyChart daily={job.daily} label={`${job.title}, last 30 days`} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
