// /company/:id and /company/:id/spotlight: a company's page. Visitors see
// its public jobs; the owner of a Spotlight company also sees drafts, with Publish/Unpublish, Edit and
// Delete on each Spotlight job, and the page follows their live dashboard's changes in real time.
// An unknown id shows 'Company not found'.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { SPOTLIGHT_MESSAGES } from "../../worker/rules/spotlight";
import type { CompanyJob, CompanyPageResponse, SpotlightJobInput } from "../../worker/rules/spotlight";
import { ApiRequestError, recordCompanyView } from "../api";
import { useAuth } from "../auth";
import { CompanyView } from "../components/spotlight/CompanyView";
import { PageSpinner } from "../components/Spinner";
import { useDocumentTitle } from "../useDocumentTitle";
import { deleteLiveJob, fetchCompanyPage, setLiveJobPublished, updateLiveJob } from "./spotlight/api";
import { useSpotlightSocket } from "./spotlight/useSpotlightSocket";
import "./spotlight/spotlight.css";

const JobEditDialog = lazy(() => import("../components/spotlight/JobEditDialog"));

type Load = { phase: "loading" } | { phase: "not-found" } | { phase: "error"; message: string } | { phase: "ready"; page: CompanyPageResponse };

export function CompanyPage({ variant }: { variant: "company" | "spotlight" }) {
  const { id = "" } = useParams();
  const { loaded } = useAuth();
  const [load, setLoad] = useState<Load>({ phase: "loading" });
  const [editing, setEditing] = useState<CompanyJob | null>(null);
  const page = load.phase === "ready" ? load.page : null;
  useDocumentTitle(page ? `${page.company.company} jobs | Startup Jobs` : load.phase === "not-found" ? "Company not found | Startup Jobs" : "Startup Jobs");

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const next = await fetchCompanyPage(id, signal);
        setLoad({ phase: "ready", page: next });
      } catch (err) {
        if (signal?.aborted) return;
        if (err instanceof ApiRequestError && err.status === 404) setLoad({ phase: "not-found" });
        else setLoad((prev) => (prev.phase === "ready" ? prev : { phase: "error", message: SPOTLIGHT_MESSAGES.loadFailed }));
      }
    },
    [id],
  );

  // After the session is known, so the owner gets their own view.
  useEffect(() => {
    if (!loaded) return;
    const controller = new AbortController();
    setLoad({ phase: "loading" });
    void reload(controller.signal);
    return () => controller.abort();
  }, [loaded, reload]);

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

  if (load.phase === "loading") return <PageSpinner label="Loading company..." />;
  if (load.phase === "not-found") {
    return (
      <div className="container page page-center">
        <div className="card message-card">
          <h1>Company not found</h1>
          <p className="muted">There is no company page at this address.</p>
          <div className="button-row">
            <Link className="button button-primary" to="/jobs">
              Browse Jobs
            </Link>
            <Link className="button button-outline" to="/">
              Home
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
          {load.message}
          <p className="muted">Please try refreshing the page.</p>
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
      <span>
        {ready.company.published
          ? "This is your company page. Drafts and owner actions are visible only to you."
          : "Your company page is not published yet: visitors see 'Company not found' until you publish it."}
      </span>
      <Link className="button button-small button-primary" to="/spotlight/live">
        Spotlight Dashboard
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
                setPublished: (job, published) => act(() => setLiveJobPublished(id, job.id, published)),
                remove: (job) => act(() => deleteLiveJob(id, job.id)),
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
              await act(() => updateLiveJob(id, editing.id, job));
              setEditing(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
