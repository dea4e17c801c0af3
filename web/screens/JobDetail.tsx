// /jobs/:id : one job in full (public-side.md §2 "Job detail").
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { applyDetailLabel } from "../../worker/rules/apply";
import { JOB_TYPE_OPTIONS } from "../../worker/rules/lists";
import type { PublicJob } from "../../worker/rules/search";
import { relativeTime } from "../../worker/rules/time";
import { ApiRequestError, fetchJob } from "../api";
import { ApplyButton } from "../components/ApplyButton";
import { CompanyLogo } from "../components/CompanyLogo";
import { JobBadges } from "../components/JobBadges";
import { useDocumentTitle } from "../useDocumentTitle";

type Load = { id: string; status: "loading" } | { id: string; status: "missing" | "failed" } | { id: string; status: "loaded"; job: PublicJob };

export function JobDetail() {
  const { id = "" } = useParams();
  const [load, setLoad] = useState<Load>({ id, status: "loading" });
  const current: Load = load.id === id ? load : { id, status: "loading" };

  useEffect(() => {
    const ctrl = new AbortController();
    setLoad({ id, status: "loading" });
    fetchJob(id, ctrl.signal).then(
      (job) => !ctrl.signal.aborted && setLoad({ id, status: "loaded", job }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setLoad({ id, status: err instanceof ApiRequestError && (err.status === 404 || err.status === 410) ? "missing" : "failed" });
      },
    );
    return () => ctrl.abort();
  }, [id]);

  const title =
    current.status === "loaded" ? current.job.title || "Untitled Position" : current.status === "missing" ? "Job Not Found" : "";
  useDocumentTitle(title);

  return (
    <div className="container page page-narrow">
      <Link className="back-link" to="/jobs">
        ← Back to jobs
      </Link>
      {current.status === "loading" && <DetailSkeleton />}
      {current.status === "missing" && (
        <div className="card message-card">
          <h1>Job Not Found</h1>
          <p className="muted">The job you are looking for does not exist.</p>
          <Link className="button button-primary" to="/jobs">
            Browse Jobs
          </Link>
        </div>
      )}
      {current.status === "failed" && (
        <div className="notice notice-error" role="alert">
          <p>Failed to load job details</p>
        </div>
      )}
      {current.status === "loaded" && <JobDetailView job={current.job} />}
    </div>
  );
}

function JobDetailView({ job }: { job: PublicJob }) {
  const classes = ["card", "job-detail"];
  if (job.enhancements.includes("highlight")) classes.push("is-highlighted");
  if (job.enhancements.includes("sticky")) classes.push("is-sticky");
  return (
    <article className={classes.join(" ")}>
      <header className="job-detail-header">
        <CompanyLogo logo={job.logo} company={job.company} size={72} lazy={false} />
        <div>
          <h1>{job.title || "Untitled Position"}</h1>
          <p className="job-company">
            {job.company}
            <span className="muted">
              {" · Posted "}
              <time dateTime={job.created_at}>{relativeTime(job.created_at)}</time>
            </span>
          </p>
          <JobBadges job={job} detail />
        </div>
      </header>

      <dl className="facts">
        <div>
          <dt>Location</dt>
          <dd>{job.location || "Remote"}</dd>
        </div>
        <div>
          <dt>Salary</dt>
          <dd>{job.salary || "Not specified"}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{job.category || "Not specified"}</dd>
        </div>
        {job.type && (
          <div>
            <dt>Type</dt>
            <dd>{typeLabel(job.type)}</dd>
          </div>
        )}
      </dl>

      {job.tags.length > 0 && (
        <ul className="tag-list" aria-label="Tags">
          {job.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      )}

      <section className="job-detail-section" aria-labelledby="description-heading">
        <h2 id="description-heading">Job Description</h2>
        {job.description ? (
          <div className="job-description" dangerouslySetInnerHTML={{ __html: job.description }} />
        ) : (
          <p className="muted">No description provided.</p>
        )}
      </section>

      <div className="job-detail-apply">
        <ApplyButton job={job} label={applyDetailLabel(job)} className="button button-primary button-large" />
      </div>
    </article>
  );
}

/** 'full-time' → 'Full-time', as the type filter names it; an unknown stored type shows as stored. */
function typeLabel(type: string): string {
  return JOB_TYPE_OPTIONS.find((o) => o.value === type.toLowerCase())?.label ?? type;
}

function DetailSkeleton() {
  return (
    <div className="card job-detail" aria-busy="true">
      <span className="sr-only">Loading job</span>
      <div className="job-detail-header" aria-hidden="true">
        <span className="company-logo skeleton" style={{ width: 72, height: 72 }} />
        <div style={{ flex: 1 }}>
          <span className="skeleton skeleton-line" style={{ width: "60%", height: 28 }} />
          <span className="skeleton skeleton-line" style={{ width: "30%" }} />
        </div>
      </div>
      <span className="skeleton skeleton-block" aria-hidden="true" />
    </div>
  );
}
