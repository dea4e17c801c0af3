// Paid placement: the "Pinned" strip (worker/rules/placement.ts, README "Paid placement").
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { pinnedJobs } from "../../worker/jobs/pinned";
import { PINNED_MAX, PIN_ROTATION_MINUTES, pinStart, pinWindow } from "../../worker/rules/placement";
import type { SearchFilters } from "../../worker/rules/search";
import { DAY, HOUR, addJobs, clearJobs, get, search } from "../support/jobs";

beforeEach(clearJobs);

const sticky = { enhancements: ["sticky"] };
const NO_FILTERS_FOR_TEST: SearchFilters = { keywords: "", location: "", remote: false, tags: [], type: "", timeframe: "" };

describe("Sticky jobs that match the current filters appear in a 'Pinned' strip above the results", () => {
  it("only sticky jobs that match the current filters are pinned", async () => {
    const [a, b] = await addJobs(
      { ...sticky, title: "Sticky Engineer A", type: "full-time" },
      { ...sticky, title: "Sticky Engineer B", type: "full-time", enhancements: ["highlight", "sticky"] },
      { ...sticky, title: "Sticky Engineer C", type: "contract" },
      { title: "Plain Engineer", type: "full-time", enhancements: ["highlight", "featured"] },
      { ...sticky, title: "Sticky Designer", type: "full-time" },
    );
    const res = await search({ keywords: "engineer", type: "full-time" });
    expect(res.pinned.map((j) => j.id).sort()).toEqual([a, b].sort());
    expect(res.pinned.every((j) => j.enhancements.includes("sticky"))).toBe(true);
    expect((await search({ keywords: "plain" })).pinned).toEqual([]);
  });

  it("at most 3 are pinned, and the strip belongs to the first page only", async () => {
    await addJobs(...Array.from({ length: 7 }, (_, i) => ({ ...sticky, title: `Sticky ${i}` })), { title: "Plain" });
    const first = await search({ limit: 3 });
    expect(PINNED_MAX).toBe(3);
    expect(first.pinned).toHaveLength(3);
    const next = await search({ limit: 3, cursor: first.nextCursor! });
    expect(next.pinned).toEqual([]);
  });

  it("deleted, expired, unpublished and collapsed duplicate sticky jobs are never pinned", async () => {
    const now = Date.now();
    const [live] = await addJobs(
      { ...sticky, title: "Live", company: "Acme" },
      { ...sticky, title: "Deleted", deletedAt: now - 1000 },
      { ...sticky, title: "Expired", createdAt: now - 40 * DAY, expiresAt: now - 1000 },
      { ...sticky, title: "Draft", published: 0, publishedAt: null },
      { ...sticky, title: "Live", company: "Acme", createdAt: now - 5 * DAY },
    );
    expect((await search()).pinned.map((j) => j.id)).toEqual([live]);
  });

  it("the result list below keeps its chosen order exactly: Most Recent stays strictly newest first, sticky jobs at their place", async () => {
    const now = Date.now();
    await addJobs(
      { title: "newest", createdAt: now - 1 * HOUR },
      { ...sticky, title: "sticky old", createdAt: now - 9 * DAY },
      { title: "middle", createdAt: now - 3 * DAY },
      { ...sticky, title: "sticky mid", createdAt: now - 2 * DAY },
      { title: "oldest", createdAt: now - 20 * DAY },
    );
    const res = await search();
    expect(res.jobs.map((j) => j.title)).toEqual(["newest", "sticky mid", "middle", "sticky old", "oldest"]);
    expect(res.pinned.map((j) => j.title)).toEqual(["sticky mid", "sticky old"]);
    const oldestFirst = await search({ sort: "salary-low" });
    expect(oldestFirst.jobs).toHaveLength(5);
  });
});

describe("more than 3 sticky jobs rotate fairly", () => {
  it("fixed within a rotation window; over as many windows as there are sticky jobs, each is pinned equally often", async () => {
    const ids = await addJobs(...Array.from({ length: 5 }, (_, i) => ({ ...sticky, title: `Sticky ${i}` })));
    const windowMs = PIN_ROTATION_MINUTES * 60_000;
    const start = (pinWindow(Date.now()) + 1) * windowMs; // the start of the next window
    const shown = new Map<string, number>();
    for (let w = 0; w < 5; w++) {
      const t = start + w * windowMs;
      const early = (await pinnedJobs<{ id: string }>(env.DB, NO_FILTERS_FOR_TEST, t + 1000)).map((j) => j.id);
      const late = (await pinnedJobs<{ id: string }>(env.DB, NO_FILTERS_FOR_TEST, t + windowMs - 1000)).map((j) => j.id);
      expect(late).toEqual(early);
      expect(early).toHaveLength(3);
      expect(new Set(early).size).toBe(3);
      for (const id of early) shown.set(id, (shown.get(id) ?? 0) + 1);
    }
    expect([...shown.keys()].sort()).toEqual([...ids].sort());
    expect([...shown.values()]).toEqual([3, 3, 3, 3, 3]);
  });

  it("the ring is newest first and each window starts 3 further on", () => {
    expect(pinStart(5, 0)).toBe(0);
    expect(pinStart(5, 1)).toBe(3);
    expect(pinStart(5, 2)).toBe(1);
    expect(pinStart(0, 7)).toBe(0);
    expect(pinStart(3, 7)).toBe(0); // three or fewer: all of them, newest first
  });
});

describe("GET /api/jobs answers with the pinned field", () => {
  it("pinned is part of the search answer, empty without sticky jobs", async () => {
    await addJobs({ title: "Plain" });
    const res = await get("/api/jobs");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { pinned: unknown[] }).pinned).toEqual([]);
  });
});
