// /spotlight/live after the subscription ended (issue 10 item 15): says when, and offers to subscribe
// again (a new checkout for the same company), instead of dropping the former subscriber on the
// Subscribe step without a word.
import { useState } from "react";
import { Link } from "react-router";
import { ApiRequestError, api, call } from "../../client";
import { SpotlightPrice } from "../../screens/spotlight/SpotlightPrice";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });

export function SubscriptionEnded({ endedAt, company }: { endedAt: string; company: string | null }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const resubscribe = async () => {
    setBusy(true);
    setError("");
    try {
      window.location.assign((await call(api.spotlight.checkout.$post({ json: { previewJobCount: 0 } }))).url);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "Payment processing failed");
      setBusy(false);
    }
  };
  return (
    <section className="card message-card" aria-labelledby="subscription-ended-title" data-subscription-ended>
      <h1 id="subscription-ended-title">Your Spotlight subscription ended on {day(endedAt)}</h1>
      <p className="muted">
        {company ? `${company}'s company page and Spotlight jobs are no longer public.` : "Your company page and Spotlight jobs are no longer public."} Subscribe again to publish them with unlimited
        job posts.
      </p>
      <p>
        <SpotlightPrice />
      </p>
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={resubscribe} disabled={busy}>
          {busy ? "Processing..." : "Resubscribe to Spotlight"}
        </button>
        <Link className="button button-outline" to="/dashboard/billing">
          Billing
        </Link>
      </div>
    </section>
  );
}
