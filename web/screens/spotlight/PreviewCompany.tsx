// /spotlight/preview (no sign-in): the company page as it will look, built from the local preview.
import { parseSalary } from "@rules/salary";
import { Link } from "react-router";
import { resolveApply } from "@rules/apply";
import { DEFAULT_STAGE } from "@rules/spotlight";
import type { CompanyJob, CompanyPageResponse } from "@rules/spotlight";
import { CompanyView } from "../../components/spotlight/CompanyView";
import { useI18n } from "../../i18n";
import { useDocumentTitle } from "../../useDocumentTitle";
import { spotlightPriceText } from "./SpotlightPrice";
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
    pay: parseSalary(job.salary),
    applications: false,
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
  const i18n = useI18n();
  const { t } = i18n;
  const { company, jobs } = usePreview();
  useDocumentTitle(company ? t("spotlight.preview.companyTitle", { company: company.company }) : t("spotlight.preview.title"));
  if (!company) {
    return (
      <div className="container page page-center">
        <div className="card message-card">
          <h1>{t("spotlight.preview.none")}</h1>
          <p className="muted">{t("spotlight.preview.noneLead")}</p>
          <Link className="button button-primary" to="/spotlight/dashboard">
            {t("spotlight.preview.openDashboard")}
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
      <span>{t("spotlight.preview.banner")}</span>
      <span className="spotlight-owner-bar-actions">
        <Link className="button button-small button-outline" to="/spotlight/dashboard">
          {t("spotlight.preview.backToDashboard")}
        </Link>
        <Link className="button button-small button-primary" to="/spotlight/onboarding">
          {t("spotlight.goLive", { price: spotlightPriceText(i18n) })}
        </Link>
      </span>
    </div>
  );
  return <CompanyView page={page} variant="spotlight" preview banner={banner} />;
}
