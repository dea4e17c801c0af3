// /post, the posting wizard: Job Details, Preview,
// and Payment (named Use Credits when the user has credits). A tab more than one step ahead is disabled;
// moving on from the details needs them valid; going back is always allowed. Navigation state may carry
// disableCredits, step, formData and noRefresh. The draft lives in sessionStorage (postingDraft.ts).
import { useEffect, useMemo, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { MESSAGES, fieldErrors, jobDetailsSchema, purchaseSchema } from "@rules/posting";
import { useAuth } from "../auth";
import { ApiRequestError, api, call } from "../client";
import { ApplyByEmailNotice } from "../components/ApplyByEmailNotice";
import { JobDetailsForm, fieldId } from "../components/JobDetailsForm";
import { JobPreviewCard } from "../components/JobPreviewCard";
import { PaymentStep } from "../components/PaymentStep";
import { PostInvitation } from "../components/PostInvitation";
import { VerifyEmailNotice } from "../components/VerifyEmailNotice";
import { PageSpinner } from "../components/Spinner";
import { STEPS, clearDraft, jobInput, loadDraft, newDraft, purchaseRequest, rememberPostedJob, saveDraft, toJobForm, toStep } from "../postingDraft";
import type { JobForm, PostingDraft, PurchaseChoice, Step } from "../postingDraft";
import { keys } from "../queryKeys";
import { useCredits } from "../useCredits";
import { useDocumentTitle } from "../useDocumentTitle";
import { useI18n } from "../i18n";

export interface PostNavigationState {
  disableCredits?: boolean;
  noRefresh?: boolean;
  step?: number;
  formData?: Partial<JobForm>;
}

/** Navigation after a credit post waits 500 ms. */
export const CREDIT_POST_NAV_DELAY_MS = 500;

function initialDraft(state: PostNavigationState | null): PostingDraft {
  const draft = loadDraft() ?? newDraft();
  if (state?.formData) draft.form = toJobForm(state.formData, draft.form);
  if (state?.step !== undefined) draft.step = toStep(state.step);
  return draft;
}

/** Issues from a 400 answer, split into the job's fields and the purchase's ("job.title" → "title"). */
function serverIssues(err: ApiRequestError): { job: Record<string, string>; purchase: Record<string, string> } {
  const job: Record<string, string> = {};
  const purchase: Record<string, string> = {};
  for (const issue of err.issues ?? []) {
    const [head, ...rest] = issue.path.split(".");
    const key = rest.join(".") || head!;
    if (head === "job") job[key] ??= issue.message;
    else if (head === "purchase") purchase[key] ??= issue.message;
  }
  return { job, purchase };
}

export function PostJob() {
  const { t, localise, dir } = useI18n();
  useDocumentTitle(t("posting.post.title"));
  const { loaded, user, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const navState = (location.state ?? null) as PostNavigationState | null;

  const [draft, setDraft] = useState<PostingDraft>(() => initialDraft(navState));
  const [disableCredits, setDisableCredits] = useState(Boolean(navState?.disableCredits));
  const [showErrors, setShowErrors] = useState(false);
  const [serverJobErrors, setServerJobErrors] = useState<Record<string, string>>({});
  const [purchaseErrors, setPurchaseErrors] = useState<Record<string, string>>({});
  const [actionError, setActionError] = useState("");
  const [processing, setProcessing] = useState(false);
  const [previewAt] = useState(() => new Date().toISOString());
  const finished = useRef(false);
  const panel = useRef<HTMLDivElement>(null);
  const { credits, error: creditsError, reload: reloadCredits } = useCredits(Boolean(user));

  const { form, step, purchase } = draft;
  const hasCredits = !disableCredits && (credits?.totalPostsRemaining ?? 0) > 0;
  // The job's e-mail: the purchase address, or the account's when posting with a credit or Spotlight.
  const jobEmail = hasCredits || user?.isSpotlightUser ? (user?.email ?? "") : purchase.email.trim() || (user?.email ?? "");
  const stepNames = STEPS.map((name, i) => t(i !== 2 ? name : user?.isSpotlightUser ? "posting.step.publish" : hasCredits ? "posting.step.useCredits" : name));

  // Form data and step from navigation state are taken once; later reloads use the saved draft.
  useEffect(() => {
    if (navState?.formData || navState?.step !== undefined) {
      navigate(location.pathname, { replace: true, state: { disableCredits: navState.disableCredits, noRefresh: navState.noRefresh } });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!finished.current) saveDraft(draft);
  }, [draft]);

  // The confirmation e-mail defaults to the account's.
  useEffect(() => {
    if (user && !draft.purchase.email) setDraft((d) => ({ ...d, purchase: { ...d.purchase, email: user.email } }));
  }, [user, draft.purchase.email]);

  // Entering the payment step shows current credits (throttled), unless told not to refresh.
  useEffect(() => {
    if (step === 2 && !navState?.noRefresh) void reloadCredits();
  }, [step, reloadCredits, navState?.noRefresh]);

  // Back from the checkout page (bfcache): unlock the button.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => e.persisted && setProcessing(false);
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const detailErrors = useMemo(() => {
    const result = jobDetailsSchema.safeParse(jobInput(form));
    return result.success ? {} : fieldErrors(result.error);
  }, [form]);
  // A logo file refused on upload: the banner says its reason, not "logo required" (the twentieth reading).
  const [logoProblem, setLogoProblem] = useState("");
  const shownDetailErrors = showErrors ? { ...serverJobErrors, ...detailErrors, ...(logoProblem && detailErrors.logo ? { logo: logoProblem } : {}) } : {};
  const firstDetailError = localise(Object.values(shownDetailErrors)[0] ?? "");
  // The banner names the first; the others are counted, so a form with five to fix does not look like one (a reading).
  const otherDetailErrors = Object.keys(shownDetailErrors).length - 1;

  const setForm = (patch: Partial<JobForm>) => {
    setServerJobErrors({});
    setDraft((d) => ({ ...d, form: { ...d.form, ...patch } }));
  };
  const setPurchase = (patch: Partial<PurchaseChoice>) => {
    setPurchaseErrors({});
    setActionError("");
    setDraft((d) => ({ ...d, purchase: { ...d.purchase, ...patch } }));
  };

  const showStep = (next: Step) => {
    setDraft((d) => ({ ...d, step: next }));
    setActionError("");
    window.scrollTo(0, 0);
    requestAnimationFrame(() => panel.current?.focus({ preventScroll: true }));
  };

  /** Shows the details with their errors and puts the caret in the first wrong field. */
  const showDetailErrors = () => {
    setShowErrors(true);
    if (step !== 0) showStep(0);
    const first = Object.keys(detailErrors)[0];
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  };

  const goTo = (target: Step) => {
    if (target === step || target > step + 1) return;
    if (target > step && step === 0 && Object.keys(detailErrors).length) return showDetailErrors();
    showStep(target);
  };

  /** Runs a request that needs the session; a 401 gets one refresh and one more try. */
  const withSession = async <T,>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401 && (await refresh())) return request();
      throw err;
    }
  };

  const explain = (err: unknown, fallback: string) => {
    // Status 0 is no answer at all (web/client.ts): the step's own message.
    if (err instanceof ApiRequestError && err.status > 0) {
      if (err.status === 401) return localise(MESSAGES.signInToPost);
      const issues = serverIssues(err);
      if (Object.keys(issues.job).length) {
        setServerJobErrors(issues.job);
        setShowErrors(true);
      }
      setPurchaseErrors(issues.purchase);
      return err.message || fallback;
    }
    return fallback;
  };

  const ready = (): boolean => {
    if (!user) {
      setActionError(localise(MESSAGES.signInToPost));
      return false;
    }
    if (Object.keys(detailErrors).length) {
      showDetailErrors();
      return false;
    }
    return true;
  };

  const checkout = async () => {
    if (processing || !ready()) return;
    const request = purchaseRequest(purchase);
    const checked = purchaseSchema.safeParse(request);
    if (!checked.success) {
      const errs = fieldErrors(checked.error);
      setPurchaseErrors(errs);
      setActionError(localise(Object.values(errs)[0] ?? ""));
      return;
    }
    setProcessing(true);
    setActionError("");
    try {
      const session = await withSession(() => call(api.checkout.job.$post({ json: { job: jobInput(form), purchase: request, submissionId: draft.submissionId } })));
      rememberPostedJob(session.jobId);
      window.location.assign(session.url);
    } catch (err) {
      setActionError(explain(err, t("posting.post.checkoutFailed")));
      setProcessing(false);
    }
  };

  const postFree = (spotlight: boolean) => async (grantId?: string) => {
    if (processing || !ready()) return;
    setProcessing(true);
    setActionError("");
    try {
      // Spotlight subscribers post without paying: unlimited posts, published at once on their company page.
      const email = user?.email ? { email: user.email } : {};
      const { job } = await withSession(() =>
        spotlight
          ? call(api.spotlight["post-job"].$post({ json: { job: jobInput(form), submissionId: draft.submissionId, ...email } }))
          : call(api.jobs["with-credit"].$post({ json: { job: jobInput(form), submissionId: draft.submissionId, ...email, ...(grantId ? { grantId } : {}) } })),
      );
      // A credit was spent: every screen showing credits asks again.
      void queryClient.invalidateQueries({ queryKey: keys.creditsFor(user?.id ?? null) });
      finished.current = true;
      clearDraft();
      setTimeout(() => navigate(`/streamlined-job-success?job_id=${encodeURIComponent(job.id)}`), CREDIT_POST_NAV_DELAY_MS);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) void reloadCredits(true);
      setActionError(explain(err, t("posting.post.postFailed")));
      setProcessing(false);
    }
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    // Right to left, the next tab is the one on the left.
    const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
    const back = dir === "rtl" ? "ArrowRight" : "ArrowLeft";
    const move = e.key === forward ? 1 : e.key === back ? -1 : 0;
    if (!move) return;
    e.preventDefault();
    const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>(".wizard-tab:not(:disabled)"));
    const current = tabs.findIndex((t) => t.dataset.step === String(index));
    tabs[(current + move + tabs.length) % tabs.length]?.focus();
  };

  if (!loaded) return <PageSpinner />;

  return (
    <div className="container page post-page">
      <h1 className="post-title">{t("posting.post.heading")}</h1>
      {!user && <PostInvitation />}
      <VerifyEmailNotice />
      {step === 0 && firstDetailError && (
        <div className="form-alert wizard-alert" role="alert">
          {firstDetailError}
          {otherDetailErrors > 0 && <span className="wizard-alert-more">{t("posting.post.moreErrors", { count: otherDetailErrors })}</span>}
        </div>
      )}
      <div className="wizard-tabs" role="tablist" aria-label={t("posting.post.steps")}>
        {stepNames.map((name, i) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`wizard-tab-${i}`}
            data-step={i}
            className="wizard-tab"
            aria-selected={i === step}
            aria-controls="wizard-panel"
            tabIndex={i === step ? 0 : -1}
            disabled={i > step + 1 || processing}
            onClick={() => goTo(i as Step)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            <span className="wizard-tab-number" aria-hidden="true">
              {i + 1}
            </span>
            {name}
          </button>
        ))}
      </div>

      <div className="wizard-panel" id="wizard-panel" role="tabpanel" aria-labelledby={`wizard-tab-${step}`} tabIndex={-1} ref={panel}>
        {/* The step's name heads the later steps (step 0 has its own h2 sections): h1, h2, then their h3s. */}
        {step > 0 && <h2 className="sr-only">{stepNames[step]}</h2>}
        {step === 0 && (
          <JobDetailsForm
            form={form}
            errors={shownDetailErrors}
            onChange={setForm}
            logoProblem={logoProblem}
            onLogoProblem={setLogoProblem}
            accountEmail={(hasCredits || user?.isSpotlightUser) && user ? user.email : undefined}
          />
        )}
        {step === 1 && (
          <div className="preview-step">
            <JobPreviewCard form={form} purchase={purchase} createdAt={previewAt} jobEmail={jobEmail} />
            <ApplyByEmailNotice form={form} email={jobEmail} />
            <p className="preview-footer muted">{t("posting.post.previewFooter")}</p>
          </div>
        )}
        {step === 2 && (
          <PaymentStep
            purchase={purchase}
            onChange={setPurchase}
            errors={purchaseErrors}
            credits={credits}
            creditsLoading={Boolean(user) && !credits && !creditsError}
            creditsError={creditsError}
            onRetryCredits={() => void reloadCredits(true)}
            useCredits={hasCredits}
            onPayInstead={() => setDisableCredits(true)}
            onUseCreditsInstead={disableCredits && !user?.isSpotlightUser && (credits?.totalPostsRemaining ?? 0) > 0 ? () => setDisableCredits(false) : undefined}
            processing={processing}
            error={actionError}
            onCheckout={checkout}
            onUseCredit={(grantId) => void postFree(false)(grantId)}
            spotlight={Boolean(user?.isSpotlightUser)}
            onSpotlightPost={() => void postFree(true)()}
            applyNotice={<ApplyByEmailNotice form={form} email={jobEmail} />}
          />
        )}
      </div>

      <div className="wizard-nav">
        {step > 0 && (
          <button type="button" className="button button-outline" onClick={() => goTo((step - 1) as Step)} disabled={processing}>
            {t("posting.post.back")}
          </button>
        )}
        {step < 2 && (
          <button type="button" className="button button-primary wizard-next" onClick={() => goTo((step + 1) as Step)}>
            {t("posting.post.next", { step: stepNames[step + 1] })}
          </button>
        )}
      </div>
    </div>
  );
}
