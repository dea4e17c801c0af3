// Applications (issue 26): the one writer of `applications`, and its reads. One application per job and address
// (a unique index), so an identical submit, or ten at once, makes one; the e-mails and the "applies" count go in
// the same batch, guarded by the new row's existence, so they happen once too.
import { countApplicationStatements } from "../analytics/count";
import type { Guard } from "../checkout/guard";
import { enqueueMail, enqueueMailWhen } from "../mail/outbox";
import type { OutgoingMail } from "../mail/outbox";
import { APPLICATION_RETENTION_DAYS } from "../rules/applications";
import { closedReasonOf } from "../rules/applications";
import type { ApplicationNotices, ApplicationStatus, CandidateApplication, ClosedReason, InboxApplication } from "../rules/applications";
import { hasArabic } from "../rules/arabic";
import { isLocale } from "../rules/i18n";
import type { Locale } from "../rules/i18n";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A live job, with what applying to it needs: whether it takes applications and whom to tell. */
export interface ApplicationJob {
  id: string;
  title: string;
  company: string;
  applications: number;
  user_id: string | null;
  notify_email: string;
  notify_locale: Locale;
  /** The owner's name, when the notice goes to their account (the greeting names them). */
  notify_name: string | null;
  /** The owner's choice (decision 0604): a notice for each application, or the daily digest. A job without an owner account: each. */
  notices: ApplicationNotices;
}

export async function jobForApplication(d1: D1Database, jobId: string, now = Date.now()): Promise<ApplicationJob | null> {
  const row = await d1
    .prepare(
      `SELECT j.id, j.title, j.company, j.applications, j.user_id,
              COALESCE(a.email, NULLIF(j.customer_email, ''), j.email) AS notify_email, a.locale AS notify_locale, a.name AS notify_name,
              COALESCE(a.application_notices, 'each') AS notices
       FROM jobs j LEFT JOIN accounts a ON a.id = j.user_id
       WHERE j.id = ? AND j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?`,
    )
    .bind(jobId, now)
    .first<Omit<ApplicationJob, "notify_locale" | "notices"> & { notify_locale: string | null; notices: string }>();
  // The owner's language; a job without an owner account (imported, seeded) is told in its own: an Arabic title, Arabic.
  if (!row) return null;
  const locale = isLocale(row.notify_locale) ? row.notify_locale : hasArabic(row.title) ? "ar" : "en";
  return { ...row, notify_locale: locale, notices: row.notices === "digest" && row.user_id ? "digest" : "each" };
}

export interface NewApplication {
  jobId: string;
  /** The job's title and company now: the candidate's list names the job by them once it is deleted. */
  jobTitle: string;
  jobCompany: string;
  userId: string | null;
  name: string;
  email: string;
  note: string;
  links: string[];
  cvKey: string;
  cvName: string;
  cvType: string;
  cvSize: number;
  locale: Locale;
  accessHash: string;
  /** The employer hears of it in their daily digest, not by a notice of its own. */
  noticeDue: boolean;
}

export const emailKeyOf = (email: string) => email.trim().toLowerCase();

/**
 * Stores the application unless the address already applied to the job, with its e-mails (built for the new id)
 * and the job's "applies" count, once. Returns the application's id, whether this call created it, and the CV key
 * the stored application keeps; null when the job left the board since it was read (nothing stored).
 */
/** The application kept for a job and an address: this submit's, or the one made before (then `created` is false). */
export interface SubmittedApplication {
  id: string;
  created: boolean;
  cvKey: string;
  userId: string | null;
  createdAt: number;
}

export async function submitApplication(d1: D1Database, a: NewApplication, mails: (id: string) => OutgoingMail[], now = Date.now()): Promise<SubmittedApplication | null> {
  const id = crypto.randomUUID();
  const emailKey = emailKeyOf(a.email);
  const created: Guard = { sql: "EXISTS (SELECT 1 FROM applications WHERE id = ?)", params: [id] };
  await d1.batch([
    d1
      .prepare(
        // Signed out, to an address an account has proved: that account's application (decision 0611). Only while the
        // job is on the board: one deleted (or taken off it) since the form read it gets none (decision 0213: nothing
        // would close it, and no one would read it).
        `INSERT INTO applications (id, job_id, user_id, name, email, email_key, note, links, cv_key, cv_name, cv_type, cv_size, status, locale, access_hash, notice_due, applied_title, applied_company, created_at, updated_at)
         SELECT ?, ?, COALESCE(?, (SELECT id FROM accounts WHERE email = ? AND email_verified_at IS NOT NULL AND deleted_at IS NULL)), ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, ?, ?, ?, ?, ?
         WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ? AND published = 1 AND deleted_at IS NULL)
         ON CONFLICT (job_id, email_key) DO NOTHING`,
      )
      .bind(
        id,
        a.jobId,
        a.userId,
        emailKey,
        a.name,
        a.email,
        emailKey,
        a.note,
        JSON.stringify(a.links),
        a.cvKey,
        a.cvName,
        a.cvType,
        a.cvSize,
        a.locale,
        a.accessHash,
        a.noticeDue ? 1 : 0,
        a.jobTitle,
        a.jobCompany,
        now,
        now,
        a.jobId,
      ),
    ...mails(id).map((mail) => enqueueMailWhen(d1, mail, created, now)),
    ...countApplicationStatements(d1, a.jobId, created, now),
  ]);
  const stored = await d1
    .prepare("SELECT id, cv_key, user_id, created_at FROM applications WHERE job_id = ? AND email_key = ?")
    .bind(a.jobId, emailKey)
    .first<{ id: string; cv_key: string; user_id: string | null; created_at: number }>();
  if (!stored) return null;
  return { id: stored.id, created: stored.id === id, cvKey: stored.cv_key, userId: stored.user_id, createdAt: stored.created_at };
}

/**
 * An address's applications made signed out, given to the account that has just proved the address (decision 0611):
 * /applications lists them, and the account can withdraw them, as it could from the confirmation e-mail's link.
 */
export function claimApplicationsStatement(d1: D1Database, userId: string, email: string, now = Date.now()): D1PreparedStatement {
  return d1.prepare("UPDATE applications SET user_id = ?, updated_at = ? WHERE user_id IS NULL AND email_key = ?").bind(userId, now, emailKeyOf(email));
}

type Row = {
  id: string;
  job_id: string;
  user_id: string | null;
  name: string;
  email: string;
  note: string;
  links: string;
  cv_key: string;
  cv_name: string;
  cv_type: string;
  cv_size: number;
  status: ApplicationStatus;
  employer_notes: string;
  locale: string;
  access_hash: string;
  applied_title: string;
  applied_company: string;
  closed_at: number | null;
  closed_reason: string | null;
  created_at: number;
  job_title: string | null;
  job_company: string | null;
  job_owner: string | null;
  job_open: number | null;
};

const WITH_JOB = `SELECT a.*, j.title AS job_title, j.company AS job_company, j.user_id AS job_owner,
  (j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?) AS job_open
  FROM applications a LEFT JOIN jobs j ON j.id = a.job_id`;

export type ApplicationRow = Row;

/** One application with its job's title, company, owner and whether it is open. */
export async function applicationById(d1: D1Database, id: string, now = Date.now()): Promise<Row | null> {
  return d1.prepare(`${WITH_JOB} WHERE a.id = ?`).bind(now, id).first<Row>();
}

export function candidateView(r: Row): CandidateApplication {
  return {
    id: r.id,
    jobId: r.job_id,
    // The job as it is now; one deleted since, as it was when the application was sent.
    jobTitle: r.job_title ?? r.applied_title,
    company: r.job_company ?? r.applied_company,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    cvName: r.cv_name,
    jobOpen: Boolean(r.job_open) && r.closed_at === null,
    closed: r.closed_at === null ? null : (closedReasonOf(r.closed_reason) ?? "job_deleted"),
  };
}

/** A signed-in candidate's applications, newest first. */
export async function candidateApplications(d1: D1Database, userId: string, now = Date.now()): Promise<CandidateApplication[]> {
  const { results } = await d1.prepare(`${WITH_JOB} WHERE a.user_id = ? ORDER BY a.created_at DESC LIMIT 500`).bind(now, userId).all<Row>();
  return results.map(candidateView);
}

function inboxView(r: Row): InboxApplication {
  let links: string[] = [];
  try {
    links = JSON.parse(r.links) as string[];
  } catch {
    links = [];
  }
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    note: r.note,
    links,
    status: r.status,
    notes: r.employer_notes,
    cvName: r.cv_name,
    cvType: r.cv_type,
    cvSize: r.cv_size,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The inbox of one job for its owner, newest first; null when the job is not theirs (or does not exist). */
export async function inboxApplications(d1: D1Database, jobId: string, ownerId: string, now = Date.now()): Promise<{ job: { id: string; title: string }; applications: InboxApplication[] } | null> {
  const [job, list] = await d1.batch([
    d1.prepare("SELECT id, title FROM jobs WHERE id = ? AND user_id = ?").bind(jobId, ownerId),
    d1.prepare(`${WITH_JOB} WHERE a.job_id = ? AND j.user_id = ? ORDER BY a.created_at DESC LIMIT 1000`).bind(now, jobId, ownerId),
  ]);
  const j = job!.results[0] as { id: string; title: string } | undefined;
  if (!j) return null;
  return { job: j, applications: (list!.results as Row[]).map(inboxView) };
}

/** The number of applications of each of an owner's jobs (the dashboard's cards). */
export async function applicationCounts(d1: D1Database, ownerId: string): Promise<Record<string, number>> {
  const { results } = await d1
    .prepare("SELECT a.job_id, count(*) AS n FROM applications a JOIN jobs j ON j.id = a.job_id WHERE j.user_id = ? GROUP BY a.job_id")
    .bind(ownerId)
    .all<{ job_id: string; n: number }>();
  return Object.fromEntries(results.map((r) => [r.job_id, r.n]));
}

/**
 * The owner's change to several applications at once (only theirs are touched): a status, private notes, and for
 * a rejection the candidate's e-mail when the employer chose to send it (once per application, by its key).
 * Returns how many applications changed.
 */
export async function changeApplications(
  d1: D1Database,
  ownerId: string,
  change: { ids: string[]; status?: ApplicationStatus; notes?: string; statusMail?: (r: Row) => OutgoingMail },
  now = Date.now(),
): Promise<{ changed: number; told: number }> {
  // The ids as one JSON value: D1 binds at most 100 values a statement, and "Select all" sends up to 200 (a 500 before).
  const ids = JSON.stringify([...new Set(change.ids)]);
  const owned = "id IN (SELECT value FROM json_each(?)) AND job_id IN (SELECT id FROM jobs WHERE user_id = ?)";
  const set: string[] = ["updated_at = ?"];
  const params: unknown[] = [now];
  if (change.status) {
    set.push("status = ?");
    params.push(change.status);
  }
  if (change.notes !== undefined) {
    set.push("employer_notes = ?");
    params.push(change.notes);
  }
  const statements = [d1.prepare(`UPDATE applications SET ${set.join(", ")} WHERE ${owned}`).bind(...params, ids, ownerId)];
  // The candidate's e-mail of the new status (the rejection, when chosen; a shortlisting), once per key, written only
  // for an application the update left in that status.
  if (change.status && change.statusMail) {
    const { results } = await d1.prepare(`${WITH_JOB} WHERE a.id IN (SELECT value FROM json_each(?)) AND j.user_id = ?`).bind(now, ids, ownerId).all<Row>();
    for (const r of results) {
      statements.push(enqueueMailWhen(d1, change.statusMail(r), { sql: "EXISTS (SELECT 1 FROM applications WHERE id = ? AND status = ?)", params: [r.id, change.status] }, now));
    }
  }
  const [update, ...mails] = await d1.batch(statements);
  // `told`: the candidates e-mailed by this change (a key already written, a second shortlisting, tells no one again).
  return { changed: update!.meta.changes, told: mails.reduce((n, r) => n + (r.meta.changes ?? 0), 0) };
}

// ---- the employer's daily digest (decision 0604; worker/applications/digest.ts) ---------------------------------

/** An application still waiting for its employer's digest, with its job and the employer's account. */
export interface DueNotice {
  id: string;
  name: string;
  created_at: number;
  job_id: string;
  title: string;
  company: string;
  owner_id: string;
  owner_email: string;
  owner_locale: string;
  owner_name: string;
}

/** Applications created up to `until` that wait for a digest, oldest first, grouped by owner by the caller. */
export async function dueDigestNotices(d1: D1Database, until: number, limit: number): Promise<DueNotice[]> {
  const { results } = await d1
    .prepare(
      `SELECT a.id, a.name, a.created_at, j.id AS job_id, j.title, j.company, j.user_id AS owner_id, acc.email AS owner_email, acc.locale AS owner_locale, acc.name AS owner_name
       FROM applications a JOIN jobs j ON j.id = a.job_id JOIN accounts acc ON acc.id = j.user_id
       WHERE a.notice_due = 1 AND a.created_at <= ? AND acc.deleted_at IS NULL
       ORDER BY a.created_at, a.id LIMIT ?`,
    )
    .bind(until, limit)
    .all<DueNotice>();
  return results;
}

/**
 * Queues one employer's digest and marks its applications told, in one batch. The outbox key (one per employer and
 * day) makes a second digest that day a no-op; the applications are marked only when the digest stored under that
 * key is this very e-mail, so one that arrived after the day's digest (or that a concurrent run missed) waits for the
 * next day's instead of being lost. Returns whether this call queued the e-mail.
 */
export async function recordApplicationDigest(d1: D1Database, mail: OutgoingMail, ids: string[], now = Date.now()): Promise<boolean> {
  // D1 binds at most 100 values a statement: the ids go in chunks, all in the same batch.
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 90) chunks.push(ids.slice(i, i + 90));
  const [queued] = await d1.batch([
    enqueueMail(d1, mail, now),
    ...chunks.map((chunk) =>
      d1
        .prepare(`UPDATE applications SET notice_due = 0 WHERE id IN (${chunk.map(() => "?").join(", ")}) AND notice_due = 1 AND EXISTS (SELECT 1 FROM mail_outbox WHERE key = ? AND text = ?)`)
        .bind(...chunk, mail.key, mail.text),
    ),
  ]);
  return queued!.meta.changes > 0;
}

/**
 * Withdraws an application: the row goes, and the employer's notice, when given, is written in the same batch, once
 * (its key). Null when there was no such row; else its CV key for the caller to delete ('' when a closing already did).
 */
export async function withdrawApplication(d1: D1Database, id: string, notice?: OutgoingMail, now = Date.now()): Promise<{ cvKey: string } | null> {
  const [deleted] = await d1.batch<{ cv_key: string }>([
    d1.prepare("DELETE FROM applications WHERE id = ? RETURNING cv_key").bind(id),
    ...(notice ? [enqueueMailWhen(d1, notice, { sql: "NOT EXISTS (SELECT 1 FROM applications WHERE id = ?)", params: [id] }, now)] : []),
  ]);
  const row = deleted?.results[0];
  return row ? { cvKey: row.cv_key } : null;
}

// ---- applications whose job is gone for good (decision 0213; ./closing.ts) ---------------------------------------

/** Whose applications a closing is about: one job's (deleted by its owner), or every job of an owner (their account deleted). */
export type ClosingScope = { jobId: string } | { ownerId: string };

/**
 * For the batch that deletes the job: its open applications are closed (and wait for no digest), written only once
 * the job is gone (the statement runs after the job's DELETE in the same batch; a refused delete closes nothing).
 */
export function closeJobApplicationsStatement(d1: D1Database, jobId: string, now = Date.now()): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE applications SET closed_at = ?, closed_reason = 'job_deleted', notice_due = 0, updated_at = ?
       WHERE job_id = ? AND closed_at IS NULL AND NOT EXISTS (SELECT 1 FROM jobs WHERE id = ?)`,
    )
    .bind(now, now, jobId, jobId);
}

/** For the batch that deletes an account: the open applications to its jobs are closed, once the account is deleted. */
export function closeOwnerApplicationsStatement(d1: D1Database, ownerId: string, now = Date.now()): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE applications SET closed_at = ?, closed_reason = 'account_deleted', notice_due = 0, updated_at = ?
       WHERE closed_at IS NULL AND job_id IN (SELECT id FROM jobs WHERE user_id = ?)
         AND EXISTS (SELECT 1 FROM accounts WHERE id = ? AND deleted_at IS NOT NULL)`,
    )
    .bind(now, now, ownerId, ownerId);
}

/** A closed application whose CV is still in the bucket, with what its candidate's e-mail says. */
export interface ClosedApplication {
  id: string;
  name: string;
  email: string;
  locale: string;
  cv_key: string;
  reason: ClosedReason;
  /** The job's title and company (as it was sent, when the job is gone); '' for one sent before they were kept. */
  title: string;
  company: string;
}

/**
 * Finishes closings, up to `limit` (the caller repeats while a full page came back): for each closed application
 * whose CV is still held, the CV is deleted (by `deleteCvs`), then in one batch its candidate's e-mail (`mail`, once
 * by its key) is written and its cv_key emptied, so that a second run, or ten at once, tells no one again. The
 * number finished.
 */
export async function finishClosedApplications(
  d1: D1Database,
  deleteCvs: (keys: string[]) => Promise<void>,
  mail: (application: ClosedApplication) => OutgoingMail | undefined,
  scope: ClosingScope | null,
  now = Date.now(),
  limit = 100,
): Promise<number> {
  const where = scope === null ? "" : "jobId" in scope ? "AND a.job_id = ?" : "AND a.job_id IN (SELECT id FROM jobs WHERE user_id = ?)";
  const { results } = await d1
    .prepare(
      `SELECT a.id, a.name, a.email, a.locale, a.cv_key, a.closed_reason AS reason,
              COALESCE(j.title, a.applied_title) AS title, COALESCE(j.company, a.applied_company) AS company
       FROM applications a LEFT JOIN jobs j ON j.id = a.job_id
       WHERE a.closed_at IS NOT NULL AND a.cv_key <> '' ${where}
       ORDER BY a.closed_at, a.id LIMIT ?`,
    )
    .bind(...(scope === null ? [] : ["jobId" in scope ? scope.jobId : scope.ownerId]), limit)
    .all<ClosedApplication>();
  if (!results.length) return 0;
  await deleteCvs(results.map((r) => r.cv_key));
  const mails = results.flatMap((r) => {
    const m = mail({ ...r, reason: closedReasonOf(r.reason) ?? "job_deleted" });
    return m ? [enqueueMail(d1, m, now)] : [];
  });
  await d1.batch([
    ...mails,
    d1.prepare("UPDATE applications SET cv_key = '', updated_at = ? WHERE id IN (SELECT value FROM json_each(?)) AND closed_at IS NOT NULL").bind(now, JSON.stringify(results.map((r) => r.id))),
  ]);
  return results.length;
}

/**
 * The scheduled "purge-applications": applications whose job closed (expired or deleted) more than 180 days ago,
 * or whose job is gone and which are that old, up to `limit`. Their CVs are deleted first, then the rows.
 */
export async function purgeOldApplications(d1: D1Database, deleteCvs: (keys: string[]) => Promise<void>, now = Date.now(), limit = 200): Promise<number> {
  const cutoff = now - APPLICATION_RETENTION_DAYS * DAY_MS;
  const { results } = await d1
    .prepare(
      `SELECT a.id, a.cv_key FROM applications a LEFT JOIN jobs j ON j.id = a.job_id
       WHERE (j.id IS NULL AND a.created_at < ?) OR MIN(j.expires_at, COALESCE(j.deleted_at, j.expires_at)) < ?
       LIMIT ?`,
    )
    .bind(cutoff, cutoff, limit)
    .all<{ id: string; cv_key: string }>();
  if (!results.length) return 0;
  // A closed application's CV is already deleted (its cv_key is '').
  const keys = results.map((r) => r.cv_key).filter(Boolean);
  if (keys.length) await deleteCvs(keys);
  await d1.batch(results.map((r) => d1.prepare("DELETE FROM applications WHERE id = ?").bind(r.id)));
  return results.length;
}

/** A user's applications as a candidate, for "Download my data" (the employers' private notes are not theirs). */
export async function exportApplications(d1: D1Database, userId: string): Promise<CandidateApplication[]> {
  return candidateApplications(d1, userId);
}

/**
 * "Delete my account": the user's applications go, and their CVs (deleted by `deleteCvs` first), each withdrawn as
 * the candidate would withdraw it: its employer's notice (`notice`, ./withdrawal.ts), when there is one, is written in
 * the same batch, once (its key). The count deleted.
 */
export async function deleteApplicationsOf(
  d1: D1Database,
  userId: string,
  deleteCvs: (keys: string[]) => Promise<void>,
  notice: (application: { id: string; job_id: string; name: string }) => Promise<OutgoingMail | undefined> = async () => undefined,
  now = Date.now(),
): Promise<number> {
  const { results } = await d1.prepare("SELECT id, job_id, name, cv_key FROM applications WHERE user_id = ?").bind(userId).all<{ id: string; job_id: string; name: string; cv_key: string }>();
  const keys = results.map((r) => r.cv_key).filter(Boolean);
  if (keys.length) await deleteCvs(keys);
  const notices: D1PreparedStatement[] = [];
  for (const r of results) {
    const mail = await notice(r);
    if (mail) notices.push(enqueueMailWhen(d1, mail, { sql: "NOT EXISTS (SELECT 1 FROM applications WHERE id = ?)", params: [r.id] }, now));
  }
  const [deleted] = await d1.batch([d1.prepare("DELETE FROM applications WHERE user_id = ?").bind(userId), ...notices]);
  return deleted!.meta.changes;
}
