// Loads the job list for a canonical query and appends further pages by cursor, never twice the same job.
// A history entry that was shown before (browser Back, "← Back to jobs") comes back from listingMemory
// with the pages it had loaded, without asking the server again.
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchJobs } from "./api";
import { recallListing, rememberListing } from "./listingMemory";
import type { PublicJob } from "@rules/search";

export interface JobSearchState {
  query: string;
  status: "loading" | "error" | "loaded";
  jobs: PublicJob[];
  /** The Pinned strip: sticky jobs matching the filters, chosen by the server. */
  pinned: PublicJob[];
  total: number;
  nextCursor: string | null;
  /** The server's error text when the first page failed. */
  error: string | null;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  /** Restored from an earlier visit of this history entry. */
  restored: boolean;
}

const loading = (query: string): JobSearchState => ({
  query,
  status: "loading",
  jobs: [],
  pinned: [],
  total: 0,
  nextCursor: null,
  error: null,
  loadingMore: false,
  loadMoreFailed: false,
  restored: false,
});

function initial(query: string, memoryKey: string): JobSearchState {
  const saved = recallListing(memoryKey, query);
  return saved ? { ...loading(query), status: "loaded", jobs: saved.jobs, pinned: saved.pinned, total: saved.total, nextCursor: saved.nextCursor, restored: true } : loading(query);
}

function appendNew(jobs: PublicJob[], more: PublicJob[]): PublicJob[] {
  const seen = new Set(jobs.map((j) => j.id));
  return [...jobs, ...more.filter((j) => !seen.has(j.id))];
}

export function useJobSearch(query: string, memoryKey: string) {
  const [state, setState] = useState<JobSearchState>(() => initial(query, memoryKey));
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    const saved = initial(query, memoryKey);
    if (saved.restored) {
      setState((s) => (s.query === query && s.status === "loaded" ? s : saved));
      return;
    }
    const ctrl = new AbortController();
    more.current?.abort();
    setState(loading(query));
    fetchJobs(new URLSearchParams(query), null, ctrl.signal).then(
      (res) => {
        if (!ctrl.signal.aborted)
          setState((s) => ({ ...s, status: "loaded", jobs: res.jobs, pinned: res.pinned ?? [], total: res.total, nextCursor: res.nextCursor }));
      },
      (err: Error) => {
        if (!ctrl.signal.aborted) setState((s) => ({ ...s, status: "error", error: err.message }));
      },
    );
    return () => ctrl.abort();
  }, [query, memoryKey]);

  // Every loaded state is remembered for its history entry.
  useEffect(() => {
    if (state.status === "loaded" && state.query === query) {
      rememberListing(memoryKey, { query, jobs: state.jobs, pinned: state.pinned, total: state.total, nextCursor: state.nextCursor });
    }
  }, [memoryKey, query, state]);

  const loadMore = useCallback(() => {
    if (state.query !== query || !state.nextCursor || state.loadingMore) return;
    const ctrl = new AbortController();
    more.current = ctrl;
    setState((s) => ({ ...s, loadingMore: true, loadMoreFailed: false }));
    fetchJobs(new URLSearchParams(query), state.nextCursor, ctrl.signal).then(
      (res) =>
        setState((s) =>
          s.query === query ? { ...s, loadingMore: false, jobs: appendNew(s.jobs, res.jobs), total: res.total, nextCursor: res.nextCursor } : s,
        ),
      () => {
        if (!ctrl.signal.aborted) setState((s) => (s.query === query ? { ...s, loadingMore: false, loadMoreFailed: true } : s));
      },
    );
  }, [query, state.query, state.nextCursor, state.loadingMore]);

  // Until the effect for a new query has run, show that query as loading rather than the old results.
  return { ...(state.query === query ? state : loading(query)), loadMore };
}
