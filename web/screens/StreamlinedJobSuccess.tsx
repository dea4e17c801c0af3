// /streamlined-job-success?job_id=: after posting with a credit. 'Verifying your job
// posting...', then 'Success! Your Job is Live' with the summary and View Your Listing, Share Job, Edit
// Job and Go to Dashboard; or 'Verification Failed' / 'Job Found But Details Missing'. Only the job's
// signed-in owner sees it: anyone else gets 'Job Not Found', as for a job that does not exist.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { relativeTime } from "../../worker/rules/time";
import { ApiRequestError, fetchPostedJob } from "../api";
import type { PostedJob } from "../api";
import { JobLiveSummary, waitingForReview } from "../components/JobLiveSummary";
import { Spinner } from "../components/Spinner";
import { copyText, hiringMessage } from "../share";
import { useDocumentTitle } from "../useDocumentTitle";
import "../posting.css";

type State = { phase: "verifying" } | { phase: "success"; job: PostedJob } | { phase: "missing-details" } | { phase: "not-found" } | { phase: "error"; message: string };

export const SHARE_COPIED = "Job share link copied to clipboard!";

export function StreamlinedJobSuccess() {
  useDocumentTitle("Job Posted | Startup Jobs");
  const [params] = useSearchParams();
  const jobId = params.get("job_id")?.trim() ?? "";
  const [state, setState] = useState<State>(jobId ? { phase: "verifying" } : { phase: "error", message: "No job information found" });

  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    setState({ phase: "verifying" });
    fetchPostedJob(jobId, controller.signal)
      .then((job) => setState(job.title ? { phase: "success", job } : { phase: "missing-details" }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiRequestError && err.status === 404) return setState({ phase: "not-found" });
        setState({ phase: "error", message: err instanceof ApiRequestError ? err.message : "Failed to load job details" });
      });
    return () => controller.abort();
  }, [jobId]);

  let content;
  if (state.phase === "verifying") {
    content = (
      <>
        <h1>Verifying your job posting...</h1>
        <Spinner label="Verifying your job posting..." />
      </>
    );
  } else if (state.phase === "error") {
    content = (
      <>
        <span className="result-icon is-error" aria-hidden="true">
          !
        </span>
        <h1>Verification Failed</h1>
        <p className="muted">{state.message}</p>
        <div className="button-row">
          <Link className="button button-primary" to="/post">
            Try Again
          </Link>
          <Link className="button button-outline" to="/contact">
            Contact Support
          </Link>
        </div>
      </>
    );
  } else if (state.phase === "not-found") {
    content = (
      <>
        <h1>Job Not Found</h1>
        <p className="muted">We could not find this job among your posts.</p>
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard/jobs">
            Go to Dashboard
          </Link>
          <Link className="button button-outline" to="/post">
            Post a Job
          </Link>
        </div>
      </>
    );
  } else if (state.phase === "missing-details") {
    content = (
      <>
        <h1>Job Found But Details Missing</h1>
        <p className="muted">Your job was posted, but its details could not be shown. You can check it in your dashboard.</p>
        <Link className="button button-primary" to="/dashboard">
          Go to Dashboard
        </Link>
      </>
    );
  } else {
    const { job } = state;
    const path = `/jobs/${encodeURIComponent(job.id)}`;
    const share = async () => {
      await copyText(hiringMessage(job));
      window.alert(SHARE_COPIED);
    };
    content = (
      <>
        <JobLiveSummary job={job}>
          <div>
            <dt>Location</dt>
            <dd>{job.location || "Remote"}</dd>
          </div>
          <div>
            <dt>Posted</dt>
            <dd>
              <time dateTime={job.created_at}>{relativeTime(job.created_at)}</time>
            </dd>
          </div>
        </JobLiveSummary>
        <div className="button-row">
          {!waitingForReview(job) && (
            <>
              <Link className="button button-primary" to={path}>
                View Your Listing
              </Link>
              <button type="button" className="button button-outline" onClick={share}>
                Share Job
              </button>
            </>
          )}
          <Link className="button button-outline" to={`${path}/edit`}>
            Edit Job
          </Link>
          <Link className="button button-ghost" to="/dashboard">
            Go to Dashboard
          </Link>
        </div>
      </>
    );
  }

  return (
    <div className="container page page-center">
      <section className="card message-card result-card" aria-live="polite">
        {content}
      </section>
    </div>
  );
}
