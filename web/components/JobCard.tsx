// One job in the list. Clicking the card, or Enter/Space on it, toggles the
// expanded view with the description; links and buttons inside it keep their own meaning.
import { memo } from "react";
import type { KeyboardEvent, MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { appliesByEmail } from "./ApplyButton";
import type { PublicJob } from "@rules/search";
import { recordJobView } from "../beacons";
import { useI18n } from "../i18n";
import { ApplyButton } from "./ApplyButton";
import { CompanyLogo } from "./CompanyLogo";
import { Icon } from "./Icon";
import { OwnText } from "./OwnText";
import { JobBadges } from "./JobBadges";
import { JobCompany, JobMeta } from "./JobMeta";
import { SaveButton } from "./SaveButton";

interface Props {
  job: PublicJob;
  expanded: boolean;
  /** Called with the card's selectionKey. */
  onToggle: (key: string) => void;
  /** In the Pinned strip: marked "Pinned"; the same job keeps its own card in the list below. */
  pinned?: boolean;
  /** One level below the list's heading (h2 under the h1 of /jobs). */
  titleLevel?: "h2" | "h3";
}

/** Links to a job's page carry the listing they came from, so "← Back to jobs" returns to it. */
export interface FromListing {
  fromListing: string;
}

const MAX_TAGS = 5;

/** Which card is open, in a list with a Pinned strip: a job's id, or `pinned:<id>` for its card in the strip. */
export function selectionKey(jobId: string, pinned: boolean): string {
  return pinned ? `pinned:${jobId}` : jobId;
}

function isOwnControl(target: EventTarget, card: Element): boolean {
  const control = (target as Element).closest?.("a, button, input, select, textarea, summary");
  return Boolean(control && card.contains(control) && control !== card);
}

/**
 * Memoised: the list re-renders as it grows (web/useStagedCount.ts) and when a card opens, and a card whose
 * props are the same (the same job object, the list's one toggle function) is not rendered again.
 */
export const JobCard = memo(function JobCard({ job, expanded, onToggle, pinned = false, titleLevel: Title = "h3" }: Props) {
  const { t, value } = useI18n();
  const title = job.title || t("public.untitled");
  const location = useLocation();
  const from: FromListing = { fromListing: location.pathname + location.search };
  const domId = `${pinned ? "pinned-" : ""}job-${job.id}`;
  const detailsId = `${domId}-details`;
  const classes = ["job-card", "card"];
  if (pinned) classes.push("is-pinned");
  if (job.enhancements.includes("sticky")) classes.push("is-sticky");
  if (job.enhancements.includes("highlight")) classes.push("is-highlighted");
  if (expanded) classes.push("is-expanded");
  const toggle = () => {
    if (!expanded) recordJobView(job.id);
    onToggle(selectionKey(job.id, pinned));
  };

  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (isOwnControl(e.target, e.currentTarget)) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click on the card
    toggle();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      toggle();
    }
  };

  const extraTags = job.tags.length - MAX_TAGS;
  return (
    <article
      className={classes.join(" ")}
      data-job-id={pinned ? undefined : job.id}
      data-pinned-job-id={pinned ? job.id : undefined}
      tabIndex={0}
      aria-labelledby={`${domId}-title`}
      aria-describedby={`${domId}-hint`}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <span id={`${domId}-hint`} className="sr-only">
        {expanded ? t("public.job.expandedHint") : t("public.job.collapsedHint")}
      </span>
      <div className="job-card-main">
        <CompanyLogo logo={job.logo} company={job.company} />
        <div className="job-card-body">
          <div className="job-card-heading">
            {/* The poster's title isolated on the page's side: dir="auto" on the heading put a wrapped Latin title flush
                left on an Arabic card (the twenty-first reading), as it did on the job's page. */}
            <Title className="job-title" id={`${domId}-title`}>
              <Link to={`/jobs/${encodeURIComponent(job.id)}`} state={from}>
                <OwnText text={title} />
              </Link>
            </Title>
            {pinned && <span className="badge badge-pinned">{t("public.list.pinned")}</span>}
            <JobBadges job={job} />
          </div>
          <JobCompany job={job} />
          <JobMeta job={job} showType />
          {job.tags.length > 0 && (
            <ul className="tag-list" aria-label={t("public.tags")}>
              {job.tags.slice(0, MAX_TAGS).map((tag) => (
                <li key={tag} className="tag" dir="auto">
                  {value("tag", tag)}
                </li>
              ))}
              {extraTags > 0 && (
                <li className="tag tag-more" dir="ltr">
                  +{extraTags}
                </li>
              )}
            </ul>
          )}
        </div>
        <div className="job-card-side">
          <ApplyButton job={job} label={t("public.job.apply")} className="button button-primary button-small" />
          <SaveButton job={job} />
          <span className={`chevron${expanded ? " is-open" : ""}`} aria-hidden="true">
            <Icon name="chevron" size={20} />
          </span>
        </div>
      </div>
      {expanded && (
        <div className="job-card-details" id={detailsId}>
          {job.description ? <div className="job-description" dir="auto" dangerouslySetInnerHTML={{ __html: job.description }} /> : <p className="muted">{t("public.noDescription")}</p>}
          <div className="job-card-details-actions">
            <ApplyButton job={job} label={appliesByEmail(job) ? t("public.job.applyViaEmail") : t("public.job.applyNow")} />
            <Link className="button button-ghost" to={`/jobs/${encodeURIComponent(job.id)}`} state={from}>
              {t("public.job.viewDetails")}
            </Link>
          </div>
        </div>
      )}
    </article>
  );
});
