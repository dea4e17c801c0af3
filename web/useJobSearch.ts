// Loads the job list for a canonical query and appends further pages by cursor, never twice the same job.
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchJobs } from "./api";
import type { PublicJob } from "../worker/rules/search";

export interface JobSearchState {
  query: string;
  status: "loading" | "error" | "loaded";
  jobs: PublicJob[];
  total: number;
  nextCursor: string | null;
  /** The server's error text when the first page failed. */
  error: string | null;
  loadingMore: boolean;
  loadMoreFailed: boolean;
}

const loading = (query: string): JobSearchState => ({
  query,
  status: "loading",
  jobs: [],
  total: 0,
  nextCursor: null,
  error: null,
  loadingMore: false,
  loadMoreFailed: false,
});

function appendNew(jobs: PublicJob[], more: PublicJob[]): PublicJob[] {
  const seen = new Set(jobs.map((j) => j.id));
  return [...jobs, ...more.filter((j) => !seen.has(j.id))];
}

export function useJobSearch(query: string) {
  const [state, setState] = useState<JobSearchState>(() => loading(query));
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    more.current?.abort();
    setState(loading(query));
    fetchJobs(new URLSearchParams(query), null, ctrl.signal).then(
      (res) => {
        if (!ctrl.signal.aborted) setState((s) => ({ ...s, status: "loaded", jobs: res.jobs, total: res.total, nextCursor: res.nextCursor }));
      },
      (err: Error) => {
        if (!ctrl.signal.aborted) setState((s) => ({ ...s, status: "error", error: err.message }));
      },
    );
    return () => ctrl.abort();
  }, [query]);

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
