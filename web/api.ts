// Fetch helpers for the JSON API. Every helper throws ApiRequestError with the server's own error text
// (worker/http/errors.ts: { error, issues? }) when the answer is not ok.
import type { Enhancement, Plan } from "@rules/lists";
import type { SessionResponse } from "@rules/auth";
import type { JobDetailsInput } from "@rules/posting";
import type { ApiError, JobListResponse, PublicJob } from "@rules/search";
import { ApiRequestError } from "./client";

// One error class for both ways of calling (these helpers and web/client.ts), so `instanceof` holds everywhere.
export { ApiRequestError };

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

/** Counts a view when a card is expanded in the list. Fire-and-forget. */
export function recordCardView(id: string): void {
  fetch(`/api/jobs/${encodeURIComponent(id)}/view`, { method: "POST", keepalive: true }).catch(() => {});
}

/** Counts a view of the detail page (GET /api/jobs/:id is a pure read). Fire-and-forget. */
export function recordJobView(id: string): void {
  recordCardView(id);
}

/** Counts a company page view. Fire-and-forget. */
export function recordCompanyView(id: string): void {
  fetch(`/api/companies/${encodeURIComponent(id)}/view`, { method: "POST", keepalive: true }).catch(() => {});
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
  activeBundle: { id: string; bundle: string; name: string; jobCount: number; postsRemaining: number; expiresAt: string | number } | null;
  /** Usable grants, oldest bought first (the one spent by default). */
  grants: UsableCredit[];
}

/** One usable credit grant: what each of its credits posts, and how many are left. */
export interface UsableCredit {
  id: string;
  /** "4 Premium posts with Highlight and Sticky" */
  description: string;
  bundle: string;
  name: string;
  plan: Plan;
  enhancements: Enhancement[];
  postsRemaining: number;
  expiresAt: string;
  createdAt: string;
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
  /** MODERATION=on: "waiting" until an operator approves the job (worker/jobs/review.ts). */
  review?: "waiting" | "approved" | "rejected" | null;
}

export async function postJobWithCredit(job: JobDetailsInput, submissionId: string, email?: string, grantId?: string): Promise<PostedJob> {
  const body = await sendJson<{ job: PostedJob }>("POST", "/api/jobs/with-credit", { job, submissionId, ...(email ? { email } : {}), ...(grantId ? { grantId } : {}) });
  return body.job;
}

/** Spotlight subscribers post without paying: unlimited posts, published at once on their company page. */
export async function postSpotlightJob(job: JobDetailsInput, submissionId: string, email?: string): Promise<PostedJob> {
  const body = await sendJson<{ job: PostedJob }>("POST", "/api/spotlight/post-job", { job, submissionId, ...(email ? { email } : {}) });
  return body.job;
}

export interface CheckoutVerification {
  /** refunded: the payment bought nothing (the posting was already paid for) and was given back. */
  status: "paid" | "pending" | "failed" | "expired" | "refunded";
  /** The checkout is complete but its payment (a bank transfer) has not cleared yet. */
  paymentProcessing?: boolean;
  kind: "job" | "credits" | "spotlight";
  job?: PostedJob;
  credits?: unknown;
}

/** The success pages' lookup of a job just posted: only its signed-in owner gets it; anyone else a 404. */
export async function fetchPostedJob(id: string, signal?: AbortSignal): Promise<PostedJob> {
  const body = await getJson<{ job: PostedJob }>(`/api/checkout/posted/${encodeURIComponent(id)}`, { credentials: "same-origin", cache: "no-store", signal });
  return body.job;
}

export function verifyCheckout(sessionId: string, signal?: AbortSignal): Promise<CheckoutVerification> {
  return getJson<CheckoutVerification>(`/api/checkout/verify?session_id=${encodeURIComponent(sessionId)}`, { credentials: "same-origin", cache: "no-store", signal });
}

// ---- credit purchases ----

/** What is bought (a catalogue bundle or a custom quantity), never an amount: the server prices it. */
export type CreditPurchase = { bundleId: string } | { customQuantity: number };

export function startCreditCheckout(purchase: CreditPurchase): Promise<{ id: string; url: string; orderId: string }> {
  return sendJson("POST", "/api/checkout/credits", purchase);
}

/** The credits part of GET /api/checkout/verify for a credit purchase. */
export interface CreditGrant {
  bundle: string;
  credits: number;
}
