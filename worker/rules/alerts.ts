// Candidate job alerts: 'Email me jobs like these' saves the /jobs filters for an e-mail address
// (double opt-in); a daily digest sends new matching jobs. Shared by the signup form and /api/alerts.
import { z } from "zod";
import { m } from "./serverMessages";
import { JOB_TYPE_OPTIONS, TIMEFRAMES } from "./lists";
import type { SearchFilters } from "./search";

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

export const alertEmailSchema = z
  .string({ error: ALERT_MESSAGES.email })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().min(1, ALERT_MESSAGES.email).max(254, ALERT_MESSAGES.emailFormat).pipe(z.email(ALERT_MESSAGES.emailFormat)));

/** POST /api/alerts: the address and the /jobs query string the filters come from. */
export const alertRequestSchema = z.object({
  email: alertEmailSchema,
  query: z.string().max(2000, m("server.alerts.filtersLong")).default(""),
});

/** One line naming the filters, e.g. 'engineer · in Dubai · Remote only · Full-time'. */
export function describeFilters(f: SearchFilters): string {
  const parts: string[] = [];
  if (f.keywords) parts.push(m("server.alerts.keywords", { keywords: f.keywords }));
  if (f.location) parts.push(m("server.alerts.in", { location: f.location }));
  if (f.remote) parts.push(m("server.alerts.remoteOnly"));
  const type = JOB_TYPE_OPTIONS.find((o) => o.value && o.value === f.type);
  if (type) parts.push(type.label);
  if (f.tags.length) parts.push(m("server.alerts.tagged", { tags: f.tags.join(", ") }));
  const timeframe = TIMEFRAMES.find((t) => t === f.timeframe);
  if (timeframe) parts.push(m(`server.alerts.posted.${timeframe}`));
  return parts.length ? parts.join(" · ") : m("server.alerts.allJobs");
}
