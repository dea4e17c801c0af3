// /streamlined-job-success?job_id=: after posting with a credit. 'Verifying your job
// posting...', then 'Success! Your Job is Live' with the summary and View Your Listing, Share Job, Edit
// Job and Go to Dashboard; or 'Verification Failed' / 'Job Found But Details Missing'. Only the job's
// signed-in owner sees it: anyone else gets 'Job Not Found', as for a job that does not exist.
import { Link, useSearchParams } from "react-router";
import { relativeTime } from "@rules/time";
import { ApiRequestError, api, call } from "../client";
import type { Success } from "../client";
import { JobLiveSummary, waitingForReview } from "../components/JobLiveSummary";
import { Spinner } from "../components/Spinner";
import { keys } from "../queryKeys";
import { copyText, hiringMessage } from "../share";
import { usePaymentVerification } from "../usePaymentVerification";
import { useDocumentTitle } from "../useDocumentTitle";

type PostedJob = Success<(typeof api.checkout.posted)[":id"]["$get"]>["job"];
type State = { phase: "verifying" } | { phase: "success"; job: PostedJob } | { phase: "missing-details" } | { phase: "not-found" } | { phase: "error"; message: string };

export const SHARE_COPIED = "Job share link copied to clipboard!";

/** A credit post is paid when it is made: one look at the job, nothing to wait for. */
async function check(jobId: string, signal: AbortSignal): Promise<State> {
  const { job } = await call(api.checkout.posted[":id"].$get({ param: { id: jobId } }, { init: { signal, cache: "no-store" } }));
  return job.title ? { phase: "success", job } : { phase: "missing-details" };
}

function failure(err: unknown): State {
  if (err instanceof ApiRequestError && err.status === 404) return { phase: "not-found" };
  return { phase: "error", message: err instanceof ApiRequestError && err.status > 0 ? err.message : "Failed to load job details" };
}

export function StreamlinedJobSuccess() {
  useDocumentTitle("Job Posted | Startup Jobs");
  const [params] = useSearchParams();
  const jobId = params.get("job_id")?.trim() ?? "";
  const verification = usePaymentVerification(keys.paymentCheck("credit-post", jobId), (signal) => check(jobId, signal), {
    stillPending: { phase: "verifying" },
    enabled: Boolean(jobId),
  });
  const state: State = !jobId
    ? { phase: "error", message: "No job information found" }
    : verification.isPending
      ? { phase: "verifying" }
      : verification.isError
        ? failure(verification.error)
        : verification.data;

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
