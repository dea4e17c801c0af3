// The jobs store: the one module that writes the `jobs` table (test/unit/single-writer.test.ts fails if
// any other module does), and the home of the jobs SQL the owner's pages, posting and fulfilment read.
// Every write that can change what search shows also recomputes the duplicate groups it touches
// (refreshGroups, below), so no caller can forget it. Writes that belong to a caller's guarded D1 batch
// (a batch is one transaction, applied in order) are returned as prepared statements; their SQL text
// stays here. Derived columns come from worker/jobs/derive.ts; publishing a job is worker/jobs/publish.ts.
//
// Drizzle (README, Decisions): the schema gives the column list every INSERT is built from
// (getTableColumns), so a new column cannot be forgotten; the statements themselves are SQL, because
// nearly all of them are guarded (`INSERT … SELECT … WHERE guard`, `UPDATE … AND guard`) or batch-shaped.
import type { Review } from "./review";
import { getTableColumns } from "drizzle-orm";
import type { Guard } from "../checkout/guard";
import { jobs } from "../db/schema";
import { foldForSearch } from "../rules/arabic";
import type { OwnerReason } from "../rules/admin";
import { JOB_LIFETIME_DAYS } from "../rules/lists";
import { DAY } from "../rules/time";
import { logoKeySql } from "../lib/logoKey";
import { taglineFromDescription } from "../rules/text";
import { spotlightJobGoneStatement } from "../spotlight/store";
import { companyKeys, companySortKeys, deriveJobRow, relevanceRank, structuredSalaryColumns } from "./derive";
import type { PublicJobRow } from "./present";
import { PUBLISHABLE_SQL } from "./review";
import { NOT_DELETED_SQL, NOT_REMOVED_SQL, RESTORABLE_SQL, refuseRemoved } from "./takedown";
import { PUBLIC_JOB_COLUMNS, VISIBLE_SQL } from "./search";
import type { JobInput, JobRow } from "./derive";

// ── Duplicate groups ────────────────────────────────────────────────────────────────────────────────
// Duplicate collapsing (README, "Search runs in D1"): jobs with the same lower-cased trimmed title and
// company collapse to the newest visible one. Each row stores the latest expiry of a newer published
// duplicate (newer_dup_until); search hides the row while that lies in the future. Recomputed for a
// group on every write that touches it, so reads stay index lookups.
const NEWER_DUP_UNTIL = `(SELECT max(d.expires_at) FROM jobs d
  WHERE d.dedupe_key = jobs.dedupe_key AND d.published = 1 AND d.deleted_at IS NULL
    AND (d.created_at > jobs.created_at OR (d.created_at = jobs.created_at AND d.id > jobs.id)))`;

/** For one group (bind the dedupe key). */
export const REFRESH_DUPLICATE_GROUP_SQL = `UPDATE jobs SET newer_dup_until = ${NEWER_DUP_UNTIL} WHERE dedupe_key = ?`;

/** For every group with more than one job (after bulk imports). */
export const REFRESH_ALL_DUPLICATES_SQL = `UPDATE jobs SET newer_dup_until = ${NEWER_DUP_UNTIL}
  WHERE dedupe_key IN (SELECT dedupe_key FROM jobs GROUP BY dedupe_key HAVING count(*) > 1)`;

/** Statements that recompute the duplicate groups of these keys (each once). */
function refreshGroups(d1: D1Database, keys: Iterable<string>): D1PreparedStatement[] {
  return Array.from(new Set(keys), (k) => d1.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(k));
}

/** Recomputes the group of the job with this id (for writes that know the id, not the key). */
function refreshGroupOf(d1: D1Database, jobId: string): D1PreparedStatement {
  return d1.prepare(REFRESH_DUPLICATE_GROUP_SQL.replace("dedupe_key = ?", "dedupe_key = (SELECT dedupe_key FROM jobs WHERE id = ?)")).bind(jobId);
}

// ── Search columns ──────────────────────────────────────────────────────────────────────────────────
// Search (worker/jobs/search.ts) compares folded text (worker/rules/arabic.ts): every searched field in
// one column, a line each so no word spans two fields, and the location on its own. Set on every write
// of those fields here; migrations/0012_arabic_search.sql derives them for rows written before. The
// same fields but the description (search_head, migrations/0019a_search_head.sql) are where a query
// word's equivalents in the other language are looked for (issue 25).
type SearchedFields = Pick<JobRow, "title" | "company" | "descriptionText" | "location" | "tagsText" | "category">;

export function searchColumns(row: SearchedFields): { searchText: string; searchHead: string; locationSearch: string } {
  const fields = [row.title, row.company, row.descriptionText, row.location, row.tagsText, row.category];
  const head = [row.title, row.company, row.location, row.tagsText, row.category];
  return {
    searchText: foldForSearch(fields.map((f) => f ?? "").join("\n")),
    searchHead: foldForSearch(head.map((f) => f ?? "").join("\n")),
    locationSearch: foldForSearch(row.location ?? ""),
  };
}

/** A derived row with its search columns. (is_remote: the location says remote, in English or Arabic: rules/searchAliases.ts saysRemote.) */
function withSearchColumns(row: JobRow): JobRow {
  return { ...row, ...searchColumns(row) };
}

// ── Inserts ─────────────────────────────────────────────────────────────────────────────────────────
const COLUMNS = Object.entries(getTableColumns(jobs)).filter(([key]) => key !== "seq");

/** The columns a derived row sets (the rest take the table's defaults) and their values. */
function insertParts(row: JobRow): { names: string; params: unknown[] } {
  const set = COLUMNS.filter(([key]) => (row as Record<string, unknown>)[key] !== undefined);
  return { names: set.map(([, c]) => `"${c.name}"`).join(", "), params: set.map(([key]) => (row as Record<string, unknown>)[key]) };
}

// ── The tag index (job_tags, migrations/0021a_job_tags.sql) ───────────────────────────────────────
// Search's tag filter reads job_tags: one row per job and distinct tag, lower-cased by SQLite's lower() (the
// comparison the tag filter has always made), keyed by the job's seq. Tags are set when a job is inserted and
// never changed, so every INSERT into jobs is followed by its tag rows and every DELETE from jobs is preceded
// by the removal of theirs, in the same batch (a seq can be reused after a delete, so no row may outlive its job).
// job_tag_names keeps every name written (the tag filter's substring test reads the names, then job_tags).
const TAG_ROWS = "SELECT lower(t.value), j.seq FROM jobs j, json_each(j.tags) t";

/** The statements writing the tag rows and names of the jobs matching `where` (over `jobs j`). */
function insertTagsSql(where: string): string[] {
  return [
    `INSERT OR IGNORE INTO job_tags (tag, job) ${TAG_ROWS} WHERE ${where}`,
    `INSERT OR IGNORE INTO job_tag_names (tag) SELECT DISTINCT lower(t.value) FROM jobs j, json_each(j.tags) t WHERE ${where}`,
  ];
}

/** Removes the tag rows of the jobs a DELETE with this WHERE clause (over `jobs`) is about to remove. */
function deleteTagsStatement(d1: D1Database, where: string, params: unknown[]): D1PreparedStatement {
  return d1.prepare(`DELETE FROM job_tags WHERE job IN (SELECT seq FROM jobs WHERE ${where})`).bind(...params);
}

function insertStatements(d1: D1Database, row: JobRow, guard?: Guard): D1PreparedStatement[] {
  const { names, params } = insertParts(withSearchColumns(row));
  const marks = params.map(() => "?").join(", ");
  return [
    guard ? d1.prepare(`INSERT INTO jobs (${names}) SELECT ${marks} WHERE ${guard.sql}`).bind(...params, ...guard.params) : d1.prepare(`INSERT INTO jobs (${names}) VALUES (${marks})`).bind(...params),
    ...insertTagsSql("j.id = ?").map((sql) => d1.prepare(sql).bind(row.id)),
  ];
}

/** One INSERT per row (D1 caps bound parameters per statement) with its tag rows, then the groups they join. */
export function insertJobStatements(d1: D1Database, rows: JobRow[]): D1PreparedStatement[] {
  return [
    ...rows.flatMap((r) => insertStatements(d1, r)),
    ...refreshGroups(
      d1,
      rows.map((r) => r.dedupeKey),
    ),
  ];
}

export async function insertJobs(d1: D1Database, inputs: JobInput[], now = Date.now()): Promise<JobRow[]> {
  if (!inputs.length) return [];
  const rows = inputs.map((j) => deriveJobRow(j, now));
  await d1.batch(insertJobStatements(d1, rows));
  return rows;
}

/**
 * A posting's row: inserted (only when `guard` holds, if given), replacing the same posting's unpaid row
 * `replacing` (a checkout started and never paid). The unique submission id refuses a second posting. A row the
 * board holds (an operator's unpublish or delete, a disabled account's) is never replaced: it stays, and the insert
 * of its id then fails the batch (the callers refuse such a posting first, with removed_by_board).
 */
export function postingStatements(d1: D1Database, row: JobRow, options: { replacing?: string | null; guard?: Guard } = {}): D1PreparedStatement[] {
  const { replacing, guard } = options;
  const when = ` AND ${NOT_REMOVED_SQL}${guard ? ` AND ${guard.sql}` : ""}`;
  return [
    ...(replacing
      ? [
          deleteTagsStatement(d1, `id = ? AND published = 0${when}`, [replacing, ...(guard?.params ?? [])]),
          d1.prepare(`DELETE FROM jobs WHERE id = ? AND published = 0${when}`).bind(replacing, ...(guard?.params ?? [])),
        ]
      : []),
    ...insertStatements(d1, row, guard),
    ...refreshGroups(d1, [row.dedupeKey]),
  ];
}

// ── SQL text for the CLI (seed and import run a file through `wrangler d1 execute --file`) ──────────
function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  return `'${String(v).replace(/'/g, "''")}'`;
}

/** A value as an SQL literal. */
export const sqlLiteral = literal;

function literalFor(row: JobRow, key: string, column: { default?: unknown; hasDefault?: boolean }): string {
  const v = (row as Record<string, unknown>)[key];
  if (v === undefined) return column.hasDefault && typeof column.default !== "object" ? literal(column.default) : "NULL";
  return literal(v);
}

/**
 * Multi-row INSERT statements of at most ~90 KB each (D1 caps a statement at 100 KB); `ignore` skips rows
 * whose id exists (seeding twice adds nothing). Bulk loads refresh every duplicate group at the end
 * (REFRESH_ALL_DUPLICATES_SQL).
 */
export function insertJobsScript(rows: JobRow[], mode: "ignore" | "strict"): string[] {
  const head = `INSERT${mode === "ignore" ? " OR IGNORE" : ""} INTO jobs (${COLUMNS.map(([, c]) => `"${c.name}"`).join(", ")}) VALUES `;
  const out: string[] = [];
  let values: string[] = [];
  let ids: string[] = [];
  let size = head.length;
  // Each INSERT is followed by its jobs' tag rows (by id: with `ignore`, a job already there keeps its own).
  const flush = () => {
    out.push(`${head + values.join(",\n")};`, ...insertTagsSql(`j.id IN (${ids.join(", ")})`).map((sql) => `${sql};`));
    values = [];
    ids = [];
    size = head.length;
  };
  for (const derived of rows) {
    const row = withSearchColumns(derived);
    const tuple = `(${COLUMNS.map(([key, c]) => literalFor(row, key, c as never)).join(", ")})`;
    if (values.length && size + tuple.length > 90_000) flush();
    values.push(tuple);
    ids.push(literal(row.id));
    size += tuple.length + 2;
  }
  if (values.length) flush();
  return out;
}

// ── Keys read in JavaScript, for rows written before they existed or changed (issues 25, 26) ──────────
// The structured salary, the salary sorts' keys and the company sort keys per language (worker/jobs/derive.ts).
// A row is unread (salary_parsed = 0) when written before them or after a migration that changes how they are
// read (migrations/0020a_structured_salary.sql, 0025a_sort_keys.sql).
type UnreadSalary = { seq: number; salary: string; company: string };
const UNREAD_SALARIES_SQL = "SELECT seq, salary, company FROM jobs WHERE salary_parsed = 0 ORDER BY seq LIMIT ?";
const SALARY_COLUMNS_SQL =
  "UPDATE jobs SET salary_min = ?, salary_max = ?, salary_currency = ?, salary_period = ?, salary_top_usd = ?, salary_high_key = ?, salary_low_key = ?, company_sort_en = ?, company_sort_ar = ?, salary_parsed = 1 WHERE seq = ? AND salary = ? AND company = ? AND salary_parsed = 0";

function salaryColumnsParams(row: UnreadSalary): unknown[] {
  const c = structuredSalaryColumns(row.salary);
  const k = companySortKeys(row.company);
  return [c.salaryMin, c.salaryMax, c.salaryCurrency, c.salaryPeriod, c.salaryTopUsd, c.salaryHighKey, c.salaryLowKey, k.companySortEn, k.companySortAr, row.seq, row.salary, row.company];
}

/** The scheduled "parse-salaries": reads the keys of up to `limit` unread rows; the count read (0 when done). */
export async function parseUnreadSalaries(d1: D1Database, limit = 500): Promise<number> {
  const { results } = await d1.prepare(UNREAD_SALARIES_SQL).bind(limit).all<UnreadSalary>();
  if (results.length) await d1.batch(results.map((r) => d1.prepare(SALARY_COLUMNS_SQL).bind(...salaryColumnsParams(r))));
  return results.length;
}

/** The seed's backfill of the same columns, as SQL text for a file (worker/cli/seed.ts): the rows' query, then their updates. */
export const UNREAD_SALARIES_ALL_SQL = "SELECT seq, salary, company FROM jobs WHERE salary_parsed = 0";
export function salaryBackfillSql(rows: UnreadSalary[]): string[] {
  return rows.map((r) => {
    const params = salaryColumnsParams(r);
    return `${SALARY_COLUMNS_SQL.replace(/\?/g, () => literal(params.shift()))};`;
  });
}

/** `seed --reset`: every job goes, and with them their tag rows. */
export const DELETE_ALL_JOBS_SQL = "DELETE FROM job_tags; DELETE FROM jobs;";

// ── Publishing and duplicate suppression ────────────────────────────────────────────────────────────
/** The publish columns of a new paid or credit post (worker/jobs/review.ts publishState). */
export interface PublishColumns {
  published: 0 | 1;
  publishedAt: number | null;
  expiresAt: number;
  review: "waiting" | null;
}

/**
 * A paid order's job goes live (or waits for review) with exactly what the order bought, and records the
 * payment; only while unpublished and not deleted, and only when `guard` holds (the order's claim).
 */
export function publishPaidStatements(
  d1: D1Database,
  jobId: string,
  paid: { publish: PublishColumns; plan: string; enhancements: string[]; bundleId: string | null; bundleName: string | null; posts: number; amountPaid: number | null; paymentIntentId: string | null },
  guard: Guard,
  now = Date.now(),
): D1PreparedStatement[] {
  const p = paid.publish;
  return [
    d1
      .prepare(
        `UPDATE jobs SET published = ?, published_at = ?, expires_at = ?, review = ?, updated_at = ?, plan = ?, enhancements = ?, relevance_rank = ?,
           selected_bundle = ?, bundle = ?, job_count = ?
         WHERE id = ? AND published = 0 AND ${NOT_REMOVED_SQL} AND ${guard.sql}`,
      )
      .bind(
        p.published,
        p.publishedAt,
        p.expiresAt,
        p.review,
        now,
        paid.plan,
        JSON.stringify(paid.enhancements),
        relevanceRank(paid.plan, paid.enhancements),
        paid.bundleId,
        paid.bundleName,
        paid.posts,
        jobId,
        ...guard.params,
      ),
    d1
      .prepare(`UPDATE jobs SET payment_status = 'completed', amount_paid = ?, payment_intent_id = ? WHERE id = ? AND ${guard.sql}`)
      .bind(paid.amountPaid, paid.paymentIntentId, jobId, ...guard.params),
    refreshGroupOf(d1, jobId),
  ];
}

/** A credit post records which grant paid for it (the credit use `useId` written in the same batch). */
export function creditSourceStatement(d1: D1Database, jobId: string, useId: string): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE jobs SET bundle_id = (SELECT grant_id FROM credit_uses WHERE id = ?), credit_source = (SELECT b.kind FROM credit_uses u JOIN bundle_purchases b ON b.id = u.grant_id WHERE u.id = ?) WHERE id = ?`,
    )
    .bind(useId, useId, jobId);
}

export const DUPLICATE_WINDOW_MS = 30 * 60 * 1000;

/**
 * Duplicate suppression (README, "Search runs in D1"): after a job goes live, the same user's other jobs
 * with the same title and company created in the last 30 minutes become is_duplicate of it and are
 * unpublished; then the group is recomputed.
 */
export function markDuplicatesStatements(
  d1: D1Database,
  job: { id: string; userId: string; dedupeKey: string },
  guard: Guard,
  now = Date.now(),
  /** Jobs the KV window remembers going live in the last 30 minutes (worker/jobs/publish.ts). */
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
    ...refreshGroups(d1, [job.dedupeKey]),
  ];
}

/**
 * Repost: live again for 30 days, no longer a duplicate, with the plan and enhancements of what paid for
 * it this time (the credit spent, or Spotlight's package); only when `guard` holds.
 */
/** When a job reposted at `now` expires: a full lifetime again. */
export function repostedUntil(now: number): number {
  return now + JOB_LIFETIME_DAYS * DAY;
}

/**
 * After the repost's statements, in the same batch: whether a repost at `now` published the job. Only the repost of
 * this moment does (of simultaneous ones in one millisecond, the outbox key of the mail it guards keeps one).
 */
export function repostedGuard(jobId: string, now: number): Guard {
  return { sql: "EXISTS (SELECT 1 FROM jobs WHERE id = ? AND published = 1 AND published_at = ? AND expires_at = ?)", params: [jobId, now, repostedUntil(now)] };
}

/** A repost publishes the job for a new period under `guard` (its payment's); being paid for again, it loses a refund's mark. */
export function repostStatements(d1: D1Database, jobId: string, userId: string, guard: Guard, renewed: { plan: string; enhancements: readonly string[] }, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE jobs SET published = 1, published_at = ?, expires_at = ?, is_duplicate = 0, duplicate_of = NULL, updated_at = ?, plan = ?, enhancements = ?, relevance_rank = ?,
           payment_status = CASE payment_status WHEN 'refunded' THEN NULL ELSE payment_status END
         WHERE id = ? AND user_id = ? AND ${guard.sql}`,
      )
      .bind(now, repostedUntil(now), now, renewed.plan, JSON.stringify(renewed.enhancements), relevanceRank(renewed.plan, renewed.enhancements), jobId, userId, ...guard.params),
    refreshGroupOf(d1, jobId),
  ];
}

/** A job its owner may repost: expired or inactive, and publishable (PUBLISHABLE_SQL). */
export function repostableGuard(jobId: string, userId: string, now: number): Guard {
  return { sql: `EXISTS (SELECT 1 FROM jobs WHERE id = ? AND user_id = ? AND (published = 0 OR expires_at <= ?) AND ${PUBLISHABLE_SQL})`, params: [jobId, userId, now] };
}

/**
 * Paid for: a completed card payment, a credit spent on it, or a Spotlight subscription; and not taken back by a
 * refund since (payment_status 'refunded', unpublishRefundedJobStatements): a credit spent on an earlier repost does
 * not bring back a job the operator took back (the 30th reading). A repost pays for it again and lifts the mark, and
 * an operator's Restore gives it back ('restored', decision 0209).
 */
const PAID_SQL = "(payment_status IS NOT 'refunded' AND (payment_status IN ('completed', 'restored') OR source = 'spotlight' OR EXISTS (SELECT 1 FROM credit_uses u WHERE u.job_id = jobs.id)))";

/**
 * The owner's activate / deactivate. Activation turns on only a job that was paid for and is publishable:
 * the condition is part of the write. Resolves to whether the job changed.
 */
export async function setPublished(d1: D1Database, jobId: string, userId: string, published: boolean, now = Date.now()): Promise<boolean> {
  const [update] = await d1.batch([
    d1
      .prepare(`UPDATE jobs SET published = ?, published_at = COALESCE(published_at, ?), updated_at = ? WHERE id = ? AND user_id = ?${published ? ` AND ${PAID_SQL} AND ${PUBLISHABLE_SQL}` : ""}`)
      .bind(published ? 1 : 0, now, now, jobId, userId),
    refreshGroupOf(d1, jobId),
  ]);
  return Boolean(update?.meta.changes);
}

// ── The owner's edits ───────────────────────────────────────────────────────────────────────────────
/** The editable fields of the owner's job (worker/rules/posting.ts jobUpdateSchema). */
export interface JobEdit {
  title: string;
  company: string;
  location: string;
  category: string;
  salary: string;
  equity: string;
  description: string;
  applyUrl: string;
  /** "Receive applications on Startup Jobs" (issue 26). */
  applications: boolean;
}

/**
 * Saves the owner's edit, re-deriving the search columns from the stored row; false when not theirs.
 * With `version` (the `updated_at` the editor loaded, decision 0250) it applies only while the job still has
 * it, a condition of the UPDATE itself, so of two saves from one version one applies and the other is
 * "stale", nothing changed. `also` runs in the same batch before the UPDATE: statements guarded by the same
 * version (jobEditStatement's `version`) apply with the edit or not at all. The edit's `updated_at` always
 * moves forward, so a version is never given back to a newer row.
 */
export async function editJob(d1: D1Database, jobId: string, userId: string, edit: JobEdit, now = Date.now(), also: D1PreparedStatement[] = [], version?: number): Promise<boolean | "stale"> {
  const full = await d1.prepare("SELECT * FROM jobs WHERE id = ? AND user_id = ?").bind(jobId, userId).first<Record<string, unknown>>();
  if (!full) return false;
  if (version !== undefined && Number(full.updated_at) !== version) return "stale";
  const derived = deriveJobRow(
    {
      id: jobId,
      ...edit,
      applications: edit.applications ? 1 : 0,
      type: String(full.type),
      tags: JSON.parse(String(full.tags)) as string[],
      plan: String(full.plan),
      enhancements: JSON.parse(String(full.enhancements)) as string[],
      createdAt: Number(full.created_at),
      publishedAt: full.published_at as number | null,
      expiresAt: Number(full.expires_at),
      published: Number(full.published),
    },
    now,
  );
  const search = withSearchColumns(derived);
  const results = await d1.batch([
    ...also,
    d1
      .prepare(
        `UPDATE jobs SET title = ?, company = ?, location = ?, category = ?, salary = ?, equity = ?, description = ?, description_text = ?,
           tagline = ?, apply_url = ?, dedupe_key = ?, company_key = ?, company_sort_en = ?, company_sort_ar = ?, is_remote = ?, salary_high_key = ?, salary_low_key = ?,
           salary_min = ?, salary_max = ?, salary_currency = ?, salary_period = ?, salary_top_usd = ?, salary_parsed = 1, search_text = ?, search_head = ?, location_search = ?,
           applications = ?, updated_at = MAX(?, updated_at + 1)
         WHERE id = ? AND user_id = ?${version === undefined ? "" : " AND updated_at = ?"}`,
      )
      .bind(
        derived.title,
        derived.company,
        derived.location,
        derived.category,
        derived.salary,
        derived.equity,
        derived.description,
        derived.descriptionText,
        derived.tagline,
        derived.applyUrl,
        derived.dedupeKey,
        derived.companyKey,
        derived.companySortEn,
        derived.companySortAr,
        derived.isRemote,
        derived.salaryHighKey,
        derived.salaryLowKey,
        derived.salaryMin ?? null,
        derived.salaryMax ?? null,
        derived.salaryCurrency ?? null,
        derived.salaryPeriod ?? null,
        derived.salaryTopUsd ?? null,
        search.searchText,
        search.searchHead,
        search.locationSearch,
        edit.applications ? 1 : 0,
        now,
        jobId,
        userId,
        ...(version === undefined ? [] : [version]),
      ),
    ...refreshGroups(d1, [String(full.dedupe_key), derived.dedupeKey]),
  ]);
  if (version === undefined || results[also.length]!.meta.changes > 0) return true;
  return (await d1.prepare("SELECT 1 FROM jobs WHERE id = ? AND user_id = ?").bind(jobId, userId).first()) ? "stale" : false;
}

/** Permanent delete by the owner (search forgets it at once through the triggers); `also` runs in the same batch. */
export async function deleteOwnedJob(d1: D1Database, jobId: string, userId: string, also: D1PreparedStatement[] = []): Promise<void> {
  const row = await d1.prepare("SELECT dedupe_key FROM jobs WHERE id = ?").bind(jobId).first<{ dedupe_key: string }>();
  await d1.batch([
    deleteTagsStatement(d1, "id = ? AND user_id = ?", [jobId, userId]),
    d1.prepare("DELETE FROM jobs WHERE id = ? AND user_id = ?").bind(jobId, userId),
    ...also,
    ...refreshGroups(d1, row ? [row.dedupe_key] : []),
  ]);
}

// ── Company renames ─────────────────────────────────────────────────────────────────────────────────
/** Which of an owner's jobs a rename carries over to. */
export type RenameMatch =
  /** Account settings: every job of the owner under exactly the old name. */
  | { kind: "name"; company: string }
  /** A Spotlight company: the owner's own posts (not deleted) at the company, by id or by its previous name. */
  | { kind: "spotlight"; companyId: string; previousName: string | null };

/** What the jobs take from the company: the name, and for a Spotlight company its logo (when it has one), tagline and id. */
export interface CompanyFields {
  company: string;
  logo?: string;
  tagline?: string;
  companyId?: string;
}

/**
 * The one company-rename path (account settings and the Spotlight projection): the owner's matching jobs
 * take the company's fields, their derived keys re-derived (worker/jobs/derive.ts), and the duplicate
 * groups they leave and join are recomputed. Statements for the caller's batch.
 */
export async function renameCompanyStatements(d1: D1Database, userId: string, match: RenameMatch, next: CompanyFields, now = Date.now()): Promise<D1PreparedStatement[]> {
  type Renamed = { id: string; title: string; description: string; dedupe_key: string; description_text: string; location: string; tags_text: string; category: string };
  const columns = "id, title, description, dedupe_key, description_text, location, tags_text, category";
  let rows: Renamed[];
  if (match.kind === "name") {
    ({ results: rows } = await d1.prepare(`SELECT ${columns} FROM jobs WHERE user_id = ? AND company = ?`).bind(userId, match.company).all<Renamed>());
  } else {
    const byName = match.previousName ? " OR company_key = ?" : "";
    ({ results: rows } = await d1
      .prepare(
        `SELECT ${columns} FROM jobs
         WHERE user_id = ? AND source <> 'spotlight' AND deleted_at IS NULL AND (company_id = ?${byName})
           AND (company <> ? OR (? <> '' AND logo <> ?) OR tagline <> ? OR company_id IS NOT ?) LIMIT 500`,
      )
      .bind(userId, match.companyId, ...(match.previousName ? [match.previousName.trim().toLowerCase()] : []), next.company, next.logo ?? "", next.logo ?? "", next.tagline ?? "", match.companyId)
      .all<Renamed>());
  }
  const statements: D1PreparedStatement[] = [];
  const keys: string[] = [];
  for (const job of rows) {
    const k = companyKeys(job.title, next.company);
    const set: [string, unknown][] = [];
    // A company without a logo leaves each post its own (a post's logo is required; the 26th reading saw it erased).
    if (next.logo) set.push(["logo", next.logo]);
    // As deriveJobRow: an empty tagline is taken from the description.
    if (next.tagline !== undefined) set.push(["tagline", next.tagline.trim() || taglineFromDescription(job.description)]);
    if (next.companyId !== undefined) set.push(["company_id", next.companyId]);
    const search = searchColumns({ title: job.title, company: next.company.trim(), descriptionText: job.description_text, location: job.location, tagsText: job.tags_text, category: job.category });
    set.push(["search_text", search.searchText], ["search_head", search.searchHead]);
    statements.push(
      d1
        .prepare(
          `UPDATE jobs SET company = ?, company_key = ?, company_sort_en = ?, company_sort_ar = ?, dedupe_key = ?${set.map(([c]) => `, ${c} = ?`).join("")}, updated_at = ? WHERE id = ? AND user_id = ?`,
        )
        .bind(next.company.trim(), k.companyKey, k.companySortEn, k.companySortAr, k.dedupeKey, ...set.map(([, v]) => v), now, job.id, userId),
    );
    keys.push(job.dedupe_key, k.dedupeKey);
  }
  return [...statements, ...refreshGroups(d1, keys)];
}

// ── Spotlight's public rows (written only by the company's Durable Object, through its projection) ──
/** The company's Spotlight rows in `jobs` replaced by `rows`; the groups they leave and join recomputed. */
export async function replaceSpotlightJobsStatements(d1: D1Database, companyId: string, rows: JobRow[]): Promise<{ statements: D1PreparedStatement[]; before: { id: string; dedupe_key: string }[] }> {
  const { results: before } = await d1
    .prepare("SELECT id, dedupe_key, enhancements, removed_at, deleted_at FROM jobs WHERE company_id = ? AND source = 'spotlight'")
    .bind(companyId)
    .all<{ id: string; dedupe_key: string; enhancements: string; removed_at: number | null; deleted_at: number | null }>();
  // The console's word outlives the rebuild (worker/admin): a row it took down (one job, or with its disabled account)
  // stays as it is until a Restore or an enable lifts it, and the marks it gave for free stay on the row that replaces
  // a job. Before, each rebuild deleted and re-inserted the rows, and so put taken-down jobs back on the board.
  const held = new Set(before.filter((r) => r.removed_at !== null || r.deleted_at !== null).map((r) => r.id));
  const given = new Map(before.map((r) => [r.id, (JSON.parse(r.enhancements) as string[]).filter((e) => OPERATOR_MARKS.has(e))]));
  const replacing = rows.filter((r) => !held.has(r.id)).map((r) => withMarks(r, given.get(r.id) ?? []));
  return {
    before,
    statements: [
      deleteTagsStatement(d1, `company_id = ? AND source = 'spotlight' AND ${NOT_REMOVED_SQL}`, [companyId]),
      d1.prepare(`DELETE FROM jobs WHERE company_id = ? AND source = 'spotlight' AND ${NOT_REMOVED_SQL}`).bind(companyId),
      // A row taken down between the read above and this batch is kept, not collided with.
      ...replacing.flatMap((r) => insertStatements(d1, r, { sql: "NOT EXISTS (SELECT 1 FROM jobs WHERE id = ?)", params: [r.id] })),
      ...refreshGroups(d1, [...before.map((r) => r.dedupe_key), ...replacing.map((r) => r.dedupeKey)]),
    ],
  };
}

/** What an operator marks a job with in the console, free of charge (worker/admin, moderateJobStatements). */
const OPERATOR_MARKS: ReadonlySet<string> = new Set(["featured", "sticky"]);

/** A rebuilt Spotlight row with the marks the operator gave its job, and the rank they give it. */
function withMarks(row: JobRow, marks: readonly string[]): JobRow {
  if (!marks.length) return row;
  const enhancements = [...new Set([...(JSON.parse(row.enhancements ?? "[]") as string[]), ...marks])];
  return { ...row, enhancements: JSON.stringify(enhancements), relevanceRank: relevanceRank(row.plan, enhancements) };
}

// ── The operator's actions (worker/admin) and refunds (worker/payments/refunds.ts) ──────────────────
/** What an operator may do to a job (worker/admin): each keeps derived columns and duplicate groups right. */
/** A takedown's reason: the operator's, and what the owner is told instead (a catalogue code), if they chose one. */
type TakedownReason = { reason: string; ownerReason: OwnerReason | null };
export type JobModeration =
  | ({ kind: "unpublish" } & TakedownReason)
  | { kind: "restore" }
  | ({ kind: "delete" } & TakedownReason)
  | { kind: "enhancement"; enhancement: "featured" | "sticky"; on: boolean };

/** Publishable again after a restore: not waiting for review and not rejected (PUBLISHABLE_SQL without the takedown). */
const REVIEW_ALLOWS_SQL = "(review IS NULL OR review = 'approved')";

/**
 * The UPDATE and the duplicate-group refresh for one operator action; `guard` (optional) conditions the UPDATE.
 * Unpublish and delete are takedowns, "Removed by the board" (worker/jobs/takedown.ts): the job leaves the
 * board with its reason, and only a restore lifts it, giving back what the owner had (live or not).
 */
export function moderateJobStatements(
  d1: D1Database,
  job: { id: string; dedupe_key: string; plan: string; enhancements: string },
  action: JobModeration,
  now = Date.now(),
  guard?: Guard,
): D1PreparedStatement[] {
  const when = guard ? ` AND ${guard.sql}` : "";
  const params = guard?.params ?? [];
  let update: D1PreparedStatement;
  if (action.kind === "unpublish") {
    update = d1
      .prepare(
        `UPDATE jobs SET published = 0, removed_at = ?, removed_reason = ?, removed_reason_code = ?, removed_by = 'operator', removed_was_published = published, updated_at = ?
         WHERE id = ? AND ${NOT_REMOVED_SQL}${when}`,
      )
      .bind(now, action.reason, action.ownerReason, now, job.id, ...params);
  } else if (action.kind === "restore") {
    // Back as it was: a takedown gives back whether it was live; an older delete or an unpublished paid
    // job goes live again if it had been published once. Never while waiting for review or rejected.
    // A job a refund took back comes back 'restored' (decision 0209): the operator gives it its period, so its
    // owner's pause and resume work as for a paid job, while the order's refund stands.
    update = d1
      .prepare(
        `UPDATE jobs SET
           published = CASE
             WHEN removed_at IS NOT NULL THEN CASE WHEN removed_was_published = 1 AND ${REVIEW_ALLOWS_SQL} THEN 1 ELSE 0 END
             WHEN published_at IS NOT NULL AND ${REVIEW_ALLOWS_SQL} THEN 1 ELSE published END,
           deleted_at = NULL, removed_at = NULL, removed_reason = NULL, removed_reason_code = NULL, removed_by = NULL, removed_was_published = NULL,
           payment_status = CASE payment_status WHEN 'refunded' THEN 'restored' ELSE payment_status END, updated_at = ?
         WHERE id = ? AND ${RESTORABLE_SQL}${when}`,
      )
      .bind(now, job.id, ...params);
  } else if (action.kind === "delete") {
    // Deleted (the public page answers 410) and removed by the board with the delete's reason.
    update = d1
      .prepare(
        `UPDATE jobs SET deleted_at = ?, published = 0, removed_at = ?, removed_reason = ?, removed_reason_code = ?, removed_by = 'operator',
           removed_was_published = CASE WHEN removed_at IS NULL THEN published ELSE removed_was_published END, updated_at = ?
         WHERE id = ? AND ${NOT_DELETED_SQL}${when}`,
      )
      .bind(now, now, action.reason, action.ownerReason, now, job.id, ...params);
  } else {
    const current = new Set(JSON.parse(job.enhancements) as string[]);
    if (action.on) current.add(action.enhancement);
    else current.delete(action.enhancement);
    const enhancements = [...current];
    update = d1
      .prepare(`UPDATE jobs SET enhancements = ?, relevance_rank = ?, updated_at = ? WHERE id = ?${when}`)
      .bind(JSON.stringify(enhancements), relevanceRank(job.plan, enhancements), now, job.id, ...params);
  }
  return [update, ...refreshGroups(d1, [job.dedupe_key])];
}

/**
 * An account's jobs: its own posts, and the public rows of its Spotlight company (written by the company's
 * object with no user id), for the account whose id is `account` (a `?` bound twice, or a column such as `a.id`).
 * The console counts what a disable takes down with it (worker/admin/store.ts) by the same words.
 */
export function accountJobsSql(account: string): string {
  return `(user_id = ${account} OR (source = 'spotlight' AND company_id IN (SELECT id FROM spotlight_companies WHERE user_id = ${account})))`;
}
const ACCOUNT_JOBS_SQL = accountJobsSql("?");

/** The groups an account's jobs belong to, recomputed (after its jobs are held or released). */
function refreshAccountGroups(d1: D1Database, userId: string): D1PreparedStatement {
  return d1.prepare(REFRESH_DUPLICATE_GROUP_SQL.replace("dedupe_key = ?", `dedupe_key IN (SELECT dedupe_key FROM jobs WHERE ${ACCOUNT_JOBS_SQL})`)).bind(userId, userId);
}

/**
 * Disabling an account takes its jobs down with it (issue 23, item 9): every job of the account that is not
 * already taken down is "Removed by the board" with the disable's reason, removed_by 'account'.
 */
export function holdAccountJobsStatements(d1: D1Database, userId: string, reason: string, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE jobs SET published = 0, removed_at = ?, removed_reason = ?, removed_reason_code = NULL, removed_by = 'account', removed_was_published = published, updated_at = ?
         WHERE ${ACCOUNT_JOBS_SQL} AND ${NOT_REMOVED_SQL}`,
      )
      .bind(now, reason, now, userId, userId),
    refreshAccountGroups(d1, userId),
  ];
}

/**
 * How many of the account's jobs are on the board at `now` (live, not taken down, not expired): the figure a disable's
 * e-mail reads in its own batch, just before holdAccountJobsStatements takes them off it (the console counts them alike).
 */
export function accountLiveJobsSql(userId: string, now: number): { sql: string; params: unknown[] } {
  return { sql: `SELECT count(*) FROM jobs WHERE ${ACCOUNT_JOBS_SQL} AND published = 1 AND ${NOT_REMOVED_SQL} AND expires_at > ?`, params: [userId, userId, now] };
}

/** How many of the account's jobs were taken down with it (a disable) and are not deleted: what "restore its jobs" releases. */
export async function accountHeldJobs(d1: D1Database, userId: string): Promise<number> {
  const row = await d1.prepare(`SELECT count(*) AS n FROM jobs WHERE ${ACCOUNT_JOBS_SQL} AND removed_by = 'account' AND deleted_at IS NULL`).bind(userId, userId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Enabling the account with "restore its jobs": the jobs taken down with it come back as they were (not those an operator removed one by one). */
export function releaseAccountJobsStatements(d1: D1Database, userId: string, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE jobs SET published = CASE WHEN removed_was_published = 1 AND ${REVIEW_ALLOWS_SQL} THEN 1 ELSE 0 END,
           removed_at = NULL, removed_reason = NULL, removed_reason_code = NULL, removed_by = NULL, removed_was_published = NULL, updated_at = ?
         WHERE ${ACCOUNT_JOBS_SQL} AND removed_by = 'account' AND deleted_at IS NULL`,
      )
      .bind(now, userId, userId),
    refreshAccountGroups(d1, userId),
  ];
}

/** Approval (MODERATION=on, worker/jobs/review.ts): published now, for 30 days; only while still waiting (so ten approvals publish once). */
export function approveStatements(d1: D1Database, job: { id: string; dedupe_key: string }, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(`UPDATE jobs SET review = 'approved', published = 1, published_at = ?, expires_at = ?, updated_at = ? WHERE id = ? AND review = 'waiting' AND deleted_at IS NULL AND removed_at IS NULL`)
      .bind(now, now + JOB_LIFETIME_DAYS * DAY, now, job.id),
    ...refreshGroups(d1, [job.dedupe_key]),
  ];
}

/** Rejection: never public (it was never published, so no group changes). With `guard`, only in the batch whose guard holds. */
export function rejectStatement(d1: D1Database, jobId: string, now = Date.now(), guard?: Guard): D1PreparedStatement {
  return d1
    .prepare(`UPDATE jobs SET review = 'rejected', published = 0, updated_at = ? WHERE id = ? AND review = 'waiting'${guard ? ` AND ${guard.sql}` : ""}`)
    .bind(now, jobId, ...(guard?.params ?? []));
}

/**
 * A refunded job order: the job leaves the board (only when `guard` holds: the refund row this request wrote).
 * A job still waiting for review (MODERATION=on) is rejected with it, so it can never be approved unpaid.
 */
export function unpublishRefundedJobStatements(d1: D1Database, jobId: string, guard: Guard, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(`UPDATE jobs SET published = 0, payment_status = 'refunded', review = CASE WHEN review = 'waiting' THEN 'rejected' ELSE review END, updated_at = ? WHERE id = ? AND ${guard.sql}`)
      .bind(now, jobId, ...guard.params),
    refreshGroupOf(d1, jobId),
  ];
}

/**
 * A refund that took the job down failed at the provider: the job is paid for again, and back on the board when
 * it was on it then (`refundId`'s job_was_published), is still within its period and publishable; a job reposted
 * since (no longer marked refunded) is left as it is. Only when `guard` holds.
 */
export function restoreRefundedJobStatements(d1: D1Database, jobId: string, refundId: string, guard: Guard, now = Date.now()): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE jobs SET payment_status = 'completed',
           published = CASE WHEN (SELECT job_was_published FROM refunds WHERE id = ?) = 1 AND expires_at > ? AND ${PUBLISHABLE_SQL} THEN 1 ELSE published END, updated_at = ?
         WHERE id = ? AND payment_status = 'refunded' AND ${guard.sql}`,
      )
      .bind(refundId, now, now, jobId, ...guard.params),
    refreshGroupOf(d1, jobId),
  ];
}

/** Whether restoreRefundedJobStatements would put the job back on the board now (what the failed refund's e-mail says). */
export async function refundedJobComesBack(d1: D1Database, jobId: string, refundId: string, now = Date.now()): Promise<boolean> {
  const row = await d1
    .prepare(`SELECT 1 AS back FROM jobs WHERE id = ? AND payment_status = 'refunded' AND (SELECT job_was_published FROM refunds WHERE id = ?) = 1 AND expires_at > ? AND ${PUBLISHABLE_SQL}`)
    .bind(jobId, refundId, now)
    .first<{ back: number }>();
  return Boolean(row);
}

/**
 * A deleted account (worker/account/deletion.ts): every job it owns leaves the board, with their duplicate groups
 * refreshed, and its purchase addresses (email, customer_email: the account's or one typed at checkout) become
 * `anonymisedEmail`, the address the deleted account holds (auth/store.ts deletedAccountEmail). An empty one stays empty.
 */
export function unpublishOwnerJobsStatements(d1: D1Database, userId: string, anonymisedEmail: string, now = Date.now()): D1PreparedStatement[] {
  return [
    d1.prepare("UPDATE jobs SET published = 0, updated_at = ? WHERE user_id = ? AND published = 1").bind(now, userId),
    d1
      .prepare("UPDATE jobs SET email = CASE email WHEN '' THEN '' ELSE ?1 END, customer_email = CASE customer_email WHEN '' THEN '' ELSE ?1 END, updated_at = ?2 WHERE user_id = ?3")
      .bind(anonymisedEmail, now, userId),
    d1.prepare(REFRESH_DUPLICATE_GROUP_SQL.replace("dedupe_key = ?", "dedupe_key IN (SELECT dedupe_key FROM jobs WHERE user_id = ?)")).bind(userId),
  ];
}

/** Time travel for browser tests (worker/dev): the job's 30 days are over. False when there is no such job. */
export async function expireJobNow(d1: D1Database, jobId: string, now = Date.now()): Promise<boolean> {
  const [update] = await d1.batch([d1.prepare("UPDATE jobs SET expires_at = ?, updated_at = ? WHERE id = ?").bind(now - 1000, now, jobId), refreshGroupOf(d1, jobId)]);
  return Boolean(update?.meta.changes);
}

// ── Reads for posting, checkout and the success pages ──────────────────────────────────────────────
/** The job a submission made, if any, and whether the board holds it (worker/jobs/takedown.ts refuseRemoved). */
export function jobBySubmission(d1: D1Database, submissionId: string) {
  return d1
    .prepare("SELECT id, user_id, published, review, removed_at, deleted_at FROM jobs WHERE submission_id = ?")
    .bind(submissionId)
    .first<{ id: string; user_id: string; published: number; review: string | null; removed_at: number | null; deleted_at: number | null }>();
}

/** 409 removed_by_board when the owner's row of this submission is held by the board: a new posting of it never replaces it. */
export async function refuseHeldSubmission(d1: D1Database, submissionId: string, userId: string): Promise<void> {
  const existing = await jobBySubmission(d1, submissionId);
  if (existing && existing.user_id === userId) refuseRemoved(existing);
}

/**
 * A submission already posted for a credit post: published, someone else's, deleted, paid by card or
 * with a credit. (An unpaid checkout of the same owner is not: the credit post replaces it.)
 */
export async function submissionTaken(d1: D1Database, submissionId: string, userId: string): Promise<boolean> {
  const row = await d1
    .prepare(
      `SELECT j.id FROM jobs j WHERE j.submission_id = ? AND (j.published = 1 OR j.user_id IS NOT ? OR j.deleted_at IS NOT NULL
         OR EXISTS (SELECT 1 FROM orders o WHERE o.job_id = j.id AND o.fulfilled_at IS NOT NULL) OR EXISTS (SELECT 1 FROM credit_uses u WHERE u.job_id = j.id))`,
    )
    .bind(submissionId, userId)
    .first();
  return Boolean(row);
}

/** The owner's unpaid row of this submission (a card checkout started and never paid). */
export function unpaidSubmissionJob(d1: D1Database, submissionId: string, userId: string) {
  return d1.prepare("SELECT id FROM jobs WHERE submission_id = ? AND published = 0 AND user_id = ?").bind(submissionId, userId).first<{ id: string }>();
}

/** The answer of a credit post: the job, only if this request's own credit use paid for it. */
export function jobPostedWithCredit(d1: D1Database, jobId: string, useId: string) {
  return d1
    .prepare("SELECT id, title, company, category, location, plan, enhancements, created_at, review FROM jobs WHERE id = ? AND EXISTS (SELECT 1 FROM credit_uses WHERE id = ? AND job_id = jobs.id)")
    .bind(jobId, useId)
    .first<{ id: string; title: string; company: string; category: string; location: string; plan: string; enhancements: string; created_at: number; review: Review | null }>();
}

/** The columns the success pages read of a job just posted (GET /api/checkout/posted/:id and /verify). */
export interface PostedJobRow {
  id: string;
  title: string;
  company: string;
  category: string;
  location: string;
  email: string;
  created_at: number;
  published: number;
  job_count: number;
  review: Review | null;
}

const POSTED_JOB_COLUMNS = "id, title, company, category, location, email, created_at, published, job_count, review";

/** A success page's job: by id, or (with `owner`) only the owner's job that is not deleted. */
export function postedJob(d1: D1Database, jobId: string, owner?: string) {
  return owner
    ? // The owner's own rows, and their Spotlight company's (a subscriber's post from the wizard, issue 22 item 10).
      d1.prepare(`SELECT ${POSTED_JOB_COLUMNS} FROM jobs WHERE id = ? AND ${ACCOUNT_JOBS_SQL} AND deleted_at IS NULL`).bind(jobId, owner, owner).first<PostedJobRow>()
    : d1.prepare(`SELECT ${POSTED_JOB_COLUMNS} FROM jobs WHERE id = ?`).bind(jobId).first<PostedJobRow>();
}

/** What fulfilment needs of an order's job. */
export function jobForFulfilment(d1: D1Database, jobId: string) {
  return d1.prepare("SELECT id, title, company, email, dedupe_key FROM jobs WHERE id = ?").bind(jobId).first<{ id: string; title: string; company: string; email: string; dedupe_key: string }>();
}

/**
 * Which of these uploaded logos' R2 keys (at most 100: D1's bound parameters) a job shows, for the purge of unused
 * uploads (worker/uploads/purge.ts). Every row counts: unpublished (a checkout not paid yet), expired, deleted or
 * anonymised, since a repost or a restore brings its logo back.
 */
export function jobLogoKeysStatement(d1: D1Database, keys: readonly string[]): D1PreparedStatement {
  const key = logoKeySql("logo");
  return d1.prepare(`SELECT DISTINCT ${key} AS key FROM jobs WHERE ${key} IN (${keys.map(() => "?").join(", ")})`).bind(...keys);
}

/** True when the board took the job down (an operator's Unpublish or Delete, or its account disabled): a payment never publishes it. */
export async function jobTakenDown(d1: D1Database, jobId: string): Promise<boolean> {
  return Boolean(await d1.prepare(`SELECT 1 FROM jobs WHERE id = ? AND NOT ${NOT_REMOVED_SQL}`).bind(jobId).first());
}

export async function jobExists(d1: D1Database, jobId: string): Promise<boolean> {
  return Boolean(await d1.prepare("SELECT 1 FROM jobs WHERE id = ?").bind(jobId).first());
}

/** The public posts at a Spotlight company that are not its own Spotlight rows (its owner's wizard posts), newest first. */
export async function ownersPostsAtCompany(d1: D1Database, companyId: string, now = Date.now()): Promise<PublicJobRow[]> {
  const { results } = await d1
    .prepare(`SELECT ${PUBLIC_JOB_COLUMNS} FROM jobs j WHERE j.company_id = ? AND j.source <> 'spotlight' AND ${VISIBLE_SQL} ORDER BY j.created_at DESC, j.id DESC LIMIT 200`)
    .bind(companyId, now, now)
    .all<PublicJobRow>();
  return results;
}

/** How many of ownersPostsAtCompany's posts are public: the Spotlight dashboard counts them beside its own jobs. */
export async function ownersPostsAtCompanyCount(d1: D1Database, companyId: string, now = Date.now()): Promise<number> {
  const row = await d1.prepare(`SELECT COUNT(*) AS n FROM jobs j WHERE j.company_id = ? AND j.source <> 'spotlight' AND ${VISIBLE_SQL}`).bind(companyId, now, now).first<{ n: number }>();
  return row?.n ?? 0;
}

/** A public job by id, and whether it was here and is gone (deleted, or published and expired), in one round trip. */
export async function publicJobOrGone(d1: D1Database, jobId: string, now = Date.now()): Promise<{ row: PublicJobRow | undefined; gone: boolean }> {
  const [read, gone, spotlightGone] = await d1.batch([
    d1.prepare(`SELECT ${PUBLIC_JOB_COLUMNS} FROM jobs j WHERE j.id = ? AND j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?`).bind(jobId, now),
    d1.prepare("SELECT 1 AS gone FROM jobs WHERE id = ? AND (deleted_at IS NOT NULL OR (published = 1 AND expires_at <= ?))").bind(jobId, now),
    // A Spotlight job's public row is deleted when it leaves the board: the directory's mirror remembers it.
    spotlightJobGoneStatement(d1, jobId),
  ]);
  return { row: read!.results[0] as PublicJobRow | undefined, gone: gone!.results.length > 0 || spotlightGone!.results.length > 0 };
}
