// /dashboard/applications?jobId=… (issue 26): the employer's inbox for one job. Each application with the candidate,
// the date, the status (new, reviewing, shortlisted, rejected, hired), private notes and the CV (through a
// short-lived link); the status of several at once; rejecting can send the candidate a polite e-mail.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { APPLICATION_STATUSES, bulkBatches } from "@rules/applications";
import type { ApplicationStatus, InboxApplication } from "@rules/applications";
import { api, call } from "../../client";
import { MetaLine } from "../../components/MetaLine";
import { PageSpinner } from "../../components/Spinner";
import { useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";
import { freshEachVisit, keys } from "../../queryKeys";
import { useDocumentTitle } from "../../useDocumentTitle";

const statusLabel = (s: string) => `account.applications.status.${s}` as MessageId;

export function DashboardApplications() {
  const { t, rich } = useI18n();
  const [params] = useSearchParams();
  const jobId = params.get("jobId") ?? "";
  const queryClient = useQueryClient();
  const inbox = useQuery({ queryKey: keys.inbox(jobId), queryFn: async () => call(api.dashboard.applications.$get({ query: { jobId } })), enabled: Boolean(jobId), ...freshEachVisit });
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkStatus, setBulkStatus] = useState<ApplicationStatus>("reviewing");
  const [sendRejection, setSendRejection] = useState(false);
  useDocumentTitle(t("account.applications.title"));
  const patch = {
    // A selection larger than the server takes at once goes in batches, one after another (bulkBatches); what they
    // changed and told is said as one. Settled either way: after a batch refused, the list shows what did change.
    mutationFn: async ({ ids, ...json }: { ids: string[]; status?: ApplicationStatus; notes?: string; sendRejection?: boolean }) => {
      const sum = { changed: 0, told: 0 };
      for (const batch of bulkBatches(ids)) {
        const r = await call(api.dashboard.applications.$patch({ json: { ids: batch, ...json } }));
        sum.changed += r.changed;
        sum.told += r.told;
      }
      return sum;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.inbox(jobId) }),
  };
  // The bulk bar's change and one application's, each saying its own outcome where it was made.
  const change = useMutation(patch);
  const changeOne = useMutation(patch);

  // Without a job: the page's heading, and the way to the jobs (the twenty-first reading: a bare line, no link).
  if (!jobId)
    return (
      <section className="inbox dash-page" aria-labelledby="inbox-heading">
        <h1 id="inbox-heading">{t("account.applications.headingAll")}</h1>
        <p className="notice notice-info">{rich("account.applications.noJob", { link: (c) => <Link to="/dashboard/jobs">{c}</Link> })}</p>
      </section>
    );
  if (inbox.isPending) return <PageSpinner />;
  if (inbox.isError)
    return (
      <p className="notice notice-error" role="alert">
        {inbox.error.message}
      </p>
    );
  const list = inbox.data.applications as InboxApplication[];
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <section className="inbox" aria-labelledby="inbox-heading">
      <Link className="back-link" to="/dashboard/jobs">
        {t("account.applications.back")}
      </Link>
      <h1 id="inbox-heading" dir="auto">
        {t("account.applications.heading", { title: inbox.data.job.title })}
      </h1>
      {list.length === 0 && <p className="muted">{t("account.applications.empty")}</p>}
      {list.length > 0 && (
        <form
          className="inbox-bulk card"
          aria-label={t("account.applications.bulk")}
          onSubmit={(e) => {
            e.preventDefault();
            if (selected.length) change.mutate({ ids: selected, status: bulkStatus, sendRejection: bulkStatus === "rejected" && sendRejection });
          }}
        >
          <label className="checkbox" htmlFor="inbox-all">
            <input id="inbox-all" type="checkbox" checked={selected.length === list.length} onChange={(e) => setSelected(e.target.checked ? list.map((a) => a.id) : [])} />
            {t("account.applications.selectAll")}
          </label>
          {/* Said, not only announced: a select alone showing «قيد المراجعة» did not say what it was for (a fifteenth reading). */}
          <span className="inbox-bulk-move">
            <label htmlFor="inbox-bulk-status">{t("account.applications.statusLabel")}</label>
            <select id="inbox-bulk-status" className="form-input" value={bulkStatus} onChange={(e) => setBulkStatus(e.target.value as ApplicationStatus)}>
              {APPLICATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(statusLabel(s))}
                </option>
              ))}
            </select>
          </span>
          {bulkStatus === "rejected" && (
            <label className="checkbox" htmlFor="inbox-send-rejection">
              <input id="inbox-send-rejection" type="checkbox" checked={sendRejection} onChange={(e) => setSendRejection(e.target.checked)} />
              {t("account.applications.sendRejection")}
            </label>
          )}
          <button type="submit" className="button button-primary button-small" disabled={!selected.length || change.isPending}>
            {t("account.applications.apply", { count: selected.length })}
          </button>
          {change.isError && (
            <p className="form-error" role="alert">
              {change.error.message}
            </p>
          )}
          {change.isSuccess && (
            <p className="muted small" role="status">
              {change.data.told ? t("account.applications.savedTold", { count: change.data.told }) : t("account.applications.saved")}
            </p>
          )}
        </form>
      )}
      <ul className="application-list">
        {list.map((a) => (
          <InboxItem key={a.id} application={a} selected={selected.includes(a.id)} onSelect={() => toggle(a.id)} onChange={(json) => changeOne.mutateAsync({ ids: [a.id], ...json })} />
        ))}
      </ul>
    </section>
  );
}

function InboxItem({
  application: a,
  selected,
  onSelect,
  onChange,
}: {
  application: InboxApplication;
  selected: boolean;
  onSelect: () => void;
  onChange: (change: { status?: ApplicationStatus; notes?: string; sendRejection?: boolean }) => Promise<{ told: number }>;
}) {
  const { t, date } = useI18n();
  const [notes, setNotes] = useState(a.notes);
  // A status or a note is saved as it changes: said beside them, or why not (it was silent, a fifteenth reading).
  const [saved, setSaved] = useState<{ ok: boolean; message: string } | null>(null);
  const save = (change: { status?: ApplicationStatus; notes?: string }) => {
    setSaved(null);
    onChange(change).then(
      (answer) => setSaved({ ok: true, message: answer.told ? t("account.applications.savedTold", { count: answer.told }) : t("account.applications.saved") }),
      (e: Error) => setSaved({ ok: false, message: e.message }),
    );
  };
  const [cvError, setCvError] = useState("");
  const openCv = async () => {
    setCvError("");
    try {
      const { url } = await call(api.applications[":id"]["cv-link"].$get({ param: { id: a.id }, query: {} }));
      window.location.assign(url);
    } catch (e) {
      setCvError((e as Error).message);
    }
  };
  const id = (name: string) => `inbox-${a.id}-${name}`;
  return (
    <li className="card application-item inbox-item" data-application-id={a.id}>
      <div className="saved-item-body">
        <label className="checkbox" htmlFor={id("select")}>
          <input id={id("select")} type="checkbox" checked={selected} onChange={onSelect} />
          <span className="saved-item-title" dir="auto">
            {a.name}
          </span>
        </label>
        <MetaLine
          className="muted"
          parts={[
            <a key="email" href={`mailto:${a.email}`} dir="ltr">
              {a.email}
            </a>,
            date(a.createdAt),
          ]}
        />
        {a.note && (
          <p className="inbox-note" dir="auto">
            {a.note}
          </p>
        )}
        {a.links.length > 0 && (
          <ul className="inbox-links">
            {a.links.map((l) => (
              <li key={l}>
                <a href={l} target="_blank" rel="noopener noreferrer nofollow" dir="ltr">
                  {l}
                </a>
              </li>
            ))}
          </ul>
        )}
        <label className="form-label" htmlFor={id("notes")}>
          {t("account.applications.notes")}
        </label>
        <textarea
          id={id("notes")}
          className="form-input"
          rows={2}
          maxLength={3000}
          value={notes}
          dir="auto"
          onChange={(e) => setNotes(e.target.value)}
          onBlur={() => notes !== a.notes && save({ notes })}
        />
      </div>
      <div className="saved-item-actions inbox-actions">
        <label className="sr-only" htmlFor={id("status")}>
          {t("account.applications.statusOf", { name: a.name })}
        </label>
        <select id={id("status")} className="form-input" value={a.status} onChange={(e) => save({ status: e.target.value as ApplicationStatus })}>
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(statusLabel(s))}
            </option>
          ))}
        </select>
        <button type="button" className="button button-outline button-small" onClick={openCv}>
          {t("account.applications.cv", { name: a.cvName })}
        </button>
        <p className={saved?.ok === false ? "form-error" : "muted small"} role="status">
          {saved?.message}
        </p>
        {cvError && (
          <p className="form-error" role="alert">
            {cvError}
          </p>
        )}
      </div>
    </li>
  );
}
