// The company page's shapes: a company header and its jobs, for visitors (from D1) and for the owner
// (from the Durable Object, with drafts and their status).
import { parseSalary } from "../rules/salary";
import { resolveApply } from "../rules/apply";
import type { CompanyJob, SpotlightJob, SpotlightState } from "../rules/spotlight";

export type { CompanyJob, CompanyPageResponse } from "../rules/spotlight";

export function ownerJob(state: SpotlightState, job: SpotlightJob): CompanyJob {
  const p = state.profile!;
  // The job's own website (what its form edits); applying falls back to the company's site, then e-mail.
  const website = job.website || p.website;
  const applyUrl = website || p.email;
  return {
    id: job.id,
    title: job.title,
    company: p.company,
    company_id: state.companyId,
    tagline: p.tagline,
    location: job.location,
    salary: job.salary,
    pay: parseSalary(job.salary),
    applications: false,
    equity: job.equity,
    stage: p.stage,
    category: job.category,
    type: job.type,
    description: job.description,
    website: job.website,
    tags: job.tags,
    logo: p.logo,
    apply_url: applyUrl,
    apply: resolveApply({ apply_url: applyUrl, website, email: p.email }),
    plan: "premium",
    enhancements: ["company-profile"],
    created_at: job.created_at,
    published_at: job.published_at,
    expires_at: state.activeUntil,
    published: job.published,
    spotlight_status: job.status,
  };
}
