// The two query plans (worker/jobs/search.ts) must return identical rows, totals and cursors; and (issue 27)
// every plan of every filter alone and in pairs, with each sort, must be one an index serves: EXPLAIN QUERY
// PLAN on the seeded database shows no full scan of jobs, and no temporary B-tree sorting more than one page
// of rows where the sort's index could give the order. A walk confined to a memoised key range (decision 0704)
// searches its index by that range. Timings are the bench's (test/bench/matrix.mjs).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { pinnedStatement } from "../../worker/jobs/pinned";
import {
  INDEX_ONLY_ORDER_FIRST_MIN,
  INDEX_ONLY_ORDER_FIRST_SHARE,
  ORDER_FIRST_MIN,
  ORDER_FIRST_SHARE,
  choosePlan,
  decodeCursor,
  inParts,
  pageSql,
  searchJobs,
  sortIndex,
  sortKeys,
} from "../../worker/jobs/search";
import type { KeyRange, PartPlans, Plan, SearchResult } from "../../worker/jobs/search";
import { SORTS } from "../../worker/rules/lists";
import type { Sort } from "../../worker/rules/lists";
import type { Locale } from "../../worker/rules/i18n";
import type { SearchFilters, SearchRequest } from "../../worker/rules/search";
import { MINUTE, addJobs, clearJobs } from "../support/jobs";

const base: SearchRequest = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "", sort: "recent", limit: 7, cursor: null, locale: "en" };

/** Every sort in English, and the sorts whose keys depend on the language (company A–Z / Z–A) in Arabic too. */
const SORTS_BY_LOCALE: [Sort, Locale][] = [...SORTS.map((s): [Sort, Locale] => [s, "en"]), ["company-asc", "ar"], ["company-desc", "ar"]];

const CASES: Partial<SearchRequest>[] = [
  {},
  { keywords: "engineer" },
  { keywords: "ENGINEER dubai" },
  { keywords: "go" },
  { keywords: "écoute" },
  { keywords: "100%" },
  { location: "remote" },
  { location: "ny" },
  { remote: true, type: "contract" },
  { type: "remote" },
  { tags: ["react", "go"] },
  { tags: ["native"] },
  { timeframe: "day" },
  { keywords: "data", location: "riyadh", tags: ["python"], timeframe: "week" },
];

beforeAll(async () => {
  await clearJobs();
  const now = Date.now();
  const titles = ["Backend Engineer", "Go Developer", "Data Scientist", "Product Designer", "Écoute Lead", "React Native Dev"];
  const places = ["Dubai, UAE", "Remote", "Riyadh, Saudi Arabia", "New York, NY", ""];
  const tags = [["Go"], ["React", "TypeScript"], ["Python", "SQL"], ["React Native"], []];
  await addJobs(
    ...Array.from({ length: 90 }, (_, i) => ({
      title: `${titles[i % titles.length]}${i % 4 ? "" : " 100%"}`,
      company: `Co ${i % 7}`,
      location: places[i % places.length]!,
      tags: tags[i % tags.length]!,
      type: ["full-time", "contract", "part-time"][i % 3]!,
      salary: i % 5 ? `$${80 + i}k - $${120 + i}k` : "",
      plan: i % 9 === 0 ? "premium" : "standard",
      createdAt: now - Math.floor(i / 2) * 40 * MINUTE,
    })),
  );
});

async function walk(req: SearchRequest, plan: "order-first" | "filter-first") {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const res: SearchResult<Record<string, unknown>> = await searchJobs(env.DB, { ...req, cursor }, undefined, { plan });
    expect(res.plan).toBe(plan);
    ids.push(...res.rows.map((r) => String(r.id)));
    totals.push(res.total);
    cursor = res.nextCursor;
  } while (cursor);
  return { ids, totals };
}

describe("order-first and filter-first plans agree", () => {
  for (const c of CASES) {
    it.each(SORTS_BY_LOCALE)(`${JSON.stringify(c)} sorted by %s (%s)`, async (sort, locale) => {
      const req = { ...base, ...c, sort, locale };
      const a = await walk(req, "order-first");
      const b = await walk(req, "filter-first");
      expect(a.ids).toEqual(b.ids);
      expect(new Set(a.ids).size).toBe(a.ids.length);
      expect(a.totals.every((t) => t === a.ids.length)).toBe(true);
      expect(b.totals.every((t) => t === b.ids.length)).toBe(true);
    });
  }
});

// ---- the plans (issue 27) --------------------------------------------------------------------------

/** The filters of the bench's matrix (test/bench/matrix.mjs MATRIX_FILTERS), as search filters. */
const FILTERS: [string, Partial<SearchFilters>][] = [
  ["keywords=engineer", { keywords: "engineer" }],
  ["keywords=مهندس", { keywords: "مهندس" }],
  ["keywords=team", { keywords: "team" }],
  ["location=dubai", { location: "dubai" }],
  ["remote", { remote: true }],
  ["tags=Python", { tags: ["Python"] }],
  ["type=full-time", { type: "full-time" }],
  ["timeframe=week", { timeframe: "week" }],
  ["minSalary=15000 AED a month", { minSalary: 15000, currency: "AED", period: "month" }],
];

/** Each filter alone and each pair of filters that set different parameters. */
function filterSets(): [string, Partial<SearchFilters>][] {
  const sets: [string, Partial<SearchFilters>][] = [...FILTERS];
  for (let i = 0; i < FILTERS.length; i++) {
    for (let k = i + 1; k < FILTERS.length; k++) {
      const [a, fa] = FILTERS[i]!;
      const [b, fb] = FILTERS[k]!;
      if (Object.keys(fa).some((key) => key in fb)) continue;
      sets.push([`${a} & ${b}`, { ...fa, ...fb }]);
    }
  }
  return sets;
}

/** Which filters have an index that finds their candidates (the full-text index, job_tags, jobs_salary_top_idx). */
const hasCandidateIndex = (f: Partial<SearchFilters>) => Boolean(f.keywords || f.location || f.tags?.length || (f.minSalary && !f.includeNoSalary));

/**
 * EXPLAIN QUERY PLAN's lines. A line inside the intersection of the candidate sets (MERGE (INTERSECT)) is
 * marked "(candidates) ": sorting a set of seqs to intersect it is not sorting rows.
 */
async function explain(sql: string, params: unknown[]): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ id: number; parent: number; detail: string }>();
  const byId = new Map(results.map((r) => [r.id, r]));
  const inIntersect = (r: { parent: number }): boolean => {
    const p = byId.get(r.parent);
    return p ? p.detail.startsWith("MERGE (INTERSECT)") || inIntersect(p) : false;
  };
  return results.map((r) => (inIntersect(r) ? `(candidates) ${r.detail}` : r.detail));
}

/**
 * The plan of a page in parts, each part's lines alone: the head part's, then the body part's (UNION ALL; a part is
 * a co-routine, or flattened into the compound). The compound's own lines and the scan of a co-routine's output are
 * left out.
 */
function partsOf(lines: string[]): string[][] {
  const parts: string[][] = [];
  lines.forEach((line, i) => {
    if (/^(LEFT-MOST SUBQUERY|UNION ALL)$/.test(line)) parts.push([]);
    else if (line === "COMPOUND QUERY" || /^SCAN \(subquery-\d+\)$/.test(line)) return;
    else if (/^CO-ROUTINE \(subquery-\d+\)$/.test(line) && /^(LEFT-MOST SUBQUERY|UNION ALL)$/.test(lines[i - 1] ?? "")) return;
    else parts.at(-1)?.push(line);
  });
  return parts;
}

const other = (plan: Plan): Plan => (plan === "order-first" ? "filter-first" : "order-first");

/** A line without its "(candidates) " mark. */
const bare = (l: string) => l.replace(/^\(candidates\) /, "").trim();
/** A full scan of the jobs table (not of one of its indexes): `SCAN j` or `SCAN jobs` with nothing after. */
const fullScan = (lines: string[]) => lines.filter((l) => /^SCAN (j|jobs)$/.test(bare(l)));
const tempSorts = (lines: string[]) => lines.filter((l) => l.startsWith("USE TEMP B-TREE FOR ORDER BY"));
/**
 * Scans other than the ones a plan may make: the walk of the sort's index (order-first), the few tag names
 * (job_tag_names) and the full-text index's MATCH. A scan of anything else (a JSON array per row, a table)
 * is work per candidate that an index should do.
 */
const otherScans = (lines: string[], sortIndex: string) =>
  lines.map(bare).filter((l) => /^SCAN /.test(l) && !new RegExp(`^SCAN j USING (COVERING )?INDEX ${sortIndex}$`).test(l) && !/^SCAN (job_tag_names|jobs_(head_)?fts VIRTUAL TABLE INDEX)/.test(l));

describe("every combination's plan is served by an index", () => {
  const now = Date.now();
  const sets = filterSets();

  it("the matrix has every filter alone and 33 pairs", () => {
    expect(sets).toHaveLength(9 + 33);
  });

  for (const [label, f] of [["(no filter)", {}] as [string, Partial<SearchFilters>], ...sets]) {
    it.each(SORTS_BY_LOCALE)(`${label}, sorted by %s (%s)`, async (sort, locale) => {
      const req: SearchRequest = { ...base, ...f, sort, limit: 20, locale };
      const plans: Plan[] = hasCandidateIndex(f) ? ["order-first", "filter-first"] : ["order-first"];
      // A walk may be confined to the matches' range of the sort's first key (from a memoised count): one with
      // matches, and an empty one (no match).
      const first = sortKeys(sort, locale)[0]!;
      const bounds = first.kind === "number" ? { version: 1, min: 1, max: 2 ** 52 } : { version: 1, min: "a", max: "z" };
      // …and, in parts, with a part that had no match (skipped while the version is the count's).
      const empties: KeyRange[] = inParts(req)
        ? [
            { ...bounds, empty: ["head"] },
            { ...bounds, empty: ["body"] },
          ]
        : [];
      const ranges: (KeyRange | undefined)[] = [undefined, bounds, { version: 1, min: null, max: null }, ...empties];
      for (const plan of plans) {
        for (const [cursor, range] of [null, "second page"].flatMap((c) => (plan === "order-first" ? ranges : [undefined]).map((r) => [c, r] as const))) {
          // The second page: a cursor from the first (keyset pagination, the same plan shape).
          let r = req;
          if (cursor) {
            const first = await searchJobs(env.DB, { ...req, limit: 1 }, now, { plan });
            if (!first.nextCursor) continue;
            r = { ...req, cursor: first.nextCursor };
          }
          // In parts (Relevance with keywords, decision 0703), every mix of the parts' plans; each part is checked alone.
          const mixes: (Plan | PartPlans)[] = inParts(r) ? [plan, { head: plan, body: other(plan) }] : [plan];
          for (const mix of mixes) {
            const { sql, params } = pageSql(r, now, mix, range);
            const all = await explain(sql, params);
            // A body part's cursor reads the body part alone.
            const bodyOnly = inParts(r) && r.cursor !== null && decodeCursor(r, r.cursor).part === "body";
            const parts = inParts(r) && !bodyOnly ? partsOf(all) : [all];
            expect(parts, all.join("\n")).toHaveLength(inParts(r) && !bodyOnly ? 2 : 1);
            for (const [i, lines] of parts.entries()) {
              const partPlan = typeof mix === "string" ? mix : i === 0 && !bodyOnly ? mix.head : mix.body;
              checkPlan(
                lines,
                partPlan,
                range,
                `${JSON.stringify(mix)}${parts.length > 1 ? ` (part ${i})` : ""}${cursor ? ", next page" : ""}${range ? `, range ${JSON.stringify(range)}` : ""}:\n  ${all.join("\n  ")}`,
              );
            }
          }
        }
      }
      function checkPlan(lines: string[], plan: Plan, range: KeyRange | undefined, at: string) {
        const first = sortKeys(sort, locale)[0]!;
        expect(fullScan(lines), at).toEqual([]);
        expect(otherScans(lines, sortIndex(sort, locale)), at).toEqual([]);
        if (plan === "order-first") {
          // The walk of the sort's own index gives the order: no sort at all; with a key range, the index is
          // searched by it (both ends), never walked from its start.
          const walk = range
            ? `^SEARCH j USING (COVERING )?INDEX ${sortIndex(sort, locale)} \\(${first.col}>\\? AND ${first.col}<\\?\\)`
            : `^(SCAN|SEARCH) j USING (COVERING )?INDEX ${sortIndex(sort, locale)}\\b`;
          // (A part skipped while the data is the count's tests the data version first, in its LIMIT.)
          const versionTest = (l: string) => /^SCALAR SUBQUERY \d+$/.test(l) || l.startsWith("SEARCH data_versions ");
          expect(
            lines.find((l) => !versionTest(l)),
            at,
          ).toMatch(new RegExp(walk));
          expect(tempSorts(lines), at).toEqual([]);
        } else {
          // The candidates come from their indexes (by seq), never from a walk of jobs; they are sorted by their
          // keys (no index gives full-text or tag matches in a sort's order, and the plan is chosen only when
          // they are few), then the page's rows, at most one page, in that order.
          const reads = lines.filter((l) => /^(SCAN|SEARCH) j\b/.test(l.trim()));
          expect(reads.length, at).toBeGreaterThan(0);
          for (const read of reads) expect(read, at).toMatch(/^SEARCH j USING (INTEGER PRIMARY KEY \(rowid=\?\)|COVERING INDEX jobs_search_keys_idx \(seq=\?)/);
          expect(tempSorts(lines), at).toHaveLength(2);
          // A candidate set read from an index of jobs (the pay filter's jobs_salary_top_idx) never reads the rows.
          expect(
            lines.map(bare).filter((l) => /^(SCAN|SEARCH) jobs USING INDEX /.test(l)),
            at,
          ).toEqual([]);
        }
      }
      // The Pinned strip beside the first page walks the sticky jobs' own index (tested against the page's
      // candidate sets when the page is filter-first), never a JSON array per row.
      for (const useCandidates of [false, true]) {
        const pinned = await explain(...pinnedSql(req, now, useCandidates));
        const at = pinned.join("\n");
        expect(fullScan(pinned), at).toEqual([]);
        expect(
          otherScans(pinned, "jobs_sticky_idx").filter((l) => !/^SCAN (\(subquery-\d+\)|ring|chosen)$/.test(l.trim())),
          at,
        ).toEqual([]);
        // …from that index alone, whatever the filters (migrations/0026a_pinned_index_pay_and_head.sql): the pay
        // filter and a word typed in Arabic (its equivalents are looked for in search_head) included.
        const sticky = pinned.filter((l) => l.includes("jobs_sticky_idx"));
        expect(sticky.length, at).toBeGreaterThan(0);
        for (const l of sticky) expect(l, at).toMatch(/USING COVERING INDEX jobs_sticky_idx/);
      }
    });
  }

  it("filter-first only for filters with a candidate index, and only while matches are rare", () => {
    const live = 100_000;
    for (const [, f] of sets) {
      const filters = { ...base, ...f };
      // With keywords a walk reads a row for each entry that passes the index's tests; without, none (decision 0704).
      const rare = f.keywords ? Math.max(ORDER_FIRST_MIN, live * ORDER_FIRST_SHARE) - 1 : Math.max(INDEX_ONLY_ORDER_FIRST_MIN, live * INDEX_ONLY_ORDER_FIRST_SHARE) - 1;
      expect(choosePlan(filters, rare, live)).toBe(hasCandidateIndex(f) ? "filter-first" : "order-first");
      expect(choosePlan(filters, rare + 1, live)).toBe("order-first");
      expect(choosePlan(filters, 1, live)).toBe(hasCandidateIndex(f) ? "filter-first" : "order-first");
      // No match at all: a walk of the memo's empty key range, except with keywords (filter-first finds no candidate).
      expect(choosePlan(filters, 0, live)).toBe(f.keywords ? "filter-first" : "order-first");
    }
    expect(choosePlan(base, 0, live)).toBe("order-first");
  });
});

/** The pinned statement's SQL text and parameters (it is built for a batch; EXPLAIN needs the text). */
function pinnedSql(req: SearchRequest, now: number, useCandidates: boolean): [string, unknown[]] {
  let captured: [string, unknown[]] = ["", []];
  const fake = {
    prepare: (sql: string) => ({
      bind: (...params: unknown[]) => {
        captured = [sql, params];
        return {};
      },
    }),
  } as unknown as D1Database;
  pinnedStatement(fake, req, now, useCandidates);
  return captured;
}
