// A chart of the last 30 days runs as its page reads (a reading of issue 25): in English the oldest day is on the
// left, in Arabic on the right, with the first day's date under the bars' start. Fails on the chart that ran left to
// right in both (its caption was forced left to right, so the Arabic dates stood under the wrong ends).
import { createElement } from "react";
import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { ar } from "../../worker/rules/locales/ar";
import { en } from "../../worker/rules/locales/en";
import { DailyChart } from "../../web/components/analytics/DailyChart";
import { I18nProvider, makeI18n } from "../../web/i18n";

const daily = Array.from({ length: 30 }, (_, i) => ({ day: `2026-10-${String(i + 1).padStart(2, "0")}`, views: i + 1, clicks: 0, applies: i % 3 }));

function render(locale: "en" | "ar") {
  const intl = createIntl({ locale: locale === "ar" ? "ar" : "en-US", messages: locale === "ar" ? ar : en });
  const html = renderToStaticMarkup(createElement(I18nProvider, { server: { intl, i18n: makeI18n(intl, locale) } } as ComponentProps<typeof I18nProvider>, createElement(DailyChart, { daily })));
  const xs = [...html.matchAll(/<rect class="daily-chart-bar" x="([\d.]+)"/g)].map((match) => Number(match[1]));
  const points = /points="([^"]+)"/
    .exec(html)![1]!
    .split(" ")
    .map((point) => Number(point.split(",")[0]));
  return { html, xs, points };
}

describe("the 30-day chart", () => {
  it("runs oldest to newest left to right in English", () => {
    const { html, xs, points } = render("en");
    expect(xs).toHaveLength(30);
    expect(xs[0]).toBeLessThan(xs[29]!);
    expect(points[0]).toBeLessThan(points[29]!);
    expect(html).not.toContain('dir="ltr"');
  });

  it("runs oldest to newest right to left in Arabic, the line with its bars, and no caption forced left to right", () => {
    const { html, xs, points } = render("ar");
    expect(xs[0]).toBeGreaterThan(xs[29]!);
    expect(points[0]).toBeGreaterThan(points[29]!);
    // Each day's bar is where the mirrored English bar is.
    const english = render("en").xs;
    for (const [i, x] of xs.entries()) expect(x + 0.7 * ((300 - 4) / 30)).toBeCloseTo(300 - english[i]!, 5);
    expect(html).not.toContain('dir="ltr"');
  });
});
