// /advertise: the three plans and where each leads —
// Hire to /post, Spotlight to its onboarding, Sponsorship to /contact with the subject preselected.
import { Link } from "react-router";
import { ADVERTISE_PLANS } from "@rules/advertise";
import { formatUsd } from "@rules/pricing";
import { useDocumentTitle } from "../useDocumentTitle";

const TAGLINES: Record<(typeof ADVERTISE_PLANS)[number]["id"], string> = {
  hire: "Fill one role fast.",
  spotlight: "Put your company in the spotlight.",
  sponsorship: "Your brand in front of every candidate.",
};

export function Advertise() {
  useDocumentTitle("Advertise | Startup Jobs");
  return (
    <div className="container page">
      <header className="page-intro">
        <h1>Advertise with Startup Jobs</h1>
        <p>Reach candidates who want to work at startups across the Middle East and the world.</p>
      </header>
      <div className="plans">
        {ADVERTISE_PLANS.map((plan) => (
          <section key={plan.id} className={`card plan${plan.id === "spotlight" ? " is-featured" : ""}`} aria-labelledby={`plan-${plan.id}`}>
            <div>
              <h2 id={`plan-${plan.id}`} className="plan-name">
                {plan.name}
              </h2>
              <p className="muted">{TAGLINES[plan.id]}</p>
            </div>
            <p className="plan-price">
              {plan.from && <span className="muted">From</span>}
              <strong>{formatUsd(plan.priceUsd)}</strong>
              <span className="muted">per {plan.per}</span>
            </p>
            <ul className="plan-features">
              {plan.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <Link className={`button ${plan.id === "spotlight" ? "button-primary" : "button-outline"} button-large plan-button`} to={plan.to}>
              {plan.cta}
            </Link>
          </section>
        ))}
      </div>
    </div>
  );
}
