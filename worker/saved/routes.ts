// Saved jobs (issue 26): a candidate's shortlist. Signed in: GET /api/saved lists it, PUT/DELETE /api/saved/:jobId
// save and unsave, POST /api/saved/merge moves the browser's saves into the account at sign-in. Signed out, the
// browser keeps its saves and POST /api/saved/lookup tells it their jobs' state for /saved.
import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { browserSavesSchema } from "../rules/savedSchema";
import { describeBrowserSaves, listSavedJobs, mergeBrowserSaves, saveJob, unsaveJob } from "./store";

const jobParam = z.object({ jobId: z.string().min(1).max(100) });
const SIGN_IN = "You must be signed in";

export const savedRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c, SIGN_IN);
    return c.json({ saved: await listSavedJobs(c.env.DB, user.id) });
  })
  .post("/lookup", validate("json", browserSavesSchema), async (c) => {
    return c.json({ saved: await describeBrowserSaves(c.env.DB, c.req.valid("json").items) });
  })
  .post("/merge", validate("json", browserSavesSchema), async (c) => {
    const user = await requireUser(c, SIGN_IN);
    const added = await mergeBrowserSaves(c.env.DB, user.id, c.req.valid("json").items);
    return c.json({ added, saved: await listSavedJobs(c.env.DB, user.id) });
  })
  .put("/:jobId", validate("param", jobParam), async (c) => {
    const user = await requireUser(c, SIGN_IN);
    if (!(await saveJob(c.env.DB, user.id, c.req.valid("param").jobId))) throw new HttpError(404, "Job not found");
    return c.json({ saved: true });
  })
  .delete("/:jobId", validate("param", jobParam), async (c) => {
    const user = await requireUser(c, SIGN_IN);
    return c.json({ removed: await unsaveJob(c.env.DB, user.id, c.req.valid("param").jobId) });
  });
