// A job on a company page: logo, title, Published/Draft
// badge, company, location, 'Posted' with the relative date, tags; the owner's actions (publish or
// unpublish, edit, delete) on Spotlight jobs; Show More / Show Less reveals the description and the apply
// button ('Apply Now' with a website, otherwise 'Apply via Email'). Clicking the card opens the detail.
import { recordJobView } from "../../beacons";
import { useState } from "react";
import type { KeyboardEvent, MouseEvent } from "react";
import { SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import type { CompanyJob } from "@rules/spotlight";
import { i18n, useI18n } from "../../i18n";
import { ApplyButton } from "../ApplyButton";
import { CompanyLogo } from "../CompanyLogo";
import { JobMeta } from "../JobMeta";
import { OwnText } from "../OwnText";

export interface OwnerJobActions {
  edit: (job: CompanyJob) => void;
  setPublished: (job: CompanyJob, published: boolean) => Promise<void>;
  remove: (job: CompanyJob) => Promise<void>;
}

/** 'Apply Now' when it goes to a web page, otherwise 'Apply via Email'. */
export function companyApplyLabel(job: CompanyJob, { t } = i18n()): string {
  return job.apply?.kind === "email" ? t("public.job.applyViaEmail") : t("public.job.applyNow");
}

const MAX_TAGS = 6;

interface Props {
  job: CompanyJob;
  selected: boolean;
  onSelect: () => void;
  /** The owner's actions, for Spotlight jobs only. */
  actions?: OwnerJobActions;
  /** Local preview: the note that the job goes live once the subscription is active. */
  previewNote?: boolean;
  /** Published or draft: for the company's owner and the preview; a visitor only ever sees published jobs. */
  showStatus?: boolean;
}

function isOwnControl(target: EventTarget, card: Element): boolean {
  const control = (target as Element).closest?.("a, button, input, select, textarea");
  return Boolean(control && card.contains(control) && control !== card);
}

export function CompanyJobCard({ job, selected, onSelect, actions, previewNote, showStatus = false }: Props) {
  const current = useI18n();
  const { t, localise, value } = current;
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const detailsId = `company-job-${job.id}-details`;

  // A visitor's Show More is a view of the job, as on the board's cards (JobCard); the owner's and a preview's are not.
  const toggle = () => {
    if (!expanded && !showStatus) recordJobView(job.id);
    setExpanded((x) => !x);
  };
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (isOwnControl(e.target, e.currentTarget)) return;
    if (window.getSelection()?.toString()) return;
    onSelect();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      onSelect();
    }
  };
  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setError("");
    try {
      await what();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : SPOTLIGHT_MESSAGES.saveJobFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      className={`card company-job-card${selected ? " is-selected" : ""}${job.published ? "" : " is-draft"}`}
      data-job-id={job.id}
      tabIndex={0}
      aria-labelledby={`company-job-${job.id}-title`}
      aria-current={selected ? "true" : undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <div className="company-job-top">
        <CompanyLogo logo={job.logo} company={job.company} size={44} />
        <div className="company-job-body">
          <div className="company-job-heading">
            {/* h2: the cards sit right below the company's h1 (no heading level skipped). */}
            <h2 className="company-job-title" id={`company-job-${job.id}-title`}>
              <OwnText text={job.title || t("public.untitled")} />
            </h2>
            {(showStatus || !job.published) && <span className={`status-pill ${job.published ? "is-live" : "is-draft"}`}>{job.published ? t("public.published") : t("public.draft")}</span>}
          </div>
          <p className="job-company">
            <OwnText text={job.company} />
          </p>
          <JobMeta job={job} postedPrefix />
        </div>
      </div>
      {job.tags.length > 0 && (
        <ul className="tag-list" aria-label={t("public.tags")}>
          {job.tags.slice(0, MAX_TAGS).map((tag) => (
            <li key={tag} className="tag" dir="auto">
              {value("tag", tag)}
            </li>
          ))}
          {job.tags.length > MAX_TAGS && (
            <li className="tag tag-more" dir="ltr">
              +{job.tags.length - MAX_TAGS}
            </li>
          )}
        </ul>
      )}
      {previewNote && <p className="spotlight-note small">{localise(SPOTLIGHT_MESSAGES.previewNote)}</p>}
      {expanded && (
        <div className="company-job-details" id={detailsId}>
          {job.description ? <div className="job-description" dir="auto" dangerouslySetInnerHTML={{ __html: job.description }} /> : <p className="muted">{t("public.noDescription")}</p>}
          <ApplyButton job={job} label={companyApplyLabel(job, current)} />
        </div>
      )}
      <div className="company-job-footer">
        <button type="button" className="link-button show-more" aria-expanded={expanded} aria-controls={detailsId} onClick={toggle}>
          {expanded ? t("public.company.showLess") : t("public.company.showMore")}
        </button>
        {actions && (
          <div className="company-job-actions" aria-label={t("public.company.ownerActions")}>
            {confirming ? (
              <>
                <span className="small">{t("public.company.deleteConfirm")}</span>
                <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => act(() => actions.remove(job))}>
                  {t("public.company.delete")}
                </button>
                <button type="button" className="button button-small button-ghost" onClick={() => setConfirming(false)}>
                  {t("public.company.cancel")}
                </button>
              </>
            ) : (
              <>
                <button type="button" className="button button-small button-outline" disabled={busy} onClick={() => act(() => actions.setPublished(job, !job.published))}>
                  {job.published ? t("public.company.unpublish") : t("public.company.publish")}
                </button>
                <button type="button" className="button button-small button-outline" onClick={() => actions.edit(job)}>
                  {t("public.company.edit")}
                </button>
                <button type="button" className="button button-small button-ghost spotlight-delete" onClick={() => setConfirming(true)}>
                  {t("public.company.delete")}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {localise(error)}
        </p>
      )}
    </article>
  );
}
