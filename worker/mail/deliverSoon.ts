// Deliver right after enqueueing, without making the visitor wait: the cron retries whatever this misses.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { deliverOutbox } from "./deliver";
import { logError } from "../lib/log";

export function deliverSoon(c: Context<AppEnv>): void {
  const run = deliverOutbox(c.env).catch((err: unknown) => logError("outbox.deliver_soon_failed", err));
  try {
    c.executionCtx.waitUntil(run);
  } catch {
    // No execution context (e.g. app.request in a unit test): the promise still runs.
  }
}
