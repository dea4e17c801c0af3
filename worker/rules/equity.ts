// Equity range from the slider: p to p+2 if p up to 10; p to p+5 if up to 25;
// else p to p+10. Shown 'a% - b%', or 'No equity' for 0-0. The slider runs 0 to 40.
export const EQUITY_MIN = 0;
export const EQUITY_MAX = 40;
export const DEFAULT_EQUITY = "0% - 2%";

export function equityRange(p: number): { low: number; high: number } {
  const low = Math.min(EQUITY_MAX, Math.max(EQUITY_MIN, p));
  const span = low <= 10 ? 2 : low <= 25 ? 5 : 10;
  return { low, high: low + span };
}

export function formatEquity(low: number, high: number): string {
  if (low === 0 && high === 0) return NO_EQUITY;
  return `${trim(low)}% - ${trim(high)}%`;
}

export function equityFromSlider(p: number): string {
  const { low, high } = equityRange(p);
  return formatEquity(low, high);
}

/** Posting rule: a percent range like 0.5% - 1.0%. */
export const EQUITY_FORMAT = /^\s*\d+(?:\.\d+)?\s*%?\s*[-–]\s*\d+(?:\.\d+)?\s*%\s*$/;

export const NO_EQUITY = "No equity";
/** A stated equity percent is a share of the company: 0 to 100. */
export const EQUITY_PERCENT_MAX = 100;

/** The range in a text like '0.5% - 1.0%': each percent from 0 to 100 and low ≤ high; null otherwise. */
export function parseEquity(text: string): { low: number; high: number } | null {
  if (!EQUITY_FORMAT.test(text)) return null;
  const [low, high] = text.split(/[-–]/).map((part) => Number.parseFloat(part.replace("%", "").trim())) as [number, number];
  if (!(low >= 0 && high <= EQUITY_PERCENT_MAX && low <= high)) return null;
  return { low, high };
}

/** Posting rule: 'No equity', or a range whose percents are each 0 to 100 with low ≤ high. */
export function isEquityRange(text: string): boolean {
  return text.trim() === NO_EQUITY || parseEquity(text) !== null;
}

/** How an equity text is shown (and stored once valid): a 0% - 0% range reads 'No equity'. */
export function displayEquity(text: string): string {
  const range = parseEquity(text);
  return range && range.low === 0 && range.high === 0 ? NO_EQUITY : text;
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
}
