// Saved jobs (issue 26): the one writer of `saved_jobs`, and its reads. A save is one row per user and job
// (INSERT … ON CONFLICT DO NOTHING), so saving twice, or ten times at once, keeps one.
import { presentJob } from "../jobs/present";
import type { PublicJobRow } from "../jobs/present";
import { PUBLIC_JOB_COLUMNS } from "../jobs/search";
import { SAVED_MAX, jobFingerprint } from "../rules/saved";
import type { BrowserSave, SavedJob, SavedStatus } from "../rules/saved";

type JobState = PublicJobRow & { published: number; deleted_at: number | null; found: number | null };
const JOB_COLUMNS = `${PUBLIC_JOB_COLUMNS}, j.published, j.deleted_at, 1 AS found`;

/** What a save keeps of the job: its title, company and fingerprint, read from the row at the moment of saving. */
const FROM_JOB = "SELECT ?, j.id, ?, j.title, j.company, ? FROM jobs j WHERE j.id = ?";

/** Saves a live job for the user, once; false when no live job has that id. */
export async function saveJob(d1: D1Database, userId: string, jobId: string, now = Date.now()): Promise<boolean> {
  const row = await d1.prepare(`SELECT ${JOB_COLUMNS} FROM jobs j WHERE j.id = ? AND j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?`).bind(jobId, now).first<JobState>();
  if (!row) return false;
  await d1
    .prepare(`INSERT INTO saved_jobs (user_id, job_id, saved_at, title, company, fingerprint) ${FROM_JOB} ON CONFLICT (user_id, job_id) DO NOTHING`)
    .bind(userId, now, jobFingerprint(presentJob(row)), jobId)
    .run();
  return true;
}

/** Removes a save; false when there was none. */
export async function unsaveJob(d1: D1Database, userId: string, jobId: string): Promise<boolean> {
  const res = await d1.prepare("DELETE FROM saved_jobs WHERE user_id = ? AND job_id = ?").bind(userId, jobId).run();
  return res.meta.changes > 0;
}

/**
 * The browser's saves, moved into the account at sign-in: each job that still exists is saved with the time and
 * fingerprint the browser kept (a save already in the account stays as it is). One batch; the count added.
 */
export async function mergeBrowserSaves(d1: D1Database, userId: string, items: BrowserSave[], now = Date.now()): Promise<number> {
  const unique = [...new Map(items.map((i) => [i.jobId, i])).values()].slice(0, SAVED_MAX);
  if (!unique.length) return 0;
  const results = await d1.batch(
    unique.map((i) =>
      d1
        .prepare(`INSERT INTO saved_jobs (user_id, job_id, saved_at, title, company, fingerprint) ${FROM_JOB} ON CONFLICT (user_id, job_id) DO NOTHING`)
        .bind(userId, Math.min(i.savedAt, now), i.fingerprint, i.jobId),
    ),
  );
  return results.reduce((n, r) => n + r.meta.changes, 0);
}

function statusOf(row: JobState | null, now: number): SavedStatus {
  if (!row?.found || row.deleted_at !== null || !row.published) return "removed";
  return row.expires_at !== null && row.expires_at <= now ? "expired" : "live";
}

function present(save: { jobId: string; savedAt: number; title: string; company: string; fingerprint: string }, row: JobState | null, now: number): SavedJob {
  const status = statusOf(row, now);
  const job = status === "removed" || !row ? null : presentJob(row);
  return {
    jobId: save.jobId,
    savedAt: new Date(save.savedAt).toISOString(),
    title: job?.title ?? save.title,
    company: job?.company ?? save.company,
    status,
    changed: Boolean(job && save.fingerprint && jobFingerprint(job) !== save.fingerprint),
    job,
  };
}

type SavedRow = JobState & { s_job_id: string; s_saved_at: number; s_title: string; s_company: string; s_fingerprint: string };

/** The user's saves, newest saved first, each with its job's state. One statement. */
export async function listSavedJobs(d1: D1Database, userId: string, now = Date.now()): Promise<SavedJob[]> {
  const { results } = await d1
    .prepare(
      `SELECT s.job_id AS s_job_id, s.saved_at AS s_saved_at, s.title AS s_title, s.company AS s_company, s.fingerprint AS s_fingerprint, ${JOB_COLUMNS}
       FROM saved_jobs s LEFT JOIN jobs j ON j.id = s.job_id
       WHERE s.user_id = ? ORDER BY s.saved_at DESC, s.job_id LIMIT ?`,
    )
    .bind(userId, SAVED_MAX)
    .all<SavedRow>();
  return results.map((r) => present({ jobId: r.s_job_id, savedAt: r.s_saved_at, title: r.s_title, company: r.s_company, fingerprint: r.s_fingerprint }, r, now));
}

/** The same list for saves kept in a browser (not signed in): their jobs' state, newest saved first. */
export async function describeBrowserSaves(d1: D1Database, items: BrowserSave[], now = Date.now()): Promise<SavedJob[]> {
  const unique = [...new Map(items.map((i) => [i.jobId, i])).values()].slice(0, SAVED_MAX);
  if (!unique.length) return [];
  const { results } = await d1
    .prepare(`SELECT ${JOB_COLUMNS} FROM jobs j WHERE j.id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(unique.map((i) => i.jobId)))
    .all<JobState>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return unique.sort((a, b) => b.savedAt - a.savedAt || a.jobId.localeCompare(b.jobId)).map((i) => present({ ...i, title: "", company: "" }, byId.get(i.jobId) ?? null, now));
}

/** Every save of a user, for "Download my data". */
export async function exportSavedJobs(d1: D1Database, userId: string): Promise<{ jobId: string; savedAt: number; title: string; company: string }[]> {
  const { results } = await d1
    .prepare("SELECT job_id AS jobId, saved_at AS savedAt, title, company FROM saved_jobs WHERE user_id = ? ORDER BY saved_at DESC")
    .bind(userId)
    .all<{ jobId: string; savedAt: number; title: string; company: string }>();
  return results;
}

/** The statement that removes every save of a user, for "Delete my account"'s batch. */
export function deleteSavedJobsStatement(d1: D1Database, userId: string): D1PreparedStatement {
  return d1.prepare("DELETE FROM saved_jobs WHERE user_id = ?").bind(userId);
}
