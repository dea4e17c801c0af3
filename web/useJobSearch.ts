// Loads the job list for a canonical query and appends further pages by cursor, never twice the same job
// (jobSearch.ts). The pages live in the query cache under the history entry that showed them, so browser
// Back and "← Back to jobs" bring that entry's pages back at once, without asking the server again, and
// JobList puts its scroll position back (listingMemory.ts).
import { useCallback, useState } from "react";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { api, call } from "./client";
import { mergePages, searchRequest } from "./jobSearch";
import type { Listing } from "./jobSearch";
import { keys } from "./queryKeys";
import { usePageData } from "./pageData";
import { FIRST_PAGE_ID } from "@rules/firstPage";
import type { FirstPage } from "@rules/firstPage";
import type { JobListResponse } from "@rules/search";

/** The history entry that showed the first page the HTML carried: no later entry starts from it. */
let firstPageEntry: string | undefined;

/** The listing the page's HTML carried for `query`, for the first history entry that shows it (never a later one). */
function inlinedFirstPage(firstPage: FirstPage | undefined, query: string, entry: string): JobListResponse | undefined {
  if (!firstPage || firstPage.query !== query) return undefined;
  firstPageEntry ??= entry;
  return firstPageEntry === entry ? firstPage.listing : undefined;
}

/** Listings kept for Back (the oldest shown goes first); each history entry that showed a list is one. */
const LISTINGS_KEPT = 30;

interface JobSearchState extends Listing {
  status: "loading" | "error" | "loaded";
  /** The server's error text when the first page failed. */
  error: string | null;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  /** Shown from an earlier visit of this history entry. */
  restored: boolean;
  /** The first page came with the page's HTML (rendered by the server, hydrated here): the list renders whole at once. */
  fromPage: boolean;
}

/** Drops the listings beyond LISTINGS_KEPT that are not on screen, least recently loaded first. */
function forgetOldListings(queryClient: QueryClient) {
  const listings = queryClient
    .getQueryCache()
    .findAll({ queryKey: keys.jobLists, type: "inactive" })
    .sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt);
  for (const old of listings.slice(0, Math.max(0, listings.length + 1 - LISTINGS_KEPT))) queryClient.removeQueries({ queryKey: old.queryKey, exact: true });
}

export function useJobSearch(query: string, entry: string): JobSearchState & { loadMore: () => void } {
  const queryClient = useQueryClient();
  const firstPage = usePageData<FirstPage>(FIRST_PAGE_ID);
  const key = keys.jobList(query, entry);
  // Whether this entry's pages were in the cache when it was shown: then its scroll position comes back too.
  const shown = `${entry}\n${query}`;
  const [restore, setRestore] = useState(() => ({ shown, restored: queryClient.getQueryData(key) !== undefined }));
  let restored = restore.restored;
  if (restore.shown !== shown) {
    restored = queryClient.getQueryData(key) !== undefined;
    setRestore({ shown, restored });
  }

  const result = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => {
      if (pageParam === null) forgetOldListings(queryClient);
      return call(api.jobs.$get({ query: searchRequest(query, pageParam) }, { init: { signal } }));
    },
    initialPageParam: null as string | null,
    // The first results came with the page: no request for them.
    initialData: () => {
      const listing = inlinedFirstPage(firstPage, query, entry);
      return listing ? { pages: [listing], pageParams: [null] } : undefined;
    },
    getNextPageParam: (last) => last.nextCursor,
    // A history entry keeps what it showed for the life of the tab (at most LISTINGS_KEPT of them).
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = result;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const listing = data ? mergePages(data.pages) : mergePages([]);
  return {
    ...listing,
    status: data ? "loaded" : result.isError ? "error" : "loading",
    error: !data && error ? error.message : null,
    loadingMore: isFetchingNextPage,
    loadMoreFailed: isFetchNextPageError && !isFetchingNextPage,
    restored,
    fromPage: data?.pages.length === 1 && data.pages[0] === inlinedFirstPage(firstPage, query, entry),
    loadMore,
  };
}
