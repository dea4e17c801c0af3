// Job search and filtering (worker/jobs/search.ts, worker/rules/search.ts), evaluated in D1 through GET /api/jobs.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { DAY, HOUR, addJobs, clearJobs, get, search, titles } from "../support/jobs";

// A description with no letters, so short-word tests only see the fields they set.
const NEUTRAL = `<p>${"1234567890 ".repeat(11)}</p>`;

beforeEach(clearJobs);

describe("keywords: every word must match one of title, company, description, location, tags or category", () => {
  it("matches each field, case-insensitively, as a substring", async () => {
    await addJobs(
      { title: "Senior Rust Engineer" },
      { title: "A", company: "Rustic Foods" },
      { title: "B", description: "<p>You will write RUST every day and enjoy building robust systems for customers worldwide.</p>" },
      { title: "C", location: "Rustavi, Georgia" },
      { title: "D", tags: ["Rust", "Go"] },
      { title: "E", category: "Trust & Safety" },
      { title: "F" },
    );
    expect((await titles({ keywords: "rust" })).sort()).toEqual(["A", "B", "C", "D", "E", "Senior Rust Engineer"]);
    expect((await titles({ keywords: "RuSt" })).length).toBe(6);
  });

  it("requires every word (each may match a different field)", async () => {
    await addJobs(
      { title: "Backend Engineer", location: "Dubai, UAE" },
      { title: "Backend Engineer", company: "Other", location: "Riyadh, Saudi Arabia" },
      { title: "Designer", location: "Dubai, UAE" },
    );
    expect(await titles({ keywords: "backend dubai" })).toEqual(["Backend Engineer"]);
    expect((await search({ keywords: "backend dubai" })).total).toBe(1);
  });

  it("q is an alias of keywords", async () => {
    await addJobs({ title: "Product Designer" }, { title: "Accountant" });
    expect(await titles({ q: "designer" })).toEqual(["Product Designer"]);
  });

  it("words shorter than three characters still match as substrings", async () => {
    await addJobs(
      { title: "Go Developer", tags: ["Go"], description: NEUTRAL, category: "X", location: "Doha", company: "Acme" },
      { title: "UI Lead", tags: ["Figma"], description: NEUTRAL, category: "X", location: "Doha", company: "Acme" },
      { title: "Writer", tags: ["Copy"], description: NEUTRAL, category: "X", location: "Doha", company: "Acme" },
    );
    expect(await titles({ keywords: "go" })).toEqual(["Go Developer"]);
    expect(await titles({ keywords: "ui" })).toEqual(["UI Lead"]);
    expect(await titles({ keywords: "u" })).toContain("UI Lead");
  });

  it("treats search syntax as plain text: quotes, stars, OR, NEAR, dashes, percent and underscores", async () => {
    const plain = { description: NEUTRAL, category: "X", location: "Doha", company: "Acme", tags: [] };
    await addJobs({ title: 'C++ "Core" Engineer 100%_done', ...plain }, { title: "Zzz Yyy", ...plain });
    for (const k of ['"core"', 'core"', "core*", "OR", "NEAR(core)", "-core", "100%", "%_d", "c++"]) {
      const res = await search({ keywords: k });
      expect(res.total, `keywords ${k}`).toBeLessThanOrEqual(1);
    }
    expect(await titles({ keywords: '"core"' })).toEqual(['C++ "Core" Engineer 100%_done']);
    expect(await titles({ keywords: "%_d" })).toEqual(['C++ "Core" Engineer 100%_done']);
    expect(await titles({ keywords: "50%" })).toEqual([]);
  });

  it("matches Arabic text", async () => {
    await addJobs({ title: "مهندس برمجيات", location: "الرياض" }, { title: "Other" });
    expect(await titles({ keywords: "برمجيات" })).toEqual(["مهندس برمجيات"]);
  });

  it("does not match HTML markup in descriptions, only its text", async () => {
    await addJobs({ title: "Plain", description: "<p><strong>Bold</strong> claims about our wonderful team and product that are more than one hundred characters.</p>" });
    expect(await titles({ keywords: "strong" })).toEqual([]);
    expect(await titles({ keywords: "bold" })).toEqual(["Plain"]);
  });
});

describe("location: every word must be in the job location; jobs without location are excluded", () => {
  it("requires every word in the location", async () => {
    await addJobs({ title: "A", location: "Dubai, UAE" }, { title: "B", location: "Abu Dhabi, UAE" }, { title: "C", location: "Riyadh, Saudi Arabia" });
    expect((await titles({ location: "uae" })).sort()).toEqual(["A", "B"]);
    expect(await titles({ location: "abu uae" })).toEqual(["B"]);
    expect(await titles({ location: "dubai riyadh" })).toEqual([]);
  });

  it("does not match words found only in other fields", async () => {
    await addJobs({ title: "Dubai Sales Lead", location: "London, UK" });
    expect(await titles({ location: "dubai" })).toEqual([]);
  });

  it("excludes jobs without a location, and matches short words", async () => {
    await addJobs({ title: "A", location: "" }, { title: "B", location: "New York, NY" });
    expect(await titles({ location: "ny" })).toEqual(["B"]);
    expect(await titles({ location: "york" })).toEqual(["B"]);
  });
});

describe("remote only keeps jobs whose location contains 'remote'", () => {
  it("filters by location text, case-insensitively", async () => {
    await addJobs({ title: "A", location: "Remote" }, { title: "B", location: "Remote (MENA)" }, { title: "C", location: "Dubai, UAE (REMOTE friendly)" }, { title: "D", location: "Dubai, UAE" });
    expect((await titles({ remote: "true" })).sort()).toEqual(["A", "B", "C"]);
    expect((await titles({ remote: "false" })).length).toBe(4);
  });

  it("the type select's Remote means the same", async () => {
    await addJobs({ title: "A", location: "Remote", type: "contract" }, { title: "D", location: "Dubai, UAE" });
    expect(await titles({ type: "Remote" })).toEqual(["A"]);
  });
});

describe("tags match if any selected tag equals a job tag or is a substring of one", () => {
  it("matches equal tags and substrings, case-insensitively, any of several", async () => {
    await addJobs({ title: "A", tags: ["React"] }, { title: "B", tags: ["React Native", "Mobile"] }, { title: "C", tags: ["Python"] }, { title: "D", tags: ["Go"] }, { title: "E", tags: [] });
    expect((await titles({ tags: "react" })).sort()).toEqual(["A", "B"]);
    expect((await titles({ tags: ["native", "python"] })).sort()).toEqual(["B", "C"]);
    expect(await titles({ tags: "go" })).toEqual(["D"]);
    expect(await titles({ tags: "reactjs" })).toEqual([]);
  });

  it("a tag does not match across two job tags", async () => {
    await addJobs({ title: "A", tags: ["Data", "Science"] });
    expect(await titles({ tags: "data , science" })).toEqual([]);
  });
});

describe("type: exact, case-insensitive match", () => {
  it("matches the stored type regardless of case", async () => {
    await addJobs({ title: "A", type: "full-time" }, { title: "B", type: "part-time" }, { title: "C", type: "contract" });
    expect(await titles({ type: "Full-time" })).toEqual(["A"]);
    expect(await titles({ type: "PART-TIME" })).toEqual(["B"]);
    expect((await titles({ type: "all" })).length).toBe(3);
  });
});

describe("timeframe keeps jobs created on or after the cutoff", () => {
  it("day, week and month", async () => {
    const now = Date.now();
    await addJobs(
      { title: "hour", createdAt: now - HOUR },
      { title: "two days", createdAt: now - 2 * DAY },
      { title: "ten days", createdAt: now - 10 * DAY },
      { title: "forty days", createdAt: now - 40 * DAY, expiresAt: now + DAY },
    );
    expect(await titles({ timeframe: "day" })).toEqual(["hour"]);
    expect(await titles({ timeframe: "week" })).toEqual(["hour", "two days"]);
    expect(await titles({ timeframe: "month" })).toEqual(["hour", "two days", "ten days"]);
    expect((await titles({ timeframe: "any" })).length).toBe(4);
  });
});

describe("only published, not deleted, not expired jobs", () => {
  it("excludes unpublished, deleted and expired jobs from search and detail", async () => {
    const now = Date.now();
    const [live, unpublished, deleted, expired] = await addJobs(
      { title: "live" },
      { title: "unpublished", published: 0, publishedAt: null },
      { title: "deleted", deletedAt: now - 1000 },
      { title: "expired", createdAt: now - 40 * DAY, expiresAt: now - 1000 },
    );
    const res = await search();
    expect(res.jobs.map((j) => j.title)).toEqual(["live"]);
    expect(res.total).toBe(1);
    const { get } = await import("../support/jobs");
    expect((await get(`/api/jobs/${live}`)).status).toBe(200);
    const r = await get(`/api/jobs/${unpublished}`);
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: "Job not found" });
    // A deleted or expired job was public once: its detail answers 410, as the README says.
    for (const id of [deleted, expired]) {
      const gone = await get(`/api/jobs/${id}`);
      expect(gone.status).toBe(410);
      expect(await gone.json()).toEqual({ error: "This job is no longer available", code: "gone" });
    }
  });
});

describe("duplicates by lower-cased trimmed title plus company collapse to the newest", () => {
  it("keeps the newest and counts after collapsing", async () => {
    const now = Date.now();
    const [, newest] = await addJobs(
      { title: "Data Engineer", company: "Acme", createdAt: now - 3 * HOUR },
      { title: "  data engineer ", company: "ACME ", createdAt: now - HOUR },
      { title: "Data Engineer", company: "Other Co", createdAt: now - 2 * HOUR },
    );
    const res = await search();
    expect(res.total).toBe(2);
    expect(res.jobs.map((j) => [j.id === newest, j.company])).toEqual([
      [true, "ACME"],
      [false, "Other Co"],
    ]);
  });

  it("shows the older one again when the newest is deleted, unpublished or expires", async () => {
    const now = Date.now();
    const [older, newer] = await addJobs({ title: "Designer", company: "Acme", createdAt: now - 2 * HOUR }, { title: "Designer", company: "Acme", createdAt: now - HOUR, expiresAt: now + 2000 });
    expect((await search()).jobs.map((j) => j.id)).toEqual([newer]);
    const { REFRESH_DUPLICATE_GROUP_SQL } = await import("../../worker/jobs/store");
    await env.DB.batch([env.DB.prepare("UPDATE jobs SET published = 0 WHERE id = ?").bind(newer!), env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind("designer|acme")]);
    expect((await search()).jobs.map((j) => j.id)).toEqual([older]);
    await env.DB.batch([env.DB.prepare("UPDATE jobs SET published = 1 WHERE id = ?").bind(newer!), env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind("designer|acme")]);
    expect((await search()).total).toBe(1);
    // When the newer one's expiry passes, the older one is visible again with no write at all.
    const { searchJobs } = await import("../../worker/jobs/search");
    const later = await searchJobs(env.DB, { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "", sort: "recent", limit: 20, cursor: null, locale: "en" }, now + 5000);
    expect(later.rows.map((r) => r.id)).toEqual([older]);
    expect(later.total).toBe(1);
  });
});

describe("totals", () => {
  it("total counts all matches, not just the page, and follows changes at once", async () => {
    await addJobs(...Array.from({ length: 25 }, (_, i) => ({ title: `Role ${i}`, tags: ["Kotlin"] })));
    const first = await search({ tags: "kotlin", limit: 10 });
    expect(first.jobs).toHaveLength(10);
    expect(first.total).toBe(25);
    await addJobs({ title: "One more", tags: ["Kotlin"] });
    expect((await search({ tags: "kotlin", limit: 10 })).total).toBe(26);
    await env.DB.prepare("UPDATE jobs SET deleted_at = ? WHERE title = 'One more'").bind(Date.now()).run();
    expect((await search({ tags: "kotlin", limit: 10 })).total).toBe(25);
  });

  it("a memoised total stays exact when time passes a job's expiry or a timeframe's edge", async () => {
    const { searchJobs } = await import("../../worker/jobs/search");
    const now = Date.now();
    await addJobs({ title: "short", expiresAt: now + 10_000, createdAt: now - DAY + 5000 }, { title: "long" });
    const base = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "" as const, sort: "recent" as const, limit: 20, cursor: null, locale: "en" as const };
    expect((await searchJobs(env.DB, base, now)).total).toBe(2);
    expect((await searchJobs(env.DB, base, now + 11_000)).total).toBe(1);
    const day = { ...base, timeframe: "day" as const };
    expect((await searchJobs(env.DB, day, now)).total).toBe(2);
    expect((await searchJobs(env.DB, day, now + 6000)).total).toBe(1);
  });
});

describe("keywords up to 200 characters are searched, never a 500", () => {
  it("a word longer than D1's 50-byte LIKE limit still matches by substring, ASCII case folded", async () => {
    const long = `Supercalifragilistic${"expialidocious".repeat(5)}`;
    await addJobs({ title: `${long} Engineer`, location: `${long}ville` }, { title: "Plain Engineer" });
    expect(await titles({ keywords: long.toUpperCase() })).toEqual([`${long} Engineer`]);
    expect(await titles({ location: long })).toEqual([`${long} Engineer`]);
    const res = await get("/api/jobs", { keywords: "engineer".repeat(25) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total: number }).total).toBe(0);
  });
});
