// Arabic search (issue 13) through GET /api/jobs, evaluated in D1: folded text (tashkeel, alef forms, ta
// marbuta, digits) and places and job words across languages (worker/rules/searchAliases.ts).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import migration from "../../migrations/0012_arabic_search.sql?raw";
import { searchJobs } from "../../worker/jobs/search";
import { renameCompanyStatements, searchColumns } from "../../worker/jobs/store";
import type { SearchRequest } from "../../worker/rules/search";
import { foldForSearch, foldSql } from "../../worker/rules/arabic";
import { addJobs, clearJobs, search, titles } from "../support/jobs";

const AR_DESCRIPTION = "<p>نبحث عن شخص يحب بناء منتجات يستخدمها الناس كل يوم، ويعمل مع فريق صغير يطلق تحديثات كل أسبوع.</p>";

beforeEach(clearJobs);

const sorted = async (params: Record<string, string | boolean>) => (await titles(params)).sort();

/** Titles for the query, and the total must count exactly the rows found. */
async function found(params: Record<string, string | boolean>): Promise<string[]> {
  const res = await search({ ...params, limit: 100 });
  expect(res.total).toBe(res.jobs.length);
  return res.jobs.map((j) => j.title).sort();
}

describe("folding in SQL agrees with foldForSearch", () => {
  const samples = ["مُهَنْدِس بَرْمَجِيّات أوّل", "إدارة المشاريع، آمن، ٱلله، مدينة، مستشفى", "مـــهندس ٢٠٢٦ ۱۲۳ هٰذا", "Senior ENGINEER — Zürich ÉCOLE, Dubai", "عن بُعد\nRemote"];

  it.each(samples)("%s", async (text) => {
    const row = await env.DB.prepare(`SELECT ${foldSql("?")} AS folded`)
      .bind(text)
      .first<{ folded: string }>();
    expect(row!.folded).toBe(foldForSearch(text));
  });

  it("the migration backfills exactly what the store writes", async () => {
    const location = "الرياض، السعودية";
    await addJobs({ title: "مُهَنْدِس أوّل", company: "شركة الأفق", location, tags: ["إدارة", "Go"], category: "Engineering", description: AR_DESCRIPTION });
    const row = await env.DB.prepare("SELECT seq, title, company, description_text, location, tags_text, category, search_text, location_search FROM jobs").first<
      Record<string, string> & { seq: number }
    >();
    const expected = searchColumns({
      title: row!.title,
      company: row!.company,
      descriptionText: row!.description_text,
      location: row!.location,
      tagsText: row!.tags_text,
      category: row!.category,
    });
    expect(row!.search_text).toBe(expected.searchText);
    expect(row!.location_search).toBe(expected.locationSearch);
    // Clear the columns and run the migration's backfill statement on the row: the same text comes back.
    await env.DB.prepare("UPDATE jobs SET search_text = '', location_search = '' WHERE seq = ?").bind(row!.seq).run();
    const backfill = /UPDATE `jobs` SET\s+search_text[\s\S]*?;/.exec(migration)![0];
    expect(backfill).toContain(foldSql("location"));
    await env.DB.prepare(backfill).run();
    const after = await env.DB.prepare("SELECT search_text, location_search FROM jobs WHERE seq = ?").bind(row!.seq).first<Record<string, string>>();
    expect(after).toEqual({ search_text: expected.searchText, location_search: expected.locationSearch });
    // And the full-text index follows the folded columns.
    const fts = await env.DB.prepare("SELECT count(*) AS n FROM jobs_fts WHERE jobs_fts MATCH ?").bind('search_text : "مهندس"').first<{ n: number }>();
    expect(fts!.n).toBe(1);
  });
});

describe("Arabic keywords", () => {
  beforeEach(async () => {
    await addJobs(
      { title: "مهندس برمجيات أول", company: "شركة الأفق", location: "دبي، الإمارات", description: AR_DESCRIPTION, tags: ["برمجة"] },
      { title: "مُهَنْدِس بيانات", company: "شركة الأفق", location: "الرياض، السعودية", description: AR_DESCRIPTION, tags: ["بيانات"] },
      { title: "Senior Backend Engineer", company: "Acme", location: "Dubai, UAE" },
      { title: "Product Designer", company: "Acme", location: "Riyadh, Saudi Arabia" },
      { title: "مصمم تجربة المستخدم", company: "استوديو", location: "الرياض", description: AR_DESCRIPTION, tags: ["تصميم"] },
      { title: "Frontend Developer", company: "Acme", location: "Remote" },
      { title: "مطور واجهات أمامية", company: "استوديو", location: "عن بعد", description: AR_DESCRIPTION, tags: ["React"] },
      { title: "مدير إدارة التسويق", company: "نجمة", location: "عمّان، الأردن", description: AR_DESCRIPTION, tags: ["تسويق"] },
      { title: "Accountant", company: "Acme", location: "Muscat, Oman", category: "Finance" },
      { title: "Office Manager", company: "Acme", location: "Amman, Jordan" },
    );
  });

  it("مهندس finds the Arabic engineer jobs (with or without tashkeel) and English Engineer jobs", async () => {
    expect(await found({ keywords: "مهندس" })).toEqual(["Senior Backend Engineer", "مهندس برمجيات أول", "مُهَنْدِس بيانات"].sort());
  });

  it("English Engineer finds the Arabic engineer jobs through the job-word alias", async () => {
    expect(await found({ keywords: "engineer" })).toEqual(["Senior Backend Engineer", "مهندس برمجيات أول", "مُهَنْدِس بيانات"].sort());
  });

  it("a query with diacritics finds the undiacritised text, and the reverse", async () => {
    expect(await found({ keywords: "مُهَنْدِس برمجيات" })).toEqual(["مهندس برمجيات أول"]);
    expect(await found({ keywords: "مهندس بيانات" })).toEqual(["مُهَنْدِس بيانات"]);
  });

  it("alef variants match each other: إدارة / ادارة, أول / اول", async () => {
    expect(await found({ keywords: "ادارة" })).toEqual(["مدير إدارة التسويق"]);
    expect(await found({ keywords: "إدارة" })).toEqual(["مدير إدارة التسويق"]);
    expect(await found({ keywords: "إداره" })).toEqual(["مدير إدارة التسويق"]);
    expect(await found({ keywords: "اول" })).toEqual(["مهندس برمجيات أول"]);
    expect(await found({ keywords: "أوَّل" })).toEqual(["مهندس برمجيات أول"]);
  });

  it("دبي finds jobs located in Dubai, UAE and in دبي; Dubai finds the Arabic-located one", async () => {
    expect(await found({ keywords: "دبي" })).toEqual(["Senior Backend Engineer", "مهندس برمجيات أول"].sort());
    expect(await found({ keywords: "Dubai" })).toEqual(["Senior Backend Engineer", "مهندس برمجيات أول"].sort());
    expect(await found({ location: "دبي" })).toEqual(["Senior Backend Engineer", "مهندس برمجيات أول"].sort());
    expect(await found({ location: "dubai" })).toEqual(["Senior Backend Engineer", "مهندس برمجيات أول"].sort());
  });

  it("الرياض finds Riyadh, and Riyadh finds الرياض", async () => {
    const riyadh = ["Product Designer", "مُهَنْدِس بيانات", "مصمم تجربة المستخدم"].sort();
    expect(await found({ keywords: "الرياض" })).toEqual(riyadh);
    expect(await found({ location: "الرياض" })).toEqual(riyadh);
    expect(await found({ location: "Riyadh" })).toEqual(riyadh);
  });

  it("عن بعد (and عن بُعد) finds Remote jobs, in keywords and in the location filter", async () => {
    const remote = ["Frontend Developer", "مطور واجهات أمامية"].sort();
    expect(await found({ keywords: "عن بعد" })).toEqual(remote);
    expect(await found({ keywords: "عن بُعد" })).toEqual(remote);
    expect(await found({ location: "عن بعد" })).toEqual(remote);
    expect(await found({ location: "remote" })).toEqual(remote);
    // Remote only: the location says remote, in either language (rules/searchAliases.ts saysRemote).
    expect(await found({ remote: true })).toEqual(remote);
    // مطور is also "developer": the English remote developer matches too.
    expect(await found({ keywords: "مطور عن بعد" })).toEqual(remote);
    expect(await found({ keywords: "واجهات عن بعد" })).toEqual(["مطور واجهات أمامية"]);
    expect(await found({ keywords: "developer remote" })).toEqual(remote);
  });

  it("عمان is Oman and Amman; عمّان is the same word", async () => {
    const both = ["Accountant", "Office Manager", "مدير إدارة التسويق"].sort();
    expect(await found({ location: "عمان" })).toEqual(both);
    expect(await found({ location: "عمّان" })).toEqual(both);
    expect(await found({ location: "Amman" })).toEqual(["Office Manager", "مدير إدارة التسويق"].sort());
    expect(await found({ location: "Oman" })).toEqual(["Accountant", "مدير إدارة التسويق"].sort());
  });

  it("both plans return the same rows and totals", async () => {
    for (const keywords of ["مهندس", "دبي", "عن بعد", "engineer", "مُهَنْدِس"]) {
      const req: SearchRequest = { keywords, location: "", remote: false, tags: [], type: "", timeframe: "", sort: "recent", limit: 50, cursor: null, locale: "en" };
      const a = await searchJobs<{ id: string }>(env.DB, req, Date.now(), { plan: "order-first" });
      const b = await searchJobs<{ id: string }>(env.DB, req, Date.now(), { plan: "filter-first" });
      expect(a.rows.map((r) => r.id)).toEqual(b.rows.map((r) => r.id));
      expect(a.total).toBe(b.total);
      expect(a.total).toBe(a.rows.length);
    }
  });
});

describe("places across languages", () => {
  it("أبوظبي and أبو ظبي find Abu Dhabi; Abu Dhabi finds both spellings", async () => {
    await addJobs({ title: "A", location: "Abu Dhabi, UAE" }, { title: "B", location: "أبوظبي" }, { title: "C", location: "أبو ظبي، الإمارات" }, { title: "D", location: "Dubai, UAE" });
    expect(await sorted({ location: "أبوظبي" })).toEqual(["A", "B", "C"]);
    expect(await sorted({ location: "ابو ظبي" })).toEqual(["A", "B", "C"]);
    expect(await sorted({ keywords: "abu dhabi" })).toEqual(["A", "B", "C"]);
    expect(await sorted({ location: "الإمارات" })).toEqual(["A", "C", "D"]);
  });

  it("a long Arabic phrase (past D1's 50-byte LIKE pattern) still matches", async () => {
    await addJobs({ title: "A", location: "Remote (MENA)" }, { title: "B", location: "الشرق الأوسط وشمال أفريقيا" }, { title: "C", location: "Dubai, UAE" });
    expect(await sorted({ location: "الشرق الأوسط وشمال أفريقيا" })).toEqual(["A", "B"]);
    expect(await sorted({ keywords: "الشرق الاوسط وشمال افريقيا" })).toEqual(["A", "B"]);
  });

  it("Arabic digits match Latin ones", async () => {
    await addJobs({ title: "Class of 2026 Graduate Program" }, { title: "برنامج خريجي ٢٠٢٦" }, { title: "Other" });
    expect(await sorted({ keywords: "2026" })).toEqual(["Class of 2026 Graduate Program", "برنامج خريجي ٢٠٢٦"]);
    expect(await sorted({ keywords: "٢٠٢٦" })).toEqual(["Class of 2026 Graduate Program", "برنامج خريجي ٢٠٢٦"]);
  });

  it("a company rename re-derives the search text", async () => {
    const [id] = await addJobs({ title: "Z", company: "Old Name", userId: "u1" });
    await env.DB.batch(await renameCompanyStatements(env.DB, "u1", { kind: "name", company: "Old Name" }, { company: "شركة النور" }));
    expect(await titles({ keywords: "النور" })).toEqual(["Z"]);
    expect(await titles({ keywords: "old" })).toEqual([]);
    expect(id).toBeTruthy();
  });
});

describe("Remote only in either language", () => {
  it("keeps jobs whose location says remote in English or in Arabic, and the migration marks existing ones", async () => {
    await addJobs({ title: "Remote engineer", location: "Remote (MENA)" }, { title: "مطور عن بعد", location: "عن بُعد" }, { title: "Dubai engineer", location: "Dubai, UAE" });
    expect(await found({ remote: true })).toEqual(["Remote engineer", "مطور عن بعد"].sort());
    // A row written before the rule (is_remote 0) is marked by migration 0014.
    await env.DB.prepare("UPDATE jobs SET is_remote = 0 WHERE title = 'مطور عن بعد'").run();
    expect(await found({ remote: true })).toEqual(["Remote engineer"]);
    const { default: m14 } = await import("../../migrations/0014_remote_in_arabic.sql?raw");
    await env.DB.prepare(/UPDATE[\s\S]*?;/.exec(m14)![0]).run();
    expect(await found({ remote: true })).toEqual(["Remote engineer", "مطور عن بعد"].sort());
  });
});
