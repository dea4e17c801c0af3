// The two query plans (worker/jobs/search.ts) must return identical rows, totals and cursors.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { searchJobs } from "../../worker/jobs/search";
import type { SearchResult } from "../../worker/jobs/search";
import { SORTS } from "../../worker/rules/lists";
import type { SearchRequest } from "../../worker/rules/search";
import { MINUTE, addJobs, clearJobs } from "../support/jobs";

const base: SearchRequest = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "", sort: "recent", limit: 7, cursor: null };

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
    it.each(SORTS)(`${JSON.stringify(c)} sorted by %s`, async (sort) => {
      const req = { ...base, ...c, sort };
      const a = await walk(req, "order-first");
      const b = await walk(req, "filter-first");
      expect(a.ids).toEqual(b.ids);
      expect(new Set(a.ids).size).toBe(a.ids.length);
      expect(a.totals.every((t) => t === a.ids.length)).toBe(true);
      expect(b.totals.every((t) => t === b.ids.length)).toBe(true);
    });
  }
});
