// Public job endpoints: search, detail, and counting views and apply clicks.
import { Hono } from "hono";
import { z } from "zod";
import { countApplyClick, countJobView } from "../analytics/count";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { requestLocale } from "../http/locale";
import { normaliseSearch, searchQuerySchema } from "../rules/search";
import { jobListing } from "./listing";
import { presentJob } from "./present";
import { publicJobOrGone } from "./store";

const idParam = z.object({ id: z.string().min(1).max(100, "id is too long") });

export const jobsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", searchQuerySchema), async (c) => c.json(await jobListing(c.env.DB, normaliseSearch(c.req.valid("query"), requestLocale(c)))))
  .get("/:id", validate("param", idParam), async (c) => {
    // A pure read: the detail page counts its view with POST /:id/view, so other readers (the success
    // pages, link previews) never count and the answer could be cached.
    const { id } = c.req.valid("param");
    const now = Date.now();
    // The job, and whether it was here and is gone (deleted, or published and expired: 410, like the HTML
    // page /jobs/:id), in one round trip.
    const { row, gone } = await publicJobOrGone(c.env.DB, id, now);
    if (!row && gone) throw new HttpError(410, "This job is no longer available", undefined, "gone");
    if (!row) throw new HttpError(404, "Job not found");
    return c.json({ job: presentJob(row) });
  })
  // A view: the detail page, or a card expanded in the list (analytics/count.ts has the counting rule).
  .post("/:id/view", validate("param", idParam), async (c) => c.json(await countJobView(c, c.req.valid("param").id)))
  // An Apply click; the first one of a visitor in 30 days is also an apply.
  .post("/:id/apply-click", validate("param", idParam), async (c) => c.json(await countApplyClick(c, c.req.valid("param").id)));
