// Fixed-window rate limits kept in D1 (table rate_limits), shared by sign-in and the contact form.
// One upsert counts the attempt and returns the count, so concurrent attempts cannot slip through
// (the SQL is in ./rateLimitStore.ts).
import { attemptsIn, countAttempt, deleteCounter } from "./rateLimitStore";

export interface RateLimit {
  /** e.g. "signin:ip:203.0.113.9" */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(db: D1Database, rule: RateLimit, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = now - (now % rule.windowMs);
  const count = await countAttempt(db, rule.key, windowStart);
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000) };
}

/** The current count without counting an attempt. */
export async function peekRateLimit(db: D1Database, rule: RateLimit, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = now - (now % rule.windowMs);
  const count = await attemptsIn(db, rule.key, windowStart);
  return { allowed: count < rule.limit, count, retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000) };
}

/**
 * Whole minutes until a limited client may try again, at least 1: the "in 11 minutes" of every limit's message (sign-in,
 * the contact form, the e-mails asked for), from the window's real end.
 */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** Forget the counter (e.g. after a successful sign-in, for the per-account limit). */
export async function resetRateLimit(db: D1Database, key: string): Promise<void> {
  await deleteCounter(db, key);
}

/** The client address as Cloudflare reports it; "local" in tests and local runs without the header. */
export function clientAddress(req: Request): string {
  return req.headers.get("CF-Connecting-IP") ?? req.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
