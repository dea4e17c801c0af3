// What a page's HTML carries for its first screen, so it needs no second round trip (issue 14). The worker
// renders the screen from it (issue 24, web/serverRender.tsx) and writes it beside the screen as JSON in a
// <script type="application/json" id="…"> (worker/discovery/pages.ts withScreen), which the browser hydrates from:
//  - the listing pages (/, /jobs and their /ar twins): their first page of results (worker/discovery/
//    listingPage.ts), which the listing (web/useJobSearch.ts) starts from when its canonical query is the same;
//  - a live job's page (/jobs/:id): the job as GET /api/jobs/:id answers it (web/screens/JobDetail.tsx);
//  - a company's page (/company/:id), to a visitor: what GET /api/companies/:id answers (web/screens/CompanyPage.tsx).
import type { JobListResponse, PublicJob } from "./search";

/**
 * The lazy screen a server-rendered page opens with: its HTML preloads that screen's chunks
 * (worker/discovery/pages.ts, vite.config.ts FIRST_SCREENS), and the browser loads it before hydrating
 * (web/main.tsx), so the server's HTML is hydrated in place rather than replaced by the spinner.
 */
export function firstScreen(path: string): "job" | "company" | null {
  if (/^\/jobs\/[^/]+$/.test(path)) return "job";
  if (/^\/company\/[^/]+(?:\/spotlight)?$/.test(path)) return "company";
  return null;
}

export const FIRST_PAGE_ID = "first-page";
export const PAGE_JOB_ID = "page-job";
/** A company's page (/company/:id) for a visitor: the page as GET /api/companies/:id answers (rules/spotlight.ts CompanyPageResponse). */
export const PAGE_COMPANY_ID = "page-company";

/** The job page's job. */
export interface PageJob {
  job: PublicJob;
}

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
