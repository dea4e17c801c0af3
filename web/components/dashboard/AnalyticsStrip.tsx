// Views, apply clicks, click rate and applies for one job, counted by the public side. Numbers of 1,000
// or more are shown short: "1.2K" in English (compactNumber), Intl's compact form in Arabic ("1.2 ألف").
import { compactNumber } from "@rules/text";
import { useI18n } from "../../i18n";
import type { I18n, MessageId } from "../../i18n";
import type { DashboardJob } from "./dashboardJob";

/** A count shown short, in the page's language. */
export function compactCount({ locale, number }: Pick<I18n, "locale" | "number">, n: number): string {
  return locale === "en" ? compactNumber(n) : number(n, { notation: "compact", maximumFractionDigits: 1 });
}

export function AnalyticsStrip({ analytics }: { analytics: DashboardJob["analytics"] }) {
  const i18n = useI18n();
  const { t } = i18n;
  const items: { label: MessageId; value: string }[] = [
    { label: "account.analytics.views", value: compactCount(i18n, analytics.views) },
    { label: "account.analytics.clicks", value: compactCount(i18n, analytics.clicks) },
    { label: "account.analytics.clickRate", value: `${analytics.clickRate}%` },
    { label: "account.analytics.applies", value: compactCount(i18n, analytics.applies) },
  ];
  return (
    <dl className="analytics-strip" aria-label={t("account.analytics.label")}>
      {items.map((item) => (
        <div key={item.label} className="analytics-item">
          <dt>{t(item.label)}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
