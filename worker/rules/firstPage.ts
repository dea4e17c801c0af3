// The first page of results that the listing pages' HTML carries (/, /jobs and their /ar twins), so the
// first results need no second round trip: the worker writes it (worker/discovery/listingPage.ts) as JSON
// in a <script type="application/json" id="first-page">, and the listing (web/useJobSearch.ts) starts
// from it when its canonical query is the same.
import type { JobListResponse } from "./search";

export const FIRST_PAGE_ID = "first-page";

export interface FirstPage {
  /** The canonical query (rules/search.ts toSearchParams) the page answers. */
  query: string;
  listing: JobListResponse;
}

/** A URL query as GET /api/jobs's query object: repeated keys (tags) as arrays. */
export function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}
