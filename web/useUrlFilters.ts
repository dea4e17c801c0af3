// The URL query is the single source of filter state:
// screens read filters from it and change them only by writing it. Values the search does not know are
// left out of the query the API is asked, and `notices` says so in plain words.
import { useSearchParams } from "react-router";
import { filtersFromParams, listingFromParams, toSearchParams } from "@rules/searchParams";
import type { SearchFilters } from "@rules/searchParams";
import type { Sort } from "@rules/lists";
import { rememberPayChoice } from "./payChoice";

/** Every filter at its default: what an empty query reads as. */
const { sort: _defaultSort, ...defaults } = filtersFromParams(new URLSearchParams());
export const NO_FILTERS: SearchFilters = defaults;

export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const { sort, notices, ...filters } = listingFromParams(params);

  return {
    filters,
    sort,
    notices,
    /** The canonical query for these filters and sort: what the API is asked and what identifies a result. */
    query: toSearchParams({ ...filters, sort }).toString(),
    setFilters: (next: SearchFilters) => {
      // The pay filter's currency and period are the visitor's choice for "≈ $X a year" elsewhere too.
      if (next.minSalary || next.currency || next.period) rememberPayChoice({ currency: next.currency, period: next.period });
      setParams(toSearchParams({ ...next, sort }));
    },
    setSort: (next: Sort) => setParams(toSearchParams({ ...filters, sort: next })),
    clearAll: () => setParams(new URLSearchParams()),
  };
}
