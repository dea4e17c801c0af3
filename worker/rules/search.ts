// The public search contract: query parameters of GET /api/jobs and /jobs, and the answer's shape.
// The worker validates with searchQuerySchema; the web app builds URLs with ./searchParams.ts (no zod, so
// the listing does not load it), which this module re-exports for the worker.
import { z } from "zod";
import { m } from "./serverMessages";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_TEXT_MAX, SORTS, TIMEFRAMES, TYPE_FILTER_VALUES } from "./lists";
import type { Sort } from "./lists";
import { TAG_MAX, TAGS_MAX } from "./searchParams";
import type { SearchFilters } from "./searchParams";

export { toSearchParams } from "./searchParams";
export type { SearchFilters } from "./searchParams";

const text = (name: "keywords" | "q" | "location") =>
  z
    .string()
    .max(SEARCH_TEXT_MAX, m(`server.search.${name}Max`, { max: SEARCH_TEXT_MAX }))
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
    limit: z.coerce
      .number({ error: m("server.search.limitNumber") })
      .int(m("server.search.limitWhole"))
      .min(1, m("server.search.limitMin"))
      .max(PAGE_SIZE_MAX, m("server.search.limitMax", { max: PAGE_SIZE_MAX }))
      .optional(),
    cursor: z.string().max(500, m("server.search.cursor")).optional(),
  })
  .strip();

export interface SearchRequest extends SearchFilters {
  sort: Sort;
  limit: number;
  cursor: string | null;
}

export function normaliseSearch(raw: z.infer<typeof searchQuerySchema>): SearchRequest {
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
