// Memoised key ranges (worker/jobs/search.ts, docs/decisions/0704): once a search's filters have been counted, an
// order-first walk is confined to the matches' range of its sort's first key. That must never change what a page
// finds: not when the data changes after the count (the page reads the data version itself), not when a search
// asks for an earlier moment than the count, and not when nothing matched.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { searchJobs } from "../../worker/jobs/search";
import type { Plan, SearchResult } from "../../worker/jobs/search";
import type { SearchRequest } from "../../worker/rules/search";
import { DAY, addJobs, clearJobs } from "../support/jobs";

const base: SearchRequest = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "", sort: "recent", limit: 5, cursor: null, locale: "en" };

/** env.DB, recording the SQL of every statement prepared through it. */
function recording(): { db: D1Database; sql: string[] } {
  const sql: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => (sql.push(query), target.prepare(query));
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, sql };
}

/**
 * A search and its page statement's SQL (the first one searchJobs prepares). The data here is small, so matches are
 * rare and the plan would be filter-first (which has no range): `plan` asks for the walk.
 */
async function pageOf(req: SearchRequest, now: number, plan?: Plan): Promise<{ res: SearchResult<Record<string, unknown>>; sql: string }> {
  const rec = recording();
  const res = await searchJobs(rec.db, req, now, { plan });
  return { res, sql: rec.sql[0]! };
}

/** Counted at `now`: a memoised total (and range) for the filters at the current data version. */
async function counted(req: SearchRequest, now: number): Promise<number> {
  await searchJobs(env.DB, req, now); // counts, or finds a memo from another test and drops it (the data changed)
  return (await searchJobs(env.DB, req, now)).total;
}

async function walk(req: SearchRequest, now: number, plan: Plan): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res: SearchResult<Record<string, unknown>> = await searchJobs(env.DB, { ...req, cursor }, now, { plan });
    ids.push(...res.rows.map((r) => String(r.id)));
    cursor = res.nextCursor;
  } while (cursor);
  return ids;
}

/** As in the bench's data: the engineers are the best paid, so they all come after the others in "salary low to high". */
async function seed(now: number): Promise<void> {
  await clearJobs();
  await addJobs(
    ...Array.from({ length: 40 }, (_, i) => ({ title: `Sales Representative ${i}`, salary: `$${40 + i}k - $${50 + i}k`, tags: ["Sales"], createdAt: now - i * 60_000 })),
    ...Array.from({ length: 12 }, (_, i) => ({ title: `Backend Engineer ${i}`, salary: `$${150 + i}k - $${190 + i}k`, tags: ["Python"], createdAt: now - i * 90_000 })),
  );
}

describe("a memoised key range finds the same jobs", () => {
  const now = Date.now();
  beforeEach(() => seed(now));

  it("confines the walk once counted, page by page, in both salary orders and for tags", async () => {
    for (const req of [
      { ...base, keywords: "engineer", sort: "salary-low" as const },
      { ...base, keywords: "engineer", sort: "salary-high" as const },
      { ...base, tags: ["python"], sort: "salary-low" as const },
      { ...base, keywords: "engineer", tags: ["python"], sort: "company-desc" as const, locale: "ar" as const },
    ]) {
      // Once counted, a walk is confined to the range; filter-first (no range) finds the same pages.
      expect(await counted(req, now)).toBe(12);
      const ranged = await pageOf(req, now + 1, "order-first");
      expect(ranged.sql).toContain("BETWEEN CASE WHEN");
      const other = await pageOf(req, now + 1, "filter-first");
      expect(other.sql).not.toContain("BETWEEN CASE WHEN");
      expect(ranged.res.rows.map((r) => r.id)).toEqual(other.res.rows.map((r) => r.id));
      expect(ranged.res.total).toBe(12);
      const ids = await walk(req, now + 2, "order-first");
      expect(ids).toEqual(await walk(req, now + 2, "filter-first"));
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
    }
  });

  it("a job written after the count, outside the range, is found at once", async () => {
    const req = { ...base, keywords: "engineer", sort: "salary-low" as const };
    expect(await counted(req, now)).toBe(12);
    expect((await pageOf(req, now + 1, "order-first")).sql).toContain("BETWEEN CASE WHEN");
    // Cheaper than every engineer counted: below the memoised range. The page reads the new data version and walks
    // from the start; the total is counted again.
    const [cheap] = await addJobs({ title: "Junior Engineer", salary: "$20k - $30k", tags: ["Python"], createdAt: now - DAY });
    const after = await pageOf(req, now + 2, "order-first");
    expect(after.sql).toContain("BETWEEN CASE WHEN");
    expect(after.res.rows[0]!.id).toBe(cheap);
    expect(after.res.total).toBe(13);
    // The same for a search that matched nothing when counted: its plan walks the empty range.
    const none = { ...base, location: "riyadh", remote: true, sort: "salary-high" as const };
    expect(await counted(none, now)).toBe(0);
    const empty = await pageOf(none, now + 1);
    expect(empty.sql).toContain("BETWEEN CASE WHEN");
    expect(empty.res.plan).toBe("order-first");
    expect(empty.res.rows).toEqual([]);
    const [riyadh] = await addJobs({ title: "Remote Analyst", location: "Riyadh or Remote", createdAt: now - DAY });
    const found = await searchJobs(env.DB, none, now + 2);
    expect(found.rows.map((r) => r.id)).toEqual([riyadh]);
    expect(found.total).toBe(1);
  });

  it("is not used for a moment before the count, when more jobs may have matched", async () => {
    const req = { ...base, keywords: "engineer", sort: "salary-low" as const };
    await counted(req, now);
    expect((await pageOf(req, now + 1, "order-first")).sql).toContain("BETWEEN CASE WHEN");
    expect((await pageOf(req, now - 1, "order-first")).sql).not.toContain("BETWEEN CASE WHEN");
  });

  it("is not kept for filters counted from an index alone (type, remote, timeframe), unless nothing matched", async () => {
    const req = { ...base, type: "full-time", sort: "salary-low" as const };
    expect(await counted(req, now)).toBe(52);
    expect((await pageOf(req, now + 1)).sql).not.toContain("BETWEEN CASE WHEN");
    const none = { ...base, type: "internship", sort: "salary-low" as const };
    expect(await counted(none, now)).toBe(0);
    const empty = await pageOf(none, now + 1);
    expect(empty.sql).toContain("BETWEEN CASE WHEN");
    expect(empty.res.rows).toEqual([]);
  });
});
