// A company page's body: the
// header (logo, name, 'Hiring for N positions', tagline), 'Notify me', search by title or description and
// a 'Location or Remote' box, and the split list with a detail panel that covers the screen at widths up
// to 1024 px; Escape closes it. 'No jobs found' when nothing matches. Used by /company/:id,
// /company/:id/spotlight and the local preview (/spotlight/preview).
import { foldForSearch } from "@rules/arabic";
import { recordJobView } from "../../beacons";
import { useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { CompanyJob, CompanyPageResponse } from "@rules/spotlight";
import { htmlToText } from "@rules/text";
import { i18n, useI18n } from "../../i18n";
import { useMediaQuery } from "../../useMediaQuery";
import { CompanyLogo } from "../CompanyLogo";
import { CompanyJobCard } from "./CompanyJobCard";
import type { OwnerJobActions } from "./CompanyJobCard";
import { CompanyJobDetail } from "./CompanyJobDetail";
import { NotifyMe } from "./NotifyMe";
import { OwnText } from "../OwnText";

/** Up to 1024 px the detail panel is full-screen. */
export const FULL_SCREEN_DETAIL = "(max-width: 1024px)";

/** A job without a location is remote: it matches "remote" in any language. */
const REMOTE = "remote";

/** Words as search compares them (@rules/arabic foldForSearch): "عن بُعد" finds "عن بعد", "إدارة" finds "ادارة". */
const fold = (s: string) => foldForSearch(s).toLowerCase();
const words = (s: string) => fold(s).split(/\s+/).filter(Boolean);

/** Every word in the title or the description; every location word in the location. */
export function filterCompanyJobs(jobs: CompanyJob[], keywords: string, location: string): CompanyJob[] {
  const k = words(keywords);
  const l = words(location);
  return jobs.filter((job) => {
    const text = fold(`${job.title} ${htmlToText(job.description)}`);
    const place = fold(job.location || i18n().t("public.remote"));
    const remote = job.location ? "" : REMOTE;
    return k.every((w) => text.includes(w)) && l.every((w) => place.includes(w) || remote.includes(w));
  });
}

interface Props {
  page: CompanyPageResponse;
  variant: "company" | "spotlight";
  /** The owner's actions on Spotlight jobs. */
  actions?: OwnerJobActions;
  /** The local preview (nothing is public yet). */
  preview?: boolean;
  /** Shown above the list (owner notices, preview banner). */
  banner?: ReactNode;
}

export function CompanyView({ page, variant, actions, preview = false, banner }: Props) {
  const { t } = useI18n();
  const { company, jobs, owner } = page;
  const [keywords, setKeywords] = useState("");
  const [location, setLocation] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const fullScreen = useMediaQuery(FULL_SCREEN_DETAIL);
  const shown = useMemo(() => filterCompanyJobs(jobs, keywords, location), [jobs, keywords, location]);
  const selected = shown.find((j) => j.id === selectedId) ?? null;
  // The preview counts the jobs that go live on subscribing; otherwise the published ones.
  const hiring = preview ? jobs.length : jobs.filter((j) => j.published).length;

  // A visitor opening a job's details is a view of it (its Apply click counted, its view did not: «0 views, 1 click»);
  // the owner's and a preview's are not (the server skips the owner too).
  const selectedJob = selected?.id ?? null;
  useEffect(() => {
    if (selectedJob && !preview && !owner) recordJobView(selectedJob);
  }, [selectedJob, preview, owner]);

  useEffect(() => {
    if (!selected) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !document.querySelector("dialog[open]")) setSelectedId(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected]);

  return (
    <div className={`company-page is-${variant}`}>
      <header className="company-hero">
        <div className="container company-hero-inner">
          <CompanyLogo logo={company.logo} company={company.company} size={88} lazy={false} className="company-hero-logo" sizedByCss />
          <div className="company-hero-text">
            {variant === "spotlight" && <span className="spotlight-ribbon">{t("public.company.ribbon")}</span>}
            <h1>
              <OwnText text={company.company} />
            </h1>
            <p className="company-hiring">{t("public.company.hiringFor", { count: hiring })}</p>
            {company.tagline && (
              <p className="company-tagline">
                <OwnText text={company.tagline} />
              </p>
            )}
            {company.website && (
              <a className="company-website" dir="ltr" href={company.website} target="_blank" rel="noopener noreferrer">
                {company.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
            )}
          </div>
          {!preview && (
            <div className="company-hero-notify card">
              <NotifyMe companyId={company.id} company={company.company} />
            </div>
          )}
        </div>
      </header>
      <div className="container company-body">
        {banner}
        <form className="company-search card" role="search" onSubmit={(e) => e.preventDefault()}>
          <label className="sr-only" htmlFor="company-keywords">
            {t("public.company.searchLabel")}
          </label>
          <input id="company-keywords" className="form-input" type="search" placeholder={t("public.company.searchPlaceholder")} value={keywords} onChange={(e) => setKeywords(e.target.value)} />
          <label className="sr-only" htmlFor="company-location">
            {t("public.job.location")}
          </label>
          <input id="company-location" className="form-input" type="search" placeholder={t("public.company.locationPlaceholder")} value={location} onChange={(e) => setLocation(e.target.value)} />
        </form>
        <p className="company-count muted small" aria-live="polite">
          {owner && !preview ? t("public.company.countWithDrafts", { count: shown.length }) : t("public.company.count", { count: shown.length })}
        </p>
        {shown.length === 0 ? (
          <div className="card empty-state">
            <h2>{t("public.list.noJobs")}</h2>
            <p className="muted">{jobs.length ? t("public.company.tryOther") : t("public.company.noOpenPositions", { company: company.company })}</p>
          </div>
        ) : (
          <div className={`company-split${selected ? " has-selection" : ""}`}>
            <ul className="company-job-list">
              {shown.map((job) => (
                <li key={job.id}>
                  <CompanyJobCard
                    job={job}
                    selected={job.id === selectedId}
                    onSelect={() => setSelectedId(job.id === selectedId ? null : job.id)}
                    actions={owner && job.spotlight_status ? actions : undefined}
                    previewNote={preview}
                    showStatus={owner || preview}
                  />
                </li>
              ))}
            </ul>
            {selected ? (
              <CompanyJobDetail
                job={selected}
                fullScreen={fullScreen}
                onClose={() => setSelectedId(null)}
                showStatus={owner || preview}
                isPublic={!preview && company.published && selected.published && (selected.spotlight_status === null || selected.spotlight_status === "live")}
              />
            ) : (
              // Shown from 1025 px by CSS (company.css), so the server's page is the same at every width.
              <aside className="card company-job-detail is-empty" aria-label={t("public.company.detailsLabel")}>
                <p className="muted">{t("public.company.selectJob")}</p>
              </aside>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
