// One page of the job list as GET /api/jobs answers it: the page, the total, the next cursor and (on the
// first page) the Pinned strip, read in one round trip. The API route and the listing pages' HTML (which
// carries the first page inlined, worker/discovery/listingPage.ts) both answer with this.
import type { JobListResponse, SearchRequest } from "../rules/search";
import { pinnedRows, pinnedStatement } from "./pinned";
import { presentJob } from "./present";
import type { PublicJobRow } from "./present";
import { searchJobs } from "./search";

export async function jobListing(db: D1Database, req: SearchRequest, now = Date.now()): Promise<JobListResponse> {
  // The Pinned strip belongs to the first page, read in the same round trip; the list keeps its order.
  const result = await searchJobs<PublicJobRow & Record<string, unknown>>(db, req, now, {
    // Rare matches (filter-first): the strip's sticky jobs are tested against the same candidate sets.
    alongside: req.cursor ? undefined : (plan) => pinnedStatement(db, req, now, plan === "filter-first"),
  });
  const pinned = pinnedRows<PublicJobRow>(result.alongside);
  return { jobs: result.rows.map(presentJob), total: result.total, nextCursor: result.nextCursor, pinned: pinned.map(presentJob) };
}
