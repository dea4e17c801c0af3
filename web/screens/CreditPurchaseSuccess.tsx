// /credit-purchase-success?session_id=:
// 'Processing your purchase...' while the payment is verified, then 'Credit Purchase Successful!' with the
// bundle and credits, or 'There was a problem'. Verifying again (a reload) never grants twice: the server's
// fulfilment is idempotent and keyed by the checkout session. Without a session, or with someone else's,
// the page says 'No session information found'.
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiRequestError, verifyCheckout } from "../api";
import type { CreditGrant } from "../api";
import { Spinner } from "../components/Spinner";
import { useDocumentTitle } from "../useDocumentTitle";
import { PAYMENT_MESSAGES } from "../../worker/rules/billing";
import "../dashboard.css";
import "../posting.css";

type State =
  | { phase: "processing" }
  | { phase: "success"; grant: CreditGrant }
  | { phase: "not-found" }
  | { phase: "bank-transfer" }
  | { phase: "payment-failed" }
  | { phase: "error"; message: string };

export const MISSING_SESSION = "No session information found";
export const PURCHASE_ERROR = "Error processing your purchase. Please contact support.";
/** The webhook may land a moment after the redirect: a pending payment is asked about again. */
const PENDING_RETRIES = 8;
const PENDING_DELAY_MS = 1_500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function verify(sessionId: string, signal: AbortSignal): Promise<State> {
  for (let attempt = 0; ; attempt++) {
    const result = await verifyCheckout(sessionId, signal);
    if (result.kind !== "credits") return { phase: "error", message: PURCHASE_ERROR };
    if (result.status === "paid") {
      const grant = result.credits as Partial<CreditGrant> | undefined;
      return { phase: "success", grant: { bundle: grant?.bundle || "Standard", credits: grant?.credits ?? 1 } };
    }
    if (result.status === "failed") return { phase: "payment-failed" };
    // A bank transfer that has not cleared: it can take days, so this is said at once.
    if (result.status === "pending" && result.paymentProcessing) return { phase: "bank-transfer" };
    if (result.status !== "pending" || attempt >= PENDING_RETRIES) return { phase: "error", message: PURCHASE_ERROR };
    await sleep(PENDING_DELAY_MS);
    if (signal.aborted) throw new DOMException("aborted", "AbortError");
  }
}

function Result({ sessionId }: { sessionId: string }) {
  const [state, setState] = useState<State>(sessionId ? { phase: "processing" } : { phase: "not-found" });

  useEffect(() => {
    if (!sessionId) return;
    const controller = new AbortController();
    verify(sessionId, controller.signal)
      .then(setState)
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiRequestError && err.status === 404) return setState({ phase: "not-found" });
        setState({ phase: "error", message: err instanceof ApiRequestError && err.status === 401 ? err.message : PURCHASE_ERROR });
      });
    return () => controller.abort();
  }, [sessionId]);

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
      <section className="card message-card result-card">
        <h1>Purchase Not Found</h1>
        <p className="muted" role="alert">
          {MISSING_SESSION}
        </p>
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard">
            Go to Dashboard
          </Link>
          <Link className="button button-outline" to="/buy-credits">
            Buy Credits
          </Link>
        </div>
      </section>
    );
  }
  if (state.phase === "bank-transfer") {
    return (
      <section className="card message-card result-card" data-payment-processing>
        <h1>{PAYMENT_MESSAGES.processingTitle}</h1>
        <p className="muted">{PAYMENT_MESSAGES.processing}. Your credits are added then.</p>
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard/billing">
            View Billing
          </Link>
          <Link className="button button-outline" to="/dashboard">
            Go to Dashboard
          </Link>
        </div>
      </section>
    );
  }
  if (state.phase === "payment-failed") {
    return (
      <section className="card message-card result-card">
        <span className="result-icon is-error" aria-hidden="true">
          !
        </span>
        <h1>{PAYMENT_MESSAGES.failedTitle}</h1>
        <p className="muted" role="alert">
          {PAYMENT_MESSAGES.creditsFailed}
        </p>
        <div className="button-row">
          <Link className="button button-primary" to="/buy-credits">
            Try Again
          </Link>
          <Link className="button button-outline" to="/dashboard/billing">
            View Billing
          </Link>
        </div>
      </section>
    );
  }
  if (state.phase === "error") {
    return (
      <section className="card message-card result-card">
        <span className="result-icon is-error" aria-hidden="true">
          !
        </span>
        <h1>There was a problem</h1>
        <p className="muted" role="alert">
          {state.message}
        </p>
        <div className="button-row">
          <Link className="button button-primary" to="/dashboard">
            Go to Dashboard
          </Link>
          <Link className="button button-outline" to="/contact">
            Contact Support
          </Link>
        </div>
      </section>
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
