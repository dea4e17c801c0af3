// The TanStack Query keys of the web app (web/queryClient.ts), one factory per resource, so a screen that
// reads and a write that invalidates name the same key.
export const queryKeys = {
  /** GET /api/auth/me (and what sign-in, sign-up, refresh and sign-out answer). */
  session: ["session"] as const,
  /** One history entry's job listing: its canonical query and the entry's key (useJobSearch.ts). */
  jobList: (query: string, entry: string) => ["jobs", "list", query, entry] as const,
  jobLists: ["jobs", "list"] as const,
  /** GET /api/jobs/:id */
  job: (id: string) => ["jobs", "detail", id] as const,
  /** GET /api/companies/:id (the owner gets their own view, so the viewer is part of the key). */
  company: (id: string, viewer: string | null) => ["companies", id, viewer] as const,
  /** GET /api/credits for the signed-in user. */
  credits: (userId: string | null) => ["credits", userId] as const,
  /** GET /api/contact/config */
  contactConfig: ["contact", "config"] as const,
  /** A success page's payment check (usePaymentVerification.ts). */
  paymentCheck: (page: string, ...ids: string[]) => ["payment-check", page, ...ids] as const,
};
