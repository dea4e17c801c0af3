// The history of a paid job's edits (job_edits, issue 22 item 15): the one module that writes it. The
// owner's edit writes one row in its own batch (what the edited fields were, what they became); the
// operator console reads them.
export interface JobEditFields {
  title: string;
  company: string;
  location: string;
  category: string;
  salary: string;
  equity: string;
  description: string;
  applyUrl: string;
  /** Absent in edits saved before the edit form had it. */
  applications?: boolean;
}

export interface JobEditRow {
  id: string;
  job_id: string;
  user_id: string;
  before: string;
  after: string;
  created_at: number;
}

/**
 * One edit, for the edit's batch (worker/jobs/store.ts editJob runs it before the job's UPDATE). With the
 * `version` the edit is guarded by (decision 0250), it is written only while the job still has it: a stale
 * save's edit, which changes nothing, is not in the history.
 */
export function jobEditStatement(db: D1Database, e: { jobId: string; userId: string; before: JobEditFields; after: JobEditFields; version?: number }, now = Date.now()): D1PreparedStatement {
  const values = [crypto.randomUUID(), e.jobId, e.userId, JSON.stringify(e.before), JSON.stringify(e.after), now];
  if (e.version === undefined) return db.prepare("INSERT INTO job_edits (id, job_id, user_id, before, after, created_at) VALUES (?, ?, ?, ?, ?, ?)").bind(...values);
  return db
    .prepare("INSERT INTO job_edits (id, job_id, user_id, before, after, created_at) SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ? AND updated_at = ?)")
    .bind(...values, e.jobId, e.version);
}

/** A job's edits, oldest first. */
export async function jobEdits(db: D1Database, jobId: string, limit = 200): Promise<JobEditRow[]> {
  const { results } = await db.prepare(`SELECT * FROM job_edits WHERE job_id = ? ORDER BY created_at, id LIMIT ${limit}`).bind(jobId).all<JobEditRow>();
  return results;
}
