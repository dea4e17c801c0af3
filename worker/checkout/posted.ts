// GET /api/checkout/posted/:id: the success pages' lookup of a job just posted (with a credit, through
// Spotlight, or when a checkout return lacks its session). Success pages answer only for the signed-in
// owner: anyone else, signed out included, gets the same 404 as a job that does not exist, so the
// answer reveals nothing about other people's jobs.
import { Hono } from "hono";
import { z } from "zod";
import { currentUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { postedJob } from "../jobs/store";

export const JOB_NOT_FOUND = "Job not found";

export const postedJobRoutes = new Hono<AppEnv>().get("/posted/:id", validate("param", z.object({ id: z.string().min(1).max(100) })), async (c) => {
  const user = await currentUser(c);
  if (!user) throw new HttpError(404, JOB_NOT_FOUND);
  const job = await postedJob(c.env.DB, c.req.valid("param").id, user.id);
  if (!job) throw new HttpError(404, JOB_NOT_FOUND);
  return c.json({ job: { ...job, published: job.published === 1, created_at: new Date(Number(job.created_at)).toISOString() } });
});
