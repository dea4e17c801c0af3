import { normaliseDigits } from "./digits";
import { yearlyUsdCents } from "./rates";
import type { Currency, SalaryPeriod } from "./rates";

// Salary text rules. The numbers of a salary text (salaryNumbers) give the range JSON-LD shows; the sorts and the
// pay filter use the structured salary (parseSalary, below) converted to US cents a year.

// "k" or "m" on its own only: the "m" of "82,500 monthly" is not millions.
const NUMBER = /(\d+(?:[.,]\d+)*)\s*(?:([kKmM])(?![a-zA-Z]))?/g;

export function salaryNumbers(text: string | null | undefined): number[] {
  if (!text) return [];
  const out: number[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const raw = m[1] ?? "";
    // "120,000" is a thousands separator; "1.5" is a decimal.
    const normalised = /,\d{3}(?!\d)/.test(raw) ? raw.replace(/,/g, "") : raw.replace(/,/g, ".");
    let n = Number.parseFloat(normalised);
    if (!Number.isFinite(n)) continue;
    const unit = (m[2] ?? "").toLowerCase();
    if (unit === "k") n *= 1_000;
    if (unit === "m") n *= 1_000_000;
    out.push(Math.round(n));
  }
  return out;
}

/**
 * Posting rule: a number with optional $ and k, a dash, a second number ($100k - $150k). The product's
 * own "$200k+" preset is an open-ended range and is accepted too.
 */
export const SALARY_FORMAT = /^\s*(?:\$?\s*\d+(?:[.,]\d+)?\s*[kK]?\s*[-–]\s*\$?\s*\d+(?:[.,]\d+)?\s*[kK]?|\$?\s*\d+(?:[.,]\d+)?\s*[kK]?\s*\+)\s*$/;

/** A yearly range for structured data: min and max of the numbers, when there are any. */
export function salaryRange(text: string | null | undefined): { min: number; max: number } | null {
  const nums = salaryNumbers(text);
  if (!nums.length) return null;
  return { min: Math.min(...nums), max: Math.max(...nums) };
}

// ── Structured salaries (issue 26) ──────────────────────────────────────────────────────────────────
// The text as written stays what cards show; parseSalary reads it into a range, a currency and a period
// for the pay filter. What it cannot read with confidence is left unstructured (null), never guessed.

/** A salary read from its text: a range (max null for an open-ended "200k+"), its currency and period. */
export interface StructuredSalary {
  min: number;
  max: number | null;
  currency: Currency;
  period: SalaryPeriod;
}

/** Currency markers: ISO codes, symbols, and Arabic names and abbreviations. Checked in order, all of them. */
const CURRENCY_MARKERS: [RegExp, Currency][] = [
  [/\bUSD\b|US\$|\$|دولار/i, "USD"],
  [/\bAED\b|\bDHS?\b|dirham|درهم|د\.\s?إ/i, "AED"],
  [/\bSAR\b|\bSR\b|ريال\s*سعودي|ر\.\s?س/i, "SAR"],
  [/\bQAR\b|\bQR\b|ريال\s*قطري|ر\.\s?ق/i, "QAR"],
  [/\bOMR\b|ريال\s*عماني|ر\.\s?ع/i, "OMR"],
  [/\bBHD\b|\bBD\b|دينار\s*بحريني|د\.\s?ب/i, "BHD"],
  [/\bKWD\b|\bKD\b|دينار\s*كويتي|د\.\s?ك/i, "KWD"],
  [/\bEUR\b|€|يورو/i, "EUR"],
  [/\bGBP\b|£|إسترليني|استرليني/i, "GBP"],
  [/\bEGP\b|جنيه\s*مصري/i, "EGP"],
  [/\bINR\b|₹|روبية/i, "INR"],
];
/** "ريال" alone is the Saudi riyal (the Qatari and Omani ones are named as such, above). */
const BARE_RIYAL = /ريال/;

const MONTH = /\b(?:months?|monthly|mo|mth|pm|p\/m)\b|\/\s*mo\b|شهر/i;
const YEAR = /\b(?:years?|yearly|annual|annually|annum|yr|pa|p\.a\.?|p\/a)\b|\/\s*yr\b|سنة|سنوي|السنة|عام|سنويا/i;
/** Pay per hour, day or week is not compared with monthly and yearly pay: left unstructured. */
const OTHER_PERIOD = /\b(?:hours?|hourly|hr|days?|daily|weeks?|weekly)\b|ساعة|يومي|أسبوع|اسبوع/i;

/** A number, "k" or "m" (not the start of a word such as "monthly"), or the Arabic word for a thousand. */
const AMOUNT = /(\d+(?:,\d{3})*(?:\.\d+)?)\s*(?:([kKmM])(?![a-zA-Z])|(ألف|الف|آلاف|الاف))?/g;

function currencyOf(text: string): Currency | null {
  const found = new Set<Currency>();
  for (const [re, currency] of CURRENCY_MARKERS) if (re.test(text)) found.add(currency);
  if (!found.size && BARE_RIYAL.test(text)) found.add("SAR");
  return found.size === 1 ? [...found][0]! : null;
}

function periodOf(text: string): SalaryPeriod | null | "other" {
  if (OTHER_PERIOD.test(text)) return "other";
  const month = MONTH.test(text);
  const year = YEAR.test(text);
  if (month && year) return "other";
  return month ? "month" : "year";
}

/** A salary text's cleaned form: ASCII digits, without tashkeel or tatweel (شهريًا → شهريا). */
function cleaned(text: string): string {
  return normaliseDigits(text).replace(/[\u064b-\u0652\u0640]/g, "");
}

/** The amounts of a cleaned salary text, "k", "m" and «ألف» applied; "120-150k": the second's unit is the first's too. */
function amountsIn(s: string): number[] {
  const amounts = [...s.matchAll(AMOUNT)].map((m) => ({ n: Number.parseFloat(m[1]!.replace(/,/g, "")), unit: (m[2] ?? (m[3] ? "k" : "")).toLowerCase() }));
  if (amounts.length === 2 && !amounts[0]!.unit && amounts[1]!.unit) amounts[0]!.unit = amounts[1]!.unit;
  return amounts.map(({ n, unit }) => Math.round(n * (unit === "k" ? 1_000 : unit === "m" ? 1_000_000 : 1)));
}

/** Two amounts joined by a dash: "15,000 - 20,000", "$100k–$150k". */
const TWO_AMOUNTS = /\d[^\d\-–]{0,6}[-–][^\d]{0,6}\d/;

/**
 * Reads "$120k - $150k", "15,000-20,000 AED monthly", "٢٠٬٠٠٠ ريال شهريًا", "$200k+": one or two amounts,
 * exactly one currency, and a period (a year unless it says a month). Without any currency marker, the
 * posting form's own format ("100k - 150k", SALARY_FORMAT) is in dollars. Anything else is null.
 */
export function parseSalary(text: string | null | undefined): StructuredSalary | null {
  if (!text?.trim()) return null;
  const s = cleaned(text);
  const period = periodOf(s);
  if (period === null || period === "other") return null;
  let currency = currencyOf(s);
  if (!currency && SALARY_FORMAT.test(s)) currency = "USD";
  if (!currency) return null;
  const values = amountsIn(s);
  if (values.length < 1 || values.length > 2) return null;
  if (values.some((v) => !Number.isFinite(v) || v <= 0 || v > 1_000_000_000)) return null;
  const [min, second] = values as [number, number | undefined];
  if (second !== undefined) return second >= min ? { min, max: second, currency, period } : null;
  return { min, max: /\+/.test(s) ? null : min, currency, period };
}

/**
 * The posting rule: the product's format ("$100k - $150k", "$200k+"), or a range in another currency or per
 * month that parseSalary reads ("AED 15,000 - 20,000 monthly", "١٥٬٠٠٠ - ٢٠٬٠٠٠ درهم شهريًا"): still a range.
 */
export function isSalaryText(text: string): boolean {
  return salaryTextProblem(text) === null;
}

/**
 * What keeps a salary text from the posting rule (isSalaryText), so the form can say it: a range written high to
 * low ("15000-10000 AED": "reversed"), one amount where a range is asked for ("15000 درهم": "single"), or anything
 * else ("format"); null when the text is a valid range. A single amount is refused here only: the Spotlight job
 * form, which asks for no format, takes it.
 */
export function salaryTextProblem(text: string): "reversed" | "single" | "format" | null {
  const s = cleaned(text);
  const values = amountsIn(s);
  if (values.length === 2 && TWO_AMOUNTS.test(s) && values[1]! < values[0]!) return "reversed";
  if (SALARY_FORMAT.test(text)) return null;
  const salary = parseSalary(text);
  if (salary !== null && salary.max !== null && TWO_AMOUNTS.test(s)) return null;
  return values.length === 1 && !/[-–+]/.test(s) ? "single" : "format";
}

/** The top of a range (its minimum when open-ended), in whole US cents a year: what the pay filter compares. */
export function salaryTopUsdCents(salary: StructuredSalary | null): number | null {
  return salary ? yearlyUsdCents(salary.max ?? salary.min, salary.currency, salary.period) : null;
}

/**
 * The bottom of a range in whole US cents a year: what "Salary: Low to High" sorts by (docs/decisions/0702), as
 * "High to Low" sorts by the top (salaryTopUsdCents).
 */
export function salaryBottomUsdCents(salary: StructuredSalary | null): number | null {
  return salary ? yearlyUsdCents(salary.min, salary.currency, salary.period) : null;
}
