// The company page's shapes: a company header and its jobs, for visitors (from D1) and for the owner
// (from the Durable Object, with drafts and their status).
import { resolveApply } from "../rules/apply";
import type { PublicJob } from "../rules/search";
import type { SpotlightJob, SpotlightJobStatus, SpotlightState } from "../rules/spotlight";

export interface CompanyHeader {
  id: string;
  company: string;
  logo: string;
  tagline: string;
  website: string;
  stage: string;
}

/** A job on a company page: the public job plus its Published/Draft state and Spotlight status. */
export interface CompanyJob extends PublicJob {
  published: boolean;
  /** Spotlight jobs only; the owner can act on these from the company page. */
  spotlight_status: SpotlightJobStatus | null;
}

export interface CompanyPageResponse {
  company: CompanyHeader & { published: boolean; spotlight: boolean };
  jobs: CompanyJob[];
  /** True when the signed-in user owns this Spotlight company: drafts are shown, with actions. */
  owner: boolean;
}

export function ownerJob(state: SpotlightState, job: SpotlightJob): CompanyJob {
  const p = state.profile!;
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
    equity: job.equity,
    stage: p.stage,
    category: job.category,
    type: job.type,
    description: job.description,
    website,
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
