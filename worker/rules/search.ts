// The public search contract: query parameters of GET /api/jobs and /jobs, and the answer's shape.
// The worker validates with searchQuerySchema; the web app builds URLs with ./searchParams.ts (no zod, so
// the listing does not load it), which this module re-exports for the worker.
import { z } from "zod";
import { m } from "./serverMessages";
import { normaliseDigits } from "./digits";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_TEXT_MAX, SORTS, TIMEFRAMES, TYPE_FILTER_VALUES } from "./lists";
import type { Sort } from "./lists";
import { MIN_SALARY_MAX, TAG_MAX, TAGS_MAX, readMinSalary } from "./searchParams";
import { CURRENCIES, SALARY_PERIODS } from "./rates";
import type { StructuredSalary } from "./salary";
import type { SearchFilters } from "./searchParams";
import type { Locale } from "./i18n";

export { toSearchParams } from "./searchParams";
export type { SearchFilters } from "./searchParams";

const text = (name: "keywords" | "q" | "location") =>
  z
    .string()
    .max(SEARCH_TEXT_MAX, m(name === "keywords" ? "server.search.keywordsMax" : name === "q" ? "server.search.qMax" : "server.search.locationMax", { max: SEARCH_TEXT_MAX }))
    .transform((s) => s.trim());

/** Raw query values as they arrive (repeatable tags as an array). */
export const searchQuerySchema = z
  .object({
    keywords: text("keywords").optional(),
    q: text("q").optional(),
    location: text("location").optional(),
    remote: z.enum(["true", "false", "1", "0", ""], { error: m("server.search.remote") }).optional(),
    // Repeatable: one ?tags= arrives as a string, several as an array.
    tags: z
      .preprocess(
        (v) => (typeof v === "string" ? [v] : v),
        z
          .array(
            z
              .string()
              .max(TAG_MAX, m("server.search.tagMax", { max: TAG_MAX }))
              .transform((s) => s.trim()),
          )
          .max(TAGS_MAX, m("server.search.tagsMax", { max: TAGS_MAX })),
      )
      .optional(),
    type: z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .pipe(z.enum(["", "all", ...TYPE_FILTER_VALUES], { error: m("server.search.type", { values: TYPE_FILTER_VALUES.join(", ") }) }))
      .optional(),
    timeframe: z.enum(["", "any", ...TIMEFRAMES], { error: m("server.search.timeframe", { values: ["any", ...TIMEFRAMES].join(", ") }) }).optional(),
    sort: z.enum(SORTS, { error: m("server.search.sort", { values: SORTS.join(", ") }) }).optional(),
    // In Arabic-Indic digits too (/ar/feed.json?limit=٢), as the pay filter reads them (worker/rules/digits.ts).
    limit: z
      .preprocess(
        (v) => (typeof v === "string" ? normaliseDigits(v) : v),
        z.coerce
          .number({ error: m("server.search.limitNumber") })
          .int(m("server.search.limitWhole"))
          .min(1, m("server.search.limitMin"))
          .max(PAGE_SIZE_MAX, m("server.search.limitMax", { max: PAGE_SIZE_MAX })),
      )
      .optional(),
    // A company sort's cursor carries the name's collation key (worker/rules/collation.ts: up to 100 characters).
    cursor: z.string().max(2000, m("server.search.cursor")).optional(),
    // The pay filter (issue 26): GET /api/jobs?minSalary=20000&currency=AED&period=month[&includeNoSalary=true]
    minSalary: z
      .string()
      .transform((s, ctx) => {
        const n = readMinSalary(s);
        if (n === null) ctx.addIssue({ code: "custom", message: m("server.search.minSalary", { max: MIN_SALARY_MAX }) });
        return n ?? 0;
      })
      .optional(),
    currency: z
      .string()
      .transform((s) => s.trim().toUpperCase())
      .pipe(z.enum(CURRENCIES, { error: m("server.search.currency", { values: CURRENCIES.join(", ") }) }))
      .optional(),
    period: z.enum(SALARY_PERIODS, { error: m("server.search.period") }).optional(),
    includeNoSalary: z.enum(["true", "false", "1", "0"], { error: m("server.search.includeNoSalary") }).optional(),
  })
  .strip();

export interface SearchRequest extends SearchFilters {
  sort: Sort;
  limit: number;
  cursor: string | null;
  /** The page's language: "Company: A–Z" follows its alphabet (issue 25; worker/rules/collation.ts). */
  locale: Locale;
}

/** The search a query asks for, in the request's language (`locale`: the page's, or the API request's Accept-Language). */
export function normaliseSearch(raw: z.infer<typeof searchQuerySchema>, locale: Locale = "en"): SearchRequest {
  const type = raw.type && raw.type !== "all" ? raw.type : "";
  const timeframe = raw.timeframe && raw.timeframe !== "any" ? raw.timeframe : "";
  return {
    keywords: raw.keywords || raw.q || "",
    location: raw.location ?? "",
    remote: raw.remote === "true" || raw.remote === "1",
    tags: (raw.tags ?? []).filter(Boolean),
    type,
    timeframe,
    sort: raw.sort ?? "recent",
    limit: raw.limit ?? PAGE_SIZE_DEFAULT,
    cursor: raw.cursor || null,
    locale,
    minSalary: raw.minSalary || null,
    currency: raw.currency ?? "USD",
    period: raw.period ?? "year",
    includeNoSalary: raw.includeNoSalary === "true" || raw.includeNoSalary === "1",
  };
}

/** A job as the public API returns it. */
export interface PublicJob {
  id: string;
  title: string;
  company: string;
  company_id: string | null;
  tagline: string;
  location: string;
  salary: string;
  /** The salary read from its text (rules/salary.ts parseSalary), or null: then it is shown as written only. */
  pay: StructuredSalary | null;
  equity: string;
  stage: string;
  category: string;
  type: string;
  description: string; // sanitised HTML
  website: string;
  tags: string[];
  logo: string;
  apply_url: string;
  apply: { href: string; kind: "url" | "email" } | null;
  /** The employer receives applications on the board (issue 26): Apply opens the application form. */
  applications: boolean;
  plan: string;
  enhancements: string[];
  created_at: string;
  published_at: string | null;
  expires_at: string | null;
}

export interface JobListResponse {
  jobs: PublicJob[];
  total: number;
  nextCursor: string | null;
  /** The Pinned strip (rules/placement.ts): sticky jobs matching the filters; empty after the first page. */
  pinned: PublicJob[];
}
