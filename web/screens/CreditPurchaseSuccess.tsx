// /credit-purchase-success?session_id=:
// 'Processing your purchase...' while the payment is verified, then 'Credit Purchase Successful!' with the
// bundle and credits, or 'There was a problem'. Verifying again (a reload) never grants twice: the server's
// fulfilment is idempotent and keyed by the checkout session. Without a session, or with someone else's,
// the page says no purchase was found for the link, and when a payment made shows (the Stripe webhook grants the
// credits whether or not this page is seen: within minutes for a card, once a bank transfer arrives).
import { ResultCard } from "../components/ResultCard";
import { Link, useSearchParams } from "react-router";
import { ApiRequestError, api, call } from "../client";
import type { Success } from "../client";
import { Spinner } from "../components/Spinner";
import { keys } from "../queryKeys";
import { STILL_PENDING, usePaymentVerification } from "../usePaymentVerification";
import { useDocumentTitle } from "../useDocumentTitle";
import { PAYMENT_MESSAGES } from "@rules/billing";
import { i18n, useI18n } from "../i18n";
import { bundleNamed } from "../pricingDisplay";

type CreditGrant = NonNullable<Success<typeof api.checkout.verify.$get>["credits"]>;

type State =
  | { phase: "processing" }
  | { phase: "success"; grant: CreditGrant }
  | { phase: "not-found" }
  | { phase: "bank-transfer" }
  | { phase: "payment-failed" }
  | { phase: "error"; message: string };

/** The page's failure message ("Error processing your purchase. Please contact support."). */
const purchaseError = () => i18n().t("posting.creditsDone.error");

async function check(sessionId: string, signal: AbortSignal): Promise<State | typeof STILL_PENDING> {
  const result = await call(api.checkout.verify.$get({ query: { session_id: sessionId } }, { init: { signal, cache: "no-store" } }));
  if (result.kind !== "credits") return { phase: "error", message: purchaseError() };
  if (result.status === "paid") return { phase: "success", grant: { bundle: result.credits?.bundle || "Standard", credits: result.credits?.credits ?? 1, custom: result.credits?.custom ?? false } };
  if (result.status === "failed") return { phase: "payment-failed" };
  // A bank transfer that has not cleared: it can take days, so this is said at once.
  if (result.status === "pending" && result.paymentProcessing) return { phase: "bank-transfer" };
  if (result.status !== "pending") return { phase: "error", message: purchaseError() };
  return STILL_PENDING;
}

function failure(err: unknown): State {
  if (err instanceof ApiRequestError && err.status === 404) return { phase: "not-found" };
  return { phase: "error", message: err instanceof ApiRequestError && err.status === 401 ? err.message : purchaseError() };
}

function Result({ sessionId }: { sessionId: string }) {
  const { t, localise } = useI18n();
  const verification = usePaymentVerification(keys.paymentCheck("credits", sessionId), (signal) => check(sessionId, signal), {
    stillPending: { phase: "error", message: purchaseError() },
    enabled: Boolean(sessionId),
  });
  const state: State = !sessionId ? { phase: "not-found" } : verification.isPending ? { phase: "processing" } : verification.isError ? failure(verification.error) : verification.data;

  if (state.phase === "processing") {
    return (
      <section className="card message-card result-card">
        <h1>{t("posting.buy.processing")}</h1>
        <Spinner label={t("posting.buy.processing")} />
      </section>
    );
  }
  if (state.phase === "not-found") {
    return (
      <ResultCard
        title={t("posting.creditsDone.notFound")}
        message={t("posting.creditsDone.notFoundText")}
        alert
        links={[
          { to: "/dashboard", label: t("posting.result.goToDashboard") },
          { to: "/buy-credits", label: t("posting.creditsDone.buyCredits") },
        ]}
      />
    );
  }
  if (state.phase === "bank-transfer") {
    return (
      <ResultCard
        title={localise(PAYMENT_MESSAGES.processingTitle)}
        message={t("posting.creditsDone.bankTransfer", { processing: localise(PAYMENT_MESSAGES.processing) })}
        processing
        links={[
          { to: "/dashboard/billing", label: t("posting.result.viewBilling") },
          { to: "/dashboard", label: t("posting.result.goToDashboard") },
        ]}
      />
    );
  }
  if (state.phase === "payment-failed") {
    return (
      <ResultCard
        icon="error"
        title={localise(PAYMENT_MESSAGES.failedTitle)}
        message={localise(PAYMENT_MESSAGES.creditsFailed)}
        alert
        links={[
          { to: "/buy-credits", label: t("posting.result.tryAgain") },
          { to: "/dashboard/billing", label: t("posting.result.viewBilling") },
        ]}
      />
    );
  }
  if (state.phase === "error") {
    return (
      <ResultCard
        icon="error"
        title={t("posting.creditsDone.problem")}
        message={state.message}
        alert
        links={[
          { to: "/dashboard", label: t("posting.result.goToDashboard") },
          { to: "/contact", label: t("posting.result.contactSupport") },
        ]}
      />
    );
  }
  const { bundle, credits, custom } = state.grant;
  return (
    <section className="card message-card result-card">
      <span className="result-icon" aria-hidden="true">
        ✓
      </span>
      <h1>{t("posting.creditsDone.title")}</h1>
      {/* A custom quantity is no bundle to activate: its posts are added (in Arabic «أضفنا إلى رصيدك …»). */}
      <p>{custom ? t("posting.creditsDone.added", { count: credits }) : t("posting.creditsDone.activated", { bundle: bundleNamed(bundle) })}</p>
      <p>{t("posting.creditsDone.useCredits", { count: credits })}</p>
      <div className="button-row">
        <Link className="button button-primary" to="/dashboard">
          {t("posting.result.goToDashboard")}
        </Link>
        <Link className="button button-outline" to="/post">
          {t("posting.creditsDone.postNew")}
        </Link>
      </div>
      <p className="small muted">{t("posting.creditsDone.refreshNote")}</p>
    </section>
  );
}

export function CreditPurchaseSuccess() {
  const { t } = useI18n();
  useDocumentTitle(t("posting.creditsDone.pageTitle"));
  const [params] = useSearchParams();
  const sessionId = params.get("session_id")?.trim() ?? "";
  return (
    <div className="container page page-center">
      <Result key={sessionId} sessionId={sessionId} />
    </div>
  );
}
