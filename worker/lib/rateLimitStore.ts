// The rate_limits table (fixed windows, worker/lib/rateLimit.ts): one counter row per key.

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
