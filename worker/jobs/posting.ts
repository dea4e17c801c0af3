// A posted job: the validated form (worker/rules/posting.ts JobDetails) as a stored job row, owned by
// the signed-in user. Shared by card checkout, credit posts and Spotlight subscribers.
import { drizzle } from "drizzle-orm/d1";
import type { Guard } from "../checkout/guard";
import { jobs } from "../db/schema";
import type { JobDetails } from "../rules/posting";
import type { JobInput, JobRow } from "./derive";
import { REFRESH_DUPLICATE_GROUP_SQL } from "./duplicates";

export function jobInputFromDetails(details: JobDetails, owner: { userId: string; email: string }, extra: Partial<JobInput> = {}): JobInput {
  return {
    id: crypto.randomUUID(),
    title: details.title,
    company: details.company,
    logo: details.logo,
    website: details.website,
    location: details.location,
    stage: details.stage,
    category: details.category,
    type: details.type,
    salary: details.salary,
    equity: details.equity,
    tags: details.tags,
    description: details.description,
    applicationLink: details.applicationLink,
    applicationEmail: details.applicationEmail,
    // The apply target: the application link, else the application e-mail (the shared apply rule then
    // falls back to the website and the job e-mail).
    applyUrl: details.applicationLink || details.applicationEmail,
    email: owner.email,
    customerEmail: owner.email,
    userId: owner.userId,
    source: "post",
    ...extra,
  };
}

/** INSERT of a derived row that happens only when the guard holds. */
export function insertJobWhen(d1: D1Database, row: JobRow, guard: Guard): D1PreparedStatement {
  const q = drizzle(d1).insert(jobs).values(row).toSQL();
  const m = /^(insert into "jobs" \([^)]*\)) values \(([\s\S]*)\)$/.exec(q.sql);
  if (!m) throw new Error("Unexpected insert SQL shape");
  return d1.prepare(`${m[1]} SELECT ${m[2]} WHERE ${guard.sql}`).bind(...q.params, ...guard.params);
}

export const DUPLICATE_WINDOW_MS = 30 * 60 * 1000;

/**
 * Duplicate suppression: after a job goes live, the same user's other jobs with the
 * same title and company created in the last 30 minutes become is_duplicate of it and are unpublished.
 */
export function markDuplicatesStatements(
  d1: D1Database,
  job: { id: string; userId: string; dedupeKey: string },
  guard: Guard,
  now = Date.now(),
  /** Jobs the KV window remembers going live in the last 30 minutes (see recordDuplicateWindow). */
  windowIds: string[] = [],
): D1PreparedStatement[] {
  const ids = windowIds.filter((id) => id !== job.id).slice(0, 20);
  return [
    d1
      .prepare(
        `UPDATE jobs SET is_duplicate = 1, duplicate_of = ?, published = 0, updated_at = ?
         WHERE user_id = ? AND dedupe_key = ? AND id <> ? AND is_duplicate = 0
           AND (created_at >= ?${ids.length ? ` OR id IN (${ids.map(() => "?").join(", ")})` : ""}) AND ${guard.sql}`,
      )
      .bind(job.id, now, job.userId, job.dedupeKey, job.id, now - DUPLICATE_WINDOW_MS, ...ids, ...guard.params),
    d1.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(job.dedupeKey),
  ];
}

/** The 30-minute windows are also kept in KV DEDUPE with a TTL: one key per owner, title and company. */
export async function recordDuplicateWindow(kv: KVNamespace, job: { id: string; userId: string; dedupeKey: string }): Promise<void> {
  const key = `dup:${job.userId}:${job.dedupeKey}`;
  const prior = ((await kv.get<string[]>(key, "json")) ?? []).filter((id) => id !== job.id);
  await kv.put(key, JSON.stringify([...prior, job.id].slice(-20)), { expirationTtl: DUPLICATE_WINDOW_MS / 1000 });
}

/** Job ids this owner went live with under the same title and company in the last 30 minutes. */
export async function recentDuplicateIds(kv: KVNamespace, userId: string, dedupeKey: string): Promise<string[]> {
  return (await kv.get<string[]>(`dup:${userId}:${dedupeKey}`, "json")) ?? [];
}
