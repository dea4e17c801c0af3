// Where a job listing was scrolled to in one history entry, so that browser Back and "← Back to jobs"
// return to the same place instead of the top. The entry's pages themselves are in the query cache
// (useJobSearch.ts). Keyed by the history entry (react-router's location.key) and its query, kept for the
// life of the tab.
const MAX_ENTRIES = 30;
const entries = new Map<string, number>();

const id = (key: string, query: string) => `${key}\n${query}`;

/** The place remembered for this entry and query, or undefined when none was (nothing to put back). */
export function recallScroll(key: string, query: string): number | undefined {
  return entries.get(id(key, query));
}

export function rememberScroll(key: string, query: string, scrollY: number): void {
  entries.delete(id(key, query));
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(id(key, query), scrollY);
}
