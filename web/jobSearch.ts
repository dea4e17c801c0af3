// The pure parts of the job listing (useJobSearch.ts): the request for one page of GET /api/jobs from the
// listing's canonical URL query (useUrlFilters.ts) and a cursor, and the shown list from the pages loaded.
import { queryRecord } from "@rules/firstPage";
import type { JobListResponse, PublicJob } from "@rules/search";

/** GET /api/jobs's query for `query` (the canonical filters and sort) after `cursor`; repeated keys (tags) as arrays. */
export function searchRequest(query: string, cursor: string | null): Record<string, string | string[]> {
  const params = new URLSearchParams(query);
  params.delete("cursor");
  if (cursor) params.set("cursor", cursor);
  return queryRecord(params);
}

export interface Listing {
  jobs: PublicJob[];
  /** The Pinned strip: the first page's, chosen by the server. */
  pinned: PublicJob[];
  total: number;
  nextCursor: string | null;
}

/** The pages loaded so far as one list, in order and never twice the same job; total and cursor from the last page. */
export function mergePages(pages: readonly JobListResponse[]): Listing {
  const seen = new Set<string>();
  const jobs: PublicJob[] = [];
  for (const page of pages) {
    for (const job of page.jobs) {
      if (seen.has(job.id)) continue;
      seen.add(job.id);
      jobs.push(job);
    }
  }
  const last = pages.at(-1);
  return { jobs, pinned: pages[0]?.pinned ?? [], total: last?.total ?? 0, nextCursor: last?.nextCursor ?? null };
}
