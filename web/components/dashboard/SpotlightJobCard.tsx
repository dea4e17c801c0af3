// A subscriber's Spotlight job in My Job Posts (issue 10, item 11): the same status, dates and analytics
// strip as any post, plus its last 30 days. Spotlight jobs are managed on /spotlight/live, so the card
// links there instead of repeating Edit, Activate, Repost and Delete.
import { Link } from "react-router";
import { useI18n } from "../../i18n";
import type { DashboardJob } from "./dashboardJob";
import { DailyChart } from "../analytics/DailyChart";
import { CompanyLogo } from "../CompanyLogo";
import { MetaLine } from "../MetaLine";
import { AnalyticsStrip } from "./AnalyticsStrip";
import { STATUS_LABELS, expiryText } from "./DashboardJobCard";

export function SpotlightJobCard({ job }: { job: DashboardJob & { spotlight: NonNullable<DashboardJob["spotlight"]> } }) {
  const { t, relative, value, href } = useI18n();
  const titleId = `dash-job-${job.id}-title`;
  const hiddenBanner = job.status === "inactive" ? t("account.job.banner.inactive") : job.status === "expired" ? t("account.job.banner.expired") : "";
  const meta = [job.company, job.location, job.category && value("category", job.category)].filter((part): part is string => Boolean(part));
  const named = (
    <span className="sr-only">
      {" "}
      <bdi dir="auto">{job.title}</bdi>
    </span>
  );

  return (
    <article className={`card dash-job-card is-${job.status}`} data-job-id={job.id} data-status={job.status} data-source="spotlight" aria-labelledby={titleId}>
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
              <span key="tag" className="spotlight-tag">
                {t("account.job.spotlightTag")}
              </span>,
              job.published_at ? t("account.job.posted", { when: relative(job.published_at) }) : t("account.job.created", { when: relative(job.created_at) }),
              expiryText(job.expires_at),
            ]}
          />
        </div>
        <span className={`status-pill dash-job-status is-${job.status}`}>{t(STATUS_LABELS[job.status])}</span>
      </div>
      <AnalyticsStrip analytics={job.analytics} />
      <DailyChart daily={job.spotlight.daily} />
      <div className="dash-job-actions">
        {job.status === "active" && (
          <a className="button button-outline button-small" href={href(`/jobs/${encodeURIComponent(job.id)}`)} target="_blank" rel="noopener noreferrer">
            {t("account.job.view")}
            {named}
            <span className="sr-only"> {t("account.job.newTab")}</span>
          </a>
        )}
        <Link className="button button-primary button-small" to={job.spotlight.manageUrl}>
          {t("account.job.manageInSpotlight")}
          {named}
        </Link>
      </div>
    </article>
  );
}
