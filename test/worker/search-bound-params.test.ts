// D1 binds at most 100 parameters per statement. A search's statements bind each distinct value once (numbered
// parameters: worker/lib/sql.ts), so the Relevance sort's two parts, which test the same words twice, cost no more
// than one; and a search whose words and places expand past the limit (a region stands for every member's names)
// is a clear 400 in the request's language, before any database work, never D1's error (a 500).
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { pinnedStatement } from "../../worker/jobs/pinned";
import { searchJobs } from "../../worker/jobs/search";
import { D1_MAX_PARAMS, numberParams } from "../../worker/lib/sql";
import type { SearchRequest } from "../../worker/rules/search";
import { addJobs, apiUrl, clearJobs } from "../support/jobs";

const base: SearchRequest = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "", sort: "relevance", limit: 20, cursor: null, locale: "en" };

/** Distinct two-letter words, as many as fit in `chars` characters. */
const words = (from: number, chars = 200) =>
  Array.from({ length: 66 }, (_, i) => String.fromCharCode(97 + ((i + from) % 26)) + String.fromCharCode(97 + (Math.floor((i + from) / 26) % 26)))
    .join(" ")
    .slice(0, chars)
    .trim();

/** Every statement a search prepares (page, counts, Pinned strip), as the number of values each binds. */
async function boundCounts(req: SearchRequest): Promise<number[]> {
  const counts: number[] = [];
  const fake = {
    prepare: (sql: string) => ({
      sql,
      bind: (...params: unknown[]) => {
        counts.push(params.length);
        return { sql, params };
      },
    }),
    batch: async (stmts: unknown[]) => stmts.map(() => ({ results: [{ n: 0, version: 0, t: null }] })),
  } as unknown as D1Database;
  for (const plan of ["order-first", "filter-first"] as const) {
    await searchJobs(fake, req, Date.now(), { plan, alongside: pinnedStatement(fake, req, Date.now(), plan === "filter-first") });
  }
  return counts;
}

beforeAll(async () => {
  await clearJobs();
  await addJobs({ title: "Backend Engineer", location: "Riyadh, Saudi Arabia" }, { title: "Data Engineer", location: "Doha, Qatar" });
});

describe("numberParams", () => {
  it("binds each distinct value once and leaves a ? in a quoted string alone", () => {
    const out = numberParams("SELECT '?' AS q, \"a?\" FROM t WHERE a = ? AND b = ? AND c = ? AND d LIKE ? ESCAPE '\\' AND e = ?", [1, "x", 1, "1", null]);
    expect(out.sql).toBe("SELECT '?' AS q, \"a?\" FROM t WHERE a = ?1 AND b = ?2 AND c = ?1 AND d LIKE ?3 ESCAPE '\\' AND e = ?4");
    expect(out.params).toEqual([1, "x", "1", null]);
  });

  it("refuses a statement whose ? and values do not pair up", () => {
    expect(() => numberParams("SELECT ?", [])).toThrow();
    expect(() => numberParams("SELECT 1", [1])).toThrow();
    expect(() => numberParams("SELECT ?1", [1])).toThrow();
  });
});

describe("a search's statements stay within D1's 100 parameters", () => {
  it("the Relevance sort's two parts bind the query's words once: 66 words in keywords fit, in every sort", async () => {
    for (const sort of ["relevance", "recent"] as const) {
      const counts = await boundCounts({ ...base, sort, keywords: words(0) });
      expect(Math.max(...counts), sort).toBeLessThanOrEqual(D1_MAX_PARAMS);
    }
    const res = await exports.default.fetch(apiUrl("/api/jobs", { keywords: words(0), sort: "relevance" }));
    expect(res.status).toBe(200);
  });

  it("regions and places that expand past the limit are a 400 in the request's language, and change nothing", async () => {
    const params = { keywords: "GCC MENA Levant North Africa", location: words(66), sort: "relevance" };
    const counts = await boundCounts({ ...base, ...params, sort: "relevance" }).catch((e: Error) => e);
    expect(counts).toBeInstanceOf(Error);
    const en = await exports.default.fetch(apiUrl("/api/jobs", params));
    expect(en.status).toBe(400);
    expect(((await en.json()) as { error: string }).error).toBe("This search has too many words and places to run. Search with fewer.");
    const ar = await exports.default.fetch(new Request(apiUrl("/api/jobs", params), { headers: { "Accept-Language": "ar" } }));
    expect(ar.status).toBe(400);
    expect(((await ar.json()) as { error: string }).error).toBe("هذا البحث فيه كلمات وأماكن أكثر مما يمكن تنفيذه. ابحث بعدد أقل منها.");
    // The listing page still answers (its list asks the API, which says why).
    const page = await exports.default.fetch(new Request(`https://example.com/jobs?${new URLSearchParams(params)}`));
    expect(page.status).toBe(200);
    await page.text();
    // A search that fits still finds its jobs.
    const fits = await exports.default.fetch(apiUrl("/api/jobs", { keywords: "engineer", location: "GCC", sort: "relevance" }));
    expect(((await fits.json()) as { total: number }).total).toBe(2);
  });
});
