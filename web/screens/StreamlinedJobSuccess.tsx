// /streamlined-job-success?job_id=: after posting with a credit. 'Verifying your job
// posting...', then 'Success! Your Job is Live' with the summary and View Your Listing, Share Job, Edit
// Job and Go to Dashboard; or 'Verification Failed' / 'Job Found But Details Missing'. Only the job's
// signed-in owner sees it: anyone else gets 'Job Not Found', as for a job that does not exist.
import { Link, useSearchParams } from "react-router";
import { ApiRequestError, api, call } from "../client";
import type { Success } from "../client";
import { JobLiveSummary, waitingForReview } from "../components/JobLiveSummary";
import { Spinner } from "../components/Spinner";
import { i18n, useI18n } from "../i18n";
import { listLabel } from "../pricingDisplay";
import { keys } from "../queryKeys";
import { copyText, hiringMessage } from "../share";
import { usePaymentVerification } from "../usePaymentVerification";
import { useDocumentTitle } from "../useDocumentTitle";

type PostedJob = Success<(typeof api.checkout.posted)[":id"]["$get"]>["job"];
type State = { phase: "verifying" } | { phase: "success"; job: PostedJob } | { phase: "missing-details" } | { phase: "not-found" } | { phase: "error"; message: string };

/** A credit post is paid when it is made: one look at the job, nothing to wait for. */
async function check(jobId: string, signal: AbortSignal): Promise<State> {
  const { job } = await call(api.checkout.posted[":id"].$get({ param: { id: jobId } }, { init: { signal, cache: "no-store" } }));
  return job.title ? { phase: "success", job } : { phase: "missing-details" };
}

function failure(err: unknown): State {
  if (err instanceof ApiRequestError && err.status === 404) return { phase: "not-found" };
  return { phase: "error", message: err instanceof ApiRequestError && err.status > 0 ? err.message : i18n().t("posting.edit.loadFailed") };
}

export function StreamlinedJobSuccess() {
  const { t, relative } = useI18n();
  useDocumentTitle(t("posting.jobDone.pageTitle"));
  const [params] = useSearchParams();
  const jobId = params.get("job_id")?.trim() ?? "";
  const verification = usePaymentVerification(keys.paymentCheck("credit-post", jobId), (signal) => check(jobId, signal), {
    stillPending: { phase: "verifying" },
    enabled: Boolean(jobId),
  });
  const state: State = !jobId
    ? { phase: "error", message: t("posting.jobDone.noJob") }
    : verification.isPending
      ? { phase: "verifying" }
      : verification.isError
        ? failure(verification.error)
        : verification.data;

  let content;
  if (state.phase === "verifying") {
    content = (
      <>
        <h1>{t("posting.streamlined.verifying")}</h1>
        <Spinner label={t("posting.streamlined.verifying")} />
      </>
    );
  } else if (state.phase === "error") {
    content = (
      <>
        <span className="result-icon is-error" aria-hidden="true">
          !
        </span>
        <h1>{t("posting.jobDone.failed")}</h1>
        <p className="muted">{state.message}</p>
        <div className="button-row">
          <Link className="button button-primary" to="/post">
            {t("posting.result.tryAgain")}
          </Link>
          <Link className="button button-outline" to="/contact">
            {t("posting.result.contactSupport")}
          </Link>
        </div>
      </>
    );
  } else if (state.phase === "not-found") {
    content = (
      <>
        <h1>{t("posting.jobDone.notFound")}</h1>
        <p className="muted">{t("posting.streamlined.notFoundText")}</p>
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard/jobs">
            {t("posting.result.goToDashboard")}
          </Link>
          <Link className="button button-outline" to="/post">
            {t("common.nav.postJob")}
          </Link>
        </div>
      </>
    );
  } else if (state.phase === "missing-details") {
    content = (
      <>
        <h1>{t("posting.streamlined.missingTitle")}</h1>
        <p className="muted">{t("posting.streamlined.missingText")}</p>
        <Link className="button button-primary" to="/dashboard">
          {t("posting.result.goToDashboard")}
        </Link>
      </>
    );
  } else {
    const { job } = state;
    const path = `/jobs/${encodeURIComponent(job.id)}`;
    const share = async () => {
      await copyText(hiringMessage(job));
      window.alert(t("posting.streamlined.shareCopied"));
    };
    content = (
      <>
        <JobLiveSummary job={job}>
          <div>
            <dt>{t("posting.form.location")}</dt>
            <dd>{job.location ? <span dir="auto">{job.location}</span> : listLabel("type", "remote", "Remote")}</dd>
          </div>
          <div>
            <dt>{t("posting.streamlined.posted")}</dt>
            <dd>
              <time dateTime={job.created_at}>{relative(job.created_at)}</time>
            </dd>
          </div>
        </JobLiveSummary>
        {/* In the paid success page's order (the fifth reading): the dashboard's jobs first, then the listing. */}
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard/jobs">
            {t("posting.result.goToDashboard")}
          </Link>
          {!waitingForReview(job) && (
            <>
              <Link className="button button-outline" to={path}>
                {t("posting.result.viewListing")}
              </Link>
              <button type="button" className="button button-outline" onClick={share}>
                {t("posting.result.shareJob")}
              </button>
            </>
          )}
          <Link className="button button-outline" to={`${path}/edit`}>
            {t("posting.edit.heading")}
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
