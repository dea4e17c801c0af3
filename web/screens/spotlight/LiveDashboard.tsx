// /spotlight/live: needs sign-in and an active subscription, otherwise
// it goes to the onboarding. The company profile editor (with logo upload), the Spotlight jobs (post,
// edit, publish and unpublish, delete), Publish Company (which goes to /company/:id/spotlight) or Unpublish
// Company, whichever applies, and Advanced Analytics (views, clicks, applies per day). The
// state comes from the company's Durable Object and stays current over a WebSocket: an edit made in
// another tab shows here within a second. The state lives in the query cache (companyStateQuery): the first
// read, each action's reply and each socket message all land in that one entry, newest version first.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { SPOTLIGHT_MESSAGES, SPOTLIGHT_STAGES } from "@rules/spotlight";
import type { SpotlightMe, SpotlightState } from "@rules/spotlight";
import { useAuth } from "../../auth";
import { ApiRequestError, api, call } from "../../client";
import { PageSpinner } from "../../components/Spinner";
import { CompanyProfileForm, EMPTY_PROFILE } from "../../components/spotlight/CompanyProfileForm";
import { SpotlightAnalytics } from "../../components/spotlight/SpotlightAnalytics";
import { SpotlightWorkspace } from "../../components/spotlight/SpotlightWorkspace";
import { SubscriptionEnded } from "../../components/spotlight/SubscriptionEnded";
import { useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";
import type { WorkspaceActions } from "../../components/spotlight/SpotlightWorkspace";
import { useDocumentTitle } from "../../useDocumentTitle";
import { companyStateQuery, spotlightMeQuery } from "./queries";
import { useSpotlightSocket } from "./useSpotlightSocket";
import type { SocketStatus } from "./useSpotlightSocket";

function SubscriptionLine({ me }: { me: SpotlightMe }) {
  const { t, date } = useI18n();
  const sub = me.subscription;
  if (!sub || (sub.status !== "active" && sub.status !== "past_due")) return <span className="muted small">{t("spotlight.live.account")}</span>;
  const end = sub.currentPeriodEnd ? date(sub.currentPeriodEnd, "long") : "";
  if (sub.status === "past_due") {
    return (
      <span className="subscription-line is-warning" role="status">
        {end ? t("spotlight.live.pastDueUntil", { date: end }) : t("spotlight.live.pastDue")}
      </span>
    );
  }
  return <span className="subscription-line">{end ? t(sub.cancelAtPeriodEnd ? "spotlight.live.activeEnds" : "spotlight.live.activeRenews", { date: end }) : t("spotlight.live.active")}</span>;
}

const SOCKET_TEXT: Record<SocketStatus, MessageId> = {
  open: "spotlight.live.socket.open",
  connecting: "spotlight.live.socket.connecting",
  reconnecting: "spotlight.live.socket.reconnecting",
};

function Live({ me, companyId }: { me: SpotlightMe; companyId: string }) {
  const { t, localise } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stateQuery = companyStateQuery(companyId);
  const { data: state, error: loadError } = useQuery(stateQuery);
  const [actionError, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // Newer states only: a reply and a socket message may arrive in either order.
  const apply = useCallback((next: SpotlightState) => queryClient.setQueryData(stateQuery.queryKey, (prev) => (prev && prev.version > next.version ? prev : next)), [queryClient, stateQuery.queryKey]);
  const status = useSpotlightSocket(companyId, apply);
  const error = actionError || (loadError ? (loadError instanceof ApiRequestError ? loadError.message : SPOTLIGHT_MESSAGES.loadFailed) : "");

  if (!state) {
    return error ? (
      <div className="notice notice-error" role="alert">
        {localise(error)}
      </div>
    ) : (
      <PageSpinner label={t("spotlight.live.loadingCompany")} />
    );
  }

  const company = api.spotlight.companies[":companyId"];
  const param = { companyId };
  const job = (jobId: string) => ({ param: { companyId, jobId } });
  const actions: WorkspaceActions = {
    // The version of the state on show (decision 0250): another tab's save that never reached this one makes it stale.
    saveProfile: async (p) => void apply((await call(company.profile.$put({ param, json: { ...p, version: state.version } }))).state),
    createJob: async (job, published, submissionId) => void apply((await call(company.jobs.$post({ param, json: { job, published, submissionId } }))).state),
    updateJob: async (id, data) => void apply((await call(company.jobs[":jobId"].$put({ ...job(id), json: { job: data, version: state.version } }))).state),
    setPublished: async (id, published) => void apply((await call(published ? company.jobs[":jobId"].publish.$post(job(id)) : company.jobs[":jobId"].unpublish.$post(job(id)))).state),
    deleteJob: async (id) => void apply((await call(company.jobs[":jobId"].$delete(job(id)))).state),
  };
  const publish = async () => {
    setBusy(true);
    setError("");
    try {
      apply((await call(company.publish.$post({ param }))).state);
      navigate(`/company/${encodeURIComponent(companyId)}/spotlight`);
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status < 500 ? err.message : SPOTLIGHT_MESSAGES.publishFailed);
      setBusy(false);
    }
  };
  const unpublish = async () => {
    setBusy(true);
    setError("");
    try {
      apply((await call(company.unpublish.$post({ param }))).state);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : SPOTLIGHT_MESSAGES.updateCompanyFailed);
    }
    setBusy(false);
  };
  const published = Boolean(state.profile?.published);
  // The company page also shows the posts made without Spotlight: the count is the page's (the seventeenth reading saw
  // «لا توجد وظائف منشورة» here beside «وظيفتان شاغرتان» on the page).
  const otherPosts = me.company?.otherPosts ?? 0;
  const live = state.jobs.filter((j) => j.status === "live" && j.published).length + otherPosts;

  return (
    <>
      <div className="spotlight-topbar card">
        <div className="spotlight-topbar-text">
          <span className="spotlight-ribbon">{t("spotlight.ribbon")}</span>
          <h1 dir="auto">{state.profile?.company ?? t("spotlight.live.dashboard")}</h1>
          <p className="spotlight-topbar-meta">
            <span className={`status-pill ${published ? "is-live" : "is-draft"}`} data-company-status>
              {published ? t("spotlight.live.published") : t("spotlight.live.notPublished")}
            </span>
            <span className="muted small">{t("spotlight.live.liveJobs", { count: live })}</span>
            <SubscriptionLine me={me} />
            <span className={`socket-status is-${status}`} role="status" aria-live="polite">
              <span className="socket-dot" aria-hidden="true" />
              {t(SOCKET_TEXT[status])}
            </span>
          </p>
        </div>
        <div className="spotlight-topbar-actions">
          <Link className="button button-outline" to={`/company/${encodeURIComponent(companyId)}/spotlight`}>
            {t("spotlight.live.viewCompany")}
          </Link>
          {/* One state: Published with Unpublish, or Not published with Publish. */}
          {published ? (
            <button type="button" className="button button-outline" onClick={unpublish} disabled={busy}>
              {busy ? t("spotlight.live.unpublishing") : t("spotlight.live.unpublishCompany")}
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={publish} disabled={busy || !state.profile}>
              {busy ? t("spotlight.live.publishing") : t("spotlight.live.publishCompany")}
            </button>
          )}
          {me.manageUrl && (
            <a className="button button-ghost button-small" href={me.manageUrl}>
              {t("spotlight.live.manage")}
            </a>
          )}
        </div>
      </div>
      {error && (
        <div className="form-alert" role="alert">
          {localise(error)}
        </div>
      )}
      {!published && state.profile && <p className="notice notice-warning">{t("spotlight.live.notPublic")}</p>}
      <SpotlightWorkspace mode="live" state={state} actions={actions} stages={SPOTLIGHT_STAGES} otherPosts={otherPosts} />
      <SpotlightAnalytics companyId={companyId} version={state.version} otherPosts={otherPosts} />
    </>
  );
}

export function LiveDashboard() {
  const { t, localise } = useI18n();
  useDocumentTitle(t("spotlight.live.title"));
  const { loaded, user } = useAuth();
  const queryClient = useQueryClient();
  const meQuery = useQuery({ ...spotlightMeQuery, enabled: loaded && Boolean(user) });
  const me = meQuery.data;
  const error = meQuery.isError ? (meQuery.error instanceof ApiRequestError ? meQuery.error.message : SPOTLIGHT_MESSAGES.loadFailed) : "";

  if (!loaded) return <PageSpinner label={t("spotlight.checkingSession")} />;
  if (!user) return <Navigate replace to="/spotlight/onboarding" />;
  if (error) {
    return (
      <div className="container page">
        <div className="notice notice-error" role="alert">
          {localise(error)}
        </div>
      </div>
    );
  }
  if (!me) return <PageSpinner label={t("spotlight.live.loading")} />;
  if (!me.isSpotlightUser) {
    // A subscription that ended is said so, with a way back, rather than a silent trip to the Subscribe step.
    const ended = me.subscription?.endedAt;
    if (!ended) return <Navigate replace to="/spotlight/onboarding" />;
    return (
      <div className="container page page-center">
        <SubscriptionEnded endedAt={ended} company={me.company?.company ?? null} />
      </div>
    );
  }

  return (
    <div className="container page spotlight-page">
      {me.company ? (
        <Live me={me} companyId={me.company.id} />
      ) : (
        <section className="card onboarding-card" aria-labelledby="create-company-title">
          <h1 id="create-company-title">{t("spotlight.live.createTitle")}</h1>
          <p className="muted">{t("spotlight.live.createLead")}</p>
          <CompanyProfileForm
            idPrefix="live-create"
            initial={EMPTY_PROFILE}
            stages={SPOTLIGHT_STAGES}
            submitLabel={t("spotlight.workspace.createCompany")}
            onSubmit={async (p) => {
              await call(api.spotlight.company.$post({ json: p }));
              await queryClient.invalidateQueries({ queryKey: spotlightMeQuery.queryKey });
            }}
          />
        </section>
      )}
    </div>
  );
}
