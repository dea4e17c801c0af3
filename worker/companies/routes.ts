// Public company pages: the company and its published jobs (worker/spotlight/present.ts CompanyPageResponse),
// and counting a page view (POST /:id/view; the GET stays a pure read).
import { Hono } from "hono";
import { z } from "zod";
import { countCompanyView } from "../analytics/count";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { presentJob } from "../jobs/present";
import type { PublicJobRow } from "../jobs/present";
import { PUBLIC_JOB_COLUMNS, VISIBLE_SQL } from "../jobs/search";
import { spotlightOwnerView } from "../spotlight/companyView";

interface CompanyRow {
  id: string;
  company: string;
  logo: string;
  tagline: string;
  website: string;
  stage: string;
}

export const companiesRoutes = new Hono<AppEnv>().get(
  "/:id",
  validate("param", z.object({ id: z.string().min(1).max(100, "id is too long") })),
  async (c) => {
    const { id } = c.req.valid("param");
    // The owner of a Spotlight company sees it from its object: drafts too, with their status.
    const own = await spotlightOwnerView(c, id);
    if (own) return c.json(own);
    const now = Date.now();
    const [companyRes, jobsRes] = await c.env.DB.batch([
      c.env.DB.prepare("SELECT id, company, logo, tagline, website, stage FROM companies WHERE id = ?").bind(id),
      c.env.DB.prepare(`SELECT ${PUBLIC_JOB_COLUMNS} FROM jobs j WHERE j.company_id = ? AND ${VISIBLE_SQL} ORDER BY j.created_at DESC, j.id DESC LIMIT 200`).bind(id, now, now),
    ]);
    const company = companyRes!.results[0] as CompanyRow | undefined;
    if (!company) throw new HttpError(404, "Company not found");
    const spotlight = await c.env.DB.prepare("SELECT 1 FROM spotlight_companies WHERE id = ?").bind(id).first();
    const jobs = (jobsRes!.results as PublicJobRow[]).map((r) => ({ ...presentJob(r), published: true, spotlight_status: null }));
    return c.json({ company: { ...company, published: true, spotlight: Boolean(spotlight) }, jobs, owner: false });
  },
).post("/:id/view", validate("param", z.object({ id: z.string().min(1).max(100, "id is too long") })), async (c) => c.json(await countCompanyView(c, c.req.valid("param").id)));
