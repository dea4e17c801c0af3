// /spotlight/live after the subscription ended (issue 10 item 15): says when, and offers to subscribe
// again (a new checkout for the same company), instead of dropping the former subscriber on the
// Subscribe step without a word.
import { useState } from "react";
import { Link } from "react-router";
import { SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import { ApiRequestError, api, call } from "../../client";
import { useI18n } from "../../i18n";
import { SpotlightPrice } from "../../screens/spotlight/SpotlightPrice";

export function SubscriptionEnded({ endedAt, company }: { endedAt: string; company: string | null }) {
  const { t, date, localise } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const resubscribe = async () => {
    setBusy(true);
    setError("");
    try {
      window.location.assign((await call(api.spotlight.checkout.$post({ json: { previewJobCount: 0 } }))).url);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : localise(SPOTLIGHT_MESSAGES.paymentFailed));
      setBusy(false);
    }
  };
  return (
    <section className="card message-card" aria-labelledby="subscription-ended-title" data-subscription-ended>
      <h1 id="subscription-ended-title">{t("spotlight.ended.title", { date: date(endedAt, "long") })}</h1>
      <p className="muted">{company ? t("spotlight.ended.bodyCompany", { company }) : t("spotlight.ended.body")}</p>
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
          {busy ? t("spotlight.ended.processing") : t("spotlight.ended.resubscribe")}
        </button>
        <Link className="button button-outline" to="/dashboard/billing">
          {t("spotlight.ended.billing")}
        </Link>
      </div>
    </section>
  );
}
