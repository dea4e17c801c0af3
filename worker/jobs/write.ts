// Writing jobs: every insert or change that can affect search goes through here, so derived columns
// and duplicate groups stay right. Statements run in one D1 batch, which D1 applies as a transaction.
import { drizzle } from "drizzle-orm/d1";
import { jobs } from "../db/schema";
import { deriveJobRow } from "./derive";
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
