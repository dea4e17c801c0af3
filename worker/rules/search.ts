// The public search contract: query parameters of GET /api/jobs and /jobs, and the answer's shape.
// The worker validates with searchQuerySchema; the web app builds URLs with toSearchParams.
import { z } from "zod";
import { m } from "./serverMessages";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_TEXT_MAX, SORTS, TIMEFRAMES, TYPE_FILTER_VALUES } from "./lists";
import type { Sort, Timeframe } from "./lists";

const TAG_MAX = 50;
const TAGS_MAX = 20;

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
    timeframe: z.enum(["", "any", ...TIMEFRAMES], { error: m("server.search.timeframe", { values: TIMEFRAMES.join(", ") }) }).optional(),
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

export interface SearchFilters {
  keywords: string;
  location: string;
  remote: boolean;
  tags: string[];
  type: string; // "" = all
  timeframe: Timeframe | "";
}

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

/** Reads filter state from a URL's query (the web app's single source of truth). */
export function filtersFromParams(params: URLSearchParams): SearchFilters & { sort: Sort } {
  const { notices: _notices, ...state } = listingFromParams(params);
  return state;
}

/**
 * The listing's filters from a URL that a person may have typed: a value the search does not know is
 * dropped and a text over the limit is cut, and each such change is said in plain words (`notices`), so the
 * listing searches without it instead of showing the API's validation message.
 */
export function listingFromParams(params: URLSearchParams): SearchFilters & { sort: Sort; notices: string[] } {
  const notices: string[] = [];
  const limited = (name: "keywords" | "location", value: string) => {
    if (value.length <= SEARCH_TEXT_MAX) return value;
    notices.push(m(name === "keywords" ? "server.search.keywordsCut" : "server.search.locationCut", { max: SEARCH_TEXT_MAX }));
    return value.slice(0, SEARCH_TEXT_MAX);
  };
  const typeParam = (params.get("type") ?? "").trim();
  let type = typeParam.toLowerCase() === "all" ? "" : typeParam.toLowerCase();
  if (type && !(TYPE_FILTER_VALUES as readonly string[]).includes(type)) {
    notices.push(m("server.search.unknownType", { value: typeParam }));
    type = "";
  }
  const tf = params.get("timeframe") ?? "";
  const timeframe = (TIMEFRAMES as readonly string[]).includes(tf) ? (tf as Timeframe) : "";
  if (tf && tf !== "any" && !timeframe) notices.push(m("server.search.unknownTimeframe", { value: tf }));
  const sortParam = params.get("sort") ?? "";
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as Sort) : "recent";
  if (sortParam && sort !== sortParam) notices.push(m("server.search.unknownSort", { value: sortParam }));
  let tags = params.getAll("tags").filter(Boolean);
  if (tags.some((t) => t.length > TAG_MAX)) {
    notices.push(m("server.search.tagCut", { max: TAG_MAX }));
    tags = tags.filter((t) => t.length <= TAG_MAX);
  }
  if (tags.length > TAGS_MAX) {
    notices.push(m("server.search.tagsCut", { max: TAGS_MAX }));
    tags = tags.slice(0, TAGS_MAX);
  }
  return {
    keywords: limited("keywords", params.get("keywords") ?? params.get("q") ?? ""),
    location: limited("location", params.get("location") ?? ""),
    remote: params.get("remote") === "true",
    tags,
    type,
    timeframe,
    sort,
    notices,
  };
}

/** Query parameters for filters: a parameter is omitted when at its default. */
export function toSearchParams(f: Partial<SearchFilters> & { sort?: Sort }): URLSearchParams {
  const p = new URLSearchParams();
  if (f.keywords?.trim()) p.set("keywords", f.keywords.trim());
  if (f.location?.trim()) p.set("location", f.location.trim());
  if (f.remote) p.set("remote", "true");
  for (const t of f.tags ?? []) if (t.trim()) p.append("tags", t.trim());
  if (f.type) p.set("type", f.type);
  if (f.timeframe) p.set("timeframe", f.timeframe);
  if (f.sort && f.sort !== "recent") p.set("sort", f.sort);
  return p;
}

export function hasActiveFilters(f: SearchFilters): boolean {
  return Boolean(f.keywords || f.location || f.remote || f.tags.length || f.type || f.timeframe);
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
