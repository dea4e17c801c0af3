// /company/:id and /company/:id/spotlight: a company's page. Visitors see
// its public jobs; the owner of a Spotlight company also sees drafts, with Publish/Unpublish, Edit and
// Delete on each Spotlight job, and the page follows their live dashboard's changes in real time.
// An unknown id shows 'Company not found'.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import type { CompanyJob, CompanyPageResponse, SpotlightJobInput } from "@rules/spotlight";
import { useAuth } from "../auth";
import { recordCompanyView } from "../beacons";
import { ApiRequestError, api, call } from "../client";
import { CompanyView } from "../components/spotlight/CompanyView";
import { useI18n } from "../i18n";
import { PageSpinner } from "../components/Spinner";
import { keys } from "../queryKeys";
import { pageLoadedAt, usePageData } from "../pageData";
import { PAGE_COMPANY_ID } from "@rules/firstPage";
import { useDocumentTitle } from "../useDocumentTitle";
import { useSpotlightSocket } from "./spotlight/useSpotlightSocket";

const JobEditDialog = lazy(() => import("../components/spotlight/JobEditDialog"));

type Load = { phase: "loading" } | { phase: "not-found" } | { phase: "error"; message: string } | { phase: "ready"; page: CompanyPageResponse };

export function CompanyPage({ variant }: { variant: "company" | "spotlight" }) {
  const { t, localise } = useI18n();
  const { id = "" } = useParams();
  const { loaded, user } = useAuth();
  const [editing, setEditing] = useState<CompanyJob | null>(null);
  const carried = usePageData<CompanyPageResponse>(PAGE_COMPANY_ID);
  // After the session is known, so the owner gets their own view.
  const read = useQuery({
    queryKey: keys.company(id, user?.id ?? null),
    queryFn: async ({ signal }): Promise<CompanyPageResponse> => call(api.companies[":id"].$get({ param: { id } }, { init: { signal, cache: "no-store" } })),
    enabled: loaded,
    // A visitor's page came with the HTML (rules/firstPage.ts): shown at once, as old as the page.
    initialData: () => (!user && carried?.company.id === id ? carried : undefined),
    initialDataUpdatedAt: pageLoadedAt,
  });
  const reload = read.refetch;
  const load: Load =
    read.error instanceof ApiRequestError && read.error.status === 404
      ? { phase: "not-found" }
      : read.data
        ? { phase: "ready", page: read.data }
        : read.isError
          ? { phase: "error", message: SPOTLIGHT_MESSAGES.loadFailed }
          : { phase: "loading" };
  const page = load.phase === "ready" ? load.page : null;
  useDocumentTitle(page ? t("public.company.title", { company: page.company.company }) : load.phase === "not-found" ? t("public.company.notFoundTitle") : t("common.siteName"));

  // A visitor's page view counts once per page load (the server skips the owner, bots and repeats).
  const counted = useRef("");
  useEffect(() => {
    if (page && !page.owner && counted.current !== id) {
      counted.current = id;
      recordCompanyView(id);
    }
  }, [page, id]);

  // The owner's page follows their changes from any tab.
  useSpotlightSocket(page?.owner ? id : null, () => void reload());

  if (load.phase === "loading") return <PageSpinner label={t("public.company.loading")} />;
  if (load.phase === "not-found") {
    return (
      <div className="container page page-center">
        <div className="card message-card">
          <h1>{t("public.company.notFound")}</h1>
          <p className="muted">{t("public.company.notFoundText")}</p>
          <div className="button-row">
            <Link className="button button-primary" to="/jobs">
              {t("public.browseJobs")}
            </Link>
            <Link className="button button-outline" to="/">
              {t("public.home")}
            </Link>
          </div>
        </div>
      </div>
    );
  }
  if (load.phase === "error") {
    return (
      <div className="container page">
        <div className="notice notice-error" role="alert">
          {localise(load.message)}
          <p className="muted notice-hint">{t("public.company.refresh")}</p>
        </div>
      </div>
    );
  }

  const ready = load.page;
  const act = async (what: () => Promise<unknown>) => {
    await what();
    await reload();
  };
  const banner = ready.owner ? (
    <div className={`spotlight-owner-bar${ready.company.published ? "" : " is-warning"}`}>
      <span>{ready.company.published ? t("public.company.ownerPublished") : t("public.company.ownerUnpublished")}</span>
      <Link className="button button-small button-primary" to="/spotlight/live">
        {t("public.company.dashboard")}
      </Link>
    </div>
  ) : null;

  return (
    <>
      <CompanyView
        page={ready}
        variant={variant}
        banner={banner}
        actions={
          ready.owner
            ? {
                edit: setEditing,
                setPublished: (job, published) =>
                  act(() => call(api.spotlight.companies[":companyId"].jobs[":jobId"][published ? "publish" : "unpublish"].$post({ param: { companyId: id, jobId: job.id } }))),
                remove: (job) => act(() => call(api.spotlight.companies[":companyId"].jobs[":jobId"].$delete({ param: { companyId: id, jobId: job.id } }))),
              }
            : undefined
        }
      />
      {editing && (
        <Suspense fallback={null}>
          <JobEditDialog
            job={{ ...editing, type: editing.type as SpotlightJobInput["type"] }}
            onClose={() => setEditing(null)}
            onSave={async (job) => {
              await act(() => call(api.spotlight.companies[":companyId"].jobs[":jobId"].$put({ param: { companyId: id, jobId: editing.id }, json: { job } })));
              setEditing(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
