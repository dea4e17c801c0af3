// Calls for the contact form and job alerts. Failures throw ApiRequestError with the
// server's own message and per-field issues (web/api.ts).
import type { ContactConfig, ContactInput } from "@rules/contact";
import { ApiRequestError } from "./api";

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { ...init, headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) } });
  const body = (await res.json().catch(() => null)) as (T & { error?: string; issues?: { path: string; message: string }[] }) | null;
  if (!res.ok) throw new ApiRequestError(res.status, body?.error || `Request failed (${res.status})`, body?.issues);
  return body as T;
}

export function fetchContactConfig(): Promise<ContactConfig> {
  return request<ContactConfig>("/api/contact/config");
}

export function sendContactMessage(input: ContactInput): Promise<{ ok: true }> {
  return request("/api/contact", { method: "POST", body: JSON.stringify(input) });
}

/** Saves the /jobs filters (the page's query string) as an alert for `email`; a confirmation mail follows. */
export function createAlert(email: string, query: string): Promise<{ ok: true; message: string }> {
  return request("/api/alerts", { method: "POST", body: JSON.stringify({ email, query }) });
}
