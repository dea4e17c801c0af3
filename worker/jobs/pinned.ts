// The "Pinned" strip (worker/rules/placement.ts): the live sticky jobs that match the filters, at most
// PINNED_MAX, taking turns by rotation window. One statement over the sticky jobs' own partial index
// (migrations/0009_pinned.sql).
import type { SearchFilters } from "../rules/search";
import { PINNED_MAX, pinWindow } from "../rules/placement";
import { PUBLIC_JOB_COLUMNS, filterSql, searchStatement } from "./search";

export const STICKY_SQL = `instr(j.enhancements, '"sticky"') > 0`;

/**
 * The statement choosing the pinned jobs (rows carry `_pos`; see pinnedRows). With `useCandidates` (the page
 * found rare matches through the full-text and tag indexes), the sticky jobs are tested against those
 * candidate sets before any row is read.
 */
export function pinnedStatement(db: D1Database, filters: SearchFilters, now = Date.now(), useCandidates = false): D1PreparedStatement {
  const { where, params } = filterSql(filters, now, useCandidates);
  // Position in the ring, counted from this window's start (rules/placement.ts pinStart), in SQL so
  // that counting and choosing read the same rows.
  const ringPos = `(((_i - (CASE WHEN _n <= ${PINNED_MAX} THEN 0 ELSE (? * ${PINNED_MAX}) % _n END)) % _n) + _n) % _n`;
  const window = pinWindow(now);
  // First the ring positions from the index alone, then the few chosen rows in full.
  return searchStatement(
    db,
    `WITH ring AS (
         SELECT j.seq, count(*) OVER () AS _n, row_number() OVER (ORDER BY j.created_at DESC, j.id DESC) - 1 AS _i
         FROM jobs j INDEXED BY jobs_sticky_idx WHERE ${where.join(" AND ")} AND ${STICKY_SQL}
       ), chosen AS (SELECT seq, ${ringPos} AS _pos FROM ring WHERE ${ringPos} < ${PINNED_MAX})
       SELECT ${PUBLIC_JOB_COLUMNS}, chosen._pos FROM chosen JOIN jobs j ON j.seq = chosen.seq ORDER BY chosen._pos`,
    [...params, window, window],
  );
}

/** The pinned jobs from the statement's rows, in strip order. */
export function pinnedRows<Row>(results: Record<string, unknown>[]): Row[] {
  return results.map(({ _pos, ...row }) => {
    void _pos;
    return row as Row;
  });
}

export async function pinnedJobs<Row>(db: D1Database, filters: SearchFilters, now = Date.now()): Promise<Row[]> {
  const { results } = await pinnedStatement(db, filters, now).all<Record<string, unknown>>();
  return pinnedRows<Row>(results);
}
