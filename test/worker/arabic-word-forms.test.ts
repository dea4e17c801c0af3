// Arabic word forms, punctuation and aliases in search (issue 25, section 5), on the demo data (the 67
// jobs `npm start` seeds, worker/cli/jobs-data.ts): each Arabic form of a word finds what its base word
// finds; punctuation separates words; places, regions, transliterations and the tag chips' words have
// their equivalents; an English equivalent is looked for outside the description only.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import migration from "../../migrations/0019a_search_head.sql?raw";
import { demoJobs } from "../../worker/cli/jobs-data";
import { insertJobs, searchColumns } from "../../worker/jobs/store";
import { clearJobs, search } from "../support/jobs";

async function ids(params: Record<string, string | string[]>): Promise<string[]> {
  const res = await search({ ...params, limit: 100 });
  expect(res.total).toBe(res.jobs.length);
  return res.jobs.map((j) => j.id).sort();
}
const keywords = (q: string) => ids({ keywords: q });
const location = (q: string) => ids({ location: q });

const DEMO = demoJobs(Date.now());

beforeAll(async () => {
  await clearJobs();
  await insertJobs(env.DB, DEMO);
});

describe("each Arabic form of a word finds what its base word finds (the issue's table)", () => {
  it.each([
    ["مهندس", ["مهندسة", "مهندسون", "مهندسين", "المهندس", "المهندسين", "للمهندسين", "والمهندس"]],
    ["مطور", ["المطور", "مطورين", "مطورون", "مطورة", "المطورين"]],
    ["هندسة", ["الهندسة", "بالهندسة"]],
    ["تقنية", ["التقنية", "تقني", "تقنيات"]],
    ["مصمم", ["المصمم", "مصممة", "مصممين"]],
    ["مدير", ["المدير", "مديرة"]],
  ])("%s", async (base, forms) => {
    const expected = await keywords(base);
    expect(expected.length).toBeGreaterThan(0);
    for (const form of forms) expect(await keywords(form), form).toEqual(expected);
  });

  it("the counts: مهندس 27 and its forms 27 (were 0 and 1), الهندسة as هندسة (was 0), التقنية as تقنية", async () => {
    for (const q of ["مهندس", "مهندسة", "مهندسون", "المهندس"]) expect((await keywords(q)).length, q).toBe(27);
    expect((await keywords("الهندسة")).length).toBe((await keywords("هندسة")).length);
    expect((await keywords("هندسة")).length).toBeGreaterThanOrEqual(24);
    expect((await keywords("التقنية")).length).toBe((await keywords("تقنية")).length);
  });

  it("a one-letter preposition is removed only before a known word: بيانات keeps its ب", async () => {
    expect(await keywords("بيانات")).toEqual(await keywords("البيانات"));
    expect(await location("بالرياض")).toEqual(await location("الرياض"));
    expect(await location("بدبي")).toEqual(await location("دبي"));
  });
});

describe("punctuation separates words", () => {
  it.each([
    ["دبي، الإمارات", "دبي الإمارات"],
    ["الرياض، السعودية", "الرياض السعودية"],
    ["Dubai, UAE", "Dubai UAE"],
    ["Riyadh; Saudi Arabia.", "Riyadh Saudi Arabia"],
  ])("location %s = %s", async (punctuated, plain) => {
    const expected = await location(plain);
    expect(expected.length).toBeGreaterThan(0);
    expect(await location(punctuated)).toEqual(expected);
  });

  it("keywords مهندس، دبي = مهندس دبي; Node.js keeps its dot", async () => {
    const expected = await keywords("مهندس دبي");
    expect(expected.length).toBeGreaterThan(0);
    expect(await keywords("مهندس، دبي")).toEqual(expected);
    expect((await keywords("Node.js")).length).toBeGreaterThan(0);
  });
});

describe("places and regions in Arabic", () => {
  it.each([
    ["نيويورك", "New York"],
    ["برلين", "Berlin"],
    ["سان فرانسيسكو", "San Francisco"],
    ["لندن", "London"],
    ["الشرق الأوسط", "MENA"],
  ])("%s finds what %s finds", async (arabic, english) => {
    const expected = await location(english);
    expect(expected.length).toBeGreaterThan(0);
    expect(await location(arabic)).toEqual(expected);
  });

  it("GCC and الخليج find the six countries' jobs; KSA finds Saudi Arabia's", async () => {
    const gulf = DEMO.filter((j) => /UAE|Saudi|Qatar|Kuwait|Bahrain|Oman|الإمارات|السعودية|دبي|الرياض|أبوظبي|قطر/.test(j.location ?? ""))
      .map((j) => j.id)
      .sort();
    expect(gulf.length).toBeGreaterThan(10);
    expect(await location("GCC")).toEqual(gulf);
    expect(await location("الخليج")).toEqual(gulf);
    const saudi = DEMO.filter((j) => /Saudi|السعودية|الرياض/.test(j.location ?? ""))
      .map((j) => j.id)
      .sort();
    expect(await location("KSA")).toEqual(saudi);
  });
});

describe("transliterations", () => {
  it.each([
    ["بايثون", "Python"],
    ["جافاسكربت", "JavaScript"],
    ["فرونت إند", "frontend"],
  ])("%s finds every job %s finds in its title, tags or company", async (arabic, english) => {
    const found = await keywords(arabic);
    const expected = DEMO.filter((j) => [j.title, j.company, ...(j.tags ?? [])].join(" ").toLowerCase().includes(english.toLowerCase())).map((j) => j.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(found).toEqual(expect.arrayContaining(expected));
  });

  it("ريموت finds the remote jobs, as عن بعد does", async () => {
    expect(await keywords("ريموت")).toEqual(expect.arrayContaining(await ids({ keywords: "", remote: "true" } as never)));
    expect(await location("ريموت")).toEqual(await location("Remote"));
  });
});

describe("an English equivalent is looked for outside the description", () => {
  it("منتج and تصميم no longer match every job through boilerplate (they matched 64 and 62 of 67)", async () => {
    const product = await keywords("منتج");
    const design = await keywords("تصميم");
    expect(product.length).toBeLessThan(20);
    expect(design.length).toBeLessThan(20);
    // Still every job with the word in its title, tags or category.
    const productJobs = DEMO.filter((j) => /product/i.test([j.title, j.category, ...(j.tags ?? [])].join(" "))).map((j) => j.id);
    expect(product).toEqual(expect.arrayContaining(productJobs));
  });

  it("English queries keep their totals", async () => {
    expect((await keywords("product")).length).toBe(64);
    expect((await keywords("design")).length).toBe(62);
    expect((await keywords("engineer")).length).toBe(27);
    expect((await keywords("remote")).length).toBe(42);
    expect((await keywords("Python")).length).toBe(6);
  });
});

describe("the tag chips and typed words agree", () => {
  it("typing تقني finds every job the chip تقني (tags=Technical) finds", async () => {
    const chip = await ids({ tags: ["Technical"] });
    expect(chip.length).toBe(29);
    expect(await keywords("تقني")).toEqual(expect.arrayContaining(chip));
  });
});

describe("search_head", () => {
  it("the migration backfills exactly what the store writes", async () => {
    const row = await env.DB.prepare("SELECT seq, title, company, description_text, location, tags_text, category, search_head FROM jobs WHERE title = 'مهندس برمجيات أول'").first<
      Record<string, string> & { seq: number }
    >();
    const expected = searchColumns({ title: row!.title, company: row!.company, descriptionText: row!.description_text, location: row!.location, tagsText: row!.tags_text, category: row!.category });
    expect(row!.search_head).toBe(expected.searchHead);
    expect(expected.searchHead).not.toContain(expected.searchText.split("\n")[2]);
    await env.DB.prepare("UPDATE jobs SET search_head = '' WHERE seq = ?").bind(row!.seq).run();
    await env.DB.prepare(/UPDATE `jobs` SET[\s\S]*?;/.exec(migration)![0]).run();
    const after = await env.DB.prepare("SELECT search_head FROM jobs WHERE seq = ?").bind(row!.seq).first<{ search_head: string }>();
    expect(after!.search_head).toBe(expected.searchHead);
  });
});
