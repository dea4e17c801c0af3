// 'Success! Your Job is Live' with the job's title, company and category (default Engineering), shared by
// /job-posting-success and /streamlined-job-success; more rows may follow as children. With moderation
// on (review "waiting"), 'Your Job is Waiting for Review' instead: it is not live until approved.
import type { ReactNode } from "react";

interface Props {
  job: { title: string; company: string; category?: string | null; review?: string | null };
  children?: ReactNode;
}

/** The job waits for an operator's approval (MODERATION=on): not live, no public listing yet. */
export function waitingForReview(job: { review?: string | null }): boolean {
  return job.review === "waiting";
}

export function JobLiveSummary({ job, children }: Props) {
  return (
    <>
      <span className="result-icon" aria-hidden="true">
        ✓
      </span>
      {waitingForReview(job) ? (
        <>
          <h1>Thank You! Your Job is Waiting for Review</h1>
          <p className="muted" data-review="waiting">
            Every new job is checked before it appears on the board. It will go live as soon as it is approved; until then it is shown as "Waiting for review" in your dashboard.
          </p>
        </>
      ) : (
        <h1>Success! Your Job is Live</h1>
      )}
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
