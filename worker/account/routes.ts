// Account settings: e-mail (read-only), name and company, really saved. Renaming the company also
// renames it on the user's jobs (derived search columns recomputed through deriveJobRow's rules).
import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { validate } from "../http/validate";
import { companyKeys } from "../jobs/derive";
import { REFRESH_DUPLICATE_GROUP_SQL } from "../jobs/duplicates";
import { settingsSchema } from "../rules/auth";

export const accountRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c, "You must be signed in");
    return c.json({ email: user.email, name: user.name, company: user.company });
  })
  .patch("/", validate("json", settingsSchema), async (c) => {
    const user = await requireUser(c, "You must be signed in");
    const { name, company } = c.req.valid("json");
    const now = Date.now();
    const statements = [c.env.DB.prepare("UPDATE accounts SET name = ?, company = ?, updated_at = ? WHERE id = ?").bind(name, company, now, user.id)];
    if (company && user.company && company !== user.company) {
      const { results } = await c.env.DB.prepare("SELECT id, title, dedupe_key FROM jobs WHERE user_id = ? AND company = ?").bind(user.id, user.company).all<{ id: string; title: string; dedupe_key: string }>();
      for (const job of results) {
        const keys = companyKeys(job.title, company);
        statements.push(
          c.env.DB.prepare("UPDATE jobs SET company = ?, company_key = ?, dedupe_key = ?, updated_at = ? WHERE id = ? AND user_id = ?").bind(company, keys.companyKey, keys.dedupeKey, now, job.id, user.id),
          c.env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(job.dedupe_key),
          c.env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(keys.dedupeKey),
        );
      }
    }
    await c.env.DB.batch(statements);
    return c.json({ email: user.email, name, company });
  });
