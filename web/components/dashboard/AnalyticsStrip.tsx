// Views, apply clicks, click rate and applies for one job, counted by the public side. Numbers of 1,000
// or more are shown with K (compactNumber).
import { compactNumber } from "@rules/text";
import type { DashboardJob } from "./dashboardJob";

export function AnalyticsStrip({ analytics }: { analytics: DashboardJob["analytics"] }) {
  const items = [
    { label: "Views", value: compactNumber(analytics.views) },
    { label: "Clicks", value: compactNumber(analytics.clicks) },
    { label: "Click rate", value: `${analytics.clickRate}%` },
    { label: "Applies", value: compactNumber(analytics.applies) },
  ];
  return (
    <dl className="analytics-strip" aria-label="Analytics">
      {items.map((item) => (
        <div key={item.label} className="analytics-item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
