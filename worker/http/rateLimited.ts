// A route's rate limits as one step: every rule is counted; the first one exceeded answers 429 with
// Retry-After and the route's own message. The counting itself is worker/lib/rateLimit.ts.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { hitRateLimit, type RateLimit } from "../lib/rateLimit";
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
