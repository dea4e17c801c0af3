// The dashboard's post balance for a Spotlight subscriber (issue 10, item 11): their posts are free, so
// instead of credits and "Buy Credits" it shows the subscription, the company page's views and the way
// to the Spotlight dashboard.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { companyAnalyticsQuery, spotlightMeQuery } from "../../screens/spotlight/queries";
import { useI18n } from "../../i18n";
import { DailyChart } from "../analytics/DailyChart";
import { compactCount } from "./AnalyticsStrip";

export function SpotlightSummaryCard() {
  const i18n = useI18n();
  const { t, rich, date } = i18n;
  // A failure leaves the numbers out: the card still offers the way to Spotlight.
  const { data: me } = useQuery(spotlightMeQuery);
  const companyId = me?.company?.id ?? "";
  const { data: analytics } = useQuery({ ...companyAnalyticsQuery(companyId), enabled: Boolean(companyId) });

  const sub = me?.subscription;
  return (
    <section className="card bundle-summary spotlight-summary-card is-ok" aria-labelledby="spotlight-summary-title" data-spotlight>
      <h2 id="spotlight-summary-title">{t("account.spotlightCard.title")}</h2>
      <p className="muted">
        {t("account.spotlightCard.text")}
        {sub?.currentPeriodEnd ? ` ${t(sub.cancelAtPeriodEnd ? "account.spotlightCard.ends" : "account.spotlightCard.renews", { date: date(sub.currentPeriodEnd, "medium") })}` : ""}
      </p>
      {analytics && (
        <div className="spotlight-page-views">
          <p>
            {rich("account.spotlightCard.views", {
              views: compactCount(i18n, analytics.company.viewsLast30),
              b: (c) => <strong data-testid="company-page-views">{c}</strong>,
            })}
          </p>
          <DailyChart daily={analytics.company.daily.map((d) => ({ day: d.day, views: d.views, clicks: 0, applies: 0 }))} label={t("account.spotlightCard.chart")} applies={false} />
        </div>
      )}
      <div className="bundle-summary-actions">
        <Link className="button button-primary button-small" to="/spotlight/live">
          {t("account.spotlightCard.dashboard")}
        </Link>
        <Link className="button button-outline button-small" to="/post">
          {t("account.spotlightCard.postJob")}
        </Link>
      </div>
    </section>
  );
}
