// The listing pages' first page of results, rendered into their HTML and carried in it (rules/firstPage.ts): the
// canonical query of the page's URL, answered exactly as GET /api/jobs would answer the web app's request for it.
import type { Env } from "../env";
import { jobListing } from "../jobs/listing";
import { jsonLdScript } from "./jobPosting";
import { queryRecord } from "../rules/firstPage";
import type { FirstPage } from "../rules/firstPage";
import { splitLocalePath } from "../rules/i18n";
import { normaliseSearch, searchQuerySchema } from "../rules/search";
import { listingFromParams, toSearchParams } from "../rules/searchParams";
import { DomainError } from "../lib/errors";

/** JSON for the app in the page (rules/firstPage.ts), escaped so no text in it can end the script element. */
export function dataScript(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${jsonLdScript(value)}</script>`;
}

/** The paths whose screen is the job list. */
export function isListingPage(pathname: string): boolean {
  const { path } = splitLocalePath(pathname);
  return path === "/" || path === "/jobs";
}

/** The page's first results (rules/firstPage.ts), or null when its query is not one the API accepts. */
export async function firstPageData(env: Pick<Env, "DB">, url: URL, now = Date.now()): Promise<FirstPage | null> {
  const { sort, notices: _notices, ...filters } = listingFromParams(url.searchParams);
  const query = toSearchParams({ ...filters, sort }).toString();
  const parsed = searchQuerySchema.safeParse(queryRecord(new URLSearchParams(query)));
  if (!parsed.success) return null;
  try {
    return { query, listing: await jobListing(env.DB, normaliseSearch(parsed.data, splitLocalePath(url.pathname).locale), now) };
  } catch (error) {
    // A search the API refuses (too many words and places to run): the page asks for it and shows the API's message.
    if (error instanceof DomainError && error.kind === "invalid") return null;
    throw error;
  }
}
