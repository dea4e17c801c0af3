// What a job listing showed in one history entry (its loaded pages and scroll position), so that browser
// Back and "← Back to jobs" return to the same place instead of page 1 at the top. Keyed by the history
// entry (react-router's location.key) and kept for the life of the tab.
import type { PublicJob } from "@rules/search";

export interface ListingSnapshot {
  query: string;
  jobs: PublicJob[];
  pinned: PublicJob[];
  total: number;
  nextCursor: string | null;
  scrollY: number;
}

const MAX_ENTRIES = 30;
const entries = new Map<string, ListingSnapshot>();

export function recallListing(key: string, query: string): ListingSnapshot | null {
  const entry = entries.get(key);
  return entry && entry.query === query ? entry : null;
}

export function rememberListing(key: string, snapshot: Omit<ListingSnapshot, "scrollY">): void {
  const scrollY = entries.get(key)?.query === snapshot.query ? entries.get(key)!.scrollY : 0;
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { ...snapshot, scrollY });
}

export function rememberScroll(key: string, scrollY: number): void {
  const entry = entries.get(key);
  if (entry) entry.scrollY = scrollY;
}
