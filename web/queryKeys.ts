// The query keys of the web's one fetching layer (web/queryClient.ts), in one place so a write
// invalidates exactly what a screen reads. A key's first word names the resource; invalidating a prefix
// (e.g. keys.dashboard.all) refreshes everything under it.
export const keys = {
  credits: ["credits"] as const,
  dashboard: {
    all: ["dashboard"] as const,
    jobs: ["dashboard", "jobs"] as const,
    job: (id: string) => ["dashboard", "jobs", id] as const,
  },
  account: ["account"] as const,
  billing: ["billing"] as const,
  spotlight: {
    all: ["spotlight"] as const,
    me: ["spotlight", "me"] as const,
    company: (companyId: string) => ["spotlight", "company", companyId] as const,
    analytics: (companyId: string, version: number) => ["spotlight", "company", companyId, "analytics", version] as const,
  },
  admin: {
    me: ["admin", "me"] as const,
    /** Everything the console lists: an action invalidates it all. */
    data: ["admin", "data"] as const,
    /** One tab's list (GET /api/admin/<name>), by its filter. */
    list: (name: string, filter: { [key: string]: string | undefined }) => ["admin", "data", name, filter] as const,
    order: (id: string) => ["admin", "data", "order", id] as const,
  },
  mailbox: ["dev", "mailbox"] as const,
};

/**
 * A signed-in owner's own data (dashboard, account, billing, Spotlight, admin): read fresh on every visit,
 * as before TanStack Query, and dropped from the cache as soon as no screen shows it, so the next account
 * signed in on this browser never sees the last one's data. Writes invalidate it while it is shown.
 */
export const freshEachVisit = { staleTime: 0, gcTime: 0, retry: false } as const;
