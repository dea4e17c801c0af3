// /spotlight-subscription-success?session_id=: 'Activating your Spotlight subscription...' while the payment is verified (the same
// idempotent fulfilment as the webhook); then the local preview is uploaded and published
// (publish_preview_spotlight_jobs; a failure there is logged and does not fail activation), and
// 'Welcome to Spotlight!' with confetti, the three benefits, the published count, the links and a
// redirect to /spotlight/live after 5 s. Otherwise 'Activation Failed' with Contact Support.
// Signed-out visitors go to /sign-in?redirect=/spotlight-subscription-success.
import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { SPOTLIGHT_MESSAGES, SUCCESS_REDIRECT_MS } from "@rules/spotlight";
import { useAuth } from "../../auth";
import { Confetti } from "../../components/Confetti";
import { PageSpinner, Spinner } from "../../components/Spinner";
import { OnboardingSteps } from "../../components/spotlight/OnboardingSteps";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { keys } from "../../queryKeys";
import { STILL_PENDING, usePaymentVerification } from "../../usePaymentVerification";
import { useDocumentTitle } from "../../useDocumentTitle";
import { SPOTLIGHT_BENEFIT_TEXT } from "./SpotlightPrice";
import { clearPreview, previewSnapshot, previewUpload } from "./previewStore";

type Phase = { phase: "verifying" } | { phase: "success"; published: number } | { phase: "failed"; message: string };

const countKey = (sessionId: string) => `spotlight.published:${sessionId || "current"}`;

/** Publishes the local preview; the count, remembered for the tab so a reload shows the same. */
async function publishLocalPreview(sessionId: string): Promise<number> {
  const remembered = sessionStorage.getItem(countKey(sessionId));
  if (remembered !== null) return Number(remembered) || 0;
  let count = 0;
  try {
    const { company, jobs } = previewUpload(previewSnapshot());
    count = (await call(api.spotlight["publish-preview"].$post({ json: { company, jobs } }))).count;
    clearPreview();
  } catch (err) {
    // Activation has succeeded; the preview stays in this browser and can be published from the dashboard.
    console.error("Publishing the preview jobs failed", err); // i18n-ignore: a developer's log line
  }
  try {
    sessionStorage.setItem(countKey(sessionId), String(count));
  } catch {
    // storage unavailable: a reload publishes nothing new and shows no count
  }
  return count;
}

async function activate(sessionId: string, signal: AbortSignal): Promise<Phase | typeof STILL_PENDING> {
  const result = await call(api.spotlight.verify.$get({ query: sessionId ? { session_id: sessionId } : {} }, { init: { signal, cache: "no-store" } }));
  if (result.status === "active") return { phase: "success", published: await publishLocalPreview(sessionId) };
  if (result.status === "failed") return { phase: "failed", message: SPOTLIGHT_MESSAGES.activationFailed };
  return STILL_PENDING;
}

function Activation({ sessionId }: { sessionId: string }) {
  const { t, localise } = useI18n();
  const navigate = useNavigate();
  const verification = usePaymentVerification(keys.paymentCheck("spotlight", sessionId), (signal) => activate(sessionId, signal), {
    stillPending: { phase: "failed", message: SPOTLIGHT_MESSAGES.verifyIssue },
  });
  const state: Phase = verification.isPending ? { phase: "verifying" } : verification.isError ? { phase: "failed", message: SPOTLIGHT_MESSAGES.activationFailed } : verification.data;
  const [left, setLeft] = useState(SUCCESS_REDIRECT_MS / 1000);

  useEffect(() => {
    if (state.phase !== "success") return;
    const started = Date.now();
    const tick = setInterval(() => setLeft(Math.max(0, Math.ceil((SUCCESS_REDIRECT_MS - (Date.now() - started)) / 1000))), 250);
    const go = setTimeout(() => navigate("/spotlight/live", { replace: true }), SUCCESS_REDIRECT_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [state.phase, navigate]);

  if (state.phase === "verifying") {
    return (
      <section className="card message-card spotlight-result">
        <h1>{t("spotlight.success.activating")}</h1>
        <Spinner label={t("spotlight.success.activating")} />
      </section>
    );
  }
  if (state.phase === "failed") {
    return (
      <section className="card message-card spotlight-result">
        <span className="result-icon is-error" aria-hidden="true">
          !
        </span>
        <h1>{t("spotlight.success.failedTitle")}</h1>
        <p className="muted">{localise(state.message)}</p>
        <div className="button-row">
          <Link className="button button-primary" to="/contact">
            {t("spotlight.success.contact")}
          </Link>
          <Link className="button button-outline" to="/spotlight/onboarding">
            {t("spotlight.success.back")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="card message-card spotlight-result is-success">
      <Confetti />
      <span className="result-icon" aria-hidden="true">
        ★
      </span>
      <h1>{t("spotlight.success.welcome")}</h1>
      <p className="muted">{t("spotlight.success.active")}</p>
      {state.published > 0 && (
        <p className="spotlight-published" data-published-count={state.published}>
          {t("spotlight.success.published", { count: state.published })}
        </p>
      )}
      <ul className="benefit-cards">
        {SPOTLIGHT_BENEFIT_TEXT.map((b) => (
          <li key={b.title} className="benefit-card">
            <strong>{t(b.title)}</strong>
            <span className="muted small">{t(b.text)}</span>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Link className="button button-primary" to="/spotlight/live">
          {t("spotlight.success.toDashboard")}
        </Link>
        <Link className="button button-outline" to="/post">
          {t("spotlight.success.postJob")}
        </Link>
      </div>
      <p className="muted small" aria-live="polite">
        {t("spotlight.success.redirect", { left })}
      </p>
    </section>
  );
}

export function SubscriptionSuccess() {
  const { t } = useI18n();
  useDocumentTitle(t("spotlight.success.title"));
  const { loaded, user } = useAuth();
  const [params] = useSearchParams();
  const sessionId = params.get("session_id")?.trim() ?? "";
  if (!loaded) return <PageSpinner label={t("spotlight.checkingSession")} />;
  if (!user) {
    const back = `/spotlight-subscription-success${sessionId ? `?session_id=${sessionId}` : ""}`;
    return <Navigate replace to={`/sign-in?redirect=${sessionId ? encodeURIComponent(back) : back}`} />;
  }
  return (
    <div className="container page spotlight-page">
      <OnboardingSteps current="success" />
      <div className="page-center spotlight-result-wrap">
        <Activation key={sessionId} sessionId={sessionId} />
      </div>
    </div>
  );
}
