// The local mailbox's call, until that screen moves to the typed client (web/client.ts). Failures throw
// the client's ApiRequestError with the server's own message and per-field issues.
import type { MailboxMessage } from "@rules/mailbox";
import { ApiRequestError } from "./client";

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { ...init, headers: { Accept: "application/json", ...(init?.body ? { "Content-Type": "application/json" } : {}) } });
  const body = (await res.json().catch(() => null)) as (T & { error?: string; issues?: { path: string; message: string }[] }) | null;
  if (!res.ok) throw new ApiRequestError(res.status, body?.error || `Request failed (${res.status})`, body?.issues);
  return body as T;
}

export function fetchMailbox(): Promise<{ messages: MailboxMessage[] }> {
  return request("/api/dev/mailbox");
}
