// The query keys of the web's one fetching layer (web/queryClient.ts), in one place so a write
// invalidates exactly what a screen reads. A key's first word names the resource; invalidating a prefix
// (e.g. keys.dashboard.all, keys.credits) refreshes everything under it.
export const keys = {
  /** GET /api/auth/me (and what sign-in, sign-up, refresh and sign-out answer). */
  session: ["session"] as const,
  /** One history entry's job listing: its canonical query and the entry's key (useJobSearch.ts). */
  jobList: (query: string, entry: string) => ["jobs", "list", query, entry] as const,
  jobLists: ["jobs", "list"] as const,
  /** GET /api/jobs/:id */
  job: (id: string) => ["jobs", "detail", id] as const,
  /** GET /api/companies/:id (the owner gets their own view, so the viewer is part of the key). */
  company: (id: string, viewer: string | null) => ["companies", id, viewer] as const,
  /** Every user's credits (a prefix, for invalidation). */
  credits: ["credits"] as const,
  /** GET /api/credits for the signed-in user. */
  creditsFor: (userId: string | null) => ["credits", userId] as const,
  /** GET /api/saved: the signed-in user's saved jobs. */
  saved: ["saved"] as const,
  /** POST /api/saved/lookup: the state of this browser's saves (signed out), by their ids. */
  browserSaved: (ids: string) => ["saved", "browser", ids] as const,
  /** GET /api/applications: the signed-in candidate's applications. */
  applications: ["applications"] as const,
  /** GET /api/dashboard/applications/counts: an owner's applications per job. */
  applicationCounts: ["dashboard", "applications", "counts"] as const,
  /** GET /api/dashboard/applications?jobId=: one job's inbox. */
  inbox: (jobId: string) => ["dashboard", "applications", jobId] as const,
  /** GET /api/contact/config */
  contactConfig: ["contact", "config"] as const,
  /** A success page's payment check (usePaymentVerification.ts). */
  paymentCheck: (page: string, ...ids: string[]) => ["payment-check", page, ...ids] as const,
  dashboard: {
    all: ["dashboard"] as const,
    jobs: ["dashboard", "jobs"] as const,
    job: (id: string) => ["dashboard", "jobs", id] as const,
  },
  account: ["account"] as const,
  passkeys: ["account", "passkeys"] as const,
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
    jobHistory: (id: string) => ["admin", "data", "job-history", id] as const,
  },
  mailbox: ["dev", "mailbox"] as const,
};

/**
 * A signed-in owner's own data (dashboard, account, billing, Spotlight, admin): read fresh on every visit,
 * and dropped from the cache as soon as no screen shows it, so the next account signed in on this
 * browser never sees the last one's data. Writes invalidate it while it is shown.
 */
export const freshEachVisit = { staleTime: 0, gcTime: 0, retry: false } as const;
