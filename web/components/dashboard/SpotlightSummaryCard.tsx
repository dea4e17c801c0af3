// The dashboard's post balance for a Spotlight subscriber (issue 10, item 11): their posts are free, so
// instead of credits and "Buy Credits" it shows the subscription, the company page's views and the way
// to the Spotlight dashboard.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { CompanyAnalytics } from "@rules/analytics";
import type { SpotlightMe } from "@rules/spotlight";
import { compactNumber } from "@rules/text";
import { fetchCompanyAnalytics, fetchSpotlightMe } from "../../screens/spotlight/api";
import { DailyChart } from "../analytics/DailyChart";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

export function SpotlightSummaryCard() {
  const [me, setMe] = useState<SpotlightMe | null>(null);
  const [analytics, setAnalytics] = useState<CompanyAnalytics | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const next = await fetchSpotlightMe(controller.signal);
      setMe(next);
      if (next.company) setAnalytics(await fetchCompanyAnalytics(next.company.id, controller.signal));
    })().catch(() => {}); // the card still offers the way to Spotlight without its numbers
    return () => controller.abort();
  }, []);

  const sub = me?.subscription;
  return (
    <section className="card bundle-summary spotlight-summary-card is-ok" aria-labelledby="spotlight-summary-title" data-spotlight>
      <h2 id="spotlight-summary-title">★ Spotlight</h2>
      <p className="muted">
        Unlimited job posts with your subscription: posting and reposting never use credits.
        {sub?.currentPeriodEnd ? ` ${sub.cancelAtPeriodEnd ? "Ends" : "Renews"} on ${day(sub.currentPeriodEnd)}.` : ""}
      </p>
      {analytics && (
        <div className="spotlight-page-views">
          <p>
            Company page views, last 30 days: <strong data-testid="company-page-views">{compactNumber(analytics.company.viewsLast30)}</strong>
          </p>
          <DailyChart daily={analytics.company.daily.map((d) => ({ day: d.day, views: d.views, clicks: 0, applies: 0 }))} label="Company page, last 30 days" applies={false} />
        </div>
      )}
      <div className="bundle-summary-actions">
        <Link className="button button-primary button-small" to="/spotlight/live">
          Spotlight Dashboard
        </Link>
        <Link className="button button-outline button-small" to="/post">
          Post a Job
        </Link>
      </div>
    </section>
  );
}
