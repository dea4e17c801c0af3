// Candidate job alerts: 'Email me jobs like these' saves the /jobs filters for an e-mail address
// (double opt-in); a daily digest sends new matching jobs. Shared by the signup form and /api/alerts.
import { z } from "zod";
import { JOB_TYPE_OPTIONS, TIMEFRAME_OPTIONS } from "./lists";
import type { SearchFilters } from "./search";

export const ALERT_MESSAGES = {
  email: "Email is required",
  emailFormat: "Please enter a valid email address",
  saved: "Check your inbox to confirm your alert.",
  failed: "We couldn't save your alert. Please try again.",
  offline: "No internet connection. Please reconnect and try again.",
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
  query: z.string().max(2000, "The filters are too long").default(""),
});

/** One line naming the filters, e.g. 'engineer · in Dubai · Remote only · Full-time'. */
export function describeFilters(f: SearchFilters): string {
  const parts: string[] = [];
  if (f.keywords) parts.push(`"${f.keywords}"`);
  if (f.location) parts.push(`in ${f.location}`);
  if (f.remote) parts.push("Remote only");
  const type = JOB_TYPE_OPTIONS.find((o) => o.value && o.value === f.type);
  if (type) parts.push(type.label);
  if (f.tags.length) parts.push(`tagged ${f.tags.join(", ")}`);
  const timeframe = TIMEFRAME_OPTIONS.find((o) => o.value && o.value === f.timeframe);
  if (timeframe) parts.push(`posted ${timeframe.label.toLowerCase()}`);
  return parts.length ? parts.join(" · ") : "All jobs";
}
