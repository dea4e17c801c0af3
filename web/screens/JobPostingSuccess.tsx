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
import { i18n, useI18n } from "../i18n";
import { EmailAddress, withAddress } from "../components/EmailAddress";

type PostedJob = Success<(typeof api.checkout.posted)[":id"]["$get"]>["job"];

type State =
  | { phase: "verifying" }
  | { phase: "success"; job: PostedJob }
  | { phase: "not-found" }
  | { phase: "pending"; bankTransfer?: boolean }
  | { phase: "payment-failed" }
  | { phase: "error"; message: string; title?: string };

const fetchPostedJob = async (id: string, signal: AbortSignal) => (await call(api.checkout.posted[":id"].$get({ param: { id } }, { init: { signal, cache: "no-store" } }))).job;

async function check(sessionId: string, jobId: string, signal: AbortSignal): Promise<State | typeof STILL_PENDING> {
  if (!sessionId) return { phase: "success", job: await fetchPostedJob(jobId, signal) };
  const result = await call(api.checkout.verify.$get({ query: { session_id: sessionId } }, { init: { signal, cache: "no-store" } }));
  if (result.kind !== "job") return { phase: "error", message: i18n().t("posting.jobDone.noJob") };
  if (result.status === "paid") {
    if (result.job) return { phase: "success", job: result.job };
    if (jobId) return { phase: "success", job: await fetchPostedJob(jobId, signal) };
    return { phase: "not-found" };
  }
  if (result.status === "refunded") {
    // Said as it happened: paid for already, deleted, or taken down by the board before the payment arrived.
    const why = "refundReason" in result ? result.refundReason : undefined;
    const message = why === "job_deleted" ? "posting.jobDone.refundedDeleted" : why === "job_removed" ? "posting.jobDone.refundedRemoved" : "posting.jobDone.refunded";
    return { phase: "error", title: i18n().t("posting.jobDone.refundedTitle"), message: i18n().t(message) };
  }
  if (result.status === "failed") return { phase: "payment-failed" };
  // A bank transfer that has not cleared: it can take days, so this is said at once.
  if (result.status === "pending" && result.paymentProcessing) return { phase: "pending", bankTransfer: true };
  if (result.status === "expired") {
    return { phase: "error", message: i18n().t("posting.jobDone.expired") };
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
  return { phase: "error", message: err instanceof ApiRequestError && err.status > 0 ? err.message : i18n().t("posting.jobDone.retrieveFailed") };
}

function Verifying({ sessionId, jobId, submissionId }: { sessionId: string; jobId: string; submissionId: string }) {
  const { t, rich, localise } = useI18n();
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
        <h1>{t("posting.jobDone.verifying")}</h1>
        <Spinner label={t("posting.jobDone.verifying")} />
      </section>
    );
  }
  if (state.phase === "error") {
    return (
      <ResultCard
        icon="error"
        title={state.title ?? t("posting.jobDone.failed")}
        message={state.message}
        links={[
          { to: "/post", label: t("posting.result.tryAgain") },
          { to: "/contact", label: t("posting.result.contactSupport") },
        ]}
      />
    );
  }
  if (state.phase === "payment-failed") {
    return (
      <ResultCard
        icon="error"
        title={localise(PAYMENT_MESSAGES.failedTitle)}
        message={localise(PAYMENT_MESSAGES.jobFailed)}
        alert
        links={[
          { to: "/post", label: t("posting.result.tryAgain") },
          { to: "/dashboard/jobs", label: t("posting.result.goToDashboard") },
        ]}
      />
    );
  }
  if (state.phase === "pending") {
    return (
      <section className="card message-card result-card" data-payment-processing={state.bankTransfer ? "" : undefined}>
        <h1>{state.bankTransfer ? localise(PAYMENT_MESSAGES.processingTitle) : t("posting.jobDone.pendingTitle")}</h1>
        <p className="muted">{state.bankTransfer ? t("posting.jobDone.bankTransfer", { processing: localise(PAYMENT_MESSAGES.processing) }) : t("posting.jobDone.pendingText")}</p>
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard/jobs">
            {t("posting.result.goToDashboard")}
          </Link>
          <button type="button" className="button button-outline" onClick={() => window.location.reload()}>
            {t("posting.jobDone.checkAgain")}
          </button>
        </div>
      </section>
    );
  }
  if (state.phase === "not-found") {
    return (
      <section className="card message-card result-card">
        <h1>{t("posting.jobDone.notFound")}</h1>
        <p className="muted">{t("posting.jobDone.notFoundText")}</p>
        <Link className="button button-primary" to="/dashboard/jobs">
          {t("posting.result.goToDashboard")}
        </Link>
      </section>
    );
  }
  const { job } = state;
  return (
    <section className="card message-card result-card">
      {!waitingForReview(job) && <Confetti />}
      <JobLiveSummary job={job} />
      <p className="muted small">
        {withAddress(
          rich("posting.jobDone.emailSent", {
            address: job.email ? (
              <strong key="email">
                <EmailAddress address={job.email} />
              </strong>
            ) : (
              t("posting.jobDone.yourAddress")
            ),
          }),
        )}
      </p>
      <div className="button-row">
        <Link className="button button-primary" to="/dashboard/jobs">
          {t("posting.result.goToDashboard")}
        </Link>
        {!waitingForReview(job) && (
          <>
            <Link className="button button-outline" to={`/jobs/${encodeURIComponent(job.id)}`}>
              {t("posting.result.viewListing")}
            </Link>
            <ShareButton job={job} />
          </>
        )}
      </div>
    </section>
  );
}

export function JobPostingSuccess() {
  const { t } = useI18n();
  useDocumentTitle(t("posting.jobDone.pageTitle"));
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
