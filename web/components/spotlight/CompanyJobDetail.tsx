// The detail panel beside a company page's list: the whole job, with its apply button. At widths up to
// 1024 px it covers the screen; Escape or Close closes it.
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { relativeTime } from "@rules/time";
import type { CompanyJob } from "@rules/spotlight";
import { ApplyButton } from "../ApplyButton";
import { CompanyLogo } from "../CompanyLogo";
import { companyApplyLabel } from "./CompanyJobCard";

interface Props {
  job: CompanyJob;
  fullScreen: boolean;
  onClose: () => void;
  /** Whether the job has a public page (/jobs/:id) to link to. */
  isPublic: boolean;
}

export function CompanyJobDetail({ job, fullScreen, onClose, isPublic }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (fullScreen) closeRef.current?.focus();
  }, [fullScreen, job.id]);
  useEffect(() => {
    if (!fullScreen) return;
    document.body.classList.add("no-scroll");
    return () => document.body.classList.remove("no-scroll");
  }, [fullScreen]);

  const facts: [string, string][] = [
    ["Location", job.location || "Remote"],
    ["Salary", job.salary],
    ["Equity", job.equity],
    ["Category", job.category],
    ["Type", job.type ? job.type.replace(/^\w/, (c) => c.toUpperCase()) : ""],
  ].filter((f): f is [string, string] => Boolean(f[1]));

  return (
    <aside
      className={`card company-job-detail${fullScreen ? " is-full-screen" : ""}`}
      aria-labelledby="company-job-detail-title"
      role={fullScreen ? "dialog" : "region"}
      aria-modal={fullScreen ? "true" : undefined}
      data-job-id={job.id}
    >
      <div className="company-job-detail-bar">
        <span className={`status-pill ${job.published ? "is-live" : "is-draft"}`}>{job.published ? "Published" : "Draft"}</span>
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close job details" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="company-job-detail-scroll">
        <div className="job-detail-header">
          <CompanyLogo logo={job.logo} company={job.company} size={56} lazy={false} />
          <div>
            <h2 id="company-job-detail-title" dir="auto">
              {job.title || "Untitled Position"}
            </h2>
            <p className="job-company job-detail-company" dir="auto">
              {job.company}
            </p>
            <p className="muted small">
              Posted <time dateTime={job.created_at}>{relativeTime(job.created_at)}</time>
            </p>
          </div>
        </div>
        <dl className="facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        {job.tags.length > 0 && (
          <ul className="tag-list" aria-label="Skills">
            {job.tags.map((t) => (
              <li key={t} className="tag">
                {t}
              </li>
            ))}
          </ul>
        )}
        <section className="job-detail-section">
          <h3>Job Description</h3>
          {job.description ? <div className="job-description" dir="auto" dangerouslySetInnerHTML={{ __html: job.description }} /> : <p className="muted">No description provided.</p>}
        </section>
        <div className="job-detail-apply button-row-start company-job-apply">
          <ApplyButton job={job} label={companyApplyLabel(job)} className="button button-primary job-detail-apply-button" />
          {isPublic && (
            <Link className="button button-ghost job-detail-apply-button" to={`/jobs/${encodeURIComponent(job.id)}`}>
              Open job page
            </Link>
          )}
        </div>
      </div>
    </aside>
  );
}
