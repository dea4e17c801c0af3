// Relative posted time: under 60 s 'just now', then m, h (under 24),
// d (under 7 days), w (under 4 weeks), mo (under 12 months), y.
// The one definition of these durations in milliseconds; the worker, the web app and the tests import them.
const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export function relativeTime(date: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (date === null || date === undefined || date === "") return "";
  const t = date instanceof Date ? date.getTime() : typeof date === "number" ? date : Date.parse(date);
  if (Number.isNaN(t)) return "";
  const diff = Math.max(0, now - t);
  if (diff < MINUTE) return "just now";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  if (diff < WEEK) return `${Math.floor(diff / DAY)}d ago`;
  if (diff < 4 * WEEK) return `${Math.floor(diff / WEEK)}w ago`;
  const months = Math.floor(diff / MONTH);
  if (months < 12 && diff < YEAR) return `${Math.max(1, months)}mo ago`;
  return `${Math.max(1, Math.floor(diff / YEAR))}y ago`;
}
