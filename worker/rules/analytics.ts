// Analytics rules both sides use (README "Analytics are counted, not simulated"): who counts, the day a
// count belongs to, the 30-day window of Spotlight's Advanced Analytics and the shapes of its API.

/** Days of daily series Spotlight's Advanced Analytics shows (today included). */
export const ANALYTICS_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An obvious bot: no user agent at all, or one that says it is a bot, crawler, spider or scraper, or is a
 * command-line or library HTTP client. Browsers never send these words.
 */
const BOT_UA = /bot|crawl|spider|slurp|scrap|archiver|facebookexternalhit|embedly|curl\/|wget\/|python-|go-http-client|okhttp|libwww|httpclient|java\/|axios\//i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? "").trim();
  return ua === "" || BOT_UA.test(ua);
}

/** The UTC day of a moment, as 'YYYY-MM-DD' (the key of the daily counters). */
export function dayKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The first moment of the UTC day after `ms`. */
export function nextDayStart(ms: number): number {
  return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
}

/** The last `days` UTC days ending today, oldest first. */
export function lastDays(now: number, days = ANALYTICS_DAYS): string[] {
  const today = Math.floor(now / DAY_MS);
  return Array.from({ length: days }, (_, i) => dayKey((today - (days - 1) + i) * DAY_MS));
}

/** Clicks per view, in percent with one decimal (0 without views). */
export function clickRate(views: number, clicks: number): number {
  return views ? Math.round((clicks / views) * 1000) / 10 : 0;
}

export interface DailyPoint {
  day: string;
  views: number;
  clicks: number;
  applies: number;
}

export interface JobAnalytics {
  id: string;
  title: string;
  status: "preview" | "live" | "expired";
  views: number;
  clicks: number;
  clickRate: number;
  applies: number;
  /** The last ANALYTICS_DAYS days, oldest first, zeros included. */
  daily: DailyPoint[];
}

/** GET /api/spotlight/companies/:companyId/analytics (owner only). */
export interface CompanyAnalytics {
  companyId: string;
  days: string[];
  company: { views: number; viewsLast30: number; daily: { day: string; views: number }[] };
  jobs: JobAnalytics[];
}
