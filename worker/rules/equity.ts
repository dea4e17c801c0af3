// Equity range from the slider: p to p+2 if p up to 10; p to p+5 if up to 25;
// else p to p+10. Shown 'a% - b%', or 'No equity' for 0-0. The slider runs 0 to 40.
import { foldForSearch } from "./arabic";
import { normaliseDigits } from "./digits";

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

/**
 * What keeps an equity text from the posting rule (isEquityRange), so the form can say it: a percent over 100
 * ("200%": "over100"), a range written high to low ("50%-10%", «٢٪ - ١٪»: "reversed"), or anything else
 * ("format"); null when the text is valid.
 */
export function equityTextProblem(text: string): "over100" | "reversed" | "format" | null {
  if (isEquityRange(text)) return null;
  const ascii = normaliseDigits(text);
  const percents = [...ascii.matchAll(/(\d+(?:\.\d+)?)\s*%/g)].map((m) => Number.parseFloat(m[1]!));
  if (percents.some((p) => p > EQUITY_PERCENT_MAX)) return "over100";
  if (EQUITY_FORMAT.test(ascii)) {
    const [low, high] = ascii.split(/[-–]/).map((part) => Number.parseFloat(part.replace("%", "").trim())) as [number, number];
    if (low > high) return "reversed";
  }
  return "format";
}

/** "No equity" as an Arabic-speaking employer writes it (compared without tashkeel or alef/ta marbuta variants). */
const NO_EQUITY_ARABIC = ["بدون حصة", "بدون حصة ملكية", "بدون حصة في الملكية", "لا توجد حصة", "لا توجد حصة ملكية", "لا يوجد", "لا توجد"].map(foldForSearch);

function saysNoEquity(text: string): boolean {
  const t = text.trim();
  return t === NO_EQUITY || NO_EQUITY_ARABIC.includes(foldForSearch(t).replace(/\s+/g, " "));
}

/**
 * Posting rule: 'No equity' (or its Arabic, بدون حصة), or a range whose percents are each 0 to 100 with
 * low ≤ high. Arabic-Indic digits, the Arabic decimal separator and ٪ are read as their ASCII forms
 * (rules/digits.ts), as Gulf phone keyboards type them: "٠٫٥٪ - ١٪" is 0.5% - 1%.
 */
export function isEquityRange(text: string): boolean {
  return saysNoEquity(text) || parseEquity(normaliseDigits(text)) !== null;
}

/** How an equity text is shown (and stored once valid): ASCII digits; a 0% - 0% range or بدون حصة reads 'No equity'. */
export function displayEquity(text: string): string {
  if (saysNoEquity(text)) return NO_EQUITY;
  const ascii = normaliseDigits(text);
  const range = parseEquity(ascii);
  if (!range) return text;
  return range.low === 0 && range.high === 0 ? NO_EQUITY : ascii;
}

/** The low end of a valid equity text (0 for 'No equity' or بدون حصة); null while the text is no valid range. */
export function equityLow(text: string): number | null {
  if (saysNoEquity(text)) return 0;
  return parseEquity(normaliseDigits(text))?.low ?? null;
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
}
