// Calls to /api/spotlight and the company pages. Each throws ApiRequestError with the server's message.
import type { CompanyAnalytics } from "@rules/analytics";
import type { ApiError } from "@rules/search";
import type {
  CompanyPageResponse,
  PreviewJobInput,
  SpotlightJobInput,
  SpotlightMe,
  SpotlightProfileInput,
  SpotlightState,
} from "@rules/spotlight";
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

export const fetchSpotlightMe = (signal?: AbortSignal) => request<SpotlightMe>("GET", "/api/spotlight/me", undefined, signal);

export const saveCompany = (profile: SpotlightProfileInput) => request<{ companyId: string; state: SpotlightState }>("POST", "/api/spotlight/company", profile);

export const uploadPreviewJobs = (jobs: PreviewJobInput[]) => request<{ imported: number; skipped: number }>("POST", "/api/spotlight/company/preview-jobs", { jobs });

export const startSpotlightCheckout = (previewJobCount: number) => request<{ id: string; url: string }>("POST", "/api/spotlight/checkout", { previewJobCount });

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

export const fetchLiveState = (companyId: string, signal?: AbortSignal) => request<{ state: SpotlightState }>("GET", base(companyId), undefined, signal);
export const updateProfile = (companyId: string, profile: SpotlightProfileInput) => request<{ state: SpotlightState }>("PUT", `${base(companyId)}/profile`, profile);
export const createLiveJob = (companyId: string, job: SpotlightJobInput, published: boolean) =>
  request<{ id: string; state: SpotlightState }>("POST", `${base(companyId)}/jobs`, { job, published });
export const updateLiveJob = (companyId: string, jobId: string, job: SpotlightJobInput) =>
  request<{ state: SpotlightState }>("PUT", `${base(companyId)}/jobs/${encodeURIComponent(jobId)}`, { job });
export const setLiveJobPublished = (companyId: string, jobId: string, published: boolean) =>
  request<{ state: SpotlightState }>("POST", `${base(companyId)}/jobs/${encodeURIComponent(jobId)}/${published ? "publish" : "unpublish"}`);
export const deleteLiveJob = (companyId: string, jobId: string) => request<{ state: SpotlightState }>("DELETE", `${base(companyId)}/jobs/${encodeURIComponent(jobId)}`);
export const publishLiveCompany = (companyId: string) => request<{ state: SpotlightState }>("POST", `${base(companyId)}/publish`);
/** Advanced Analytics: page views and each job's last 30 days (owner only). */
export const fetchCompanyAnalytics = (companyId: string, signal?: AbortSignal) => request<CompanyAnalytics>("GET", `${base(companyId)}/analytics`, undefined, signal);
export const unpublishLiveCompany = (companyId: string) => request<{ state: SpotlightState }>("POST", `${base(companyId)}/unpublish`);

export function socketUrl(companyId: string): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}${base(companyId)}/socket`;
}

export const fetchCompanyPage = (id: string, signal?: AbortSignal) => request<CompanyPageResponse>("GET", `/api/companies/${encodeURIComponent(id)}`, undefined, signal);

export const notifyMe = (companyId: string, email: string) =>
  request<{ ok: true; message: string; confirm: string }>("POST", `/api/companies/${encodeURIComponent(companyId)}/notify`, { email });
