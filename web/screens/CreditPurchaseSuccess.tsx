// /credit-purchase-success?session_id=:
// 'Processing your purchase...' while the payment is verified, then 'Credit Purchase Successful!' with the
// bundle and credits, or 'There was a problem'. Verifying again (a reload) never grants twice: the server's
// fulfilment is idempotent and keyed by the checkout session. Without a session, or with someone else's,
// the page says 'No session information found'.
import { ResultCard } from "../components/ResultCard";
import { Link, useSearchParams } from "react-router";
import { ApiRequestError, api, call } from "../client";
import type { Success } from "../client";
import { Spinner } from "../components/Spinner";
import { keys } from "../queryKeys";
import { STILL_PENDING, usePaymentVerification } from "../usePaymentVerification";
import { useDocumentTitle } from "../useDocumentTitle";
import { PAYMENT_MESSAGES } from "@rules/billing";

type CreditGrant = NonNullable<Success<typeof api.checkout.verify.$get>["credits"]>;

type State =
  | { phase: "processing" }
  | { phase: "success"; grant: CreditGrant }
  | { phase: "not-found" }
  | { phase: "bank-transfer" }
  | { phase: "payment-failed" }
  | { phase: "error"; message: string };

export const MISSING_SESSION = "No session information found";
export const PURCHASE_ERROR = "Error processing your purchase. Please contact support.";

async function check(sessionId: string, signal: AbortSignal): Promise<State | typeof STILL_PENDING> {
  const result = await call(api.checkout.verify.$get({ query: { session_id: sessionId } }, { init: { signal, cache: "no-store" } }));
  if (result.kind !== "credits") return { phase: "error", message: PURCHASE_ERROR };
  if (result.status === "paid") return { phase: "success", grant: { bundle: result.credits?.bundle || "Standard", credits: result.credits?.credits ?? 1 } };
  if (result.status === "failed") return { phase: "payment-failed" };
  // A bank transfer that has not cleared: it can take days, so this is said at once.
  if (result.status === "pending" && result.paymentProcessing) return { phase: "bank-transfer" };
  if (result.status !== "pending") return { phase: "error", message: PURCHASE_ERROR };
  return STILL_PENDING;
}

function failure(err: unknown): State {
  if (err instanceof ApiRequestError && err.status === 404) return { phase: "not-found" };
  return { phase: "error", message: err instanceof ApiRequestError && err.status === 401 ? err.message : PURCHASE_ERROR };
}

function Result({ sessionId }: { sessionId: string }) {
  const verification = usePaymentVerification(keys.paymentCheck("credits", sessionId), (signal) => check(sessionId, signal), {
    stillPending: { phase: "error", message: PURCHASE_ERROR },
    enabled: Boolean(sessionId),
  });
  const state: State = !sessionId ? { phase: "not-found" } : verification.isPending ? { phase: "processing" } : verification.isError ? failure(verification.error) : verification.data;

  if (state.phase === "processing") {
    return (
      <section className="card message-card result-card">
        <h1>Processing your purchase...</h1>
        <Spinner label="Processing your purchase..." />
      </section>
    );
  }
  if (state.phase === "not-found") {
    return (
      <ResultCard
        title="Purchase Not Found"
        message={MISSING_SESSION}
        alert
        links={[
          { to: "/dashboard", label: "Go to Dashboard" },
          { to: "/buy-credits", label: "Buy Credits" },
        ]}
      />
    );
  }
  if (state.phase === "bank-transfer") {
    return (
      <ResultCard
        title={PAYMENT_MESSAGES.processingTitle}
        message={<>{PAYMENT_MESSAGES.processing}. Your credits are added then.</>}
        processing
        links={[
          { to: "/dashboard/billing", label: "View Billing" },
          { to: "/dashboard", label: "Go to Dashboard" },
        ]}
      />
    );
  }
  if (state.phase === "payment-failed") {
    return (
      <ResultCard
        icon="error"
        title={PAYMENT_MESSAGES.failedTitle}
        message={PAYMENT_MESSAGES.creditsFailed}
        alert
        links={[
          { to: "/buy-credits", label: "Try Again" },
          { to: "/dashboard/billing", label: "View Billing" },
        ]}
      />
    );
  }
  if (state.phase === "error") {
    return (
      <ResultCard
        icon="error"
        title="There was a problem"
        message={state.message}
        alert
        links={[
          { to: "/dashboard", label: "Go to Dashboard" },
          { to: "/contact", label: "Contact Support" },
        ]}
      />
    );
  }
  const { bundle, credits } = state.grant;
  return (
    <section className="card message-card result-card">
      <span className="result-icon" aria-hidden="true">
        ✓
      </span>
      <h1>Credit Purchase Successful!</h1>
      <p>Your {bundle} plan has been activated.</p>
      <p>
        You can now use your {credits} {credits === 1 ? "credit" : "credits"} to post jobs.
      </p>
      <div className="button-row">
        <Link className="button button-primary" to="/dashboard">
          Go to Dashboard
        </Link>
        <Link className="button button-outline" to="/post">
          Post a New Job
        </Link>
      </div>
      <p className="small muted">Credits not showing on your dashboard yet? Refresh the page in a moment.</p>
    </section>
  );
}

export function CreditPurchaseSuccess() {
  useDocumentTitle("Credit Purchase | Startup Jobs");
  const [params] = useSearchParams();
  const sessionId = params.get("session_id")?.trim() ?? "";
  return (
    <div className="container page page-center">
      <Result key={sessionId} sessionId={sessionId} />
    </div>
  );
}
