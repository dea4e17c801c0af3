// /jobs/:id : one job in full.
import { normaliseDigits } from "@rules/digits";
import { NO_EQUITY } from "@rules/equity";
import { useEffect } from "react";
import type { MouseEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { recordJobView } from "../beacons";
import { api, call } from "../client";
import { jobGone } from "../jobGone";
import type { Success } from "../client";
import { appliesByEmail } from "../components/ApplyButton";
import { ApplyOrApplied } from "../components/ApplyOrApplied";
import { CompanyLogo } from "../components/CompanyLogo";
import { JobBadges } from "../components/JobBadges";
import type { FromListing } from "../components/JobCard";
import { SaveButton } from "../components/SaveButton";
import { ApproximatePay, JobCompany, Posted, jobTypeLabel, listLabel } from "../components/JobMeta";
import { useI18n } from "../i18n";
import { keys } from "../queryKeys";
import { pageLoadedAt, usePageData } from "../pageData";
import { PAGE_JOB_ID } from "@rules/firstPage";
import type { PageJob } from "@rules/firstPage";
import { useDocumentTitle } from "../useDocumentTitle";
import { OwnText } from "../components/OwnText";

type PublicJob = Success<(typeof api.jobs)[":id"]["$get"]>["job"];
type Load = { status: "loading" } | { status: "missing" | "failed" } | { status: "loaded"; job: PublicJob };

export function JobDetail() {
  const { t } = useI18n();
  const { id = "" } = useParams();
  const carried = usePageData<PageJob>(PAGE_JOB_ID)?.job;
  const read = useQuery({
    queryKey: keys.job(id),
    queryFn: async ({ signal }) => (await call(api.jobs[":id"].$get({ param: { id } }, { init: { signal } }))).job,
    // The job's page carried the job (rules/firstPage.ts): shown at once, as old as the page.
    initialData: () => (carried?.id === id ? carried : undefined),
    initialDataUpdatedAt: pageLoadedAt,
  });
  // A job gone since it was last shown is gone, even though the cache still has it.
  const gone = jobGone(read.error);
  const current: Load = gone ? { status: "missing" } : read.data ? { status: "loaded", job: read.data } : read.isError ? { status: "failed" } : { status: "loading" };

  // Each time the page shows a job, its view is counted (the server's counting rule decides what counts).
  const shown = current.status === "loaded";
  useEffect(() => {
    if (shown) recordJobView(id);
  }, [shown, id]);

  // The tab says what the server's <title> said, the site's name with it (the twenty-first reading: the job's title alone).
  const title =
    current.status === "loaded"
      ? t("public.job.pageTitle", { title: current.job.title || t("public.untitled"), company: current.job.company })
      : current.status === "missing"
        ? t("public.job.notFoundTitle")
        : "";
  useDocumentTitle(title);

  return (
    <div className="container page page-narrow">
      <BackToJobs />
      {current.status === "loading" && <DetailSkeleton />}
      {current.status === "missing" && (
        <div className="card message-card">
          <h1>{t("public.job.notFound")}</h1>
          <p className="muted">{t("public.job.notFoundText")}</p>
          <Link className="button button-primary" to="/jobs">
            {t("public.browseJobs")}
          </Link>
        </div>
      )}
      {current.status === "failed" && (
        <div className="notice notice-error" role="alert">
          <p>{t("public.job.loadFailed")}</p>
        </div>
      )}
      {current.status === "loaded" && <JobDetailView job={current.job} />}
    </div>
  );
}

function JobDetailView({ job }: { job: PublicJob }) {
  const current = useI18n();
  const { t, value } = current;
  const classes = ["card", "job-detail"];
  if (job.enhancements.includes("highlight")) classes.push("is-highlighted");
  if (job.enhancements.includes("sticky")) classes.push("is-sticky");
  return (
    <article className={classes.join(" ")}>
      <header className="job-detail-header">
        <CompanyLogo logo={job.logo} company={job.company} size={72} lazy={false} />
        <div>
          {/* The poster's title isolated on the page's side, as on the cards: dir="auto" on the heading put a wrapped Latin
              title flush left on an Arabic page, under a company and badges on the right (the eighteenth reading). */}
          <h1>
            <OwnText text={job.title || t("public.untitled")} />
          </h1>
          <JobCompany job={job} className="job-company job-detail-company" />
          <p className="muted job-posted">
            <Posted at={job.created_at} />
          </p>
          <JobBadges job={job} detail />
        </div>
      </header>

      <dl className="facts">
        <div className="fact-wide">
          <dt>{t("public.job.location")}</dt>
          <dd>
            <OwnText text={job.location || t("public.remote")} />
          </dd>
        </div>
        <div className="fact-wide">
          <dt>{t("public.job.salary")}</dt>
          <dd data-job-salary>
            {job.salary ? <OwnText text={normaliseDigits(job.salary)} /> : t("public.job.notSpecified")} <ApproximatePay pay={job.pay} />
          </dd>
        </div>
        {/* The equity the posting form requires, shown as the preview and the company page show it (the 26th reading). */}
        {job.equity && (
          <div className="fact-wide">
            <dt>{t("public.job.equity")}</dt>
            <dd data-job-equity>{job.equity === NO_EQUITY ? value("equity", NO_EQUITY) : <OwnText text={normaliseDigits(job.equity)} />}</dd>
          </div>
        )}
        <div>
          <dt>{t("public.job.category")}</dt>
          <dd>{job.category ? listLabel("category", job.category, job.category, current) : t("public.job.notSpecified")}</dd>
        </div>
        {job.type && (
          <div>
            <dt>{t("public.job.type")}</dt>
            <dd>{jobTypeLabel(job.type, current)}</dd>
          </div>
        )}
      </dl>

      {job.tags.length > 0 && (
        <ul className="tag-list" aria-label={t("public.tags")}>
          {job.tags.map((tag) => (
            <li key={tag} className="tag" dir="auto">
              {value("tag", tag)}
            </li>
          ))}
        </ul>
      )}

      <section className="job-detail-section" aria-labelledby="description-heading">
        <h2 id="description-heading">{t("public.jobDescription")}</h2>
        {job.description ? <div className="job-description" dir="auto" dangerouslySetInnerHTML={{ __html: job.description }} /> : <p className="muted">{t("public.noDescription")}</p>}
      </section>

      <div className="job-detail-apply">
        <ApplyOrApplied
          job={job}
          label={appliesByEmail(job) ? t("public.job.applyViaEmail") : t("public.job.applyForPosition")}
          className="button button-primary button-large job-detail-apply-button"
        />
        <SaveButton job={job} className="button button-ghost button-large save-button" />
      </div>
    </article>
  );
}

/**
 * "← Back to jobs": when the job was opened from a listing, the same as browser Back (the listing comes
 * back with its filters, sort, loaded pages and scroll position); otherwise the listing at /jobs.
 */
function BackToJobs() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const from = (useLocation().state as Partial<FromListing> | null)?.fromListing;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!from || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(-1);
  };
  return (
    <Link className="back-link" to={from ?? "/jobs"} onClick={onClick}>
      {t("public.job.back")}
    </Link>
  );
}

function DetailSkeleton() {
  const { t } = useI18n();
  return (
    <div className="card job-detail" aria-busy="true">
      <span className="sr-only">{t("public.job.loading")}</span>
      <div className="job-detail-header" aria-hidden="true">
        <span className="company-logo skeleton" style={{ width: 72, height: 72 }} />
        <div style={{ flex: 1 }}>
          <span className="skeleton skeleton-line" style={{ width: "60%", height: 28 }} />
          <span className="skeleton skeleton-line" style={{ width: "30%" }} />
        </div>
      </div>
      <span className="skeleton skeleton-block" aria-hidden="true" />
    </div>
  );
}
