// The pay filter of the public search (issue 26; README, "Salaries"): a job matches when the top of its
// structured range, converted to US cents a year (worker/rules/rates.ts), is at least the visitor's minimum
// converted the same way. Jobs without a structured salary are left out, unless the visitor asks for them.
// One WHERE term on jobs.salary_top_usd, which has its own index (migrations/0020a_structured_salary.sql).
import type { SearchFilters } from "../rules/searchParams";
import { DEFAULT_CURRENCY, DEFAULT_PERIOD } from "../rules/searchParams";
import { yearlyUsdCents } from "../rules/rates";

export function payFilterSql(f: SearchFilters): { where: string[]; params: number[] } {
  if (!f.minSalary) return { where: [], params: [] };
  const floor = yearlyUsdCents(f.minSalary, f.currency ?? DEFAULT_CURRENCY, f.period ?? DEFAULT_PERIOD);
  return f.includeNoSalary ? { where: ["(j.salary_top_usd >= ? OR j.salary_top_usd IS NULL)"], params: [floor] } : { where: ["j.salary_top_usd >= ?"], params: [floor] };
}

/**
 * The pay filter as a candidate set for search's filter-first plan, or null when it has none (no minimum, or
 * jobs without a salary asked for: those are most jobs): the live jobs (worker/jobs/search.ts VISIBLE_SQL) paying
 * at least the floor, all answered by jobs_salary_top_idx without reading a row.
 */
export function payCandidatesSql(f: SearchFilters, now: number): { sql: string; params: number[] } | null {
  if (!f.minSalary || f.includeNoSalary) return null;
  const { params } = payFilterSql(f);
  return {
    sql: "SELECT seq FROM jobs INDEXED BY jobs_salary_top_idx WHERE salary_top_usd >= ? AND published = 1 AND deleted_at IS NULL AND expires_at > ? AND (newer_dup_until IS NULL OR newer_dup_until <= ?)",
    params: [...params, now, now],
  };
}

/** What of the pay filter changes which jobs match (for memoised totals): the converted floor and the opt-in. */
export function payMemoKey(f: SearchFilters): string {
  const { where, params } = payFilterSql(f);
  return where.length ? `${params[0]}|${f.includeNoSalary ? 1 : 0}` : "";
}
