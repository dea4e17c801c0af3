// Calls for the operator console (/admin, worker/admin/routes.ts). Failures throw ApiRequestError with the
// server's own message; a 404 from /api/admin/me means "not an admin" (the app then shows its 404 page).
import { ApiRequestError } from "./api";

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: "same-origin", cache: "no-store", ...init, headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) } });
  const body = (await res.json().catch(() => null)) as (T & { error?: string; issues?: { path: string; message: string }[] }) | null;
  if (!res.ok) throw new ApiRequestError(res.status, body?.error || `Request failed (${res.status})`, body?.issues);
  return body as T;
}

export const adminGet = <T>(path: string) => request<T>(`/api/admin${path}`);
export const adminPost = <T>(path: string, body: Record<string, unknown>) => request<T>(`/api/admin${path}`, { method: "POST", body: JSON.stringify(body) });

export interface AdminJob {
  id: string;
  title: string;
  company: string;
  state: "live" | "unpublished" | "deleted" | "expired" | "waiting" | "rejected";
  plan: string;
  enhancements: string[];
  email: string;
  source: string;
  createdAt: string;
}

/** A job waiting for review (MODERATION=on): GET /api/admin/moderation. */
export interface AdminReviewJob extends AdminJob {
  location: string;
  applyUrl: string | null;
  applyEmail: string | null;
  description: string;
  paidWith: "card" | "credit";
  orderId: string | null;
}

export interface AdminOrder {
  id: string;
  kind: string;
  status: string;
  amount: number;
  currency: string;
  refunded: number;
  customerEmail: string;
  jobId: string | null;
  items: { posts?: number; plan?: string; enhancements?: string[]; bundleName?: string | null; credits?: number; bundleId?: string | null };
  createdAt: string;
  fulfilledAt: string | null;
}

export interface AdminEvent {
  id: string;
  type: string;
  status: string;
  error: string | null;
  receivedAt: string;
  processedAt: string | null;
  replayable: boolean;
}

export interface AdminOrderDetail {
  order: AdminOrder;
  payments: { id: string; payment_intent_id: string | null; amount: number; currency: string; created_at: number }[];
  refunds: { id: string; amount: number; reason: string; status: string; last_error: string | null; created_at: number }[];
  events: AdminEvent[];
}

export interface AdminMail {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface AdminAccount {
  id: string;
  email: string;
  name: string;
  company: string;
  jobs: number;
  disabled: boolean;
  createdAt: string;
}

export interface AdminContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: number;
  handled_at: number | null;
  handled_by: string | null;
}

export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: string;
  created_at: number;
}
