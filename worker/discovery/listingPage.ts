// The listing pages' first page of results, inlined in their HTML (rules/firstPage.ts): the canonical
// query of the page's URL, answered exactly as GET /api/jobs would answer the web app's request for it.
import type { Env } from "../env";
import { jobListing } from "../jobs/listing";
import { FIRST_PAGE_ID, queryRecord } from "../rules/firstPage";
import type { FirstPage } from "../rules/firstPage";
import { splitLocalePath } from "../rules/i18n";
import { normaliseSearch, searchQuerySchema } from "../rules/search";
import { listingFromParams, toSearchParams } from "../rules/searchParams";

/** The paths whose screen is the job list. */
export function isListingPage(pathname: string): boolean {
  const { path } = splitLocalePath(pathname);
  return path === "/" || path === "/jobs";
}

/** The <script> that carries the page's first results, or null when its query is not one the API accepts. */
export async function firstPageScript(env: Pick<Env, "DB">, url: URL, now = Date.now()): Promise<string | null> {
  const { sort, notices: _notices, ...filters } = listingFromParams(url.searchParams);
  const query = toSearchParams({ ...filters, sort }).toString();
  const parsed = searchQuerySchema.safeParse(queryRecord(new URLSearchParams(query)));
  if (!parsed.success) return null;
  const page: FirstPage = { query, listing: await jobListing(env.DB, normaliseSearch(parsed.data), now) };
  // JSON in HTML: "<" escaped, so no text in a job can close the script element.
  const json = JSON.stringify(page).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${FIRST_PAGE_ID}">${json}</script>`;
}
