// Candidate job alerts: 'Email me jobs like these' saves the /jobs filters for an e-mail address
// (double opt-in); a daily digest sends new matching jobs. Shared by the signup form and /api/alerts.
// The schemas are in ./alertsSchema.ts: the signup form is on the listing, which must not load zod.
import { m } from "./serverMessages";
import { JOB_TYPE_OPTIONS, TIMEFRAMES } from "./lists";
import type { SearchFilters } from "./searchParams";

export const ALERT_MESSAGES = {
  email: m("server.common.emailRequired"),
  emailFormat: m("server.common.emailInvalid"),
  saved: m("server.alerts.saved"),
  // Apostrophes cannot be in server.json (ICU quoting): the web's catalogue says this one.
  failed: m("server.alerts.failed"),
  offline: m("server.common.offline"),
} as const;

/** Most jobs listed in one digest; the mail links to the full search for the rest. */
export const DIGEST_MAX_JOBS = 20;

/** One line naming the filters, e.g. 'engineer · in Dubai · Remote only · Full-time'. */
export function describeFilters(f: SearchFilters): string {
  return describeFilterParts(f).join(" · ");
}

/**
 * The parts of describeFilters, each a server message of its own (so each is localised on its own: «مهندس» ·
 * في دبي); `tagLabel` names a tag as the page does (the Arabic chips' words), `tagSeparator` joins them as the page's
 * language does («تقني، Go»).
 */
// Each message id written out, so the browser build can put the English text in its place (vite.messages.ts).
const POSTED: Record<(typeof TIMEFRAMES)[number], () => string> = {
  day: () => m("server.alerts.posted.day"),
  week: () => m("server.alerts.posted.week"),
  month: () => m("server.alerts.posted.month"),
};

export function describeFilterParts(
  f: SearchFilters,
  tagLabel: (tag: string) => string = (tag) => tag,
  tagSeparator = ", ",
  // English money, as formatMoney("en", …, { whole: true }) writes it; not imported, so the listing's first load keeps
  // ./format.ts in one chunk with the i18n (the page passes its own).
  payAmount: (amount: number, currency: string) => string = (amount, currency) => new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 }).format(amount),
): string[] {
  const parts: string[] = [];
  if (f.keywords) parts.push(m("server.alerts.keywords", { keywords: f.keywords }));
  if (f.location) parts.push(m("server.alerts.in", { location: f.location }));
  if (f.remote) parts.push(m("server.alerts.remoteOnly"));
  const type = JOB_TYPE_OPTIONS.find((o) => o.value && o.value === f.type);
  if (type) parts.push(type.label);
  if (f.tags.length) parts.push(m("server.alerts.tagged", { tags: f.tags.map(tagLabel).join(tagSeparator) }));
  // The pay filter, which the alert keeps (a fourteenth reading: the box left it out, and the alert ignored it).
  if (f.minSalary) {
    const amount = payAmount(f.minSalary, f.currency ?? "USD");
    const month = f.period === "month";
    if (f.includeNoSalary) parts.push(month ? m("server.alerts.payMonthOrNone", { amount }) : m("server.alerts.payYearOrNone", { amount }));
    else parts.push(month ? m("server.alerts.payMonth", { amount }) : m("server.alerts.payYear", { amount }));
  }
  const timeframe = TIMEFRAMES.find((t) => t === f.timeframe);
  if (timeframe) parts.push(POSTED[timeframe]());
  return parts.length ? parts : [m("server.alerts.allJobs")];
}
