// The detail panel beside a company page's list: the whole job, with its apply button. At widths up to
// 1024 px it covers the screen; Escape or Close closes it.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { CompanyJob } from "@rules/spotlight";
import { useI18n } from "../../i18n";
import { ApplyButton } from "../ApplyButton";
import { CompanyLogo } from "../CompanyLogo";
import { Posted, jobTypeLabel, listLabel } from "../JobMeta";
import { companyApplyLabel } from "./CompanyJobCard";
import { OwnText } from "../OwnText";

interface Props {
  job: CompanyJob;
  fullScreen: boolean;
  onClose: () => void;
  /** Whether the job has a public page (/jobs/:id) to link to. */
  isPublic: boolean;
  /** Published or draft: for the company's owner and the preview (CompanyJobCard). */
  showStatus?: boolean;
}

export function CompanyJobDetail({ job, fullScreen, onClose, isPublic, showStatus = false }: Props) {
  const current = useI18n();
  const { t, value } = current;
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (fullScreen) closeRef.current?.focus();
  }, [fullScreen, job.id]);
  useEffect(() => {
    if (!fullScreen) return;
    document.body.classList.add("no-scroll");
    return () => document.body.classList.remove("no-scroll");
  }, [fullScreen]);

  // [label, value, whether the value is the poster's own text]
  const facts: [string, string, boolean][] = (
    [
      [t("public.job.location"), job.location || t("public.remote"), true],
      [t("public.job.salary"), job.salary, true],
      [t("public.job.equity"), job.equity, true],
      [t("public.job.category"), job.category ? listLabel("category", job.category, job.category, current) : "", false],
      [t("public.job.type"), job.type ? typeLabel(job.type) : "", false],
    ] as [string, string, boolean][]
  ).filter((f) => Boolean(f[1]));
  function typeLabel(type: string): string {
    const known = jobTypeLabel(type, current);
    return known !== type ? known : type.replace(/^\w/, (c) => c.toUpperCase());
  }

  return (
    <aside
      className={`card company-job-detail${fullScreen ? " is-full-screen" : ""}`}
      aria-labelledby="company-job-detail-title"
      role={fullScreen ? "dialog" : "region"}
      aria-modal={fullScreen ? "true" : undefined}
      data-job-id={job.id}
    >
      <div className="company-job-detail-bar">
        {(showStatus || !job.published) && <span className={`status-pill ${job.published ? "is-live" : "is-draft"}`}>{job.published ? t("public.published") : t("public.draft")}</span>}
        <button ref={closeRef} type="button" className="icon-button" aria-label={t("public.company.closeDetails")} onClick={onClose}>
          ×
        </button>
      </div>
      <div className="company-job-detail-scroll">
        <div className="job-detail-header">
          <CompanyLogo logo={job.logo} company={job.company} size={56} lazy={false} />
          <div>
            <h2 id="company-job-detail-title">
              <OwnText text={job.title || t("public.untitled")} />
            </h2>
            <p className="job-company job-detail-company">
              <OwnText text={job.company} />
            </p>
            <p className="muted small">
              <Posted at={job.created_at} />
            </p>
          </div>
        </div>
        <dl className="facts">
          {facts.map(([k, v, own]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{own ? <OwnText text={v} /> : v}</dd>
            </div>
          ))}
        </dl>
        {job.tags.length > 0 && (
          <ul className="tag-list" aria-label={t("public.job.skills")}>
            {job.tags.map((tag) => (
              <li key={tag} className="tag" dir="auto">
                {value("tag", tag)}
              </li>
            ))}
          </ul>
        )}
        <section className="job-detail-section">
          <h3>{t("public.jobDescription")}</h3>
          {job.description ? <div className="job-description" dir="auto" dangerouslySetInnerHTML={{ __html: job.description }} /> : <p className="muted">{t("public.noDescription")}</p>}
        </section>
        <div className="job-detail-apply button-row-start company-job-apply">
          <ApplyButton job={job} label={companyApplyLabel(job, current)} className="button button-primary job-detail-apply-button" />
          {isPublic && (
            <Link className="button button-ghost job-detail-apply-button" to={`/jobs/${encodeURIComponent(job.id)}`}>
              {t("public.company.openJobPage")}
            </Link>
          )}
        </div>
      </div>
    </aside>
  );
}
