// Dates, numbers, money and relative times in a locale, with Intl. The web app (web/i18n.tsx) and the
// worker (e-mails, feeds) format through these, so both sides say "2d ago" / "قبل يومين" the same way.
import { intlLocale } from "./i18n";
import type { Locale } from "./i18n";
import { DAY, HOUR, MINUTE } from "./time";

const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

function toTime(date: string | number | Date | null | undefined): number | null {
  if (date === null || date === undefined || date === "") return null;
  const t = date instanceof Date ? date.getTime() : typeof date === "number" ? date : Date.parse(date);
  return Number.isNaN(t) ? null : t;
}

export function formatNumber(locale: Locale, n: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(intlLocale(locale), options)).format(n);
}

/** Money from cents, in its currency (USD unless said), in the locale's format: "$1,234.50", "‏1,234.50 US$". */
export function formatMoney(locale: Locale, cents: number, currency = "USD", options: { whole?: boolean } = {}): string {
  const whole = options.whole ?? cents % 100 === 0;
  const text = formatNumber(locale, cents / 100, { style: "currency", currency: currency.toUpperCase(), ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) });
  return isolateSymbol(locale, text);
}

/** In right-to-left text the "$" of "US$" would drift to the other side of "US" ("$US 199"): the symbol
 * is isolated (LRI … PDI), so it stays whole and after the amount: "199 US$". */
function isolateSymbol(locale: Locale, text: string): string {
  return locale === "ar" ? text.replace(/[A-Z]{0,3}[^\d\s.,\u200f\u061c-]+/u, (symbol) => `\u2066${symbol}\u2069`) : text;
}

/**
 * Pay, short, in its currency, one amount or a range with one unit: "$65K", "$49–65K", "AED 240K", «49–65 ألف US$»
 * (for "≈ $X a year"). Thousands are whole (an approximation does not say 65.4 ألف, issue 25); millions keep three
 * digits ("$1.5M").
 */
export function formatPayAmount(locale: Locale, min: number, currency: string, max = min): string {
  const options: Intl.NumberFormatOptions = { style: "currency", currency, notation: "compact", ...(max < 1e6 ? { maximumFractionDigits: 0 } : { maximumSignificantDigits: 3 }) };
  const format = cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(intlLocale(locale), options));
  // Two ends that round alike are one amount: formatRange would say "~AED 18K" beside our own "≈".
  // A range never breaks after its dash («≈ 150–» over «211 ألف US$ سنويًا», the eighteenth reading): a word joiner.
  const text = format.format(min) === format.format(max) ? format.format(min) : format.formatRange(min, max).replace(/–(?=\S)/g, "–\u2060");
  return locale === "ar" ? text.replace(/[A-Z]{2,3}\$?|[^\d\s.,\u200f\u061c\u0600-\u06ff\u2013\u2060-]+/gu, (symbol) => `\u2066${symbol}\u2069`) : text;
}

export type DateStyle = "short" | "medium" | "long" | "full" | "dateTime";

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { month: "short", day: "numeric" },
  medium: { month: "short", day: "numeric", year: "numeric" },
  long: { month: "long", day: "numeric", year: "numeric" },
  full: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
};

/** A date in the locale: medium "Jan 5, 2026", long "January 5, 2026"; "" for a missing or invalid date. */
export function formatDate(locale: Locale, date: string | number | Date | null | undefined, style: DateStyle = "medium", timeZone?: string): string {
  const t = toTime(date);
  if (t === null) return "";
  return cached(`d|${locale}|${style}|${timeZone ?? ""}`, () => new Intl.DateTimeFormat(intlLocale(locale), { ...DATE_OPTIONS[style], ...(timeZone ? { timeZone } : {}) })).format(t);
}

/**
 * How long ago, narrow: "just now" under a minute (given by the caller, from the catalogue), then minutes,
 * hours (under 24), days (under 7), weeks (under 4), months (under 12), years: "2d ago", "قبل يومين".
 */
export function formatRelative(locale: Locale, date: string | number | Date | null | undefined, justNow: string, now: number = Date.now()): string {
  const t = toTime(date);
  if (t === null) return "";
  const diff = Math.max(0, now - t);
  if (diff < MINUTE) return justNow;
  const rtf = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(intlLocale(locale), { style: "narrow", numeric: "always" }));
  // Arabic says "قبل أسبوع", not Intl's "قبل أسبوع واحد": the singular noun already means one (issue 25).
  const f = { format: (n: number, unit: Intl.RelativeTimeFormatUnit) => (locale === "ar" && n === -1 ? rtf.format(n, unit).replace(/ (واحد|واحدة)$/u, "") : rtf.format(n, unit)) };
  if (diff < HOUR) return f.format(-Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return f.format(-Math.floor(diff / HOUR), "hour");
  if (diff < WEEK) return f.format(-Math.floor(diff / DAY), "day");
  if (diff < 4 * WEEK) return f.format(-Math.floor(diff / WEEK), "week");
  const months = Math.floor(diff / MONTH);
  if (months < 12 && diff < YEAR) return f.format(-Math.max(1, months), "month");
  return f.format(-Math.max(1, Math.floor(diff / YEAR)), "year");
}
