// Sorts and cursor pagination: no duplicates and no gaps, for every sort,
// while jobs are being added.
import { beforeEach, describe, expect, it } from "vitest";
import { SORTS } from "../../worker/rules/lists";
import type { JobListResponse } from "../../worker/rules/search";
import { HOUR, MINUTE, addJobs, clearJobs, search, titles } from "../support/jobs";

beforeEach(clearJobs);

describe("sort", () => {
  it("recent is the default: newest first", async () => {
    const now = Date.now();
    await addJobs({ title: "old", createdAt: now - 3 * HOUR }, { title: "new", createdAt: now - HOUR }, { title: "mid", createdAt: now - 2 * HOUR });
    expect(await titles()).toEqual(["new", "mid", "old"]);
    expect(await titles({ sort: "recent" })).toEqual(["new", "mid", "old"]);
  });

  it("relevance: premium plan first, then featured, then highlight, then newest", async () => {
    const now = Date.now();
    await addJobs(
      { title: "plain new", createdAt: now - MINUTE },
      { title: "highlight", enhancements: ["highlight"], createdAt: now - 5 * MINUTE },
      { title: "featured", enhancements: ["featured"], createdAt: now - 6 * MINUTE },
      { title: "premium old", plan: "premium", createdAt: now - 9 * MINUTE },
      { title: "premium new", plan: "premium", createdAt: now - 2 * MINUTE },
      { title: "featured+highlight", enhancements: ["featured", "highlight"], createdAt: now - 8 * MINUTE },
      { title: "sticky only", enhancements: ["sticky"], createdAt: now - 3 * MINUTE },
    );
    expect(await titles({ sort: "relevance" })).toEqual(["premium new", "premium old", "featured+highlight", "featured", "highlight", "plain new", "sticky only"]);
  });

  it("salary-high uses the last number in the text; salary-low the first; jobs without a salary last", async () => {
    await addJobs(
      { title: "80-200", salary: "$80k - $200k" },
      { title: "150-160", salary: "$150k - $160k" },
      { title: "none", salary: "" },
      { title: "120,000-130,000", salary: "$120,000 - $130,000" },
      { title: "200+", salary: "$200k+" },
      { title: "competitive", salary: "Competitive" },
    );
    const high = await titles({ sort: "salary-high" });
    // $200k+ and $80k - $200k both end in 200,000: the newer of the two comes first.
    expect(new Set(high.slice(0, 2))).toEqual(new Set(["200+", "80-200"]));
    expect(high.slice(2, 4)).toEqual(["150-160", "120,000-130,000"]);
    expect(new Set(high.slice(4))).toEqual(new Set(["none", "competitive"]));
    const low = await titles({ sort: "salary-low" });
    expect(low.slice(0, 4)).toEqual(["80-200", "120,000-130,000", "150-160", "200+"]);
    expect(new Set(low.slice(4))).toEqual(new Set(["none", "competitive"]));
  });

  it("company-asc and company-desc order by company name, case-insensitively", async () => {
    await addJobs({ title: "1", company: "beta" }, { title: "2", company: "Alpha" }, { title: "3", company: "Gamma" });
    expect((await search({ sort: "company-asc" })).jobs.map((j) => j.company)).toEqual(["Alpha", "beta", "Gamma"]);
    expect((await search({ sort: "company-desc" })).jobs.map((j) => j.company)).toEqual(["Gamma", "beta", "Alpha"]);
  });
});

async function allPages(params: Record<string, string | number>, between?: () => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res: JobListResponse = await search({ ...params, ...(cursor ? { cursor } : {}) });
    ids.push(...res.jobs.map((j) => j.id));
    cursor = res.nextCursor;
    if (!cursor) break;
    if (between) await between();
  }
  return ids;
}

describe("pagination", () => {
  it("limit defaults to 20 and caps at 100", async () => {
    await addJobs(...Array.from({ length: 105 }, (_, i) => ({ title: `Role ${i}` })));
    const first = await search();
    expect(first.jobs).toHaveLength(20);
    expect(first.total).toBe(105);
    expect(first.nextCursor).toBeTruthy();
    expect((await search({ limit: 100 })).jobs).toHaveLength(100);
  });

  it.each(SORTS)("sort %s: pages have no duplicates and no gaps, with ties", async (sort) => {
    const now = Date.now();
    // Many ties on every sort key: same time, same salary, same company for groups of jobs.
    await addJobs(
      ...Array.from({ length: 37 }, (_, i) => ({
        title: `Role ${i}`,
        company: `Co ${i % 4}`,
        salary: i % 3 === 0 ? "" : `$${100 + (i % 5) * 10}k - $${150 + (i % 2) * 10}k`,
        plan: i % 6 === 0 ? "premium" : "standard",
        enhancements: i % 5 === 0 ? ["featured"] : [],
        createdAt: now - Math.floor(i / 3) * MINUTE,
      })),
    );
    const all = (await search({ sort, limit: 100 })).jobs.map((j) => j.id);
    const paged = await allPages({ sort, limit: 5 });
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(37);
  });

  it.each(SORTS)("sort %s: jobs added while paging cause no duplicates or gaps among the original jobs", async (sort) => {
    const now = Date.now();
    await addJobs(...Array.from({ length: 23 }, (_, i) => ({ title: `Role ${i}`, company: `Co ${i % 3}`, salary: `$${90 + i}k - $${120 + i}k`, createdAt: now - (i + 10) * MINUTE })));
    const before = (await search({ sort, limit: 100 })).jobs.map((j) => j.id);
    let added = 0;
    const paged = await allPages({ sort, limit: 4 }, async () => {
      added += 1;
      await addJobs({ title: `New ${added}`, company: `Co ${added % 3}`, salary: `$${95 + added}k - $${125 + added}k`, plan: added % 2 ? "premium" : "standard" });
    });
    expect(new Set(paged).size).toBe(paged.length);
    const original = paged.filter((id) => before.includes(id));
    expect(original).toEqual(before);
  });
});
