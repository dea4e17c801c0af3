// /advertise: the three plans and where each leads —
// Hire to /post, Spotlight to its onboarding, Sponsorship to /contact with the subject preselected.
import { Link } from "react-router";
import { ADVERTISE_PLANS } from "@rules/advertise";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

const TAGLINES: Record<(typeof ADVERTISE_PLANS)[number]["id"], MessageId> = {
  hire: "public.advertise.tagline.hire",
  spotlight: "public.advertise.tagline.spotlight",
  sponsorship: "public.advertise.tagline.sponsorship",
};

const PER: Record<(typeof ADVERTISE_PLANS)[number]["per"], MessageId> = {
  job: "public.advertise.perJob",
  month: "public.advertise.perMonth",
};

export function Advertise() {
  const { t, localise, money } = useI18n();
  useDocumentTitle(t("public.advertise.title"));
  return (
    <div className="container page">
      <header className="page-intro">
        <h1>{t("public.advertise.heading")}</h1>
        <p>{t("public.advertise.lead")}</p>
      </header>
      <div className="plans">
        {ADVERTISE_PLANS.map((plan) => (
          <section key={plan.id} className={`card plan${plan.id === "spotlight" ? " is-featured" : ""}`} aria-labelledby={`plan-${plan.id}`}>
            <div>
              <h2 id={`plan-${plan.id}`} className="plan-name">
                {localise(plan.name)}
              </h2>
              <p className="muted">{t(TAGLINES[plan.id])}</p>
            </div>
            <p className="plan-price">
              {plan.from && <span className="muted">{t("public.advertise.from")}</span>}
              <strong>{money(Math.round(plan.priceUsd * 100), "USD")}</strong>
              <span className="muted">{t(PER[plan.per])}</span>
            </p>
            <ul className="plan-features">
              {plan
                .features((usd) => money(usd * 100, "USD"))
                .map((f) => (
                  <li key={f}>{localise(f)}</li>
                ))}
            </ul>
            <Link className={`button ${plan.id === "spotlight" ? "button-primary" : "button-outline"} button-large plan-button`} to={plan.to}>
              {localise(plan.cta)}
            </Link>
          </section>
        ))}
      </div>
    </div>
  );
}
