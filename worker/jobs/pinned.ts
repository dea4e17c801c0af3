// The "Pinned" strip (worker/rules/placement.ts): the live sticky jobs that match the filters, at most
// PINNED_MAX, taking turns by rotation window. One statement over the sticky jobs' own partial index
// (migrations/0009_pinned.sql); the FTS candidate test is not needed on so few rows.
import type { SearchFilters } from "../rules/search";
import { PINNED_MAX, pinWindow } from "../rules/placement";
import { PUBLIC_JOB_COLUMNS, filterSql } from "./search";

export const STICKY_SQL = `instr(j.enhancements, '"sticky"') > 0`;

export async function pinnedJobs<Row>(db: D1Database, filters: SearchFilters, now = Date.now()): Promise<Row[]> {
  const { where, params } = filterSql(filters, now, false);
  // Position in the ring, counted from this window's start (rules/placement.ts pinStart), in SQL so
  // that counting and choosing read the same rows.
  const ringPos = `(((_i - (CASE WHEN _n <= ${PINNED_MAX} THEN 0 ELSE (? * ${PINNED_MAX}) % _n END)) % _n) + _n) % _n`;
  const window = pinWindow(now);
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT ${PUBLIC_JOB_COLUMNS}, count(*) OVER () AS _n, row_number() OVER (ORDER BY j.created_at DESC, j.id DESC) - 1 AS _i
         FROM jobs j INDEXED BY jobs_sticky_idx WHERE ${where.join(" AND ")} AND ${STICKY_SQL}
       ) WHERE ${ringPos} < ${PINNED_MAX} ORDER BY ${ringPos}`,
    )
    .bind(...params, window, window)
    .all<Row & { _n?: number; _i?: number }>();
  return results.map(({ _n, _i, ...row }) => {
    void _n;
    void _i;
    return row as Row;
  });
}
