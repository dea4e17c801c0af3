// One of my jobs on the dashboard: status, dates, the analytics strip and the actions View (new tab),
// Edit, Activate/Deactivate, Repost (only when expired or inactive) and Delete. An inactive card is
// dashed with the banner 'INACTIVE - Not visible to candidates'.
import { Link } from "react-router";
import { DAY } from "@rules/time";
import { i18n, useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";
import type { DashboardJob } from "./dashboardJob";
import { CompanyLogo } from "../CompanyLogo";
import { MetaLine } from "../MetaLine";
import { AnalyticsStrip } from "./AnalyticsStrip";
import { ApplicationsLink } from "./ApplicationsLink";

/** A job's status as its owner reads it: 'Active', 'Waiting for review', … */
export const STATUS_LABELS: Record<DashboardJob["status"], MessageId> = {
  active: "account.job.status.active",
  expired: "account.job.status.expired",
  inactive: "account.job.status.inactive",
  waiting: "account.job.status.waiting",
  rejected: "account.job.status.rejected",
  removed: "account.job.status.removed",
  refunded: "account.job.status.refunded",
};

/** The banner over a job candidates cannot see. */
export const HIDDEN_BANNERS: Partial<Record<DashboardJob["status"], MessageId>> = {
  inactive: "account.job.banner.inactive",
  expired: "account.job.banner.expired",
  waiting: "account.job.banner.waiting",
  rejected: "account.job.banner.rejected",
  removed: "account.job.banner.removed",
  refunded: "account.job.banner.refunded",
};

/** 'Expires in 30 days', 'Expires in less than a day', 'Expired Mar 3, 2026'. */
export function expiryText(expiresAt: string | null, now = Date.now()): string {
  if (!expiresAt) return "";
  const t = Date.parse(expiresAt);
  if (Number.isNaN(t)) return "";
  const { t: text, date } = i18n();
  if (t <= now) return text("account.job.expired", { date: date(expiresAt, "medium") });
  if (t - now < DAY) return text("account.job.expiresSoon");
  return text("account.job.expiresIn", { days: Math.ceil((t - now) / DAY) });
}

interface Props {
  job: DashboardJob;
  busy: boolean;
  onToggle: (job: DashboardJob) => void;
  onRepost: (job: DashboardJob) => void;
  onDelete: (job: DashboardJob) => void;
}

export function DashboardJobCard({ job, busy, onToggle, onRepost, onDelete }: Props) {
  const { t, relative, value, href } = useI18n();
  const titleId = `dash-job-${job.id}-title`;
  const tipId = `dash-job-${job.id}-repost-tip`;
  // A job in review (MODERATION=on) is the operator's to publish: no Activate, no Repost. A job removed by
  // the board is the operator's to restore: no Edit, no Activate, no Repost (the server refuses them too).
  const removed = job.status === "removed";
  // A refund took its days back: no expiry to count, and only a repost (paid for again) publishes it.
  const refunded = job.status === "refunded";
  const inReview = job.status === "waiting" || job.status === "rejected";
  const canRepost = job.status !== "active" && !inReview && !removed;
  // Held by the board, or by a refund: no expiry to count and no Activate.
  const held = inReview || removed || refunded;
  const banner = HIDDEN_BANNERS[job.status];
  const hiddenBanner = banner ? t(banner) : "";
  // Each part isolated in the page's direction: one string with dir="auto" took a Latin company's direction and read
  // «الهندسة · Remote · Downco» from the right on an Arabic page.
  const meta = [job.company, job.location, job.category && value("category", job.category)].filter((part): part is string => Boolean(part));
  const named = (
    <span className="sr-only">
      {" "}
      <bdi dir="auto">{job.title}</bdi>
    </span>
  );

  return (
    <article className={`card dash-job-card is-${job.status}`} data-job-id={job.id} data-status={job.status} aria-labelledby={titleId} aria-busy={busy || undefined}>
      {hiddenBanner && <p className="dash-job-banner">{hiddenBanner}</p>}
      <div className="dash-job-head">
        <CompanyLogo logo={job.logo} company={job.company} size={44} />
        <div className="dash-job-info">
          <h3 id={titleId} className="dash-job-title">
            <span dir="auto">{job.title}</span>
          </h3>
          <MetaLine className="dash-job-meta" parts={meta.map((part) => <bdi key={part}>{part}</bdi>)} />
          <MetaLine
            className="dash-job-dates"
            parts={[
              job.published_at ? t("account.job.posted", { when: relative(job.published_at) }) : t("account.job.created", { when: relative(job.created_at) }),
              !held && expiryText(job.expires_at),
            ]}
          />
        </div>
        <span className={`status-pill dash-job-status is-${job.status}`}>{t(STATUS_LABELS[job.status])}</span>
      </div>
      {job.removal && (
        <div className="dash-job-removal" role="note">
          <p dir="auto">{t("account.job.removedReason", { reason: job.removal.ownerReason ? value("ownerReason", job.removal.ownerReason) : job.removal.reason })}</p>
          <p>
            {t("account.job.removedHelp")} <Link to="/contact">{t("account.job.removedContact")}</Link>.
          </p>
        </div>
      )}
      <AnalyticsStrip analytics={job.analytics} />
      <div className="dash-job-actions">
        <ApplicationsLink jobId={job.id} />
        <a className="button button-outline button-small" href={href(`/jobs/${encodeURIComponent(job.id)}`)} target="_blank" rel="noopener noreferrer">
          {t("account.job.view")}
          {named}
          <span className="sr-only"> {t("account.job.newTab")}</span>
        </a>
        {!removed && (
          <Link className="button button-outline button-small" to={`/jobs/${encodeURIComponent(job.id)}/edit`}>
            {t("account.job.edit")}
            {named}
          </Link>
        )}
        {!held && (
          <button type="button" className="button button-outline button-small" disabled={busy} onClick={() => onToggle(job)}>
            {job.published ? t("account.job.deactivate") : t("account.job.activate")}
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
            {t("account.job.repost")}
            {named}
          </button>
          {!canRepost && (
            <span className="action-tip" id={tipId} role="tooltip">
              {removed ? t("account.job.repostRemovedTip") : inReview ? t("account.job.repostInReviewTip") : t("account.job.repostActiveTip")}
            </span>
          )}
        </span>
        <button type="button" className="button button-danger-outline button-small" disabled={busy} onClick={() => onDelete(job)}>
          {t("account.job.delete")}
          {named}
        </button>
      </div>
    </article>
  );
}
