// Fetch helpers for the employer dashboard, account settings and billing, until those screens move to the
// typed client (web/client.ts). Every helper throws the client's ApiRequestError with the server's own
// error text (worker/http/errors.ts: { error, issues? }) when the answer is not ok.
import type { DailyPoint } from "@rules/analytics";
import type { ApiError, PublicJob } from "@rules/search";
import { ApiRequestError } from "./client";

export { ApiRequestError };
export type { CreditsResponse } from "./useCredits";

async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { headers: { Accept: "application/json" }, ...init });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = body as Partial<ApiError> | null;
    throw new ApiRequestError(res.status, err?.error || `Request failed (${res.status})`, err?.issues);
  }
  return body as T;
}

// ---- dashboard, account and billing calls (cookies carry the session; writes are same-origin) ----

function sendJson<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T> {
  return getJson<T>(path, {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// ---- the employer dashboard: my jobs, account settings, credit purchases ----

/** waiting / rejected: the operator's review, with MODERATION=on (worker/jobs/review.ts). */
export type DashboardJobStatus = "active" | "expired" | "inactive" | "waiting" | "rejected";

/** A job as its owner sees it (GET /api/dashboard/jobs): status and analytics besides the public fields. */
export interface DashboardJob extends PublicJob {
  updated_at: string;
  published: boolean;
  status: DashboardJobStatus;
  analytics: { views: number; clicks: number; clickRate: number; applies: number };
  /** A Spotlight job: managed on /spotlight/live, with its last 30 days (worker/dashboard/jobs.ts). */
  spotlight?: { status: "preview" | "live" | "expired"; manageUrl: string; daily: DailyPoint[] };
}

/** The fields the edit screen sends (PATCH /api/dashboard/jobs/:id). */
export interface JobUpdate {
  title: string;
  company: string;
  location: string;
  category: string;
  salary: string;
  equity: string;
  description: string;
  apply_url: string;
}

const dashboardJobPath = (id: string) => `/api/dashboard/jobs/${encodeURIComponent(id)}`;

export async function fetchDashboardJobs(signal?: AbortSignal): Promise<DashboardJob[]> {
  const body = await getJson<{ jobs: DashboardJob[] }>("/api/dashboard/jobs", { credentials: "same-origin", cache: "no-store", signal });
  return body.jobs;
}

export async function fetchDashboardJob(id: string, signal?: AbortSignal): Promise<DashboardJob> {
  const body = await getJson<{ job: DashboardJob }>(dashboardJobPath(id), { credentials: "same-origin", cache: "no-store", signal });
  return body.job;
}

export async function updateDashboardJob(id: string, update: JobUpdate): Promise<DashboardJob> {
  const body = await sendJson<{ job: DashboardJob }>("PATCH", dashboardJobPath(id), update);
  return body.job;
}

export async function setJobActive(id: string, active: boolean): Promise<DashboardJob> {
  const body = await sendJson<{ job: DashboardJob }>("POST", `${dashboardJobPath(id)}/${active ? "activate" : "deactivate"}`);
  return body.job;
}

export function deleteDashboardJob(id: string): Promise<{ ok: true }> {
  return sendJson("DELETE", dashboardJobPath(id));
}

/** The repost answer when no post is left (409, code "no_posts"): the screen offers to buy more. */
export class NoPostsLeftError extends ApiRequestError {}

export interface RepostResult {
  job: DashboardJob;
  bundleRemaining: number;
  totalPostsRemaining: number;
}

export async function repostDashboardJob(id: string): Promise<RepostResult> {
  const res = await fetch(`${dashboardJobPath(id)}/repost`, { method: "POST", credentials: "same-origin", headers: { Accept: "application/json" } });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = body as (Partial<ApiError> & { code?: string }) | null;
    const message = err?.error || `Request failed (${res.status})`;
    throw err?.code === "no_posts" ? new NoPostsLeftError(res.status, message) : new ApiRequestError(res.status, message, err?.issues);
  }
  return body as RepostResult;
}

export interface AccountSettings {
  email: string;
  name: string;
  company: string;
}

export function fetchAccount(signal?: AbortSignal): Promise<AccountSettings> {
  return getJson<AccountSettings>("/api/account", { credentials: "same-origin", cache: "no-store", signal });
}

export function saveAccount(settings: { name: string; company: string }): Promise<AccountSettings> {
  return sendJson("PATCH", "/api/account", settings);
}

// ---- billing (/dashboard/billing) ----

export function fetchBilling(signal?: AbortSignal): Promise<import("@rules/billing").BillingResponse> {
  return getJson("/api/billing", { credentials: "same-origin", cache: "no-store", signal });
}

/** "Manage subscription": the provider's page (Stripe's Customer Portal; the emulator's page locally). */
export function openBillingPortal(): Promise<{ url: string }> {
  return sendJson("POST", "/api/billing/portal");
}
