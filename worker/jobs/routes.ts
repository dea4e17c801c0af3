// Public job endpoints: search, detail (counts a view), and apply clicks.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { clientAddress } from "../lib/rateLimit";
import { normaliseSearch, searchQuerySchema } from "../rules/search";
import type { JobListResponse } from "../rules/search";
import { pinnedRows, pinnedStatement } from "./pinned";
import { presentJob } from "./present";
import type { PublicJobRow } from "./present";
import { PUBLIC_JOB_COLUMNS, VISIBLE_SQL, searchJobs } from "./search";

const idParam = z.object({ id: z.string().min(1).max(100, "id is too long") });

export const jobsRoutes = new Hono<AppEnv>()
  .get("/", validate("query", searchQuerySchema), async (c) => {
    const req = normaliseSearch(c.req.valid("query"));
    const now = Date.now();
    // The Pinned strip belongs to the first page, read in the same round trip; the list keeps its order.
    const result = await searchJobs<PublicJobRow & Record<string, unknown>>(c.env.DB, req, now, {
      alongside: req.cursor ? undefined : pinnedStatement(c.env.DB, req, now),
    });
    const pinned = pinnedRows<PublicJobRow>(result.alongside);
    const body: JobListResponse = { jobs: result.rows.map(presentJob), total: result.total, nextCursor: result.nextCursor, pinned: pinned.map(presentJob) };
    return c.json(body);
  })
  .get("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const now = Date.now();
    // Count the view and read the job in one round trip; only a visible job is counted.
    const [, read, gone] = await c.env.DB.batch([
      c.env.DB.prepare(
        `INSERT INTO job_stats (job_id, views) SELECT j.id, 1 FROM jobs j WHERE j.id = ? AND ${VISIBLE_SQL}
         ON CONFLICT (job_id) DO UPDATE SET views = views + 1`,
      ).bind(id, now, now),
      c.env.DB.prepare(`SELECT ${PUBLIC_JOB_COLUMNS} FROM jobs j WHERE j.id = ? AND j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?`).bind(id, now),
      // Deleted, or published and expired: it was here and is gone (410, like the HTML page /jobs/:id).
      c.env.DB.prepare("SELECT 1 AS gone FROM jobs WHERE id = ? AND (deleted_at IS NOT NULL OR (published = 1 AND expires_at <= ?))").bind(id, now),
    ]);
    const row = read!.results[0] as PublicJobRow | undefined;
    if (!row && gone!.results.length) throw new HttpError(410, "This job is no longer available", undefined, "gone");
    if (!row) throw new HttpError(404, "Job not found");
    return c.json({ job: presentJob(row) });
  })
  .post("/:id/view", validate("param", idParam), async (c) => {
    // A card expanded in the list is a view too (the detail page counts its own).
    const { id } = c.req.valid("param");
    const now = Date.now();
    const res = await c.env.DB.prepare(
      `INSERT INTO job_stats (job_id, views) SELECT j.id, 1 FROM jobs j WHERE j.id = ? AND ${VISIBLE_SQL}
       ON CONFLICT (job_id) DO UPDATE SET views = views + 1`,
    )
      .bind(id, now, now)
      .run();
    if (!res.meta.changes) throw new HttpError(404, "Job not found");
    return c.json({ ok: true });
  })
  .post("/:id/apply-click", validate("param", idParam), async (c) => {
    // clicks: every Apply click; applies: distinct applicants (a visitor counts once per job for 30 days).
    const { id } = c.req.valid("param");
    const now = Date.now();
    const visitor = await visitorKey(c.req.raw, id);
    const firstTime = (await c.env.DEDUPE.get(visitor)) === null;
    const res = await c.env.DB.prepare(
      `INSERT INTO job_stats (job_id, apply_clicks, applies) SELECT j.id, 1, ? FROM jobs j WHERE j.id = ? AND j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ?
       ON CONFLICT (job_id) DO UPDATE SET apply_clicks = apply_clicks + 1, applies = applies + excluded.applies`,
    )
      .bind(firstTime ? 1 : 0, id, now)
      .run();
    if (!res.meta.changes) throw new HttpError(404, "Job not found");
    if (firstTime) await c.env.DEDUPE.put(visitor, "1", { expirationTtl: 30 * 24 * 60 * 60 });
    return c.json({ ok: true });
  });

/** A one-way key for "this visitor applied to this job" (address and browser, hashed; never stored raw). */
async function visitorKey(req: Request, jobId: string): Promise<string> {
  const raw = `${clientAddress(req)}|${req.headers.get("User-Agent") ?? ""}|${jobId}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(raw));
  return `apply:${jobId}:${Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
