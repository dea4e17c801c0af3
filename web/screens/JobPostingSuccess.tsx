// /job-posting-success?job_id=&session_id=&submission_id=&reload_dashboard=true: verifying, then success with confetti, 'Job Not Found', or 'Verification
// Failed'. With neither job_id nor session_id: on to the job this tab last checked out, or to /post.
// Only the signed-in owner sees a job here: anyone else's job or session gives 'Job Not Found'.
import { ResultCard } from "../components/ResultCard";
import { Link, Navigate, useSearchParams } from "react-router";
import { ApiRequestError, api, call } from "../client";
import type { Success } from "../client";
import { Confetti } from "../components/Confetti";
import { JobLiveSummary, waitingForReview } from "../components/JobLiveSummary";
import { ShareButton } from "../components/ShareButton";
import { Spinner } from "../components/Spinner";
import { clearDraft, lastPostedJobId, loadDraft, rememberPostedJob } from "../postingDraft";
import { keys } from "../queryKeys";
import { STILL_PENDING, usePaymentVerification } from "../usePaymentVerification";
import { useDocumentTitle } from "../useDocumentTitle";
import { PAYMENT_MESSAGES } from "@rules/billing";

type PostedJob = Success<(typeof api.checkout.posted)[":id"]["$get"]>["job"];

type State =
  | { phase: "verifying" }
  | { phase: "success"; job: PostedJob }
  | { phase: "not-found" }
  | { phase: "pending"; bankTransfer?: boolean }
  | { phase: "payment-failed" }
  | { phase: "error"; message: string };

const RETRIEVE_FAILED = "Failed to retrieve job details. Please contact support.";

const fetchPostedJob = async (id: string, signal: AbortSignal) => (await call(api.checkout.posted[":id"].$get({ param: { id } }, { init: { signal, cache: "no-store" } }))).job;

async function check(sessionId: string, jobId: string, signal: AbortSignal): Promise<State | typeof STILL_PENDING> {
  if (!sessionId) return { phase: "success", job: await fetchPostedJob(jobId, signal) };
  const result = await call(api.checkout.verify.$get({ query: { session_id: sessionId } }, { init: { signal, cache: "no-store" } }));
  if (result.kind !== "job") return { phase: "error", message: "No job information found" };
  if (result.status === "paid") {
    if (result.job) return { phase: "success", job: result.job };
    if (jobId) return { phase: "success", job: await fetchPostedJob(jobId, signal) };
    return { phase: "not-found" };
  }
  if (result.status === "refunded") {
    return { phase: "error", message: "This job was already paid for with another checkout, so this payment has been refunded in full." };
  }
  if (result.status === "failed") return { phase: "payment-failed" };
  // A bank transfer that has not cleared: it can take days, so this is said at once.
  if (result.status === "pending" && result.paymentProcessing) return { phase: "pending", bankTransfer: true };
  if (result.status === "expired") {
    return { phase: "error", message: "The payment was not completed, so the job was not published." };
  }
  return STILL_PENDING;
}

/** The posting is done: this tab remembers the job, and its draft and submission id go, so the next posting starts fresh. */
function finishPosting(state: State | typeof STILL_PENDING, submissionId: string) {
  if (state === STILL_PENDING || state.phase !== "success") return state;
  rememberPostedJob(state.job.id);
  const draft = loadDraft();
  if (draft && (!submissionId || draft.submissionId === submissionId)) clearDraft();
  return state;
}

function failure(err: unknown): State {
  // A 404 is a job or session that is missing or someone else's: the same not-found state for both.
  if (err instanceof ApiRequestError && err.status === 404) return { phase: "not-found" };
  return { phase: "error", message: err instanceof ApiRequestError && err.status > 0 ? err.message : RETRIEVE_FAILED };
}

function Verifying({ sessionId, jobId, submissionId }: { sessionId: string; jobId: string; submissionId: string }) {
  const verification = usePaymentVerification(
    keys.paymentCheck("job", sessionId, jobId),
    async (signal) => finishPosting(await check(sessionId, jobId, signal), submissionId),
    // A bank transfer can take days: not a failure, the job goes live when the money arrives.
    { stillPending: { phase: "pending" } },
  );
  const state: State = verification.isPending ? { phase: "verifying" } : verification.isError ? failure(verification.error) : verification.data;

  if (state.phase === "verifying") {
    return (
      <section className="card message-card result-card">
        <h1>Verifying your payment...</h1>
        <Spinner label="Verifying your payment..." />
      </section>
    );
  }
  if (state.phase === "error") {
    return (
      <ResultCard
        icon="error"
        title="Verification Failed"
        message={state.message}
        links={[
          { to: "/post", label: "Try Again" },
          { to: "/contact", label: "Contact Support" },
        ]}
      />
    );
  }
  if (state.phase === "payment-failed") {
    return (
      <ResultCard
        icon="error"
        title={PAYMENT_MESSAGES.failedTitle}
        message={PAYMENT_MESSAGES.jobFailed}
        alert
        links={[
          { to: "/post", label: "Try Again" },
          { to: "/dashboard/jobs", label: "Go to Dashboard" },
        ]}
      />
    );
  }
  if (state.phase === "pending") {
    return (
      <section className="card message-card result-card" data-payment-processing={state.bankTransfer ? "" : undefined}>
        <h1>{state.bankTransfer ? PAYMENT_MESSAGES.processingTitle : "Payment Processing"}</h1>
        <p className="muted">
          {state.bankTransfer
            ? `${PAYMENT_MESSAGES.processing}. Your job goes live then.`
            : "Your payment has not been confirmed yet. Your job goes live as soon as it is, and we will e-mail you then."}
        </p>
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard/jobs">
            Go to Dashboard
          </Link>
          <button type="button" className="button button-outline" onClick={() => window.location.reload()}>
            Check Again
          </button>
        </div>
      </section>
    );
  }
  if (state.phase === "not-found") {
    return (
      <section className="card message-card result-card">
        <h1>Job Not Found</h1>
        <p className="muted">We could not find the job for this payment. It may take a moment to appear in your dashboard.</p>
        <Link className="button button-primary" to="/dashboard/jobs">
          Go to Dashboard
        </Link>
      </section>
    );
  }
  const { job } = state;
  return (
    <section className="card message-card result-card">
      {!waitingForReview(job) && <Confetti />}
      <JobLiveSummary job={job} />
      <p className="muted small">A confirmation e-mail has been sent to {job.email ? <strong>{job.email}</strong> : "your e-mail address"}.</p>
      <div className="button-row">
        <Link className="button button-primary" to="/dashboard/jobs">
          Dashboard
        </Link>
        {!waitingForReview(job) && (
          <>
            <Link className="button button-outline" to={`/jobs/${encodeURIComponent(job.id)}`}>
              View Job
            </Link>
            <ShareButton job={job} />
          </>
        )}
      </div>
    </section>
  );
}

export function JobPostingSuccess() {
  useDocumentTitle("Job Posted | Startup Jobs");
  const [params] = useSearchParams();
  const jobId = params.get("job_id")?.trim() ?? "";
  const sessionId = params.get("session_id")?.trim() ?? "";
  const submissionId = params.get("submission_id")?.trim() ?? "";

  if (!jobId && !sessionId) {
    const last = lastPostedJobId();
    return <Navigate replace to={last ? `/job-posting-success?job_id=${encodeURIComponent(last)}` : "/post"} />;
  }
  return (
    <div className="container page page-center">
      <Verifying key={`${sessionId}|${jobId}`} sessionId={sessionId} jobId={jobId} submissionId={submissionId} />
    </div>
  );
}
