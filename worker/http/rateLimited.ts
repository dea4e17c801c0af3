// A route's rate limits as one step: every rule is counted; the first one exceeded answers 429 with
// Retry-After and the route's own message. The counting itself is worker/lib/rateLimit.ts.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { hitRateLimit, minutesToWait, type RateLimit, type RateLimitResult } from "../lib/rateLimit";
import { m } from "../rules/serverMessages";
import { HttpError } from "./errors";

export async function enforceRateLimits(c: Context<AppEnv, string, object>, rules: readonly RateLimit[], message: string, now = Date.now()): Promise<void> {
  for (const rule of rules) {
    const limit = await hitRateLimit(c.env.DB, rule, now);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      throw new HttpError(429, message);
    }
  }
}

/** Too many e-mails asked for, and when to try again: «يُرجى المحاولة لاحقًا» alone gave no time (the twentieth reading). */
export function tooManyEmails(limit: RateLimitResult): HttpError {
  const minutes = minutesToWait(limit.retryAfterSeconds);
  return new HttpError(429, m(minutes === 1 ? "server.auth.tooManyEmailsOne" : "server.auth.tooManyEmails", { minutes }));
}
