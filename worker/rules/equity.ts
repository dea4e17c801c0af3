// Equity range from the slider (public-side.md §9): p to p+2 if p up to 10; p to p+5 if up to 25;
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
  if (low === 0 && high === 0) return "No equity";
  return `${trim(low)}% - ${trim(high)}%`;
}

export function equityFromSlider(p: number): string {
  const { low, high } = equityRange(p);
  return formatEquity(low, high);
}

/** Posting rule: a percent range like 0.5% - 1.0%. */
export const EQUITY_FORMAT = /^\s*\d+(?:\.\d+)?\s*%?\s*[-–]\s*\d+(?:\.\d+)?\s*%\s*$/;

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
}
