// Salary text rules. Sorting: high-to-low uses the last number found in the text,
// low-to-high the first. "$120k" means 120,000; "1.5m" means 1,500,000; "120,000" means 120,000.

const NUMBER = /(\d+(?:[.,]\d+)*)\s*([kKmM])?/g;

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

/** The number the salary-high sort uses: the last one in the text, or null. */
export function salarySortHigh(text: string | null | undefined): number | null {
  const nums = salaryNumbers(text);
  return nums.length ? nums[nums.length - 1]! : null;
}

/** The number the salary-low sort uses: the first one in the text, or null. */
export function salarySortLow(text: string | null | undefined): number | null {
  const nums = salaryNumbers(text);
  return nums.length ? nums[0]! : null;
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
