// /spotlight/preview (no sign-in): the company page as it will look, built from the local preview.
import { Link } from "react-router";
import { resolveApply } from "@rules/apply";
import { DEFAULT_STAGE } from "@rules/spotlight";
import type { CompanyJob, CompanyPageResponse } from "@rules/spotlight";
import { CompanyView } from "../../components/spotlight/CompanyView";
import { useDocumentTitle } from "../../useDocumentTitle";
import { SpotlightPrice } from "./SpotlightPrice";
import { usePreview } from "./previewStore";
import type { PreviewCompany as PreviewCompanyData, PreviewJob } from "./previewStore";

export function previewCompanyJob(job: PreviewJob, company: PreviewCompanyData): CompanyJob {
  const website = job.website || company.website;
  const applyUrl = website || company.email;
  return {
    id: job.id,
    title: job.title,
    company: company.company,
    company_id: null,
    tagline: company.tagline,
    location: job.location,
    salary: job.salary,
    equity: job.equity,
    stage: company.stage || DEFAULT_STAGE,
    category: job.category,
    type: job.type,
    description: job.description,
    website,
    tags: job.tags,
    logo: company.logo,
    apply_url: applyUrl,
    apply: resolveApply({ apply_url: applyUrl, website, email: company.email }),
    plan: "premium",
    enhancements: [],
    created_at: job.created_at,
    published_at: null,
    expires_at: null,
    published: false,
    spotlight_status: "preview",
  };
}

export function PreviewCompany() {
  const { company, jobs } = usePreview();
  useDocumentTitle(company ? `${company.company} (preview) | Startup Jobs` : "Spotlight Preview | Startup Jobs");
  if (!company) {
    return (
      <div className="container page page-center">
        <div className="card message-card">
          <h1>No preview yet</h1>
          <p className="muted">Add your company profile in the preview dashboard to see your company page here.</p>
          <Link className="button button-primary" to="/spotlight/dashboard">
            Open the preview dashboard
          </Link>
        </div>
      </div>
    );
  }
  const page: CompanyPageResponse = {
    company: { id: "preview", company: company.company, logo: company.logo, tagline: company.tagline, website: company.website, stage: company.stage, published: false, spotlight: true },
    jobs: jobs.map((j) => previewCompanyJob(j, company)),
    owner: true,
  };
  const banner = (
    <div className="spotlight-owner-bar is-preview">
      <span>This is a preview of your company page, from this browser. It goes public when you subscribe.</span>
      <span className="spotlight-owner-bar-actions">
        <Link className="button button-small button-outline" to="/spotlight/dashboard">
          Back to dashboard
        </Link>
        <Link className="button button-small button-primary" to="/spotlight/onboarding">
          Go Live · <SpotlightPrice />
        </Link>
      </span>
    </div>
  );
  return <CompanyView page={page} variant="spotlight" preview banner={banner} />;
}
