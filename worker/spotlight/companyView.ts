// GET /api/companies/:id for the owner of a Spotlight company: the page from the object's state, with
// drafts and unpublished state shown (the Published/Draft badge and the owner's actions need them), plus
// the owner's own posts at the company (published wizard posts from D1).
import type { Context } from "hono";
import { currentUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { presentJob } from "../jobs/present";
import { ownersPostsAtCompany } from "../jobs/store";
import { ownerJob } from "./present";
import { companyOwner } from "./store";
import type { CompanyJob, CompanyPageResponse } from "./present";

export async function spotlightOwnerView(c: Context<AppEnv>, companyId: string): Promise<CompanyPageResponse | null> {
  const user = await currentUser(c);
  if (!user) return null;
  if ((await companyOwner(c.env.DB, companyId)) !== user.id) return null;
  const result = await c.env.SPOTLIGHT.getByName(companyId).getState(user.id);
  if (!result.ok || !result.value.profile) return null;
  const state = result.value;
  const p = state.profile!;
  const now = Date.now();
  const results = await ownersPostsAtCompany(c.env.DB, companyId, now);
  const posts: CompanyJob[] = results.map((r) => ({ ...presentJob(r), published: true, spotlight_status: null }));
  const jobs = [...state.jobs.map((j) => ownerJob(state, j)), ...posts].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    company: { id: companyId, company: p.company, logo: p.logo, tagline: p.tagline, website: p.website, stage: p.stage, published: p.published, spotlight: true },
    jobs,
    owner: true,
  };
}
