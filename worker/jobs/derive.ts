// Turns a job as written (posting, editing, seed, import) into its stored row: sanitised HTML, the
// visible text search reads, and the derived keys every filter and sort is an index lookup on.
import { saysRemote } from "../rules/searchAliases";
import { sanitizeHtml } from "../lib/sanitize";
import { JOB_LIFETIME_DAYS } from "../rules/lists";
import { collationKey } from "../rules/collation";
import { parseSalary, salaryBottomUsdCents, salaryTopUsdCents } from "../rules/salary";
import { htmlToText, taglineFromDescription } from "../rules/text";
import type { jobs } from "../db/schema";

export type JobRow = typeof jobs.$inferInsert;
export type JobInput = Omit<
  JobRow,
  | "seq"
  | "descriptionText"
  | "tagsText"
  | "dedupeKey"
  | "companyKey"
  | "companySortEn"
  | "companySortAr"
  | "typeKey"
  | "isRemote"
  | "relevanceRank"
  | "salaryHighKey"
  | "salaryLowKey"
  | "salaryMin"
  | "salaryMax"
  | "salaryCurrency"
  | "salaryPeriod"
  | "salaryTopUsd"
  | "salaryParsed"
  | "newerDupUntil"
  | "tags"
  | "enhancements"
  | "expiresAt"
> & {
  tags?: string[];
  enhancements?: string[];
  expiresAt?: number;
};

export const SALARY_HIGH_NONE = -1;
export const SALARY_LOW_NONE = Number.MAX_SAFE_INTEGER;
const DAY_MS = 24 * 60 * 60 * 1000;

export function dedupeKey(title: string, company: string): string {
  return `${title.trim().toLowerCase()}|${company.trim().toLowerCase()}`;
}

/**
 * The company's sort keys for "Company: A–Z" in each language (issue 25): byte order = Intl.Collator's order
 * (worker/rules/collation.ts), so the sort runs in SQL on its index.
 */
export function companySortKeys(company: string): { companySortEn: string; companySortAr: string } {
  const name = company.trim();
  return { companySortEn: collationKey(name, "en"), companySortAr: collationKey(name, "ar") };
}

/** The keys that change with the company name. */
export function companyKeys(title: string, company: string): { companyKey: string; dedupeKey: string; companySortEn: string; companySortAr: string } {
  return { companyKey: company.trim().toLowerCase(), dedupeKey: dedupeKey(title, company), ...companySortKeys(company) };
}

/** Relevance: premium first, then featured, then highlight; newest breaks ties. */
export function relevanceRank(plan: string | null | undefined, enhancements: readonly string[]): number {
  return (plan === "premium" ? 4 : 0) + (enhancements.includes("featured") ? 2 : 0) + (enhancements.includes("highlight") ? 1 : 0);
}

/** Trimmed, non-empty tags, each once (ignoring case; the first spelling is kept): never "HR, HR". */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.map((t) => t.trim()).filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

export function deriveJobRow(input: JobInput, now = Date.now()): JobRow {
  const description = sanitizeHtml(input.description ?? "");
  const tags = uniqueTags(input.tags ?? []);
  const enhancements = (input.enhancements ?? []).filter(Boolean);
  const createdAt = input.createdAt ?? now;
  const location = (input.location ?? "").trim();
  const publishedAt = input.publishedAt ?? (input.published ? createdAt : null);
  return {
    ...input,
    title: input.title.trim(),
    company: input.company.trim(),
    location,
    description,
    descriptionText: htmlToText(description),
    tagline: input.tagline?.trim() || taglineFromDescription(description),
    tags: JSON.stringify(tags),
    tagsText: tags.join(" , "),
    enhancements: JSON.stringify(enhancements),
    createdAt,
    updatedAt: input.updatedAt ?? createdAt,
    publishedAt,
    expiresAt: input.expiresAt ?? (publishedAt ?? createdAt) + JOB_LIFETIME_DAYS * DAY_MS,
    dedupeKey: dedupeKey(input.title, input.company),
    companyKey: input.company.trim().toLowerCase(),
    ...companySortKeys(input.company),
    typeKey: (input.type ?? "").trim().toLowerCase(),
    isRemote: saysRemote(location) ? 1 : 0,
    relevanceRank: relevanceRank(input.plan, enhancements),
    ...structuredSalaryColumns(input.salary),
  };
}

/**
 * The structured salary columns of a salary text (all null when it does not read), marked as read, and the salary
 * sorts' keys (docs/decisions/0702): High to Low by the top of the range and Low to High by its bottom, both in US
 * cents a year, so currencies and periods compare; a salary that does not read sorts last both ways.
 */
export function structuredSalaryColumns(text: string | null | undefined) {
  const salary = parseSalary(text);
  return {
    salaryHighKey: salaryTopUsdCents(salary) ?? SALARY_HIGH_NONE,
    salaryLowKey: salaryBottomUsdCents(salary) ?? SALARY_LOW_NONE,
    salaryMin: salary?.min ?? null,
    salaryMax: salary?.max ?? null,
    salaryCurrency: salary?.currency ?? null,
    salaryPeriod: salary?.period ?? null,
    salaryTopUsd: salaryTopUsdCents(salary),
    salaryParsed: 1,
  };
}
