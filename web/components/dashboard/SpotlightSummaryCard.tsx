// The dashboard's post balance for a Spotlight subscriber (issue 10, item 11): their posts are free, so
// instead of credits and "Buy Credits" it shows the subscription, the company page's views and the way
// to the Spotlight dashboard.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { compactNumber } from "@rules/text";
import { companyAnalyticsQuery, spotlightMeQuery } from "../../screens/spotlight/queries";
import { DailyChart } from "../analytics/DailyChart";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

export function SpotlightSummaryCard() {
  // A failure leaves the numbers out: the card still offers the way to Spotlight.
  const { data: me } = useQuery(spotlightMeQuery);
  const companyId = me?.company?.id ?? "";
  const { data: analytics } = useQuery({ ...companyAnalyticsQuery(companyId), enabled: Boolean(companyId) });

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
