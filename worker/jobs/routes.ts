// Public job endpoints: search, detail, and counting views and apply clicks.
import { Hono } from "hono";
import { z } from "zod";
import { countApplyClick, countJobView } from "../analytics/count";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { normaliseSearch, searchQuerySchema } from "../rules/search";
import type { JobListResponse } from "../rules/search";
import { presentJob } from "./present";
import type { PublicJobRow } from "./present";
import { PUBLIC_JOB_COLUMNS, searchJobs } from "./search";

const idParam = z.object({ id: z.string().min(1).max(100, "id is too long") });

export const jobsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", searchQuerySchema), async (c) => {
    const req = normaliseSearch(c.req.valid("query"));
    const result = await searchJobs<PublicJobRow & Record<string, unknown>>(c.env.DB, req);
    const body: JobListResponse = { jobs: result.rows.map(presentJob), total: result.total, nextCursor: result.nextCursor };
    return c.json(body);
  })
  .get("/:id", validate("param", idParam), async (c) => {
    // A pure read: the detail page counts its view with POST /:id/view, so other readers (the success
    // pages, link previews) never count and the answer could be cached.
    const { id } = c.req.valid("param");
    const now = Date.now();
    const row = await c.env.DB.prepare(`SELECT ${PUBLIC_JOB_COLUMNS} FROM jobs j WHERE j.id = ? AND j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?`)
      .bind(id, now)
      .first<PublicJobRow>();
    if (!row) throw new HttpError(404, "Job not found");
    return c.json({ job: presentJob(row) });
  })
  // A view: the detail page, or a card expanded in the list (analytics/count.ts has the counting rule).
  .post("/:id/view", validate("param", idParam), async (c) => c.json(await countJobView(c, c.req.valid("param").id)))
  // An Apply click; the first one of a visitor in 30 days is also an apply.
  .post("/:id/apply-click", validate("param", idParam), async (c) => c.json(await countApplyClick(c, c.req.valid("param").id)));
