// Public job search, evaluated in D1 (README, Decisions: "Search runs in D1"): SQL filters, keyset cursors for every
// sort, duplicates collapsed, and exact totals.
//
// Matching: the exact test is LIKE (case-insensitive substring) on each field, the spec's rule. FTS5
// with the trigram tokenizer finds the candidates for that test quickly when matches are rare.
// Arabic (issue 13): the fields are searched folded (worker/rules/arabic.ts: tashkeel, alef forms, ta
// marbuta, Arabic digits) in the derived columns search_text (every searched field, one per line) and
// location_search, and the query is folded the same way and expanded through the table of equivalent
// places and job words (worker/rules/searchAliases.ts), so "دبي" finds "Dubai, UAE" and "Dubai" finds "دبي".
//
// Two plans, same rows: when matches are common (at least 2% of live jobs), walking the sort's own
// index and testing each row finds a page after a few dozen rows ("order-first"); when they are rare,
// finding the candidates through FTS and the tag index, then sorting them, is faster ("filter-first").
// The plan is chosen from the memoised total; both plans return identical results. Issue 27: each sort's
// index carries the columns the visibility test and the cheap filters read, so a walk reads only the rows
// that pass them (a walk may pass much of the list when the filters go with the sort: Python jobs pay well,
// so they come late in "salary low to high"); tags are an index (job_tags) instead of parsing each row's
// JSON; filter-first sorts its candidates by their keys alone (jobs_search_keys_idx) and reads one page
// of rows. test/worker/search-plans.test.ts checks every plan with EXPLAIN QUERY PLAN; the bench's matrix
// (test/bench/matrix.mjs) times them.
//
// Totals: counting costs milliseconds at 100,000 jobs, so totals are memoised per isolate, keyed by the
// filters and the jobs data version (bumped by triggers on any change to jobs). A memoised total also
// carries the time until which it stays exact: the next expiry of a live job (which also covers
// duplicates un-collapsing) and, with a timeframe, the moment the oldest matching job leaves the window.
// Key ranges (docs/decisions/0704): where matches come late in a sort's order (well-paid keywords and tags in
// "salary low to high"), a walk passes every job before the first match. So the count of filters with a
// candidate index also keeps the least and greatest value of each sort's first key among the matches, and a
// later walk is confined to that range of its index's first column: it starts at the first match and stops
// after the last. While the memo is exact no match lies outside it, so the rows found are the same; the page
// reads the data version itself and drops the range when a write has moved it since the count. A memoised
// total of 0 is an empty range: nothing to walk.
//
// Relevance with keywords (docs/decisions/0703): the jobs whose head (every searched field but the description)
// holds every query word come first, then the jobs that match only through their description. Each part is its own
// query with its own plan (from the count of head matches memoised beside the total; jobs_head_fts finds rare head
// matches), joined by UNION ALL under one LIMIT, and the part is in the cursor.
import type { SearchFilters, SearchRequest } from "../rules/search";
import { SORTS, TIMEFRAME_MS } from "../rules/lists";
import type { Sort } from "../rules/lists";
import { LOCALES } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import { invalid } from "../lib/errors";
import { D1_MAX_PARAMS, numberParams } from "../lib/sql";
import { m } from "../rules/serverMessages";
import type { SqlValue } from "../lib/sql";
import { base64urlDecode, base64urlEncode } from "../lib/token";
import { hasArabic } from "../rules/arabic";
import { searchTerms } from "../rules/searchAliases";
import type { SearchTerm } from "../rules/searchAliases";
import { payCandidatesSql, payFilterSql, payMemoKey } from "./payFilter";

export type Plan = "order-first" | "filter-first";

interface SortKey {
  col: string;
  dir: "asc" | "desc";
  kind: "number" | "string";
}

const CREATED: SortKey = { col: "created_at", dir: "desc", kind: "number" };
const ID: SortKey = { col: "id", dir: "desc", kind: "string" };

/**
 * Each sort's keys. Salary: the top (High to Low) or the bottom (Low to High) of the structured range in US cents a
 * year, jobs without one last (docs/decisions/0702). Company: the key of the page's language, whose byte order is
 * that language's Intl.Collator order (docs/decisions/0701).
 */
export function sortKeys(sort: Sort, locale: Locale): SortKey[] {
  const company = locale === "ar" ? "company_sort_ar" : "company_sort_en";
  switch (sort) {
    case "recent":
      return [CREATED, ID];
    case "relevance":
      return [{ col: "relevance_rank", dir: "desc", kind: "number" }, CREATED, ID];
    case "salary-high":
      return [{ col: "salary_high_key", dir: "desc", kind: "number" }, CREATED, ID];
    case "salary-low":
      return [{ col: "salary_low_key", dir: "asc", kind: "number" }, CREATED, ID];
    case "company-asc":
      return [{ col: company, dir: "asc", kind: "string" }, CREATED, ID];
    case "company-desc":
      return [{ col: company, dir: "desc", kind: "string" }, CREATED, ID];
  }
}

/** The partial index (migrations) that yields each sort's order directly. */
export function sortIndex(sort: Sort, locale: Locale): string {
  const ar = locale === "ar" ? "_ar" : "";
  switch (sort) {
    case "recent":
      return "jobs_recent_idx";
    case "relevance":
      return "jobs_relevance_idx";
    case "salary-high":
      return "jobs_salary_high_idx";
    case "salary-low":
      return "jobs_salary_low_idx";
    case "company-asc":
      return `jobs_company${ar}_idx`;
    case "company-desc":
      return `jobs_company${ar}_desc_idx`;
  }
}

/** The first key of every sort in every language, once each (the company sorts' keys differ by language). */
const RANGE_KEYS: SortKey[] = Array.from(new Map(SORTS.flatMap((s) => LOCALES.map((l) => sortKeys(s, l)[0]!)).map((k) => [k.col, k])).values());

/** The names the count gives a key's least and greatest value among the matches. */
const rangeNames = (col: string) => ({ min: `_min_${col}`, max: `_max_${col}` });

/** The bounds of a range that excludes nothing: below and above every value a key of this kind holds (a BLOB sorts after all TEXT). */
function openBounds(k: SortKey): [string, string] {
  return k.kind === "number" ? ["-9223372036854775808", "9223372036854775807"] : ["''", "X''"];
}

/**
 * What a cursor names: its sort, for the company sorts the language whose keys it carries, and for the Relevance
 * sort's body part that part (a head part's cursor is a plain Relevance cursor, as before the parts).
 */
function cursorTag(sort: Sort, locale: Locale, part: Part = "head"): string {
  if (part === "body") return `${sort}:body`;
  return sort.startsWith("company-") ? `${sort}:${locale}` : sort;
}

/** Live: published, not deleted, not expired, and not collapsed into a newer duplicate. */
export const VISIBLE_SQL = "j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ? AND (j.newer_dup_until IS NULL OR j.newer_dup_until <= ?)";

export const PUBLIC_JOB_COLUMNS =
  "j.id, j.title, j.company, j.company_id, j.tagline, j.location, j.salary, j.equity, j.stage, j.category, j.type, j.description, j.website, j.tags, j.logo, j.apply_url, j.email, j.plan, j.enhancements, j.created_at, j.published_at, j.expires_at, " +
  "j.salary_min, j.salary_max, j.salary_currency, j.salary_period, j.applications";

/** Every searched field (title, company, description_text, location, tags_text, category), folded, one per line (worker/jobs/store.ts). */
const KEYWORD_COLUMN = "j.search_text";
/** The fields an equivalent phrase is looked for in (title, company, location, tags_text, category), folded: not the description. */
const HEAD_COLUMN = "j.search_head";
/** The location, folded. */
const LOCATION_COLUMN = "j.location_search";

/** Matches are "common" from this share of live jobs up: walk the sort index instead. */
export const ORDER_FIRST_SHARE = 0.02;
export const ORDER_FIRST_MIN = 200;
/**
 * The same without keywords: a walk then tests every entry from the index alone (location, tags by seq, pay, type,
 * remote, timeframe), an order of magnitude cheaper than reading a row for the keyword test, while filter-first
 * still reads a key entry for each of the candidate sets' members (all the job_tags rows of a tag, all the full-text
 * matches of a place), however few match in the end. So walking pays from a tenth of the share.
 */
export const INDEX_ONLY_ORDER_FIRST_SHARE = 0.002;
export const INDEX_ONLY_ORDER_FIRST_MIN = 20;

/**
 * A search statement, its parameters numbered (each value bound once, lib/sql.ts). A search whose words and
 * places expand to more values than D1 binds (100; a region stands for every member's names) is a 400 before
 * any database work, never D1's error.
 */
export function searchStatement(db: D1Database, sql: string, params: SqlValue[]): D1PreparedStatement {
  const numbered = numberParams(sql, params);
  if (numbered.params.length > D1_MAX_PARAMS) throw invalid(m("server.search.tooLong"));
  return db.prepare(numbered.sql).bind(...numbered.params);
}

function ftsPhrase(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** D1 refuses LIKE patterns over 50 bytes ("LIKE or GLOB pattern too complex"). */
const LIKE_PATTERN_MAX_BYTES = 50;

/**
 * The exact "contains this word, ASCII case folded" test on one folded column: LIKE, or for a word too
 * long for D1's LIKE, instr() (the column's ASCII letters are lower-cased already, as LIKE would fold them).
 */
function containsSql(col: string, word: string): { sql: string; param: string } {
  const pattern = likePattern(word);
  if (new TextEncoder().encode(pattern).length <= LIKE_PATTERN_MAX_BYTES) return { sql: `${col} LIKE ? ESCAPE '\\'`, param: pattern };
  return { sql: `instr(${col}, ?) > 0`, param: word.replace(/[A-Z]/g, (c) => c.toLowerCase()) };
}

/**
 * Tests joined by AND or OR as a balanced tree, left to right (so the parameters keep their order): SQLite
 * refuses an expression deeper than 100 in D1, and a chain of n tests is n deep, where this is log2(n).
 */
function joinBalanced(tests: string[], op: "AND" | "OR"): string {
  if (tests.length <= 2) return tests.map((t) => `(${t})`).join(` ${op} `);
  const mid = Math.ceil(tests.length / 2);
  return `(${joinBalanced(tests.slice(0, mid), op)}) ${op} (${joinBalanced(tests.slice(mid), op)})`;
}

/** Trigram terms need 3+ characters (counted in code points). */
function indexable(word: string): boolean {
  return Array.from(word).length >= 3;
}

/**
 * The exact test of a query term on a folded column: every typed word contained, or any equivalent
 * phrase contained in `anyCol` (for keywords, the fields other than the description: issue 25).
 */
function termSql(col: string, term: SearchTerm, anyCol = col): { sql: string; params: string[] } {
  const all = term.all.map((w) => containsSql(col, w));
  const any = term.any.map((p) => containsSql(anyCol, p));
  const params = [...all, ...any].map((t) => t.param);
  const allSql = joinBalanced(
    all.map((t) => t.sql),
    "AND",
  );
  return { sql: any.length ? joinBalanced([allSql, ...any.map((t) => t.sql)], "OR") : allSql, params };
}

/**
 * The FTS candidate test of a term on one column of jobs_fts, or null when it has none: it must keep
 * every row the exact test keeps, so an equivalent too short for trigrams drops the term's FTS test
 * (and a typed word too short is left out of the AND, which only widens it).
 */
function termFts(col: string, term: SearchTerm): string | null {
  const all = term.all.filter(indexable).map(ftsPhrase);
  if (!all.length || !term.any.every(indexable)) return null;
  const phrases = [all.length > 1 ? `(${all.join(" AND ")})` : all[0]!, ...term.any.map(ftsPhrase)];
  return phrases.length > 1 ? `${col} : (${phrases.join(" OR ")})` : `${col} : ${phrases[0]}`;
}

/**
 * The Relevance sort with keywords lists its matches in two parts (docs/decisions/0703; the spec's "a match only in
 * the description ranks last"): "head", the jobs whose title, company, location, tags or category (search_head)
 * hold every query word or an equivalent, then "body", the others, which match only through their description.
 * Each part is in the sort's own order, and each has its own plan and its own candidates.
 */
export type Part = "head" | "body";

/** Whether a request's order has the two parts: the Relevance sort with at least one query word. */
export function inParts(req: { sort: Sort; keywords: string }): boolean {
  return req.sort === "relevance" && searchTerms(req.keywords).length > 0;
}

/** Every test of `tests` at once: joined by AND (balanced), their parameters in order. */
function allOf(tests: { sql: string; params: SqlValue[] }[]): { sql: string; params: SqlValue[] } {
  return {
    sql: joinBalanced(
      tests.map((t) => t.sql),
      "AND",
    ),
    params: tests.flatMap((t) => t.params),
  };
}

/** Every query word (or an equivalent) in search_head: what puts a match in the head part; null without words. */
function headSql(terms: SearchTerm[]): { sql: string; params: SqlValue[] } | null {
  return terms.length ? allOf(terms.map((term) => termSql(HEAD_COLUMN, term))) : null;
}

/**
 * The keyword test: every word in search_text (the equivalents of a word typed in Arabic are looked for outside
 * the description, since English boilerplate would make منتج, "product", match every job; those of an English word
 * everywhere, as always). For the head part, headSql's test alone (a head match is a match: search_head's lines are
 * search_text's); for the body part, that test and not headSql's.
 */
function keywordSql(terms: SearchTerm[], part?: Part): { sql: string; params: SqlValue[] } | null {
  const head = headSql(terms);
  if (!head) return null;
  if (part === "head") return { sql: `(${head.sql})`, params: head.params };
  const all = allOf(terms.map((term) => termSql(KEYWORD_COLUMN, term, term.all.some(hasArabic) ? HEAD_COLUMN : KEYWORD_COLUMN)));
  return part === "body" ? { sql: `(${all.sql}) AND NOT (${head.sql})`, params: [...all.params, ...head.params] } : all;
}

/**
 * WHERE terms for the filters. With `useFts`, a candidate test (the full-text matches and the tag rows,
 * intersected) is added after the exact tests; it never changes which rows match. The tests the search indexes can answer alone (visibility, location, type, remote,
 * tags, timeframe, pay: the columns every sort index carries, migrations/0022_pay_search_columns.sql) come before the
 * keyword tests, which read the row, so a walk of a sort index reads only the rows that pass them.
 */
export function filterSql(f: SearchFilters, now: number, useFts: boolean, part?: Part): { where: string[]; params: SqlValue[] } {
  const where: string[] = [VISIBLE_SQL];
  const params: SqlValue[] = [now, now];
  const rowTests: { sql: string; params: SqlValue[] }[] = [];
  const match: string[] = [];
  const headMatch: string[] = [];

  // Every word must match at least one of title, company, description, location, tags or category
  // (search_text holds them all, one per line, so a word never spans two fields). In the Relevance sort's head
  // part, every word (or an equivalent) must be in search_head, found through jobs_head_fts; in its body part,
  // the jobs that match but not so (keywordSql).
  const terms = searchTerms(f.keywords);
  const keywords = keywordSql(terms, part);
  if (keywords) rowTests.push(keywords);
  for (const term of terms) {
    const fts = termFts(part === "head" ? "search_head" : "search_text", term);
    if (fts) (part === "head" ? headMatch : match).push(fts);
  }

  // Every location word must be in the job's location; jobs without a location are excluded.
  const locationTerms = searchTerms(f.location);
  if (locationTerms.length) where.push("j.location_search <> ''");
  const locationTests = locationTerms.map((term) => {
    const fts = termFts("location_search", term);
    if (fts) match.push(fts);
    return termSql(LOCATION_COLUMN, term);
  });
  if (locationTests.length) {
    const location = allOf(locationTests);
    where.push(`(${location.sql})`);
    params.push(...location.params);
  }

  // Remote only keeps jobs whose location contains 'remote'; the type select's "Remote" means the same.
  if (f.remote || f.type === "remote") where.push("j.is_remote = 1");
  if (f.type && f.type !== "remote") {
    where.push("j.type_key = ?");
    params.push(f.type.toLowerCase());
  }

  // A tag matches if any selected tag equals a job tag or is a substring of one (case-insensitive): the jobs
  // with a tag row (job_tags) whose name (job_tag_names: every name, a few hundred) contains a selected tag.
  // With `useFts` the tag rows are also a candidate set (below), and there they are the whole test.
  const candidates: { sql: string; params: SqlValue[] }[] = [];
  const tags = Array.from(new Set(f.tags.map((t) => t.trim().toLowerCase()).filter(Boolean)));
  if (tags.length) {
    const tagged = { sql: `SELECT job FROM job_tags WHERE tag IN (SELECT tag FROM job_tag_names WHERE ${tags.map(() => "instr(tag, ?) > 0").join(" OR ")})`, params: tags };
    if (useFts) candidates.push(tagged);
    else {
      where.push(`j.seq IN (${tagged.sql})`);
      params.push(...tagged.params);
    }
  }

  if (f.timeframe) {
    where.push("j.created_at >= ?");
    params.push(now - TIMEFRAME_MS[f.timeframe]);
  }

  // The pay filter (issue 26, ./payFilter.ts): one comparison on jobs.salary_top_usd, which every sort index
  // and jobs_search_keys_idx carry (so it comes before the keyword tests). With `useFts` and no other candidate
  // set, a minimum that leaves out jobs without a salary is the candidate set: the live jobs paying at least that
  // (jobs_salary_top_idx). Beside another set it would only cost: SQLite builds both sides of an INTERSECT, and
  // a minimum's side is every well-paid job, while the comparison above already tests the other set's members.
  const pay = payFilterSql(f);
  where.push(...pay.where);
  params.push(...pay.params);

  for (const t of rowTests) {
    where.push(t.sql);
    params.push(...t.params);
  }

  // The candidates: the full-text indexes' and the tag index's sets, intersected before any job is read, or alone
  // the pay index's.
  if (useFts && match.length) candidates.push({ sql: "SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ?", params: [match.join(" AND ")] });
  if (useFts && headMatch.length) candidates.push({ sql: "SELECT rowid FROM jobs_head_fts WHERE jobs_head_fts MATCH ?", params: [headMatch.join(" AND ")] });
  const paid = useFts && !candidates.length ? payCandidatesSql(f, now) : null;
  if (paid) candidates.push(paid);
  if (candidates.length) {
    where.push(`j.seq IN (${candidates.map((c) => c.sql).join(" INTERSECT ")})`);
    params.push(...candidates.flatMap((c) => c.params));
  }
  return { where, params };
}

// ---- cursors -------------------------------------------------------------------------------------

export function encodeCursor(sort: Sort, locale: Locale, row: Record<string, unknown>, part: Part = "head"): string {
  const values = sortKeys(sort, locale).map((k) => row[k.col]);
  const json = JSON.stringify([cursorTag(sort, locale, part), ...values]);
  return base64urlEncode(new TextEncoder().encode(json));
}

/** A cursor's keys and the part they are in: only a request in parts (inParts) takes a body part's cursor. */
export function decodeCursor(req: SearchRequest, cursor: string): { part: Part; values: SqlValue[] } {
  const { sort, locale } = req;
  const bad = () => invalid("Invalid cursor: it is malformed or belongs to another sort", undefined, [{ path: "cursor", message: "cursor is malformed" }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(base64urlDecode(cursor)));
  } catch {
    throw bad();
  }
  const keys = sortKeys(sort, locale);
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 1) throw bad();
  const part = parsed[0] === cursorTag(sort, locale) ? "head" : inParts(req) && parsed[0] === cursorTag(sort, locale, "body") ? "body" : null;
  if (!part) throw bad();
  const values = parsed.slice(1) as unknown[];
  keys.forEach((k, i) => {
    const v = values[i];
    if (k.kind === "number" ? typeof v !== "number" || !Number.isFinite(v) : typeof v !== "string") throw bad();
  });
  return { part, values: values as SqlValue[] };
}

/** Rows strictly after the cursor in the sort's order (keyset pagination, mixed directions). */
function afterCursorSql(keys: SortKey[], values: SqlValue[]): { sql: string; params: SqlValue[] } {
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

function orderBySql(keys: SortKey[]): string {
  return keys.map((k) => `j.${k.col} ${k.dir.toUpperCase()}`).join(", ");
}

// ---- totals --------------------------------------------------------------------------------------

interface MemoTotal {
  version: number;
  validUntil: number;
  total: number;
  /** How many of them are in the Relevance sort's head part (keywords only, else null): each part's plan reads it. */
  head: number | null;
  /** When it was counted: its ranges hold from then until validUntil (matches only leave meanwhile). */
  countedAt: number;
  /** Each sort's first key's least and greatest value among the matches (rangeNames), or null when not counted. */
  ranges: Record<string, SqlValue> | null;
}
const MEMO_MAX = 1000;
/** The jobs data version (bumped by triggers on every change to jobs): memoised totals are kept per version. */
const VERSION_SQL = "SELECT version FROM data_versions WHERE name = 'jobs'";
const totals = new Map<string, MemoTotal>();
const NO_FILTERS: SearchFilters = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "" };

function memoKey(f: SearchFilters): string {
  return JSON.stringify([searchTerms(f.keywords), searchTerms(f.location), f.remote, [...f.tags].map((t) => t.toLowerCase()).sort(), f.type, f.timeframe, payMemoKey(f)]);
}

function remember(key: string, entry: MemoTotal): void {
  totals.delete(key);
  if (totals.size >= MEMO_MAX) totals.delete(totals.keys().next().value!);
  totals.set(key, entry);
}

/** A memoised total that time has not yet made stale (its data version is checked by the caller). */
function memoised(key: string, now: number): MemoTotal | undefined {
  const m = totals.get(key);
  return m && now < m.validUntil ? m : undefined;
}

/** The statements that count matches (and, when asked, all live jobs), for a batch; countsFrom reads their results. */
function countStatements(db: D1Database, f: SearchFilters, now: number, withLive: boolean): D1PreparedStatement[] {
  const { where, params } = filterSql(f, now, true);
  // The key ranges only where counting reads each match's row anyway (filters with a candidate index: the matches
  // are read by seq). Counting the other filters is an index-only scan that these columns would turn into rows.
  const ranges = hasCandidateIndex(f) ? RANGE_KEYS.map((k) => `, min(j.${k.col}) AS ${rangeNames(k.col).min}, max(j.${k.col}) AS ${rangeNames(k.col).max}`).join("") : "";
  // With keywords, how many matches are in the Relevance sort's head part: a test of each match's row, which the
  // count reads anyway for the keyword test.
  const head = headSql(searchTerms(f.keywords));
  const headCount = head ? `, count(CASE WHEN ${head.sql} THEN 1 END) AS head` : "";
  const stmts = [
    db.prepare(VERSION_SQL),
    searchStatement(db, `SELECT count(*) AS n${headCount}${ranges} FROM jobs j WHERE ${where.join(" AND ")}`, [...(head?.params ?? []), ...params]),
    db.prepare("SELECT min(expires_at) AS t FROM jobs WHERE published = 1 AND deleted_at IS NULL AND expires_at > ?").bind(now),
    f.timeframe
      ? db.prepare("SELECT min(created_at) AS t FROM jobs WHERE published = 1 AND deleted_at IS NULL AND created_at >= ?").bind(now - TIMEFRAME_MS[f.timeframe])
      : db.prepare("SELECT NULL AS t"),
  ];
  if (withLive) stmts.push(db.prepare(`SELECT count(*) AS n FROM jobs j WHERE ${VISIBLE_SQL}`).bind(now, now));
  return stmts;
}

/** The counts from countStatements' results, memoised. */
function countsFrom(results: D1Result[], f: SearchFilters, now: number): { total: number; live: number | null; version: number } {
  const [versionRes, countRes, expiryRes, windowRes, liveRes] = results;
  const version = (versionRes!.results[0] as { version: number } | undefined)?.version ?? 0;
  const counted = countRes!.results[0] as { n: number; head?: number } & Record<string, SqlValue>;
  const total = counted.n;
  const head = typeof counted.head === "number" ? counted.head : null;
  const names = RANGE_KEYS.flatMap((k) => Object.values(rangeNames(k.col)));
  const ranges = hasCandidateIndex(f) ? Object.fromEntries(names.map((name) => [name, counted[name] ?? null])) : null;
  const nextExpiry = (expiryRes!.results[0] as { t: number | null }).t ?? Number.POSITIVE_INFINITY;
  let validUntil = nextExpiry;
  const oldest = (windowRes!.results[0] as { t: number | null }).t;
  if (f.timeframe && oldest !== null) validUntil = Math.min(validUntil, oldest + TIMEFRAME_MS[f.timeframe]);
  remember(memoKey(f), { version, validUntil, total, head, countedAt: now, ranges });
  let live: number | null = null;
  if (liveRes) {
    live = (liveRes.results[0] as { n: number }).n;
    remember(memoKey(NO_FILTERS), { version, validUntil: nextExpiry, total: live, head: null, countedAt: now, ranges: null });
  }
  return { total, live, version };
}

/** The count of matches, only when the data changed since `version` (SQLite evaluates a CASE branch only when taken). */
function recountIfChanged(db: D1Database, f: SearchFilters, now: number, version: number): D1PreparedStatement {
  const { where, params } = filterSql(f, now, true);
  return searchStatement(db, `SELECT CASE WHEN (${VERSION_SQL}) = ? THEN NULL ELSE (SELECT count(*) FROM jobs j WHERE ${where.join(" AND ")}) END AS n`, [version, ...params]);
}

// ---- the search ----------------------------------------------------------------------------------

export interface SearchResult<Row> {
  rows: Row[];
  total: number;
  nextCursor: string | null;
  plan: Plan;
  /** The rows of `options.alongside`, read in the same round trip as the page. */
  alongside: Record<string, unknown>[];
}

/**
 * Filters with an index that finds their candidates: the full-text index (keywords, location), job_tags, and
 * jobs_salary_top_idx for a pay minimum that leaves out jobs without a salary.
 */
function hasCandidateIndex(f: SearchFilters): boolean {
  return Boolean(f.keywords.trim() || f.location.trim() || f.tags.some((t) => t.trim()) || (f.minSalary && !f.includeNoSalary));
}

/** A plan from the filters alone: walk the sort index when nothing narrows the list much. */
function guessPlan(f: SearchFilters): Plan {
  return hasCandidateIndex(f) ? "filter-first" : "order-first";
}

/**
 * The plan from the memoised counts. Filters without a candidate index (type, remote, timeframe) always walk
 * the sort index, which answers them alone; the others walk it while matches are common: from 2% of live jobs
 * with keywords, from 0.2% without (a walk then reads no row). No match at all without keywords walks too: with
 * the memo's empty key range (keyRange) there is nothing to walk, where filter-first would still read every
 * candidate set.
 */
export function choosePlan(f: SearchFilters, total: number, live: number): Plan {
  if (!hasCandidateIndex(f)) return "order-first";
  if (f.keywords.trim()) return total >= ORDER_FIRST_MIN && total >= live * ORDER_FIRST_SHARE ? "order-first" : "filter-first";
  return total === 0 || (total >= INDEX_ONLY_ORDER_FIRST_MIN && total >= live * INDEX_ONLY_ORDER_FIRST_SHARE) ? "order-first" : "filter-first";
}

/**
 * Where filter-first reads its candidates: by seq from the narrow jobs_search_keys_idx, which holds every
 * column the filters and sorts read but the keyword text; with keywords, from the rows by seq. Either way
 * only the candidate indexes (full-text, job_tags) drive the lookups, never a broad filter's index.
 */
function candidatesFrom(f: SearchFilters): string {
  return f.keywords.trim() ? "jobs j NOT INDEXED" : "jobs j INDEXED BY jobs_search_keys_idx";
}

/** Each part's plan, for a request in parts (inParts); one plan serves both when forced. */
export type PartPlans = Record<Part, Plan>;

/**
 * One statement: the page. Order-first walks the sort's index and tests each row. Filter-first finds the
 * candidates through their indexes, orders them by the keys alone (read from jobs_search_keys_idx, unless a
 * keyword needs the row) and reads only the page's rows in full. A request in parts (inParts) reads the head
 * part's page, then (UNION ALL, one LIMIT over both: SQLite starts the second only when the first left room) the
 * body part's; a body part's cursor reads the body part alone. Each row says its part (`_part`).
 */
export function pageSql(req: SearchRequest, now: number, plan: Plan | PartPlans, range?: KeyRange): { sql: string; params: SqlValue[] } {
  const plans: PartPlans = typeof plan === "string" ? { head: plan, body: plan } : plan;
  const cursor = req.cursor ? decodeCursor(req, req.cursor) : null;
  let page: { sql: string; params: SqlValue[] };
  if (!inParts(req)) page = partSql(req, now, plans.head, range, undefined, cursor?.values);
  else if (cursor?.part === "body") page = partSql(req, now, plans.body, range, "body", cursor.values);
  else {
    const head = partSql(req, now, plans.head, range, "head", cursor?.values);
    const body = partSql(req, now, plans.body, range, "body", undefined);
    page = { sql: `SELECT * FROM (${head.sql}) UNION ALL SELECT * FROM (${body.sql}) LIMIT ?`, params: [...head.params, ...body.params, req.limit + 1] };
  }
  return page;
}

/** One part's page (or the whole page's, without a part), after the cursor's keys `after`. */
function partSql(req: SearchRequest, now: number, plan: Plan, range: KeyRange | undefined, part: Part | undefined, after: SqlValue[] | undefined): { sql: string; params: SqlValue[] } {
  const { where, params } = filterSql(req, now, plan === "filter-first", part);
  const keys = sortKeys(req.sort, req.locale);
  if (plan === "order-first" && range) {
    // The walk is confined to the matches' range of the index's first column while the data version is the
    // count's; the statement reads the version itself, so a write since the count opens the range again.
    const [below, above] = openBounds(keys[0]!);
    const bound = (value: string) => `CASE WHEN (${VERSION_SQL}) = ? THEN ? ELSE ${value} END`;
    where.push(`j.${keys[0]!.col} BETWEEN ${bound(below)} AND ${bound(above)}`);
    params.push(range.version, range.min, range.version, range.max);
  }
  if (after) {
    const next = afterCursorSql(keys, after);
    where.push(next.sql);
    params.push(...next.params);
  }
  // A part with no match at the count's version reads nothing while the version is that: a LIMIT of 0, which SQLite
  // tests before it starts the walk or builds any candidate set (a pay minimum's is every well-paid job). A WHERE
  // test would come too late: the candidate sets of an IN are built first.
  const limit = part && range?.empty?.includes(part) ? { sql: `CASE WHEN (${VERSION_SQL}) = ? THEN 0 ELSE ? END`, params: [range.version, req.limit + 1] } : { sql: "?", params: [req.limit + 1] };
  const sortCols = [...keys.map((k) => `j.${k.col} AS _k_${k.col}`), `'${part ?? "head"}' AS _part`].join(", ");
  const order = orderBySql(keys);
  const sql =
    plan === "order-first"
      ? `SELECT ${PUBLIC_JOB_COLUMNS}, ${sortCols} FROM jobs j INDEXED BY ${sortIndex(req.sort, req.locale)} WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT ${limit.sql}`
      : `SELECT ${PUBLIC_JOB_COLUMNS}, ${sortCols} FROM jobs j WHERE j.seq IN (SELECT j.seq FROM ${candidatesFrom(req)} WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT ${limit.sql}) ORDER BY ${order}`;
  return { sql, params: [...params, ...limit.params] };
}

/**
 * The range of a sort's first key that holds every match (see pageSql), as counted at data version `version`:
 * its least and greatest value among them, both null when nothing matched (an empty range).
 */
export interface KeyRange {
  version: number;
  min: SqlValue;
  max: SqlValue;
  /**
   * The Relevance sort's parts that had no match at that version (keywords only): such a part is skipped while the
   * data version is the count's. An empty head part would otherwise still build its candidate sets (a pay minimum's
   * is every well-paid job) to find nothing.
   */
  empty?: Part[];
}

/** The range from a memoised count, if it holds at `now` (from the count on: until validUntil, matches only leave). */
function keyRange(memo: MemoTotal | undefined, req: SearchRequest, now: number): KeyRange | undefined {
  if (!memo || now < memo.countedAt) return undefined;
  if (memo.total === 0) return { version: memo.version, min: null, max: null };
  const names = rangeNames(sortKeys(req.sort, req.locale)[0]!.col);
  const min = memo.ranges?.[names.min] ?? null;
  const max = memo.ranges?.[names.max] ?? null;
  const empty: Part[] = memo.head === 0 ? ["head"] : memo.head === memo.total ? ["body"] : [];
  return min === null || max === null ? undefined : { version: memo.version, min, max, ...(empty.length ? { empty } : {}) };
}

function pageStatement(db: D1Database, req: SearchRequest, now: number, plan: Plan | PartPlans, range?: KeyRange): D1PreparedStatement {
  const { sql, params } = pageSql(req, now, plan, range);
  return searchStatement(db, sql, params);
}

export async function searchJobs<Row extends Record<string, unknown>>(
  db: D1Database,
  req: SearchRequest,
  now = Date.now(),
  /** `alongside`: a statement to read in the same batch, or one made for the chosen plan. `plan` and `parts` force the plans (tests, the bench). */
  options: { plan?: Plan; parts?: PartPlans; alongside?: D1PreparedStatement | ((plan: Plan) => D1PreparedStatement) } = {},
): Promise<SearchResult<Row>> {
  if (req.cursor) decodeCursor(req, req.cursor); // a bad cursor is a 400 before any database work
  const memo = memoised(memoKey(req), now);
  const live = memoised(memoKey(NO_FILTERS), now);
  // Without memoised counts (a fresh isolate), the counts go in the page's batch: still one round trip.
  // The plan only needs a rough count: the last one known, even if no longer exact (a timeframe's total
  // changes each time its oldest job leaves the window, which with many jobs is every few seconds), else
  // a guess from the filters.
  const hint = totals.get(memoKey(req));
  const liveHint = totals.get(memoKey(NO_FILTERS));
  const plan = options.plan ?? (hint && liveHint ? choosePlan(req, hint.total, liveHint.total) : guessPlan(req));
  // In parts, each part's plan from its own count: the head part's matches, and the rest.
  const head = hint?.head ?? null;
  const plans: PartPlans =
    options.parts ??
    (options.plan || !inParts(req) || head === null || !hint || !liveHint
      ? { head: plan, body: plan }
      : { head: choosePlan(req, head, liveHint.total), body: choosePlan(req, hint.total - head, liveHint.total) });
  const page = pageStatement(db, req, now, plans, keyRange(memo, req, now));
  // A statement to read with the page (the Pinned strip) goes in the same batch, and so does the data
  // version when no count does (an empty page has no row to carry it).
  const extra = typeof options.alongside === "function" ? options.alongside(plan) : options.alongside;
  const together = [page, ...(extra ? [extra] : [])];
  const counting = memo && live ? [recountIfChanged(db, req, now, memo.version)] : countStatements(db, req, now, !live);
  const results = await db.batch<Record<string, unknown>>([...together, ...counting]);
  const rows = results[0]!.results as Row[];
  const alongside = extra ? results[1]!.results : [];
  const after = results.slice(together.length);
  let total: number;
  if (memo && live) {
    // The total must match the data the page was read from: a write since the memo counts again.
    const recount = (after[0]!.results[0] as { n: number | null }).n;
    total = recount ?? memo.total;
    if (recount !== null) totals.delete(memoKey(req));
  } else {
    total = countsFrom(after, req, now).total;
  }

  const hasMore = rows.length > req.limit;
  const pageRows = hasMore ? rows.slice(0, req.limit) : rows;
  let nextCursor: string | null = null;
  if (hasMore) {
    const last = pageRows[pageRows.length - 1]!;
    const keyRow: Record<string, unknown> = {};
    for (const k of sortKeys(req.sort, req.locale)) keyRow[k.col] = last[`_k_${k.col}`];
    nextCursor = encodeCursor(req.sort, req.locale, keyRow, last._part === "body" ? "body" : "head");
  }
  for (const r of pageRows) {
    for (const k of sortKeys(req.sort, req.locale)) delete r[`_k_${k.col}`];
    delete r._part;
  }
  return { rows: pageRows, total, nextCursor, plan, alongside };
}
