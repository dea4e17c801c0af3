// Issue 25, "Too broad": in the Relevance sort, a match only in the description ranks last (docs/decisions/0703).
// With keywords, the jobs whose title, company, location, tags or category hold every query word (or an
// equivalent) come first, in the sort's own order (plan and enhancements, then newest); the jobs that match only
// through their description follow, in the same order. Totals, the other sorts and Relevance without keywords are
// unchanged. Pages of any size, either plan and any mix of the two parts' plans give the same rows.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { editJob } from "../../worker/jobs/store";
import { searchJobs } from "../../worker/jobs/search";
import type { PartPlans, Plan } from "../../worker/jobs/search";
import { base64urlDecode, base64urlEncode } from "../../worker/lib/token";
import type { SearchRequest } from "../../worker/rules/search";
import { MINUTE, addJobs, clearJobs, get, search, titles } from "../support/jobs";

const base: SearchRequest = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "", sort: "relevance", limit: 20, cursor: null, locale: "en" };
const OWNER = "user-relevance-parts";
const KOTLIN_TEXT = "<p>You will maintain our Kotlin services with a small team that ships every week and reviews code kindly.</p>";

let editedId = "";

beforeAll(async () => {
  await clearJobs();
  const now = Date.now();
  [, , , , , editedId] = await addJobs(
    // Premium, newest, but "Kotlin" only in its description.
    { title: "Android Developer", company: "Nimbus", tags: ["Mobile"], description: KOTLIN_TEXT, plan: "premium", createdAt: now - MINUTE },
    { title: "Kotlin Engineer", company: "Orbit", tags: ["Backend"], createdAt: now - 5 * MINUTE },
    { title: "Platform Engineer", company: "Quill", tags: ["Kotlin"], enhancements: ["featured"], createdAt: now - 9 * MINUTE },
    { title: "Backend Developer", company: "Kotlin Labs", tags: ["Backend"], createdAt: now - 3 * MINUTE },
    { title: "Services Lead", company: "Rally", tags: ["Backend"], description: KOTLIN_TEXT, createdAt: now - 2 * MINUTE },
    // Edited below: "Kotlin" only in the description, then in its title.
    { title: "Mobile Lead", company: "Sable", tags: ["Mobile"], description: KOTLIN_TEXT, createdAt: now - 4 * MINUTE, userId: OWNER },
    { title: "Kotlin Engineer in Berlin", company: "Tern", location: "Berlin, Germany", tags: ["Backend"], createdAt: now - 6 * MINUTE },
    { title: "Designer", company: "Umber", tags: ["Design"], createdAt: now - 7 * MINUTE },
  );
});

const HEAD = ["Platform Engineer", "Backend Developer", "Kotlin Engineer", "Kotlin Engineer in Berlin"];
const BODY = ["Android Developer", "Services Lead", "Mobile Lead"];

/** Every page of a search, with a forced plan (or the searcher's own), its ids' titles and every page's total. */
async function walk(req: SearchRequest, plan?: Plan | PartPlans) {
  const out: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const res: Awaited<ReturnType<typeof searchJobs>> = await searchJobs(env.DB, { ...req, cursor }, undefined, typeof plan === "string" ? { plan } : { parts: plan });
    out.push(...res.rows.map((r) => String(r.title)));
    totals.push(res.total);
    cursor = res.nextCursor;
  } while (cursor);
  return { titles: out, totals };
}

describe("Relevance with keywords: a match only in the description ranks last", () => {
  it("the head matches first, each part in the sort's order (plan and enhancements, then newest)", async () => {
    const res = await search({ keywords: "kotlin", sort: "relevance" });
    expect(res.jobs.map((j) => j.title)).toEqual([...HEAD, ...BODY]);
    expect(res.total).toBe(7);
    // The spec's order holds inside each part: the featured job first in the head, the premium job first in the body.
  });

  it("pages of one, pages of three, and every plan and mix of plans give the same rows and total", async () => {
    const req = { ...base, keywords: "kotlin" };
    const want = [...HEAD, ...BODY];
    const plans: (Plan | PartPlans | undefined)[] = [undefined, "order-first", "filter-first", { head: "order-first", body: "filter-first" }, { head: "filter-first", body: "order-first" }];
    for (const limit of [1, 3, 4, 20]) {
      for (const plan of plans) {
        const { titles: got, totals } = await walk({ ...req, limit }, plan);
        expect(got, `limit ${limit}, ${JSON.stringify(plan)}`).toEqual(want);
        expect(new Set(totals)).toEqual(new Set([7]));
      }
    }
  });

  it("with several words, the head holds every one of them: a word only in the description makes it a body match", async () => {
    // "Kotlin Engineer in Berlin" has both in its title and location; "Kotlin Engineer" has "berlin" nowhere.
    await addJobs({
      title: "Kotlin Developer",
      company: "Vale",
      location: "Remote",
      description: "<p>Our team meets in Berlin twice a year; the rest of the time we write Kotlin from home.</p>",
      plan: "premium",
      createdAt: Date.now() - 30_000,
    });
    expect(await titles({ keywords: "kotlin berlin", sort: "relevance" })).toEqual(["Kotlin Engineer in Berlin", "Kotlin Developer"]);
  });

  it("an edit that puts the word in the title moves the job to the head, by either plan (jobs_head_fts follows the edit)", async () => {
    const req = { ...base, keywords: "kotlin" };
    const job = await env.DB.prepare("SELECT * FROM jobs WHERE id = ?").bind(editedId).first<Record<string, string>>();
    const edited = await editJob(env.DB, editedId, OWNER, {
      title: "Kotlin Mobile Lead",
      company: job!.company!,
      location: job!.location!,
      category: job!.category!,
      salary: job!.salary!,
      equity: "",
      description: KOTLIN_TEXT,
      applyUrl: job!.apply_url!,
      applications: false,
    });
    expect(edited).toBe(true);
    for (const plan of ["order-first", "filter-first"] as const) {
      const { titles: got } = await walk(req, plan);
      expect(got.indexOf("Kotlin Mobile Lead"), plan).toBeLessThan(got.indexOf("Android Developer"));
      expect(got.slice(-2), plan).toEqual(["Android Developer", "Services Lead"]);
    }
  });

  it("an equivalent of a word typed in Arabic counts in the head: مهندس finds the Engineers first", async () => {
    await addJobs({ title: "مطور تطبيقات", company: "واحة", tags: ["Mobile"], description: "<p>نبحث عن مهندس يحب العمل مع فريق صغير.</p>", plan: "premium", createdAt: Date.now() - 20_000 });
    const got = await titles({ keywords: "مهندس", sort: "relevance" });
    expect(got.at(-1)).toBe("مطور تطبيقات");
    expect(got.slice(0, -1).every((t) => t.includes("Engineer"))).toBe(true);
  });

  it("a part that had no match is skipped only while the data is the count's: a new head match shows at once", async () => {
    // "team" is in descriptions only: the count finds no head match, and the next pages skip the head part.
    const req = { ...base, keywords: "team" };
    const first = await searchJobs(env.DB, req);
    expect(first.rows.length).toBeGreaterThan(0);
    const again = await searchJobs(env.DB, req);
    expect(again.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    await addJobs({ title: "Team Lead", company: "Wren", tags: ["Management"], createdAt: Date.now() - 60 * MINUTE });
    const after = await searchJobs(env.DB, req);
    expect(after.rows[0]!.title).toBe("Team Lead");
    expect(after.total).toBe(first.total + 1);
  });

  it("the other sorts and Relevance without keywords are unchanged", async () => {
    // Newest first, wherever the word is: the premium description-only job is the newest Kotlin match.
    const recent = await titles({ keywords: "kotlin", sort: "recent" });
    expect(recent[0]).toBe("Kotlin Developer");
    expect(recent.indexOf("Android Developer")).toBeLessThan(recent.indexOf("Kotlin Engineer"));
    // Without keywords, the premium jobs lead as before.
    const all = await titles({ sort: "relevance" });
    expect(all.slice(0, 3).sort()).toEqual(["Android Developer", "Kotlin Developer", "مطور تطبيقات"].sort());
  });
});

describe("the Relevance cursor", () => {
  const cursorOf = (value: unknown[]) => base64urlEncode(new TextEncoder().encode(JSON.stringify(value)));

  it("a cursor of the body part is refused where there are no parts (no keywords, or another sort)", async () => {
    const res = await searchJobs(env.DB, { ...base, keywords: "kotlin", limit: 7 });
    expect(res.nextCursor).not.toBeNull();
    const body = JSON.parse(new TextDecoder().decode(base64urlDecode(res.nextCursor!))) as unknown[];
    expect(body[0]).toBe("relevance:body");
    const elsewhere: Record<string, string>[] = [{ sort: "relevance" }, { sort: "recent", keywords: "kotlin" }];
    for (const params of elsewhere) {
      const r = await get("/api/jobs", { ...params, cursor: res.nextCursor! });
      expect(r.status, JSON.stringify(params)).toBe(400);
    }
    expect((await get("/api/jobs", { sort: "relevance", keywords: "kotlin", cursor: res.nextCursor! })).status).toBe(200);
  });

  it("a Relevance cursor from before the parts still pages (as the head part's)", async () => {
    const first = await searchJobs(env.DB, { ...base, keywords: "kotlin", limit: 1 });
    const r = await get("/api/jobs", { sort: "relevance", keywords: "kotlin", cursor: first.nextCursor! });
    expect(r.status).toBe(200);
    const stale = cursorOf(["relevance", 0, 0, "x"]);
    const page = await get("/api/jobs", { sort: "relevance", keywords: "kotlin", cursor: stale });
    expect(page.status).toBe(200);
    // Past every head match: the body part's jobs, from its start.
    expect(((await page.json()) as { jobs: { title: string }[] }).jobs.map((j) => j.title)).toContain("Android Developer");
  });
});
