// POST /api/spotlight/post-job: the posting wizard's endpoint for Spotlight subscribers, who post without
// paying and without limit. Same request and answer as /api/jobs/with-credit; the post is a Spotlight job
// (./wizardPost.ts, docs/decisions/0205-subscriber-posts-are-spotlight-jobs.md).
import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { validate } from "../http/validate";
import { MESSAGES, creditPostSchema } from "../rules/posting";
import { postSpotlightJob } from "./wizardPost";

export const spotlightPostRoutes = new Hono<AppEnv>().post("/post-job", validate("json", creditPostSchema), async (c) =>
  postSpotlightJob(c, await requireUser(c, MESSAGES.signInToPost), c.req.valid("json")),
);
