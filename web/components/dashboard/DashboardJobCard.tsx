// One of my jobs on the dashboard: status, dates, the analytics strip and the actions View (new tab),
// Edit, Activate/Deactivate, Repost (only when expired or inactive) and Delete. An inactive card is
// dashed with the banner 'INACTIVE - Not visible to candidates'.
import { Link } from "react-router";
import { DAY, relativeTime } from "@rules/time";
import type { DashboardJob } from "./dashboardJob";
import { CompanyLogo } from "../CompanyLogo";
import { AnalyticsStrip } from "./AnalyticsStrip";

export const REPOST_ACTIVE_TIP = "Cannot repost an active job";
export const REPOST_IN_REVIEW_TIP = "Cannot repost a job under review";

const STATUS_LABELS: Record<DashboardJob["status"], string> = { active: "Active", expired: "Expired", inactive: "Inactive", waiting: "Waiting for review", rejected: "Not approved" };

const HIDDEN_BANNERS: Partial<Record<DashboardJob["status"], string>> = {
  inactive: "INACTIVE - Not visible to candidates",
  expired: "EXPIRED - Not visible to candidates",
  waiting: "WAITING FOR REVIEW - Visible to candidates once approved",
  rejected: "NOT APPROVED - Not visible to candidates",
};

function formatDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** 'Expires in 30 days', 'Expires in less than a day', 'Expired Mar 3, 2026'. */
export function expiryText(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return "";
  const t = Date.parse(expiresAt);
  if (Number.isNaN(t)) return "";
  if (t <= now) return `Expired ${formatDate(expiresAt)}`;
  if (t - now < DAY) return "Expires in less than a day";
  const days = Math.ceil((t - now) / DAY);
  return `Expires in ${days} ${days === 1 ? "day" : "days"}`;
}

interface Props {
  job: DashboardJob;
  busy: boolean;
  onToggle: (job: DashboardJob) => void;
  onRepost: (job: DashboardJob) => void;
  onDelete: (job: DashboardJob) => void;
}

export function DashboardJobCard({ job, busy, onToggle, onRepost, onDelete }: Props) {
  const titleId = `dash-job-${job.id}-title`;
  const tipId = `dash-job-${job.id}-repost-tip`;
  // A job in review (MODERATION=on) is the operator's to publish: no Activate, no Repost.
  const inReview = job.status === "waiting" || job.status === "rejected";
  const canRepost = job.status !== "active" && !inReview;
  const hiddenBanner = HIDDEN_BANNERS[job.status] ?? "";
  const meta = [job.company, job.location, job.category].filter(Boolean).join(" · ");
  const named = <span className="sr-only"> {job.title}</span>;

  return (
    <article className={`card dash-job-card is-${job.status}`} data-job-id={job.id} data-status={job.status} aria-labelledby={titleId} aria-busy={busy || undefined}>
      {hiddenBanner && <p className="dash-job-banner">{hiddenBanner}</p>}
      <div className="dash-job-head">
        <CompanyLogo logo={job.logo} company={job.company} size={44} />
        <div className="dash-job-info">
          <h3 id={titleId} className="dash-job-title">
            {job.title}
          </h3>
          {meta && <p className="dash-job-meta">{meta}</p>}
          <p className="dash-job-dates">
            {job.published_at ? `Posted ${relativeTime(job.published_at)}` : `Created ${relativeTime(job.created_at)}`}
            {!inReview && expiryText(job.expires_at) && <> · {expiryText(job.expires_at)}</>}
          </p>
        </div>
        <span className={`status-pill dash-job-status is-${job.status}`}>{STATUS_LABELS[job.status]}</span>
      </div>
      <AnalyticsStrip analytics={job.analytics} />
      <div className="dash-job-actions">
        <a className="button button-outline button-small" href={`/jobs/${encodeURIComponent(job.id)}`} target="_blank" rel="noopener noreferrer">
          View{named}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link className="button button-outline button-small" to={`/jobs/${encodeURIComponent(job.id)}/edit`}>
          Edit{named}
        </Link>
        {!inReview && (
          <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => onToggle(job)}>
            {job.published ? "Deactivate" : "Activate"}
            {named}
          </button>
        )}
        <span className="action-with-tip">
          <button
            type="button"
            className="button button-outline button-small"
            disabled={busy && canRepost}
            aria-disabled={!canRepost || undefined}
            aria-describedby={canRepost ? undefined : tipId}
            onClick={() => canRepost && onRepost(job)}
          >
            Repost{named}
          </button>
          {!canRepost && (
            <span className="action-tip" id={tipId} role="tooltip">
              {inReview ? REPOST_IN_REVIEW_TIP : REPOST_ACTIVE_TIP}
            </span>
          )}
        </span>
        <button type="button" className="button button-danger-outline button-small" disabled={busy} onClick={() => onDelete(job)}>
          Delete{named}
        </button>
      </div>
    </article>
  );
}
