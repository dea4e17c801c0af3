// A subscriber's Spotlight job in My Job Posts (issue 10, item 11): the same status, dates and analytics
// strip as any post, plus its last 30 days. Spotlight jobs are managed on /spotlight/live, so the card
// links there instead of repeating Edit, Activate, Repost and Delete.
import { Link } from "react-router";
import { relativeTime } from "@rules/time";
import type { DashboardJob } from "./dashboardJob";
import { DailyChart } from "../analytics/DailyChart";
import { CompanyLogo } from "../CompanyLogo";
import { AnalyticsStrip } from "./AnalyticsStrip";
import { expiryText } from "./DashboardJobCard";

const STATUS_LABELS: Record<DashboardJob["status"], string> = { active: "Active", expired: "Expired", inactive: "Inactive", waiting: "Waiting for review", rejected: "Not approved" };

export function SpotlightJobCard({ job }: { job: DashboardJob & { spotlight: NonNullable<DashboardJob["spotlight"]> } }) {
  const titleId = `dash-job-${job.id}-title`;
  const hiddenBanner = job.status === "inactive" ? "INACTIVE - Not visible to candidates" : job.status === "expired" ? "EXPIRED - Not visible to candidates" : "";
  const meta = [job.company, job.location, job.category].filter(Boolean).join(" · ");
  const named = <span className="sr-only"> {job.title}</span>;

  return (
    <article className={`card dash-job-card is-${job.status}`} data-job-id={job.id} data-status={job.status} data-source="spotlight" aria-labelledby={titleId}>
      {hiddenBanner && <p className="dash-job-banner">{hiddenBanner}</p>}
      <div className="dash-job-head">
        <CompanyLogo logo={job.logo} company={job.company} size={44} />
        <div className="dash-job-info">
          <h3 id={titleId} className="dash-job-title">
            {job.title}
          </h3>
          {meta && <p className="dash-job-meta">{meta}</p>}
          <p className="dash-job-dates">
            <span className="spotlight-tag">★ Spotlight</span> · {job.published_at ? `Posted ${relativeTime(job.published_at)}` : `Created ${relativeTime(job.created_at)}`}
            {expiryText(job.expires_at) && <> · {expiryText(job.expires_at)}</>}
          </p>
        </div>
        <span className={`status-pill dash-job-status is-${job.status}`}>{STATUS_LABELS[job.status]}</span>
      </div>
      <AnalyticsStrip analytics={job.analytics} />
      <DailyChart daily={job.spotlight.daily} />
      <div className="dash-job-actions">
        {job.status === "active" && (
          <a className="button button-outline button-small" href={`/jobs/${encodeURIComponent(job.id)}`} target="_blank" rel="noopener noreferrer">
            View{named}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        <Link className="button button-primary button-small" to={job.spotlight.manageUrl}>
          Manage in Spotlight{named}
        </Link>
      </div>
    </article>
  );
}
