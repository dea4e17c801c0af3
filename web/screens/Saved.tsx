// /saved (issue 26): the visitor's saved jobs, newest saved first. Signed in, the account's (GET /api/saved);
// signed out, this browser's (POST /api/saved/lookup tells their jobs' state). An expired or removed job stays,
// marked as such and without Apply; a job that changed since it was saved says so.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { SavedJob } from "@rules/saved";
import { useAuth } from "../auth";
import { api, call } from "../client";
import { ApplyOrApplied } from "../components/ApplyOrApplied";
import { JobMeta } from "../components/JobMeta";
import { OwnText } from "../components/OwnText";
import { PageSpinner } from "../components/Spinner";
import { useI18n } from "../i18n";
import { keys } from "../queryKeys";
import { browserSaves, useAccountSaves, useSavedJobs } from "../savedJobs";
import { useDocumentTitle } from "../useDocumentTitle";
import { NothingYet } from "../components/NothingYet";

function useBrowserSavedList(enabled: boolean) {
  const items = browserSaves();
  return useQuery({
    queryKey: keys.browserSaved(items.map((i) => i.jobId).join(",")),
    queryFn: async (): Promise<SavedJob[]> => (items.length ? ((await call(api.saved.lookup.$post({ json: { items } }))).saved as SavedJob[]) : []),
    enabled,
  });
}

export function Saved() {
  const { t } = useI18n();
  const { loaded, user } = useAuth();
  useSavedJobs(); // re-reads this browser's saves when one is removed
  useDocumentTitle(t("public.saved.pageTitle"));
  const account = useAccountSaves(loaded && Boolean(user));
  const browser = useBrowserSavedList(loaded && !user);
  const list = user ? account : browser;

  return (
    <div className="container page saved-page">
      <h1>{t("public.saved.title")}</h1>
      {loaded && !user && (
        <p className="notice notice-info">
          {/* «These saves…» with none saved read wrong (an eleventh reading): then it says where saves will be kept. */}
          {t(list.data?.length === 0 ? "public.saved.browserOnlyEmpty" : "public.saved.browserOnly")} <Link to="/sign-in?redirect_url=/saved">{t("public.saved.signIn")}</Link>
        </p>
      )}
      {(!loaded || list.isPending) && <PageSpinner />}
      {list.isError && (
        <div className="notice notice-error" role="alert">
          {list.error.message}
        </div>
      )}
      {list.data && list.data.length === 0 && <NothingYet text={t("public.saved.empty")} />}
      {list.data && list.data.length > 0 && (
        <ul className="saved-list">
          {list.data.map((s) => (
            <SavedItem key={s.jobId} save={s} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedItem({ save }: { save: SavedJob }) {
  const { t, date } = useI18n();
  const { remove } = useSavedJobs();
  const title = save.title || t("public.untitled");
  return (
    <li className={`card saved-item is-${save.status}`} data-saved-job-id={save.jobId}>
      <div className="saved-item-body">
        {/* The page's direction on the block, the poster's text isolated inside it (OwnText): a Latin title or company
            ends on the right in Arabic, as on the cards (dir="auto" on the block put it on the left). */}
        <h2 className="saved-item-title">
          {save.status === "removed" ? (
            <OwnText text={title} />
          ) : (
            <Link to={`/jobs/${encodeURIComponent(save.jobId)}`}>
              <OwnText text={title} />
            </Link>
          )}
        </h2>
        {save.company && (
          <p className="job-company">
            <OwnText text={save.company} />
          </p>
        )}
        {/* «نُشرت قبل ساعتين», as a company page says it: beside «حُفظت في …» a bare «قبل ساعتين» said neither (the eighteenth reading). */}
        {save.job && <JobMeta job={save.job} postedPrefix />}
        <p className="saved-item-state">
          {save.status === "expired" && <span className="badge badge-expired">{t("public.saved.expired")}</span>}
          {save.status === "removed" && <span className="badge badge-removed">{t("public.saved.removed")}</span>}
          {save.changed && <span className="badge badge-changed">{t("public.saved.changed")}</span>}
          <span className="muted">{t("public.saved.savedOn", { date: date(save.savedAt) })}</span>
        </p>
      </div>
      <div className="saved-item-actions">
        {save.status === "live" && save.job && <ApplyOrApplied job={save.job} label={t("public.job.apply")} className="button button-primary button-small" />}
        <button type="button" className="button button-ghost button-small" onClick={() => remove(save.jobId)} aria-label={t("public.saved.removeLabel", { title })}>
          {t("public.saved.remove")}
        </button>
      </div>
    </li>
  );
}
