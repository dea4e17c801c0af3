// Account settings: e-mail (read-only), name and company, really saved. Renaming the company also
// renames it on the user's jobs through the one company-rename path (worker/jobs/store.ts).
import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { validate } from "../http/validate";
import { renameCompanyStatements } from "../jobs/store";
import { settingsSchema } from "../rules/authSchema";
import { saveSettingsStatement } from "../auth/store";

export const accountRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c, "You must be signed in");
    return c.json({ email: user.email, name: user.name, company: user.company });
  })
  .patch("/", validate("json", settingsSchema), async (c) => {
    const user = await requireUser(c, "You must be signed in");
    const { name, company } = c.req.valid("json");
    const now = Date.now();
    const renamed = company && user.company && company !== user.company ? await renameCompanyStatements(c.env.DB, user.id, { kind: "name", company: user.company }, { company }, now) : [];
    await c.env.DB.batch([saveSettingsStatement(c.env.DB, user.id, { name, company }, now), ...renamed]);
    return c.json({ email: user.email, name, company });
  });
