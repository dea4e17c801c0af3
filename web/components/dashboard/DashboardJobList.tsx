// My jobs, split into Active Jobs and a collapsible Inactive Jobs section (open by default), with the
// actions' confirmations and results:
// confirm delete and repost; a success overlay for 1.2 s, then the list is fetched again; a failure shows
// for 3 s and the dialog opens again. Toasts for ?updated, ?deleted and ?reposted, and after Refresh.
// The list is a query (keys.dashboard.jobs); an action calls the API, then invalidates it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { JOB_LIFETIME_DAYS } from "@rules/lists";
import { NO_POSTS_MESSAGE } from "@rules/posting";
import type { CreditsResponse } from "../../useCredits";
import { ApiRequestError, api, call } from "../../client";
import { i18n, useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";
import { keys, freshEachVisit } from "../../queryKeys";
import { Icon } from "../Icon";
import { ConfirmDialog } from "./ConfirmDialog";

/** Statuses only the board can change (removed by it, in review): such a job cannot be activated or reposted. */
const BOARD_HELD: ReadonlySet<string> = new Set(["removed", "waiting", "rejected"]);
import { RepostChoice, SPOTLIGHT_CHOICE, daysLeft, initialRepostChoice } from "./RepostChoice";
import type { DashboardJob } from "./dashboardJob";
import { DashboardJobCard } from "./DashboardJobCard";
import { SpotlightJobCard } from "./SpotlightJobCard";
import { ERROR_OVERLAY_MS, StatusOverlay, SUCCESS_OVERLAY_MS } from "./StatusOverlay";
import type { OverlayMessage } from "./StatusOverlay";
import { Toast, useToast } from "./Toast";

/** Query flags the list turns into toasts, then removes from the URL. */
export const FLAG_TOASTS: Record<"updated" | "deleted" | "reposted", MessageId> = {
  updated: "account.jobs.toastUpdated",
  deleted: "account.jobs.toastDeleted",
  reposted: "account.jobs.toastReposted",
};

type Dialog = { kind: "delete"; job: DashboardJob } | { kind: "repost"; job: DashboardJob } | { kind: "no-posts"; job: DashboardJob; message: string };

/** The API's messages arrive in the page's language already. */
const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : i18n().t("account.jobs.unexpectedError"));

/** The repost answer when no post is left (409, code "no_posts"): the screen offers to buy more. */
const noPostsLeft = (err: unknown): err is ApiRequestError => err instanceof ApiRequestError && err.code === "no_posts";

const param = (job: DashboardJob) => ({ param: { id: job.id } });

interface Props {
  /** Post balance, for the repost confirmation; null while unknown. */
  credits: CreditsResponse | null;
  /** Spotlight subscribers repost without spending posts. */
  unlimitedPosts?: boolean;
  /** After an action changed something (e.g. the balance after a repost). */
  onChanged?: () => void;
  /** The list's heading is the page's h1 on /dashboard/jobs. */
  titleLevel?: "h1" | "h2";
}

export function DashboardJobList({ credits, unlimitedPosts = false, onChanged, titleLevel = "h2" }: Props) {
  const { t, rich, localise, date } = useI18n();
  const Title = titleLevel;
  // The sections (and the empty state) sit one level below the list's title, so no heading level is skipped.
  const Section = titleLevel === "h1" ? "h2" : "h3";
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: keys.dashboard.jobs,
    queryFn: async ({ signal }) => (await call(api.dashboard.jobs.$get(undefined, { init: { signal } }))).jobs,
    ...freshEachVisit,
  });
  const reloadJobs = () => queryClient.invalidateQueries({ queryKey: keys.dashboard.jobs });
  // The applications of each job (the cards' links read the same query): the delete dialog says how many close with it.
  const applicationCounts = useQuery({ queryKey: keys.applicationCounts, queryFn: async () => (await call(api.dashboard.applications.counts.$get())).counts, ...freshEachVisit });
  const [refreshing, setRefreshing] = useState(false);
  const [inactiveOpen, setInactiveOpen] = useState(true);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [pending, setPending] = useState<string | null>(null); // id of the job an action is running on
  const [overlay, setOverlay] = useState<OverlayMessage | null>(null);
  const [toast, showToast] = useToast();
  const [params, setParams] = useSearchParams();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const live = useRef(true);
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      timers.current.forEach(clearTimeout);
    };
  }, []);
  const later = (ms: number, fn: () => void) => {
    timers.current.push(setTimeout(() => live.current && fn(), ms));
  };

  // ?updated, ?deleted, ?reposted: the toast, then the flag leaves the URL (so a reload does not repeat it).
  useEffect(() => {
    const flag = (Object.keys(FLAG_TOASTS) as (keyof typeof FLAG_TOASTS)[]).find((f) => params.has(f));
    if (!flag) return;
    showToast(t(FLAG_TOASTS[flag]));
    const next = new URLSearchParams(params);
    for (const f of Object.keys(FLAG_TOASTS)) next.delete(f);
    setParams(next, { replace: true });
  }, [params, setParams, showToast]);

  const refresh = async () => {
    setRefreshing(true);
    const ok = (await list.refetch()).isSuccess;
    onChangedRef.current?.();
    if (!live.current) return;
    setRefreshing(false);
    if (ok) showToast(t("account.jobs.toastRefreshed"));
  };

  /** Runs an action: success overlay then a fresh list; failure for 3 s, then `retry` (the dialog again). */
  const run = async (job: DashboardJob, action: () => Promise<unknown>, success: string, failure: string, retry?: Dialog) => {
    setPending(job.id);
    try {
      await action();
      if (!live.current) return;
      setDialog(null);
      setOverlay({ tone: "success", text: success });
      later(SUCCESS_OVERLAY_MS, () => {
        setOverlay(null);
        setPending(null);
        void reloadJobs();
        onChangedRef.current?.();
      });
    } catch (err) {
      if (!live.current) return;
      setPending(null);
      if (noPostsLeft(err)) return setDialog({ kind: "no-posts", job, message: err.message });
      setDialog(null);
      setOverlay({ tone: "error", text: `${failure}: ${errorText(err)}` });
      later(ERROR_OVERLAY_MS, () => {
        setOverlay(null);
        if (retry) setDialog(retry);
      });
      // A job that is gone (deleted in another tab) leaves the list.
      if (err instanceof ApiRequestError && err.status === 404) void reloadJobs();
    }
  };

  const toggle = (job: DashboardJob) =>
    void run(
      job,
      () => call(job.published ? api.dashboard.jobs[":id"].deactivate.$post(param(job)) : api.dashboard.jobs[":id"].activate.$post(param(job))),
      job.published ? t("account.jobs.deactivated") : t("account.jobs.activated"),
      t("account.jobs.statusFailed"),
    );
  const confirmDelete = (job: DashboardJob) =>
    void run(job, () => call(api.dashboard.jobs[":id"].$delete(param(job))), t(FLAG_TOASTS.deleted), t("account.jobs.deleteFailed"), { kind: "delete", job });
  // Which credit the repost spends (or Spotlight's free renewal): the owner's pick in the dialog; until they pick,
  // the server's default among the credits known now (on a slow connection they can arrive after the dialog opened).
  const [picked, setPicked] = useState<string | null>(null);
  const repostWith = (job: DashboardJob) => picked ?? initialRepostChoice(job, credits?.grants ?? [], unlimitedPosts);
  const confirmRepost = (job: DashboardJob) => {
    const choice = repostWith(job);
    const json = choice && choice !== SPOTLIGHT_CHOICE ? { grantId: choice } : {};
    void run(job, () => call(api.dashboard.jobs[":id"].repost.$post({ ...param(job), json })), t(FLAG_TOASTS.reposted), t("account.jobs.repostFailed"), { kind: "repost", job });
  };
  // An inactive job with days left: Activate is free, and offered before spending a post (issue 22 item 8).
  const activateInstead = (job: DashboardJob) =>
    daysLeft(job) > 0 && (
      <button
        type="button"
        className="button button-outline"
        onClick={() => {
          setDialog(null);
          toggle(job);
        }}
        disabled={pending === job.id}
        data-activate-instead
      >
        {t("account.jobs.activateFree", { days: daysLeft(job) })}
      </button>
    );
  const askRepost = (job: DashboardJob) => {
    setPicked(null);
    setDialog({ kind: "repost", job });
  };
  // With no post left, Repost offers to buy more instead; the balance can arrive after the dialog opened (a slow
  // connection), so which of the two shows is decided as it renders.
  const shown: Dialog | null = dialog?.kind === "repost" && !unlimitedPosts && credits?.totalPostsRemaining === 0 ? { kind: "no-posts", job: dialog.job, message: localise(NO_POSTS_MESSAGE) } : dialog;

  // ?repost=<id>: the expiry reminder's one-click link. It opens the repost confirmation (a link never
  // spends a post by itself); a job still live is left alone, with a note saying when it can be reposted.
  const repostId = params.get("repost");
  const load =
    list.status === "pending"
      ? ({ phase: "loading" } as const)
      : list.status === "error"
        ? ({ phase: "error", message: t("account.jobs.loadError", { error: errorText(list.error) }) } as const)
        : ({ phase: "ready", jobs: list.data } as const);
  useEffect(() => {
    if (!repostId || load.phase !== "ready") return;
    const next = new URLSearchParams(params);
    next.delete("repost");
    setParams(next, { replace: true });
    const job = load.jobs.find((j) => j.id === repostId);
    if (!job) {
      showToast(t("account.jobs.repostNotFound"));
    } else if (job.status === "active") {
      const until = date(job.expires_at, "medium");
      showToast(until ? t("account.jobs.liveUntil", { title: job.title, date: until }) : t("account.jobs.live", { title: job.title }));
    } else {
      askRepost(job);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per link, when the list has loaded
  }, [repostId, load.phase]);

  const header = (
    <div className="dash-list-header">
      <Title className="dash-list-title">{t("account.jobs.heading")}</Title>
      <div className="dash-list-tools">
        <button type="button" className="button button-outline button-small" onClick={() => void refresh()} disabled={refreshing || load.phase === "loading"}>
          {refreshing ? t("account.jobs.refreshing") : t("account.jobs.refresh")}
        </button>
        <Link className="button button-primary button-small" to="/post">
          {t("account.jobs.postNew")}
        </Link>
      </div>
    </div>
  );

  let body;
  if (load.phase === "loading") {
    body = (
      <div className="dash-job-sections" role="group" aria-busy="true" aria-label={t("account.jobs.loading")}>
        {[0, 1].map((i) => (
          <div key={i} className="card dash-job-card skeleton-card">
            <span className="skeleton skeleton-line" style={{ width: "45%" }} />
            <span className="skeleton skeleton-line" style={{ width: "30%" }} />
            <span className="skeleton skeleton-line" style={{ width: "80%", height: 40 }} />
          </div>
        ))}
      </div>
    );
  } else if (load.phase === "error") {
    body = (
      <div className="notice notice-error" role="alert">
        <p>{load.message}</p>
        <button type="button" className="button button-outline button-small dash-retry" onClick={() => void refresh()}>
          {t("account.jobs.tryAgain")}
        </button>
      </div>
    );
  } else if (load.jobs.length === 0) {
    body = (
      <div className="card empty-state">
        <Section className="empty-state-title">{t("account.jobs.emptyTitle")}</Section>
        <p className="muted">{t("account.jobs.emptyText")}</p>
        <Link className="button button-primary" to="/post">
          {t("account.jobs.postJob")}
        </Link>
      </div>
    );
  } else {
    const active = load.jobs.filter((j) => j.status === "active");
    const inactive = load.jobs.filter((j) => j.status !== "active");
    const card = (job: DashboardJob) => (
      <li key={job.id}>
        {job.spotlight ? (
          <SpotlightJobCard job={{ ...job, spotlight: job.spotlight }} />
        ) : (
          <DashboardJobCard job={job} busy={pending === job.id} onToggle={toggle} onRepost={askRepost} onDelete={(j) => setDialog({ kind: "delete", job: j })} />
        )}
      </li>
    );
    body = (
      <div className="dash-job-sections">
        <section aria-labelledby="active-jobs-heading" className="dash-job-section">
          <Section id="active-jobs-heading" className="dash-section-title">
            {t("account.jobs.active")} <span className="count-badge">{active.length}</span>
          </Section>
          {active.length ? (
            <ul className="dash-job-list">{active.map(card)}</ul>
          ) : (
            <p className="muted dash-section-empty">
              {/* "Activate or repost one below" only when one below can be: not a job removed by the board or in review. */}
              {t(inactive.some((j) => !BOARD_HELD.has(j.status)) ? "account.jobs.activeEmpty" : "account.jobs.activeEmptyNew")}
            </p>
          )}
        </section>
        <section aria-labelledby="inactive-jobs-heading" className="dash-job-section">
          <Section id="inactive-jobs-heading" className="dash-section-title">
            <button type="button" className="section-toggle" aria-expanded={inactiveOpen} aria-controls="inactive-jobs-list" onClick={() => setInactiveOpen((o) => !o)}>
              {t("account.jobs.inactive")} <span className="count-badge is-muted">{inactive.length}</span>
              <span className={`chevron${inactiveOpen ? " is-open" : ""}`}>
                <Icon name="chevron" />
              </span>
            </button>
          </Section>
          <div id="inactive-jobs-list" hidden={!inactiveOpen}>
            {inactive.length ? <ul className="dash-job-list">{inactive.map(card)}</ul> : <p className="muted dash-section-empty">{t("account.jobs.inactiveEmpty")}</p>}
          </div>
        </section>
      </div>
    );
  }

  const busy = dialog !== null && pending === dialog.job.id;
  return (
    <div className="dash-job-manager">
      {header}
      {body}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          tone="danger"
          title={t("account.jobs.deleteTitle")}
          onCancel={() => !busy && setDialog(null)}
          actions={
            <>
              <button type="button" className="button button-outline" onClick={() => setDialog(null)} disabled={busy}>
                {t("account.jobs.cancel")}
              </button>
              <button type="button" className="button button-danger" onClick={() => confirmDelete(dialog.job)} disabled={busy}>
                {busy ? t("account.jobs.deleting") : t("account.jobs.delete")}
              </button>
            </>
          }
        >
          <p>{rich("account.jobs.deleteText", { title: dialog.job.title, b: (c) => <strong dir="auto">{c}</strong> })}</p>
          {/* Its applications close with it, their candidates told and their CVs deleted (decision 0213). */}
          {(applicationCounts.data?.[dialog.job.id] ?? 0) > 0 && (
            <p className="notice notice-warning" data-delete-applications>
              {t("account.jobs.deleteApplications", { count: applicationCounts.data![dialog.job.id]! })}
            </p>
          )}
        </ConfirmDialog>
      )}
      {shown?.kind === "repost" && (
        <ConfirmDialog
          title={t("account.jobs.repostTitle")}
          onCancel={() => !busy && setDialog(null)}
          actions={
            <>
              <button type="button" className="button button-outline" onClick={() => setDialog(null)} disabled={busy}>
                {t("account.jobs.cancel")}
              </button>
              {activateInstead(shown.job)}
              <button type="button" className="button button-primary" onClick={() => confirmRepost(shown.job)} disabled={busy}>
                {busy ? t("account.jobs.reposting") : t("account.jobs.repost")}
              </button>
            </>
          }
        >
          <p>{rich("account.jobs.repostText", { title: shown.job.title, days: JOB_LIFETIME_DAYS, b: (c) => <strong dir="auto">{c}</strong> })}</p>
          <RepostChoice job={shown.job} credits={credits?.grants ?? []} unlimited={unlimitedPosts} choice={repostWith(shown.job)} onChoose={setPicked} />
          {/* What is left once this repost has run: the free renewal spends nothing; a credit, one (it said the count before
              the repost, and the e-mail after it one less, the 26th reading). */}
          <p className="muted">
            {repostWith(shown.job) === SPOTLIGHT_CHOICE ? t("account.jobs.repostUnlimited") : credits ? t("account.jobs.repostLeftAfter", { count: Math.max(0, credits.totalPostsRemaining - 1) }) : ""}
          </p>
        </ConfirmDialog>
      )}
      {shown?.kind === "no-posts" && (
        <ConfirmDialog
          title={t("account.jobs.noPostsTitle")}
          onCancel={() => setDialog(null)}
          actions={
            <>
              <button type="button" className="button button-ghost" onClick={() => setDialog(null)}>
                {t("account.jobs.cancel")}
              </button>
              {activateInstead(shown.job)}
              <Link className="button button-outline" to="/buy-credits">
                {t("account.jobs.buyCredits")}
              </Link>
              <Link className="button button-primary" to="/post">
                {t("account.jobs.purchasePosts")}
              </Link>
            </>
          }
        >
          <p>{shown.message}</p>
          {daysLeft(shown.job) > 0 && (
            <p className="notice notice-warning" data-repost-days-left>
              {t("account.jobs.repostReplacesDays", { days: daysLeft(shown.job) })}
            </p>
          )}
        </ConfirmDialog>
      )}
      <StatusOverlay overlay={overlay} />
      <Toast message={toast} />
    </div>
  );
}
