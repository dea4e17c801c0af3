// Benchmark-only: the original app's approach to search, for `npm run bench` to compare against.
// It loads every published job, collapses duplicates and filters in JavaScript, as the old client did.
// It exists only when the BENCH_ROUTES variable is "1", which only the bench's own build sets
// (vite.config.ts, BENCH_BUILD); everywhere else it is a 404.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { presentJob } from "../jobs/present";
import { normaliseSearch, searchQuerySchema } from "../rules/search";
import { allPublishedJobs } from "./store";

export const benchRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.BENCH_ROUTES !== "1") throw new HttpError(404, "Not found");
    await next();
  })
  .get("/original-search", validate("query", searchQuerySchema), async (c) => {
    const f = normaliseSearch(c.req.valid("query"));
    const results = await allPublishedJobs(c.env.DB);
    const seen = new Set<string>();
    const now = Date.now();
    const words = f.keywords.toLowerCase().split(/\s+/).filter(Boolean);
    const locWords = f.location.toLowerCase().split(/\s+/).filter(Boolean);
    const tags = f.tags.map((t) => t.toLowerCase());
    const cutoff = f.timeframe ? now - { day: 86400000, week: 604800000, month: 2592000000 }[f.timeframe] : 0;
    const matched = results.filter((j) => {
      if (j.expires_at !== null && j.expires_at <= now) return false;
      const key = `${j.title.trim().toLowerCase()}|${j.company.trim().toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      const hay = [j.title, j.company, j.description_text, j.location, j.tags, j.category].map((s) => s.toLowerCase());
      if (!words.every((w) => hay.some((h) => h.includes(w)))) return false;
      const loc = j.location.toLowerCase();
      if (locWords.length && (!loc || !locWords.every((w) => loc.includes(w)))) return false;
      if ((f.remote || f.type === "remote") && !loc.includes("remote")) return false;
      if (f.type && f.type !== "remote" && j.type.toLowerCase() !== f.type) return false;
      if (tags.length) {
        const jobTags = (JSON.parse(j.tags) as string[]).map((t) => t.toLowerCase());
        if (!tags.some((t) => jobTags.some((jt) => jt.includes(t)))) return false;
      }
      return !cutoff || j.created_at >= cutoff;
    });
    return c.json({ jobs: matched.slice(0, f.limit).map(presentJob), total: matched.length, nextCursor: null });
  });
