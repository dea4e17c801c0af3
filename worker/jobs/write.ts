// Writing jobs: every insert or change that can affect search goes through here, so derived columns
// and duplicate groups stay right. Statements run in one D1 batch, which D1 applies as a transaction.
import { drizzle } from "drizzle-orm/d1";
import { jobs } from "../db/schema";
import { deriveJobRow, relevanceRank } from "./derive";
import type { JobInput, JobRow } from "./derive";
import { REFRESH_DUPLICATE_GROUP_SQL } from "./duplicates";

/** Statements that recompute the duplicate groups of these keys. */
export function refreshGroupsStatements(d1: D1Database, keys: Iterable<string>): D1PreparedStatement[] {
  return Array.from(new Set(keys), (k) => d1.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(k));
}

/** One INSERT per row (D1 caps bound parameters per statement). */
export function insertJobStatements(d1: D1Database, rows: JobRow[]): D1PreparedStatement[] {
  const db = drizzle(d1);
  return rows.map((r) => {
    const q = db.insert(jobs).values(r).toSQL();
    return d1.prepare(q.sql).bind(...q.params);
  });
}

export async function insertJobs(d1: D1Database, inputs: JobInput[], now = Date.now()): Promise<JobRow[]> {
  if (!inputs.length) return [];
  const rows = inputs.map((j) => deriveJobRow(j, now));
  await d1.batch([...insertJobStatements(d1, rows), ...refreshGroupsStatements(d1, rows.map((r) => r.dedupeKey))]);
  return rows;
}

/** What an operator may do to a job (worker/admin): each keeps derived columns and duplicate groups right. */
export type JobModeration = { kind: "unpublish" } | { kind: "restore" } | { kind: "delete" } | { kind: "enhancement"; enhancement: "featured" | "sticky"; on: boolean };

/** The UPDATE and the duplicate-group refresh for one operator action; `guard` (optional) conditions the UPDATE. */
export function moderateJobStatements(
  d1: D1Database,
  job: { id: string; dedupe_key: string; plan: string; enhancements: string },
  action: JobModeration,
  now = Date.now(),
  guard?: { sql: string; params: unknown[] },
): D1PreparedStatement[] {
  const when = guard ? ` AND ${guard.sql}` : "";
  const params = guard?.params ?? [];
  let update: D1PreparedStatement;
  if (action.kind === "unpublish") {
    update = d1.prepare(`UPDATE jobs SET published = 0, updated_at = ? WHERE id = ? AND published = 1${when}`).bind(now, job.id, ...params);
  } else if (action.kind === "restore") {
    // Back as it was before: undeleted, and live again if it had been published (paid) once and is not
    // waiting for review or rejected in review (worker/jobs/review.ts PUBLISHABLE_SQL).
    update = d1
      .prepare(`UPDATE jobs SET deleted_at = NULL, published = CASE WHEN published_at IS NOT NULL AND (review IS NULL OR review = 'approved') THEN 1 ELSE published END, updated_at = ? WHERE id = ?${when}`)
      .bind(now, job.id, ...params);
  } else if (action.kind === "delete") {
    update = d1.prepare(`UPDATE jobs SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL${when}`).bind(now, now, job.id, ...params);
  } else {
    const current = new Set(JSON.parse(job.enhancements) as string[]);
    if (action.on) current.add(action.enhancement);
    else current.delete(action.enhancement);
    const enhancements = [...current];
    update = d1
      .prepare(`UPDATE jobs SET enhancements = ?, relevance_rank = ?, updated_at = ? WHERE id = ?${when}`)
      .bind(JSON.stringify(enhancements), relevanceRank(job.plan, enhancements), now, job.id, ...params);
  }
  return [update, ...refreshGroupsStatements(d1, [job.dedupe_key])];
}

/**
 * A refunded job order: the job leaves the board (only when `guard` holds: the refund row this request wrote).
 * A job still waiting for review (MODERATION=on) is rejected with it, so it can never be approved unpaid.
 */
export function unpublishRefundedJobStatements(d1: D1Database, jobId: string, guard: { sql: string; params: unknown[] }, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(`UPDATE jobs SET published = 0, payment_status = 'refunded', review = CASE WHEN review = 'waiting' THEN 'rejected' ELSE review END, updated_at = ? WHERE id = ? AND ${guard.sql}`)
      .bind(now, jobId, ...guard.params),
    d1.prepare(REFRESH_DUPLICATE_GROUP_SQL.replace("dedupe_key = ?", "dedupe_key = (SELECT dedupe_key FROM jobs WHERE id = ?)")).bind(jobId),
  ];
}
