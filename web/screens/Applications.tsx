// A candidate's applications (issue 26): /applications lists a signed-in candidate's, with their statuses (the
// employer's notes stay private); /applications/:id?token=… is the one application the confirmation e-mail links
// to, for a candidate without an account. Withdrawing deletes the application and its CV. One whose job is gone for
// good (its owner deleted it, or their account) stays, closed, with no CV and nothing to withdraw (decision 0213).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { CandidateApplication } from "@rules/applications";
import { useAuth } from "../auth";
import { applicationsQuery } from "../candidateApplications";
import { api, call } from "../client";
import { PageSpinner } from "../components/Spinner";
import { OwnText } from "../components/OwnText";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { keys } from "../queryKeys";
import { useDocumentTitle } from "../useDocumentTitle";
import { MetaLine } from "../components/MetaLine";
import { NothingYet } from "../components/NothingYet";

export function statusLabel(status: string): MessageId {
  return `public.applications.status.${status}` as MessageId;
}

export function Applications() {
  const { t } = useI18n();
  const { loaded, user } = useAuth();
  useDocumentTitle(t("public.applications.pageTitle"));
  const list = useQuery({ ...applicationsQuery, enabled: loaded && Boolean(user), staleTime: 0 });
  // The titles withdrawn on this visit: said above the list, which no longer has their cards (the card said it, and
  // went with the refetch; the page then read «لم تتقدّم لأي وظيفة عبر الموقع بعد», a fifteenth reading).
  const [withdrawn, setWithdrawn] = useState<Withdrawn[]>([]);
  return (
    <div className="container page applications-page">
      <h1>{t("common.nav.applications")}</h1>
      <WithdrawnNotices items={withdrawn} />
      {loaded && !user && (
        <p className="notice notice-info">
          <Link to="/sign-in?redirect_url=/applications">{t("public.applications.signIn")}</Link>
        </p>
      )}
      {user && list.isPending && <PageSpinner />}
      {list.isError && (
        <p className="notice notice-error" role="alert">
          {list.error.message}
        </p>
      )}
      {/* With the way to the jobs, as on /saved (it was a line alone, an eleventh reading). */}
      {/* True also for one who withdrew, on this visit or before a reload («لم تتقدّم … بعد» was not; a reading). */}
      {list.data?.length === 0 && <NothingYet text={t("public.applications.empty")} />}
      {list.data && list.data.length > 0 && (
        <ul className="application-list">
          {list.data.map((a) => (
            <ApplicationCard key={a.id} application={a} onWithdrawn={() => setWithdrawn((w) => [...w, withdrawnOf(a)])} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A withdrawn application, as its notice says it: a rejected one was deleted, not withdrawn. */
type Withdrawn = { title: string; rejected: boolean };
const withdrawnOf = (a: CandidateApplication): Withdrawn => ({ title: a.jobTitle, rejected: a.status === "rejected" });

function WithdrawnNotices({ items }: { items: Withdrawn[] }) {
  const { t } = useI18n();
  return items.map(({ title, rejected }, i) => (
    <p key={i} className="notice notice-success withdrawn-notice" role="status">
      {t(rejected ? "public.applications.removed" : "public.applications.withdrawn", { title })}
    </p>
  ));
}

function ApplicationCard({ application: a, token, onWithdrawn }: { application: CandidateApplication; token?: string; onWithdrawn: () => void }) {
  const { t, date } = useI18n();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // Not selected: there is nothing to withdraw from, only the application and the CV to delete (a fifteenth reading).
  const rejected = a.status === "rejected";
  // Closed (decision 0213): the job is gone for good and the CV deleted; the card says so, with no CV and no button.
  const closed = a.closed;
  const withdraw = useMutation({
    mutationFn: async () => call(api.applications[":id"].$delete({ param: { id: a.id }, query: { token } })),
    onSuccess: () => {
      onWithdrawn();
      // Gone from the list at once; the list is read again (the one application's own query is not: it would be a 404).
      queryClient.setQueryData(applicationsQuery.queryKey, (list) => list?.filter((x) => x.id !== a.id));
      void queryClient.invalidateQueries({ queryKey: applicationsQuery.queryKey, exact: true });
    },
  });
  return (
    <li className={`card application-item${closed ? " is-closed" : ""}`} data-application-id={a.id} data-closed={closed ?? undefined}>
      <div className="saved-item-body">
        {/* The page's direction on the block, the poster's text isolated inside it, as on /saved: a Latin title or
            company ends on the right in Arabic (dir="auto" on the block put them on the left; a reading's look). */}
        <h2 className="saved-item-title">
          {a.jobOpen ? (
            <Link to={`/jobs/${encodeURIComponent(a.jobId)}`}>
              <OwnText text={a.jobTitle} />
            </Link>
          ) : (
            <OwnText text={a.jobTitle} />
          )}
        </h2>
        <p className="job-company">
          <OwnText text={a.company} />
        </p>
        <p className="saved-item-state">
          {closed ? (
            <span className="badge badge-removed application-status status-closed">{t("public.applications.closedBadge")}</span>
          ) : (
            <span className={`badge application-status status-${a.status}`}>{t(statusLabel(a.status))}</span>
          )}
          {/* Two facts, «·» between them (they ran together: «أُرسل في 28 نوفمبر 2026  السيرة الذاتية:», a reading). */}
          <MetaLine
            as="span"
            className="muted"
            parts={[
              t("public.applications.sentOn", { date: date(a.createdAt) }),
              ...(closed
                ? []
                : [
                    <span key="cv">
                      {t("public.applications.cv")} <OwnText text={a.cvName} />
                    </span>,
                  ]),
            ]}
          />
        </p>
        {closed && <p className="application-closed-note">{t(closed === "account_deleted" ? "public.applications.closedAccountDeleted" : "public.applications.closedJobDeleted")}</p>}
      </div>
      {!closed && (
        <div className="saved-item-actions">
          {confirming ? (
            <>
              <p className="form-hint confirm-lead">{t("public.applications.confirmLead")}</p>
              <button type="button" className="button button-danger button-small" onClick={() => withdraw.mutate()} disabled={withdraw.isPending}>
                {t(rejected ? "public.applications.confirmRemove" : "public.applications.confirmWithdraw")}
              </button>
              <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(false)}>
                {t("public.applications.keep")}
              </button>
            </>
          ) : (
            <button type="button" className="button button-ghost button-small" onClick={() => setConfirming(true)}>
              {t(rejected ? "public.applications.remove" : "public.applications.withdraw")}
            </button>
          )}
          {withdraw.isError && (
            <p className="form-error" role="alert">
              {withdraw.error.message}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** The one application of a confirmation e-mail's link (or of a signed-in candidate). */
export function ApplicationView() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? undefined;
  const { t } = useI18n();
  useDocumentTitle(t("public.applications.onePageTitle"));
  const [withdrawn, setWithdrawn] = useState<Withdrawn | null>(null);
  const read = useQuery({
    queryKey: [...keys.applications, id, token ?? ""],
    queryFn: async () => (await call(api.applications[":id"].$get({ param: { id }, query: { token } }))).application as CandidateApplication,
    staleTime: 0,
    enabled: withdrawn === null,
  });
  if (withdrawn !== null) {
    return (
      <div className="container page applications-page">
        <h1>{t("public.applications.one")}</h1>
        <WithdrawnNotices items={[withdrawn]} />
        <Link className="button button-primary" to="/jobs">
          {t("public.browseJobs")}
        </Link>
      </div>
    );
  }
  return (
    <div className="container page applications-page">
      <h1>{t("public.applications.one")}</h1>
      {read.isPending && <PageSpinner />}
      {read.isError && (
        <p className="notice notice-error" role="alert">
          {read.error.message}
        </p>
      )}
      {read.data && (
        <ul className="application-list">
          <ApplicationCard application={read.data} token={token} onWithdrawn={() => setWithdrawn(withdrawnOf(read.data))} />
        </ul>
      )}
    </div>
  );
}
