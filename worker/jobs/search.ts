// Public job search, evaluated in D1 (ARCHITECTURE.md "Search"): FTS5 trigram for substring matching,
// SQL filters, keyset cursors for every sort, duplicates collapsed, and exact totals.
//
// Totals: counting every live job on each request costs milliseconds at 100,000 jobs, so totals are
// memoised per isolate, keyed by the filters and the jobs data version (bumped by triggers on any
// change to jobs). A memoised total also carries the time until which it stays exact: the next expiry
// of a live job (which also covers duplicates un-collapsing) and, with a timeframe, the moment the
// oldest matching job falls out of the window. Nothing is approximated.
import type { SearchFilters, SearchRequest } from "../rules/search";
import { TIMEFRAME_MS } from "../rules/lists";
import type { Sort } from "../rules/lists";
import { HttpError } from "../http/errors";

type SqlValue = string | number | null;

interface SortKey {
  col: string;
  dir: "asc" | "desc";
  kind: "number" | "string";
}

const CREATED: SortKey = { col: "created_at", dir: "desc", kind: "number" };
const ID: SortKey = { col: "id", dir: "desc", kind: "string" };

export const SORT_KEYS: Record<Sort, SortKey[]> = {
  recent: [CREATED, ID],
  relevance: [{ col: "relevance_rank", dir: "desc", kind: "number" }, CREATED, ID],
  "salary-high": [{ col: "salary_high_key", dir: "desc", kind: "number" }, CREATED, ID],
  "salary-low": [{ col: "salary_low_key", dir: "asc", kind: "number" }, CREATED, ID],
  "company-asc": [{ col: "company_key", dir: "asc", kind: "string" }, CREATED, ID],
  "company-desc": [{ col: "company_key", dir: "desc", kind: "string" }, CREATED, ID],
};

/** Live: published, not deleted, not expired, and not collapsed into a newer duplicate. */
export const VISIBLE_SQL =
  "j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ? AND (j.newer_dup_until IS NULL OR j.newer_dup_until <= ?)";

export const PUBLIC_JOB_COLUMNS =
  "j.id, j.title, j.company, j.company_id, j.tagline, j.location, j.salary, j.equity, j.stage, j.category, j.type, j.description, j.website, j.tags, j.logo, j.apply_url, j.email, j.plan, j.enhancements, j.created_at, j.published_at, j.expires_at";

const SEARCH_COLUMNS = ["title", "company", "description_text", "location", "tags_text", "category"];

export function splitWords(text: string): string[] {
  return Array.from(new Set(text.toLowerCase().split(/\s+/).filter(Boolean)));
}

function ftsPhrase(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Trigram terms need 3+ characters (counted in code points); shorter words use LIKE instead. */
function indexable(word: string): boolean {
  return Array.from(word).length >= 3;
}

/** WHERE terms and parameters for the filters (public-side.md §5 "Job search and filtering"). */
export function filterSql(f: SearchFilters, now: number): { where: string[]; params: SqlValue[] } {
  const where: string[] = [VISIBLE_SQL];
  const params: SqlValue[] = [now, now];
  const match: string[] = [];

  // Every word must match at least one of title, company, description, location, tags or category.
  for (const word of splitWords(f.keywords)) {
    if (indexable(word)) match.push(ftsPhrase(word));
    else {
      where.push(`(${SEARCH_COLUMNS.map((c) => `j.${c} LIKE ? ESCAPE '\\'`).join(" OR ")})`);
      for (let i = 0; i < SEARCH_COLUMNS.length; i++) params.push(likePattern(word));
    }
  }

  // Every location word must be in the job's location; jobs without a location are excluded.
  const locationWords = splitWords(f.location);
  if (locationWords.length) where.push("j.location <> ''");
  for (const word of locationWords) {
    if (indexable(word)) match.push(`location : ${ftsPhrase(word)}`);
    else {
      where.push("j.location LIKE ? ESCAPE '\\'");
      params.push(likePattern(word));
    }
  }

  // Remote only keeps jobs whose location contains 'remote'; the type select's "Remote" means the same.
  if (f.remote || f.type === "remote") where.push("j.is_remote = 1");
  if (f.type && f.type !== "remote") {
    where.push("j.type_key = ?");
    params.push(f.type.toLowerCase());
  }

  // A tag matches if any selected tag equals a job tag or is a substring of one (case-insensitive).
  const tags = Array.from(new Set(f.tags.map((t) => t.trim().toLowerCase()).filter(Boolean)));
  if (tags.length) {
    if (tags.every(indexable)) match.push(`(${tags.map((t) => `tags_text : ${ftsPhrase(t)}`).join(" OR ")})`);
    where.push(`EXISTS (SELECT 1 FROM json_each(j.tags) t WHERE ${tags.map(() => "instr(lower(t.value), ?) > 0").join(" OR ")})`);
    params.push(...tags);
  }

  if (f.timeframe) {
    where.push("j.created_at >= ?");
    params.push(now - TIMEFRAME_MS[f.timeframe]);
  }

  if (match.length) {
    where.push("j.seq IN (SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ?)");
    params.push(match.join(" AND "));
  }
  return { where, params };
}

// ---- cursors -------------------------------------------------------------------------------------

export function encodeCursor(sort: Sort, row: Record<string, unknown>): string {
  const values = SORT_KEYS[sort].map((k) => row[k.col]);
  const json = JSON.stringify([sort, ...values]);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(sort: Sort, cursor: string): SqlValue[] {
  const bad = () => new HttpError(400, "Invalid cursor: it is malformed or belongs to another sort", [{ path: "cursor", message: "cursor is malformed" }]);
  let parsed: unknown;
  try {
    const bin = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    parsed = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
  } catch {
    throw bad();
  }
  const keys = SORT_KEYS[sort];
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 1 || parsed[0] !== sort) throw bad();
  const values = parsed.slice(1) as unknown[];
  keys.forEach((k, i) => {
    const v = values[i];
    if (k.kind === "number" ? typeof v !== "number" || !Number.isFinite(v) : typeof v !== "string") throw bad();
  });
  return values as SqlValue[];
}

/** Rows strictly after the cursor in the sort's order (keyset pagination, mixed directions). */
function afterCursorSql(sort: Sort, values: SqlValue[]): { sql: string; params: SqlValue[] } {
  const keys = SORT_KEYS[sort];
  const ors: string[] = [];
  const params: SqlValue[] = [];
  for (let i = 0; i < keys.length; i++) {
    const parts: string[] = [];
    for (let e = 0; e < i; e++) {
      parts.push(`j.${keys[e]!.col} = ?`);
      params.push(values[e]!);
    }
    parts.push(`j.${keys[i]!.col} ${keys[i]!.dir === "desc" ? "<" : ">"} ?`);
    params.push(values[i]!);
    ors.push(`(${parts.join(" AND ")})`);
  }
  return { sql: `(${ors.join(" OR ")})`, params };
}

function orderBySql(sort: Sort): string {
  return SORT_KEYS[sort].map((k) => `j.${k.col} ${k.dir.toUpperCase()}`).join(", ");
}

// ---- totals --------------------------------------------------------------------------------------

interface MemoTotal {
  version: number;
  validUntil: number;
  total: number;
}
const MEMO_MAX = 1000;
const totals = new Map<string, MemoTotal>();

export function clearSearchMemo(): void {
  totals.clear();
}

function memoKey(f: SearchFilters): string {
  return JSON.stringify([splitWords(f.keywords), splitWords(f.location), f.remote, [...f.tags].sort(), f.type, f.timeframe]);
}

// ---- the search ----------------------------------------------------------------------------------

export interface SearchResult<Row> {
  rows: Row[];
  total: number;
  nextCursor: string | null;
}

export async function searchJobs<Row extends Record<string, unknown>>(
  db: D1Database,
  req: SearchRequest,
  now = Date.now(),
): Promise<SearchResult<Row>> {
  const { where, params } = filterSql(req, now);
  const pageWhere = [...where];
  const pageParams = [...params];
  if (req.cursor) {
    const after = afterCursorSql(req.sort, decodeCursor(req.sort, req.cursor));
    pageWhere.push(after.sql);
    pageParams.push(...after.params);
  }
  const sortCols = SORT_KEYS[req.sort].map((k) => `j.${k.col} AS _k_${k.col}`).join(", ");
  const pageSql = `SELECT ${PUBLIC_JOB_COLUMNS}, ${sortCols} FROM jobs j WHERE ${pageWhere.join(" AND ")} ORDER BY ${orderBySql(req.sort)} LIMIT ?`;
  pageParams.push(req.limit + 1);

  const key = memoKey(req);
  const [versionRes, pageRes] = await db.batch([
    db.prepare("SELECT version FROM data_versions WHERE name = 'jobs'"),
    db.prepare(pageSql).bind(...pageParams),
  ]);
  const version = (versionRes!.results[0] as { version: number } | undefined)?.version ?? 0;
  const rows = pageRes!.results as Row[];

  let total: number;
  const memo = totals.get(key);
  if (memo && memo.version === version && now < memo.validUntil) {
    total = memo.total;
  } else {
    total = await countJobs(db, req, now, key, version);
  }

  const hasMore = rows.length > req.limit;
  const page = hasMore ? rows.slice(0, req.limit) : rows;
  let nextCursor: string | null = null;
  if (hasMore) {
    const last = page[page.length - 1]!;
    const keyRow: Record<string, unknown> = {};
    for (const k of SORT_KEYS[req.sort]) keyRow[k.col] = last[`_k_${k.col}`];
    nextCursor = encodeCursor(req.sort, keyRow);
  }
  for (const r of page) for (const k of SORT_KEYS[req.sort]) delete r[`_k_${k.col}`];
  return { rows: page, total, nextCursor };
}

async function countJobs(db: D1Database, f: SearchFilters, now: number, key: string, version: number): Promise<number> {
  const { where, params } = filterSql(f, now);
  const stmts = [
    db.prepare(`SELECT count(*) AS n FROM jobs j WHERE ${where.join(" AND ")}`).bind(...params),
    db.prepare("SELECT min(expires_at) AS t FROM jobs WHERE published = 1 AND deleted_at IS NULL AND expires_at > ?").bind(now),
  ];
  if (f.timeframe) {
    stmts.push(
      db
        .prepare("SELECT min(created_at) AS t FROM jobs WHERE published = 1 AND deleted_at IS NULL AND created_at >= ?")
        .bind(now - TIMEFRAME_MS[f.timeframe]),
    );
  }
  const [countRes, expiryRes, windowRes] = await db.batch(stmts);
  const total = (countRes!.results[0] as { n: number }).n;
  let validUntil = (expiryRes!.results[0] as { t: number | null }).t ?? Number.POSITIVE_INFINITY;
  if (f.timeframe && windowRes) {
    const oldest = (windowRes.results[0] as { t: number | null }).t;
    if (oldest !== null) validUntil = Math.min(validUntil, oldest + TIMEFRAME_MS[f.timeframe]);
  }
  if (totals.size >= MEMO_MAX) totals.delete(totals.keys().next().value!);
  totals.set(key, { version, validUntil, total });
  return total;
}
