// The benchmark's stand-in for the original app's read: every published, undeleted job, newest first.
import type { PublicJobRow } from "../jobs/present";

export interface FullRow extends PublicJobRow {
  description_text: string;
  deleted_at: number | null;
}

export async function allPublishedJobs(db: D1Database): Promise<FullRow[]> {
  const { results } = await db.prepare("SELECT * FROM jobs WHERE published = 1 AND deleted_at IS NULL ORDER BY created_at DESC").all<FullRow>();
  return results;
}
