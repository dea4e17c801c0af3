// The company page's and the subscription success page's calls to /api/spotlight and /api/companies (the
// Spotlight dashboard reads through web/client.ts and screens/spotlight/queries.ts). Each throws ApiRequestError with the server's message.
import type { ApiError } from "@rules/search";
import type { CompanyPageResponse, PreviewJobInput, SpotlightJobInput, SpotlightProfileInput, SpotlightState } from "@rules/spotlight";
import { ApiRequestError } from "../../api";

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      signal,
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiRequestError(0, navigator.onLine === false ? "No internet connection. Please reconnect and try again." : "The server could not be reached. Please try again.");
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = data as Partial<ApiError> | null;
    throw new ApiRequestError(res.status, err?.error || `Request failed (${res.status})`, err?.issues);
  }
  return data as T;
}

export interface SpotlightVerification {
  status: "active" | "pending" | "failed";
  companyId: string | null;
  activeUntil: string | null;
}

export const verifySpotlight = (sessionId: string, signal?: AbortSignal) =>
  request<SpotlightVerification>("GET", `/api/spotlight/verify${sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : ""}`, undefined, signal);

export const publishPreview = (company: SpotlightProfileInput | undefined, jobs: PreviewJobInput[]) =>
  request<{ count: number; companyId: string }>("POST", "/api/spotlight/publish-preview", { company, jobs });

const base = (companyId: string) => `/api/spotlight/companies/${encodeURIComponent(companyId)}`;

export const updateLiveJob = (companyId: string, jobId: string, job: SpotlightJobInput) =>
  request<{ state: SpotlightState }>("PUT", `${base(companyId)}/jobs/${encodeURIComponent(jobId)}`, { job });
export const setLiveJobPublished = (companyId: string, jobId: string, published: boolean) =>
  request<{ state: SpotlightState }>("POST", `${base(companyId)}/jobs/${encodeURIComponent(jobId)}/${published ? "publish" : "unpublish"}`);
export const deleteLiveJob = (companyId: string, jobId: string) => request<{ state: SpotlightState }>("DELETE", `${base(companyId)}/jobs/${encodeURIComponent(jobId)}`);

export const fetchCompanyPage = (id: string, signal?: AbortSignal) => request<CompanyPageResponse>("GET", `/api/companies/${encodeURIComponent(id)}`, undefined, signal);

