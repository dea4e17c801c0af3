// The rate_limits table (fixed windows, worker/lib/rateLimit.ts): one counter row per key, deleted daily once
// its window is long over (purgeStaleCounters).
import { RATE_LIMIT_RETENTION_DAYS } from "../rules/retention";
import { DAY } from "../rules/time";

/** Counts one attempt in the window starting at `windowStart` (a new window starts at 1); the count after it. One upsert, so concurrent attempts cannot slip through. */
export async function countAttempt(db: D1Database, key: string, windowStart: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

/** The count in the window starting at `windowStart`, without counting. */
export async function attemptsIn(db: D1Database, key: string, windowStart: number): Promise<number> {
  const row = await db.prepare("SELECT count FROM rate_limits WHERE key = ? AND window_start = ?").bind(key, windowStart).first<{ count: number }>();
  return row?.count ?? 0;
}

export async function deleteCounter(db: D1Database, key: string): Promise<void> {
  await db.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key).run();
}

/**
 * How long a counter row is kept after its window started: twice the longest window (24 hours, the alerts' and
 * "Notify me"'s per-address limits), so no live window is cut short. Its key names a client's IP address or an
 * e-mail address, which serve nothing once the window is over.
 */
const RATE_LIMIT_ROW_TTL_MS = RATE_LIMIT_RETENTION_DAYS * DAY;

/** The daily purge (worker/scheduled.ts): counters whose window started over RATE_LIMIT_ROW_TTL_MS ago; the count deleted. */
export async function purgeStaleCounters(db: D1Database, now: number): Promise<number> {
  const res = await db
    .prepare("DELETE FROM rate_limits WHERE window_start < ?")
    .bind(now - RATE_LIMIT_ROW_TTL_MS)
    .run();
  return res.meta.changes;
}
