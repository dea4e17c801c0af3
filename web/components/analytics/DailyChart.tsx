// Applies over time, drawn small (issue 10, item 12): the last 30 days as inline SVG, views as bars and
// applies as a line on the same scale, with a text summary for screen readers. No chart package.
import type { DailyPoint } from "@rules/analytics";
import { useI18n } from "../../i18n";

const W = 300;
const H = 64;
const PAD = 2;

/** `applies: false` draws views only (a company page has no applies). */
export function DailyChart({ daily, label: givenLabel, applies: showApplies = true }: { daily: DailyPoint[]; label?: string; applies?: boolean }) {
  const { t, date, dir } = useI18n();
  const label = givenLabel ?? t("account.chart.last30");
  const shortDay = (day: string) => date(`${day}T00:00:00Z`, "short", "UTC");
  const n = daily.length;
  if (!n) return null;
  const max = Math.max(1, ...daily.map((d) => Math.max(d.views, d.applies)));
  const slot = (W - PAD * 2) / n;
  // Time runs as the page reads: oldest on the left in English, on the right in Arabic (a reading; Material's
  // bidirectionality guidance mirrors a timeline in a right-to-left interface). `at` is a day's place from the left.
  const at = (i: number) => (dir === "rtl" ? n - 1 - i : i);
  const y = (v: number) => H - PAD - (v / max) * (H - PAD * 2);
  const views = daily.reduce((s, d) => s + d.views, 0);
  const clicks = daily.reduce((s, d) => s + d.clicks, 0);
  const applies = daily.reduce((s, d) => s + d.applies, 0);
  const line = daily.map((d, i) => `${(PAD + slot * at(i) + slot / 2).toFixed(1)},${y(d.applies).toFixed(1)}`).join(" ");
  const summary = showApplies ? t("account.chart.summary", { label, views, clicks, applies }) : t("account.chart.viewsSummary", { label, views });

  return (
    <figure className="daily-chart" data-views={views} data-applies={applies}>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <line x1={0} x2={W} y1={H - PAD} y2={H - PAD} className="daily-chart-axis" />
        {daily.map((d, i) => (
          <rect key={d.day} className="daily-chart-bar" x={PAD + slot * at(i) + slot * 0.15} width={slot * 0.7} y={y(d.views)} height={H - PAD - y(d.views)}>
            <title>
              {showApplies
                ? t("account.chart.day", { day: shortDay(d.day), views: d.views, clicks: d.clicks, applies: d.applies })
                : t("account.chart.dayViews", { day: shortDay(d.day), views: d.views })}
            </title>
          </rect>
        ))}
        {showApplies && <polyline className="daily-chart-line" points={line} vectorEffect="non-scaling-stroke" />}
      </svg>
      {/* The first day's date under the bars' start (right in Arabic), the last day's under their end. */}
      <figcaption className="daily-chart-caption">
        <span>{shortDay(daily[0]!.day)}</span>
        <span className="daily-chart-legend">
          <span className="daily-chart-key is-views" aria-hidden="true" /> {t("account.chart.views")}
          {showApplies && (
            <>
              <span className="daily-chart-key is-applies" aria-hidden="true" /> {t("account.chart.applies")}
            </>
          )}
        </span>
        <span>{shortDay(daily[n - 1]!.day)}</span>
      </figcaption>
    </figure>
  );
}
