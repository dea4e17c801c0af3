// The language of what the worker serves outside the app (pages, feeds, sitemaps, e-mails): list labels
// from the catalogue, the one-line summary of search filters in a locale, and the hreflang alternates
// every HTML page carries.
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { intlFor, t } from "../lib/i18n";
import { describeFilters } from "../rules/alerts";
import { formatMoney } from "../rules/format";
import { isolateIn } from "../rules/bidi";
import { HREFLANG, LOCALES, localePath, messageIdIn } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import { JOB_TYPE_OPTIONS, TIMEFRAME_OPTIONS } from "../rules/lists";
import type { SearchFilters } from "../rules/search";
import { placeIn } from "../rules/searchAliases";

/** The label of a list value (`value.<list>.<value>` in the catalogue), or `fallback` while the catalogue lacks it. */
export function listLabel(locale: Locale, list: string, value: string, fallback: string): string {
  const intl = intlFor(locale);
  // In whatever case it was given: a tag typed "finance" is the listed Finance (a fourteenth reading).
  const id = messageIdIn(intl.messages, `value.${list}.${value}`);
  return id ? intl.formatMessage({ id, defaultMessage: fallback }) : fallback;
}

/** The site's name in a locale (common.siteName). */
export function siteName(locale: Locale): string {
  return t(locale, "common.siteName");
}

/**
 * One line naming the filters, as rules/alerts.ts describeFilters says it in English ('"engineer" · in
 * Dubai · Remote only'), composed from the catalogue in another locale.
 */
export function describeFiltersIn(locale: Locale, f: SearchFilters): string {
  // The place in the page's script: an alert made from a typed "Dubai" is «في دبي» in Arabic (a nineteenth reading).
  if (locale === "en") return describeFilters(f.location ? { ...f, location: placeIn("latin", f.location) } : f);
  const parts: string[] = [];
  if (f.keywords) parts.push(t(locale, "discovery.filters.keywords", { keywords: f.keywords }));
  if (f.location) parts.push(t(locale, "discovery.filters.location", { location: placeIn("arabic", f.location) }));
  if (f.remote) parts.push(t(locale, "discovery.filters.remote"));
  const type = JOB_TYPE_OPTIONS.find((o) => o.value && o.value === f.type);
  if (type) parts.push(listLabel(locale, "type", type.value, type.label));
  if (f.tags.length) parts.push(t(locale, "discovery.filters.tags", { tags: f.tags.map((tag) => isolateIn(locale, listLabel(locale, "tag", tag, tag))).join("، ") }));
  if (f.minSalary) {
    const amount = formatMoney(locale, f.minSalary * 100, f.currency ?? "USD", { whole: true });
    const id = f.period === "month" ? (f.includeNoSalary ? "server.alerts.payMonthOrNone" : "server.alerts.payMonth") : f.includeNoSalary ? "server.alerts.payYearOrNone" : "server.alerts.payYear";
    parts.push(t(locale, id, { amount }));
  }
  const timeframe = TIMEFRAME_OPTIONS.find((o) => o.value && o.value === f.timeframe);
  if (timeframe) parts.push(t(locale, "discovery.filters.posted", { timeframe: listLabel(locale, "timeframe", timeframe.value, timeframe.label) }));
  return parts.length ? parts.join(" · ") : t(locale, "discovery.filters.all");
}

/** An absolute URL of a path in a locale: ("ar", "/jobs/1") → "https://…/ar/jobs/1". */
export function localeUrl(env: Pick<Env, "APP_URL">, locale: Locale, path: string): string {
  return appUrl(env, localePath(locale, path));
}

/** The page in every language, each with its hreflang, and x-default → the English page. */
export function alternates(env: Pick<Env, "APP_URL">, path: string): { hreflang: string; href: string }[] {
  return [...LOCALES.map((l) => ({ hreflang: HREFLANG[l], href: localeUrl(env, l, path) })), { hreflang: "x-default", href: localeUrl(env, "en", path) }];
}
