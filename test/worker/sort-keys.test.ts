// Sorting by company in the page's alphabet (issue 25) and by converted pay (issue 26): the keys the jobs store
// writes (worker/jobs/derive.ts, worker/rules/collation.ts), the SQL order they give, cursor pagination over them,
// and the re-reading of rows stored before them (migrations/0025a_sort_keys.sql, the scheduled "parse-salaries").
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { firstPageData } from "../../worker/discovery/listingPage";
import { companySortKeys } from "../../worker/jobs/derive";
import { editJob, parseUnreadSalaries, renameCompanyStatements } from "../../worker/jobs/store";
import { collationKey } from "../../worker/rules/collation";
import type { Locale } from "../../worker/rules/i18n";
import type { JobListResponse } from "../../worker/rules/search";
import { runScheduledTasks } from "../../worker/scheduled";
import { MINUTE, addJobs, apiUrl, clearJobs } from "../support/jobs";

beforeEach(clearJobs);

/** Latin, Arabic (hamza and madda forms, ta marbuta, alef maqsura, harakat, tatweel), digits of both kinds, case, accents. */
const NAMES = [
  "Stripe",
  "stripe labs",
  "Émile & Co",
  "Emile",
  "apple",
  "Apple Inc",
  "Zeta",
  "123 Labs",
  "9 Lives",
  "O’Reilly",
  "Ünicorn",
  "آفاق للتقنية",
  "أفق للتقنية",
  "افق",
  "إعمار",
  "البنك الأهلي",
  "بيت.كوم",
  "شركة ٣",
  "شركة 2",
  "مَرْكَز",
  "مركز البيانات",
  "مؤسسة",
  "كريم",
  "تمارا",
  "ةمرة",
  "هيئة",
  "ى للحلول",
  "يـمن",
  "ـــ زين",
  "Ωmega",
  "東京 Works",
];

async function searchIn(locale: Locale, params: Record<string, string | number>): Promise<JobListResponse> {
  const res = await exports.default.fetch(apiUrl("/api/jobs", params), { headers: { "Accept-Language": locale } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as JobListResponse;
}

/** Every page of a search, following its cursors. */
async function allCompanies(locale: Locale, params: Record<string, string | number>): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const page: JobListResponse = await searchIn(locale, { ...params, ...(cursor ? { cursor } : {}) });
    out.push(...page.jobs.map((j) => j.company));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe("company A–Z follows Intl.Collator for the page's language (issue 25)", () => {
  for (const locale of ["en", "ar"] as const) {
    it(`sorting mixed Latin/Arabic/digit/diacritic names by the SQL key gives exactly names.sort(new Intl.Collator("${locale}").compare)`, async () => {
      await addJobs(...NAMES.map((company, i) => ({ company, title: `Job ${i}` })));
      const expected = [...NAMES].sort(new Intl.Collator(locale).compare);
      const column = locale === "ar" ? "company_sort_ar" : "company_sort_en";
      const { results } = await env.DB.prepare(`SELECT company FROM jobs ORDER BY ${column}`).all<{ company: string }>();
      expect(results.map((r) => r.company)).toEqual(expected);
      // Through the API, a page of 4 at a time (keyset cursors over the key), both ways.
      expect(await allCompanies(locale, { sort: "company-asc", limit: 4 })).toEqual(expected);
      expect(await allCompanies(locale, { sort: "company-desc", limit: 4 })).toEqual([...expected].reverse());
    });
  }

  it("Arabic names come first on /ar and Latin names first in English", async () => {
    await addJobs({ company: "Careem" }, { company: "كريم" }, { company: "Anghami" }, { company: "أنغامي" });
    expect((await searchIn("ar", { sort: "company-asc" })).jobs.map((j) => j.company)).toEqual(["أنغامي", "كريم", "Anghami", "Careem"]);
    expect((await searchIn("en", { sort: "company-asc" })).jobs.map((j) => j.company)).toEqual(["Anghami", "Careem", "أنغامي", "كريم"]);
    // The Arabic listing page's first screen (rendered on the worker) is the Arabic order too.
    const page = await firstPageData(env, new URL("http://localhost/ar/jobs?sort=company-asc"));
    expect(page?.listing.jobs.map((j) => j.company)).toEqual(["أنغامي", "كريم", "Anghami", "Careem"]);
  });

  it("equal names keep the newest first, across pages", async () => {
    const now = Date.now();
    await addJobs(...Array.from({ length: 5 }, (_, i) => ({ company: i % 2 ? "شركة" : "Acme", title: `t${i}`, createdAt: now - i * MINUTE })));
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: JobListResponse = await searchIn("ar", { sort: "company-asc", limit: 2, ...(cursor ? { cursor } : {}) });
      pages.push(...page.jobs.map((j) => j.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual(["t1", "t3", "t0", "t2", "t4"]);
  });

  it("a company cursor is for one language: used with the other it is a 400 and nothing is read", async () => {
    await addJobs({ company: "A" }, { company: "B" }, { company: "ج" });
    const first = await searchIn("en", { sort: "company-asc", limit: 1 });
    expect(first.nextCursor).toBeTruthy();
    const res = await exports.default.fetch(apiUrl("/api/jobs", { sort: "company-asc", limit: 1, cursor: first.nextCursor! }), { headers: { "Accept-Language": "ar" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
  });

  it("a 200-character name pages on: only its first 100 characters count, and its cursor is accepted", async () => {
    // Two names of 200 characters that differ only at the 151st.
    const long = (c: string) => `${"شركة المستقبل للتقنيات المتقدمة ".repeat(5).slice(0, 150)}${c}${"ن".repeat(49)}`;
    await addJobs({ company: long("أ"), title: "long-1" }, { company: long("ب"), title: "long-2" }, { company: "Zed", title: "short" });
    expect(long("أ")).toHaveLength(200);
    expect(collationKey(long("أ"), "ar")).toBe(collationKey(long("ب"), "ar"));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: JobListResponse = await searchIn("ar", { sort: "company-asc", limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.jobs.map((j) => j.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen)).toEqual(new Set(["long-1", "long-2", "short"]));
    expect(seen).toHaveLength(3);
  });

  it("keys agree with the collator on 3,000 random pairs of mixed strings (in the Workers runtime)", () => {
    const alphabet = [..."aAbBeEéÉèzZ0129 -.&'’()ÖöüÜçÇñÑ", ..."ابتثجحخدذرزسشصضطظعغفقكلمنهويأإآءؤئةىـ١٢٣َُِّْ"];
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const word = () => Array.from({ length: 1 + Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    for (const locale of ["en", "ar"] as const) {
      const collator = new Intl.Collator(locale);
      const wrong: string[][] = [];
      for (let i = 0; i < 3000; i++) {
        const a = word();
        const b = random() < 0.5 ? a.slice(0, 1 + Math.floor(random() * a.length)) + word().slice(0, 3) : word();
        const [ka, kb] = [collationKey(a, locale), collationKey(b, locale)];
        if (Math.sign(collator.compare(a, b)) !== (ka < kb ? -1 : ka > kb ? 1 : 0)) wrong.push([a, b]);
      }
      expect(wrong, locale).toEqual([]);
    }
  });
});

describe("salary sorts compare converted yearly pay (issue 26)", () => {
  const SALARIES: [string, string][] = [
    ["usd", "$120k - $150k"], // 120,000 – 150,000 USD a year
    ["aed-month", "AED 40,000 - 50,000 monthly"], // ≈ 130,701 – 163,376 USD a year
    ["sar-year", "SAR 300,000 - 600,000 yearly"], // 80,000 – 160,000 USD a year
    ["eur", "€100,000 - €110,000"], // ≈ 108,696 – 119,565 USD a year
    ["egp-month", "EGP 30,000 - 40,000 monthly"], // ≈ 7,423 – 9,897 USD a year
    ["competitive", "Competitive"],
    ["none", ""],
  ];

  async function walk(sort: string, locale: Locale = "en"): Promise<string[]> {
    const out: string[] = [];
    let cursor: string | null = null;
    do {
      const page: JobListResponse = await searchIn(locale, { sort, limit: 2, ...(cursor ? { cursor } : {}) });
      out.push(...page.jobs.map((j) => j.title));
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  }

  it("High to Low: by the top of the range in US dollars a year; Low to High: by the bottom; jobs without a structured salary last both ways", async () => {
    const now = Date.now();
    await addJobs(...SALARIES.map(([title, salary], i) => ({ title, salary, createdAt: now - i * MINUTE })));
    expect(await walk("salary-high")).toEqual(["aed-month", "sar-year", "usd", "eur", "egp-month", "competitive", "none"]);
    expect(await walk("salary-low")).toEqual(["egp-month", "sar-year", "eur", "usd", "aed-month", "competitive", "none"]);
    expect(await walk("salary-high", "ar")).toEqual(["aed-month", "sar-year", "usd", "eur", "egp-month", "competitive", "none"]);
  });

  it("an open-ended range sorts by its minimum both ways; equal pay keeps the newest first", async () => {
    const now = Date.now();
    await addJobs(
      { title: "200+", salary: "$200k+", createdAt: now - MINUTE },
      { title: "150-200", salary: "$150k - $200k", createdAt: now - 2 * MINUTE },
      { title: "aed-200k-usd", salary: "AED 734,500 yearly", createdAt: now - 3 * MINUTE },
    );
    expect(await walk("salary-high")).toEqual(["200+", "150-200", "aed-200k-usd"]);
    expect(await walk("salary-low")).toEqual(["150-200", "200+", "aed-200k-usd"]);
  });
});

describe("rows stored before these keys are re-read (migrations/0025a_sort_keys.sql)", () => {
  it("the migration's interim keys keep both sorts defined; parse-salaries then writes exactly what a new write would", async () => {
    const ids = await addJobs({ company: "Zain", salary: "AED 40,000 - 50,000 monthly" }, { company: "أرامكو", salary: "$120k - $150k" }, { company: "beta", salary: "Competitive" });
    const columns = "company_sort_en, company_sort_ar, salary_high_key, salary_low_key";
    const fresh = await env.DB.prepare(`SELECT id, ${columns} FROM jobs ORDER BY id`).all();
    // As the rows were before 0025a: the old keys (the company lower-cased, the salary's numbers as written).
    await env.DB.prepare("UPDATE jobs SET company_sort_en = '', company_sort_ar = '', salary_high_key = 50000, salary_low_key = 40000 WHERE company = 'Zain'").run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0025a_"));
    const update = migration?.queries.find((q) => q.includes("UPDATE `jobs` SET"));
    expect(update).toBeTruthy();
    await env.DB.prepare(update!).run();
    const interim = await env.DB.prepare("SELECT company, company_sort_en, salary_high_key, salary_low_key, salary_parsed FROM jobs WHERE company = 'Zain'").first();
    expect(interim).toEqual({ company: "Zain", company_sort_en: "zain", salary_high_key: 16337645, salary_low_key: 13070116, salary_parsed: 0 });
    expect((await searchIn("en", { sort: "salary-high" })).jobs.map((j) => j.company)).toEqual(["Zain", "أرامكو", "beta"]);
    const report = await runScheduledTasks(env, Date.now(), ["parse-salaries"]);
    expect(report["parse-salaries"]).toBe(3);
    expect(await parseUnreadSalaries(env.DB)).toBe(0);
    expect((await env.DB.prepare(`SELECT id, ${columns} FROM jobs ORDER BY id`).all()).results).toEqual(fresh.results);
    expect(ids).toHaveLength(3);
    expect((await searchIn("ar", { sort: "company-asc" })).jobs.map((j) => j.company)).toEqual(["أرامكو", "beta", "Zain"]);
  });
});

describe("every write of a company name writes its keys", () => {
  const keysOf = async (id: string) => env.DB.prepare("SELECT company_sort_en AS companySortEn, company_sort_ar AS companySortAr FROM jobs WHERE id = ?").bind(id).first();

  it("an insert, the owner's edit and a company rename", async () => {
    const [id] = await addJobs({ company: "Old Name", userId: "owner-1" });
    expect(await keysOf(id!)).toEqual(companySortKeys("Old Name"));
    const edit = {
      title: "Engineer",
      company: "  أفق ",
      location: "Dubai",
      category: "Engineering",
      salary: "$100k - $120k",
      equity: "",
      description: "<p>x</p>",
      applyUrl: "https://example.com/apply",
      applications: false,
    };
    expect(await editJob(env.DB, id!, "owner-1", edit)).toBe(true);
    expect(await keysOf(id!)).toEqual({ companySortEn: collationKey("أفق", "en"), companySortAr: collationKey("أفق", "ar") });
    await env.DB.batch(await renameCompanyStatements(env.DB, "owner-1", { kind: "name", company: "أفق" }, { company: "Émile" }));
    expect(await keysOf(id!)).toEqual(companySortKeys("Émile"));
  });
});
