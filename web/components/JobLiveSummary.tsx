// 'Success! Your Job is Live' with the job's title, company and category (default Engineering), shared by
// /job-posting-success and /streamlined-job-success; more rows may follow as children.
import type { ReactNode } from "react";

interface Props {
  job: { title: string; company: string; category?: string | null };
  children?: ReactNode;
}

export function JobLiveSummary({ job, children }: Props) {
  return (
    <>
      <span className="result-icon" aria-hidden="true">
        ✓
      </span>
      <h1>Success! Your Job is Live</h1>
      <dl className="result-summary">
        <div>
          <dt>Job title</dt>
          <dd>{job.title}</dd>
        </div>
        <div>
          <dt>Company</dt>
          <dd>{job.company}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{job.category || "Engineering"}</dd>
        </div>
        {children}
      </dl>
    </>
  );
}
