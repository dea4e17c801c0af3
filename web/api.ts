// Fetch helpers for the JSON API. Every helper throws ApiRequestError with the server's own error text
// (worker/http/errors.ts: { error, issues? }) when the answer is not ok.
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
