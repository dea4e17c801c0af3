// An alert's stored filters: the /jobs query, validated by the same schema as /api/jobs, without the
// parts that make no sense for "new jobs" (sort, timeframe, paging).
import { internal, invalidInput } from "../lib/errors";
import { CURRENCIES } from "../rules/rates";
import { normaliseSearch, searchQuerySchema } from "../rules/search";
import type { SearchFilters, SearchRequest } from "../rules/search";

/** Filters from a query string like "keywords=react&remote=true&tags=AWS". */
export function alertFiltersFromQuery(query: string): SearchFilters {
  const params = new URLSearchParams(query.replace(/^\?/, ""));
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    raw[key] = key === "tags" ? all : all[0]!;
  }
  const parsed = searchQuerySchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error, "filters");
  const { keywords, location, remote, tags, type, minSalary, currency, period, includeNoSalary } = normaliseSearch(parsed.data);
  // The pay filter is kept with the rest (a fourteenth reading: an alert made under "AED 15,000 a month" sent every pay).
  return { keywords, location, remote, tags, type, timeframe: "", ...(minSalary ? { minSalary, currency, period, includeNoSalary } : {}) };
}

export function parseStoredFilters(json: string | null): SearchFilters {
  try {
    const v = JSON.parse(json ?? "{}") as Partial<SearchFilters>;
    return {
      keywords: typeof v.keywords === "string" ? v.keywords : "",
      location: typeof v.location === "string" ? v.location : "",
      remote: v.remote === true,
      tags: Array.isArray(v.tags) ? v.tags.filter((t): t is string => typeof t === "string") : [],
      type: typeof v.type === "string" ? v.type : "",
      timeframe: "",
      ...(typeof v.minSalary === "number" && v.minSalary > 0
        ? {
            minSalary: v.minSalary,
            currency: (CURRENCIES as readonly string[]).includes(v.currency ?? "") ? v.currency : "USD",
            period: v.period === "month" ? "month" : "year",
            includeNoSalary: v.includeNoSalary === true,
          }
        : {}),
    };
  } catch {
    throw internal("Stored alert filters are unreadable");
  }
}

/** The newest-first search over an alert's filters, one page at a time. */
export function digestSearch(filters: SearchFilters, limit: number, cursor: string | null): SearchRequest {
  return { ...filters, timeframe: "", sort: "recent", limit, cursor, locale: "en" };
}
