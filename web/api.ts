// Fetch helpers for the JSON API. Every helper throws ApiRequestError with the server's own error text
// (worker/http/errors.ts: { error, issues? }) when the answer is not ok.
import type { SessionResponse } from "../worker/rules/auth";
import type { JobDetailsInput } from "../worker/rules/posting";
import type { ApiError, JobListResponse, PublicJob } from "../worker/rules/search";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiError["issues"] = [],
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { headers: { Accept: "application/json" }, ...init });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = body as Partial<ApiError> | null;
    throw new ApiRequestError(res.status, err?.error || `Request failed (${res.status})`, err?.issues);
  }
  return body as T;
}

/** One page of GET /api/jobs for the filters in `query` (the page's own URL query), after `cursor`. */
export function fetchJobs(query: URLSearchParams, cursor: string | null, signal?: AbortSignal): Promise<JobListResponse> {
  const params = new URLSearchParams(query);
  if (cursor) params.set("cursor", cursor);
  const qs = params.toString();
  return getJson<JobListResponse>(qs ? `/api/jobs?${qs}` : "/api/jobs", { signal });
}

export async function fetchJob(id: string, signal?: AbortSignal): Promise<PublicJob> {
  const body = await getJson<{ job: PublicJob }>(`/api/jobs/${encodeURIComponent(id)}`, { signal });
  return body.job;
}

/** Counts an apply click. Fire-and-forget: a failure must never block the visitor from applying. */
export function recordApplyClick(id: string): void {
  fetch(`/api/jobs/${encodeURIComponent(id)}/apply-click`, { method: "POST", keepalive: true }).catch(() => {});
}

// ---- accounts, uploads, credits, checkout (cookies carry the session; writes are same-origin) ----

function sendJson<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T> {
  return getJson<T>(path, {
    method,
    credentials: "same-origin",
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function fetchSession(): Promise<SessionResponse> {
  return getJson<SessionResponse>("/api/auth/me", { credentials: "same-origin", cache: "no-store" });
}

export function signInRequest(email: string, password: string): Promise<SessionResponse> {
  return sendJson("POST", "/api/auth/sign-in", { email, password });
}

export function signUpRequest(input: { email: string; password: string; name?: string; company?: string }): Promise<SessionResponse> {
  return sendJson("POST", "/api/auth/sign-up", input);
}

export function refreshRequest(): Promise<SessionResponse> {
  return sendJson("POST", "/api/auth/refresh");
}

export function signOutRequest(): Promise<{ ok: true }> {
  return sendJson("POST", "/api/auth/sign-out");
}

/** POST /api/uploads/logo: the uploaded logo's public URL. */
export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const body = await getJson<{ url: string }>("/api/uploads/logo", { method: "POST", credentials: "same-origin", body: form });
  return body.url;
}

export interface CreditsResponse {
  bundlePostsRemaining: number;
  individualPostsRemaining: number;
  totalPostsRemaining: number;
  activeBundle: { id: string; bundle: string; jobCount: number; postsRemaining: number; expiresAt: string | number } | null;
}

export function fetchCredits(signal?: AbortSignal): Promise<CreditsResponse> {
  return getJson<CreditsResponse>("/api/credits", { credentials: "same-origin", cache: "no-store", signal });
}

export interface JobPurchase {
  plan: string | null;
  enhancements: string[];
  selectedBundle: string | null;
  quantity: number;
  email: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
  jobId: string;
  orderId: string;
}

/** Starts a card checkout for a new job. What is bought goes up, never an amount: the server prices it. */
export function startJobCheckout(job: JobDetailsInput, purchase: JobPurchase, submissionId: string): Promise<CheckoutSession> {
  return sendJson("POST", "/api/checkout/job", { job, purchase, submissionId });
}

/** A job as the owner sees it right after posting (published or not yet). */
export interface PostedJob {
  id: string;
  title: string;
  company: string;
  category: string;
  location: string;
  email?: string;
  created_at: string;
  published?: boolean;
}

export async function postJobWithCredit(job: JobDetailsInput, submissionId: string, email?: string): Promise<PostedJob> {
  const body = await sendJson<{ job: PostedJob }>("POST", "/api/jobs/with-credit", { job, submissionId, ...(email ? { email } : {}) });
  return body.job;
}

export interface CheckoutVerification {
  status: "paid" | "pending" | "failed" | "expired";
  kind: "job" | "credits" | "spotlight";
  job?: PostedJob;
  credits?: unknown;
}

export function verifyCheckout(sessionId: string, signal?: AbortSignal): Promise<CheckoutVerification> {
  return getJson<CheckoutVerification>(`/api/checkout/verify?session_id=${encodeURIComponent(sessionId)}`, { credentials: "same-origin", cache: "no-store", signal });
}
