// Structured logs: one JSON object per line, which Workers Logs (wrangler.toml [observability]) indexes.
// Every line written while a request (or a scheduled run) is handled carries its id, taken from an
// AsyncLocalStorage scope, so no function has to pass the id along. Only what is passed explicitly is
// logged: never request bodies, headers, cookies, query strings or configuration values.
import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "info" | "warn" | "error";

const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };

/** LOG_LEVEL (a var): the least severe level written; anything else reads as "info". */
export function parseLogLevel(value: string | undefined): LogLevel {
  return value === "warn" || value === "error" ? value : "info";
}

interface LogScope {
  requestId: string;
  minLevel: LogLevel;
  /** Set once the request knows who is asking (worker/auth/middleware.ts). */
  userId?: string;
}

const scope = new AsyncLocalStorage<LogScope>();

/** Runs `fn` with every log line inside it tagged with `requestId`. */
export function withLogScope<T>(requestId: string, minLevel: LogLevel, fn: () => T): T {
  return scope.run({ requestId, minLevel }, fn);
}

/** Records the signed-in user for the rest of this request's log lines. */
export function setLogUser(userId: string | undefined): void {
  const s = scope.getStore();
  if (s && userId) s.userId = userId;
}

/** An error as plain fields: its name, message and stack, nothing else it may carry. */
export function errorFields(err: unknown): { error: { name: string; message: string; stack?: string } } {
  if (err instanceof Error) return { error: { name: err.name, message: err.message, stack: err.stack } };
  return { error: { name: "NonError", message: String(err) } };
}

export function log(level: LogLevel, event: string, fields: Record<string, unknown> = {}): void {
  const s = scope.getStore();
  if (s && RANK[level] < RANK[s.minLevel]) return;
  const line = JSON.stringify({ level, event, ...(s ? { requestId: s.requestId, ...(s.userId ? { userId: s.userId } : {}) } : {}), ...fields, time: new Date().toISOString() });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** An unexpected failure with its context: `logError("outbox.delivery_failed", err, { mailId })`. */
export function logError(event: string, err: unknown, fields: Record<string, unknown> = {}): void {
  log("error", event, { ...fields, ...errorFields(err) });
}
