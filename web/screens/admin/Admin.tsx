// /admin: the operator console. Only an admin gets past /api/admin/me; anyone else sees the app's 404
// page. Every action is done by the server (worker/admin/routes.ts); this screen lists, asks and shows the
// answer. Each action opens its own confirmation, which says what it will do and takes its own reason (kept
// in the audit log, then forgotten), so a reason typed for one action is never sent with another. Each
// tab's list is a query (keys.admin.list) a page at a time; an action invalidates every list (keys.admin.data).
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useState } from "react";
import type { FormEvent, HTMLAttributes, ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/dashboard/ConfirmDialog";
import { EmailAddress, withAddress } from "../../components/EmailAddress";
import { MetaLine } from "../../components/MetaLine";
import { ApiRequestError, api, call, type Success } from "../../client";
import { i18n, useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";
import { freshEachVisit, keys } from "../../queryKeys";
import { useDocumentTitle } from "../../useDocumentTitle";
import { OWNER_REASONS, LIST_PAGE as PAGE } from "@rules/admin";
import type { OwnerReason } from "@rules/admin";
import { htmlToText } from "@rules/text";
import { MAIL_KINDS } from "@rules/mailbox";
import type { MailKind } from "@rules/mailbox";
import { NotFound } from "../NotFound";
import { RefundDialog, refundCategory, refundTakeBack } from "./RefundDialog";

const TABS = [
  ["overview", "spotlight.admin.tab.overview"],
  ["jobs", "spotlight.admin.tab.jobs"],
  ["moderation", "spotlight.admin.tab.moderation"],
  ["orders", "spotlight.admin.tab.orders"],
  ["events", "spotlight.admin.tab.events"],
  ["outbox", "spotlight.admin.tab.outbox"],
  ["accounts", "spotlight.admin.tab.accounts"],
  ["contact", "spotlight.admin.tab.contact"],
  ["audit", "spotlight.admin.tab.audit"],
] as const satisfies readonly (readonly [string, MessageId])[];
type Tab = (typeof TABS)[number][0];

const admin = api.admin;
type AdminOrder = Success<typeof admin.orders.$get>["orders"][number];

// Amounts always with their cents ("$49.00"), as the payment provider's records show them.
const money = (cents: number, currency = "usd") => i18n().money(cents, currency, { whole: false });
const when = (t: string | number | null) => (t === null ? "—" : i18n().date(t, "dateTime"));
const errorText = (e: unknown) => (e instanceof ApiRequestError ? e.message : i18n().t("spotlight.admin.error"));
/** A stored value (a plan, an enhancement) as the console shows it: as stored in English, its label elsewhere. */
const stored = (list: string, v: string) => (i18n().locale === "en" ? v : i18n().value(list, v));
/** An action on one row: its id, and the reason typed in its confirmation. */
const target = (id: string, reason: string) => ({ param: { id }, json: { reason } });
/** A rejection or a takedown: also what the owner is told, when the operator picked it from the list. */
const takedown = (id: string, reason: string, ownerReason: OwnerReason | null) => ({ param: { id }, json: { reason, ...(ownerReason ? { ownerReason } : {}) } });

/**
 * An action waiting for the operator's confirmation: what it is (`label`, shown in the status line), what it
 * will do (`effect`), and `send`, given the reason typed for it (and the dialog's option, when it has one, and what
 * the owner is told, for an action that tells them a reason: `toldOwner`).
 * `failure` reads an answer that came back 200 but says the action failed (a replay that failed again).
 */
interface Pending {
  label: string;
  effect: ReactNode;
  tone?: "danger" | "default";
  option?: { label: string; initial: boolean };
  /** A rejection or a takedown: the dialog offers the list of reasons the owner reads in their own language. */
  toldOwner?: boolean;
  /** The reason field's example, fitting the action («مثال: إعلان مكرر» for a job); a plain prompt otherwise. */
  example?: string;
  /** The dialog's heading when it holds an address, kept whole on a line (the label stays the status line's text). */
  heading?: ReactNode;
  send: (reason: string, option: boolean, ownerReason: OwnerReason | null) => Promise<unknown>;
  failure?: (answer: unknown) => string | null;
  /** The status line after a success, when it is not "{label}: done." (a refund Stripe holds pending). */
  done?: (answer: unknown) => string | null;
  /** After a success (e.g. a new refund key). */
  afterwards?: () => void;
}
type Ask = (action: Pending) => void;

export function Admin() {
  const { t } = useI18n();
  useDocumentTitle(t("spotlight.admin.title"));
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: keys.admin.me, queryFn: ({ signal }) => call(admin.me.$get(undefined, { init: { signal } })), ...freshEachVisit });
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS.find(([t]) => t === params.get("tab"))?.[0] ?? "jobs") as Tab;
  const [pending, setPending] = useState<Pending | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const ask: Ask = useCallback((action) => {
    setStatus(null);
    setPending(action);
  }, []);

  /** Runs the confirmed action; its outcome goes to the status line (or, on a refusal, stays in the dialog). */
  const confirm = useCallback(
    async (action: Pending, reason: string, option: boolean, ownerReason: OwnerReason | null): Promise<string | null> => {
      try {
        const answer = await action.send(reason, option, ownerReason);
        const failed = action.failure?.(answer) ?? null;
        setStatus(
          failed === null
            ? { ok: true, text: action.done?.(answer) ?? t("spotlight.admin.done", { label: action.label }) }
            : { ok: false, text: t("spotlight.admin.failed", { label: action.label, error: failed }) },
        );
        setPending(null);
        action.afterwards?.();
        void queryClient.invalidateQueries({ queryKey: keys.admin.data });
        return null;
      } catch (e) {
        return errorText(e);
      }
    },
    [queryClient, t],
  );

  if (me.isPending) return <div className="container page" aria-busy="true" />;
  if (me.isError) return <NotFound />;

  return (
    <div className="container page admin">
      <header className="page-intro">
        <h1>{t("spotlight.admin.heading")}</h1>
        <p className="muted">{t("spotlight.admin.signedIn", { email: me.data.admin.email })}</p>
      </header>
      <div className="admin-tabs" role="tablist" aria-label={t("spotlight.admin.sections")}>
        {TABS.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} className="admin-tab" onClick={() => setParams({ tab: id })}>
            {t(label)}
          </button>
        ))}
      </div>
      <p className={`admin-status ${status ? (status.ok ? "admin-status-ok" : "admin-status-error") : ""}`} role="status" aria-live="polite">
        {status?.text ?? ""}
      </p>
      <section role="tabpanel" className="card admin-panel">
        {tab === "overview" && <OverviewTab />}
        {tab === "jobs" && <JobsTab ask={ask} />}
        {tab === "moderation" && <ModerationTab ask={ask} />}
        {tab === "orders" && <OrdersTab ask={ask} />}
        {tab === "events" && <EventsTab ask={ask} />}
        {tab === "outbox" && <OutboxTab ask={ask} />}
        {tab === "accounts" && <AccountsTab ask={ask} />}
        {tab === "contact" && <ContactTab ask={ask} />}
        {tab === "audit" && <AuditTab />}
      </section>
      {pending && <ActionDialog action={pending} onConfirm={confirm} onCancel={() => setPending(null)} />}
    </div>
  );
}

/** The confirmation of one action: what it will do, its own reason (required), an option, Confirm / Cancel. */
function ActionDialog({
  action,
  onConfirm,
  onCancel,
}: {
  action: Pending;
  onConfirm: (a: Pending, reason: string, option: boolean, ownerReason: OwnerReason | null) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { t, value } = useI18n();
  const [reason, setReason] = useState("");
  const [ownerReason, setOwnerReason] = useState<OwnerReason | "">("");
  const [option, setOption] = useState(action.option?.initial ?? false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (reason.trim().length < 3) {
      setError(t("spotlight.admin.confirm.reasonNeeded"));
      return;
    }
    setBusy(true);
    setError(await onConfirm(action, reason.trim(), option, ownerReason || null));
    setBusy(false);
  };
  return (
    <ConfirmDialog
      title={action.heading ?? action.label}
      tone={action.tone ?? "default"}
      onCancel={onCancel}
      actions={
        <>
          <button type="submit" form={`${id}-form`} className={`button ${action.tone === "danger" ? "admin-danger" : "button-primary"}`} disabled={busy} aria-busy={busy || undefined}>
            {t("spotlight.admin.confirm.go")}
          </button>
          <button type="button" className="button button-outline" onClick={onCancel}>
            {t("spotlight.admin.confirm.cancel")}
          </button>
        </>
      }
    >
      <p className="admin-effect">{action.effect}</p>
      <form id={`${id}-form`} className="admin-confirm-form" onSubmit={(e) => void submit(e)}>
        <label className="admin-reason">
          <span>{t("spotlight.admin.confirm.reason")}</span>
          <input
            className="form-input"
            value={reason}
            maxLength={500}
            dir="auto"
            placeholder={action.example ?? t("spotlight.admin.reasonPlaceholder")}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </label>
        {action.toldOwner && (
          <label className="admin-reason">
            <span>{t("spotlight.admin.confirm.ownerReason")}</span>
            <select className="form-input" value={ownerReason} onChange={(e) => setOwnerReason(e.target.value as OwnerReason | "")}>
              <option value="">{t("spotlight.admin.confirm.ownerReasonTyped")}</option>
              {OWNER_REASONS.map((code) => (
                <option key={code} value={code}>
                  {value("ownerReason", code)}
                </option>
              ))}
            </select>
            <small>{t("spotlight.admin.confirm.ownerReasonHelp")}</small>
          </label>
        )}
        {action.option && (
          <label className="admin-option">
            <input type="checkbox" checked={option} onChange={(e) => setOption(e.target.checked)} /> <span>{action.option.label}</span>
          </label>
        )}
        {error && (
          <p id={`${id}-error`} className="admin-status-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}

type ListState<T> = { data: T | null; error: string | null };

/** One console list: read on every visit, kept on screen while a new filter or an action's reload is read. */
function useList<T>(queryKey: readonly unknown[], read: (init: { init: RequestInit }) => Promise<T>): ListState<T> {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => read({ init: { signal } }), placeholderData: keepPreviousData, ...freshEachVisit });
  return query.isError ? { data: null, error: errorText(query.error) } : { data: query.data ?? null, error: null };
}

type Query = { [key: string]: string | undefined };

/**
 * A list a page at a time: the filter's first page, then the page after each cursor the operator followed
 * (Previous goes back one). A new filter starts again at its first page.
 */
function usePaged<T extends { total: number; nextCursor: string | null }>(name: string, filter: Query, read: (query: Query, init: { init: RequestInit }) => Promise<T>) {
  const filterKey = JSON.stringify(filter);
  const [trail, setTrail] = useState<{ filter: string; cursors: string[] }>({ filter: filterKey, cursors: [] });
  const cursors = trail.filter === filterKey ? trail.cursors : [];
  const cursor = cursors[cursors.length - 1];
  const query: Query = Object.fromEntries(Object.entries({ ...filter, cursor }).filter(([, v]) => v));
  const state = useList(keys.admin.list(name, query), (init) => read(query, init));
  return {
    state,
    pager: {
      page: cursors.length,
      data: state.data,
      next: (c: string) => setTrail({ filter: filterKey, cursors: [...cursors, c] }),
      previous: () => setTrail({ filter: filterKey, cursors: cursors.slice(0, -1) }),
    },
  };
}

/** "51–100 of 3,000", Previous and Next. */
function Pager({ pager, shown }: { pager: { page: number; data: { total: number; nextCursor: string | null } | null; next: (c: string) => void; previous: () => void }; shown: number }) {
  const { t, number } = useI18n();
  // Nothing listed: the list says so itself («لا يوجد شيء هنا»), without «0–0 من 0» under it.
  if (!pager.data || pager.data.total === 0) return null;
  const { total, nextCursor } = pager.data;
  const first = pager.page * PAGE + (shown ? 1 : 0);
  return (
    <nav className="admin-pager" aria-label={t("spotlight.admin.pager.label")}>
      <span className="admin-sub">{t("spotlight.admin.pager.showing", { from: number(first), to: number(pager.page * PAGE + shown), total: number(total) })}</span>
      <button type="button" className="button button-small button-outline" disabled={pager.page === 0} onClick={pager.previous}>
        {t("spotlight.admin.pager.previous")}
      </button>
      <button type="button" className="button button-small button-outline" disabled={!nextCursor} onClick={() => nextCursor && pager.next(nextCursor)}>
        {t("spotlight.admin.pager.next")}
      </button>
    </nav>
  );
}

/** Sort (newest or oldest first) and a range of days, which every list takes. */
type Range = { sort: "newest" | "oldest"; from: string; to: string };
const ANY_TIME: Range = { sort: "newest", from: "", to: "" };
const rangeQuery = (r: Range): Query => ({ sort: r.sort === "newest" ? undefined : r.sort, from: r.from || undefined, to: r.to || undefined });

function RangeControls({ range, onChange, sort = true }: { range: Range; onChange: (r: Range) => void; sort?: boolean }) {
  const { t } = useI18n();
  return (
    <>
      {sort && (
        <Filter
          label={t("spotlight.admin.sort")}
          value={range.sort}
          options={[
            ["newest", "spotlight.admin.sort.newest"],
            ["oldest", "spotlight.admin.sort.oldest"],
          ]}
          onChange={(v) => onChange({ ...range, sort: v })}
        />
      )}
      <label className="admin-filter">
        <span>{t("spotlight.admin.range.from")}</span>
        <input className="form-input" type="date" value={range.from} max={range.to || undefined} onChange={(e) => onChange({ ...range, from: e.target.value })} />
      </label>
      <label className="admin-filter">
        <span>{t("spotlight.admin.range.to")}</span>
        <input className="form-input" type="date" value={range.to} min={range.from || undefined} onChange={(e) => onChange({ ...range, to: e.target.value })} />
      </label>
    </>
  );
}

/** A list's states: its error, Loading…, Nothing here, or its rows drawn by `children`. */
function Listing<T, R>({ state, rows, children }: { state: ListState<T>; rows: (d: T) => readonly R[]; children: (rows: readonly R[]) => ReactNode }) {
  const { t } = useI18n();
  if (state.error) return <p className="admin-status-error">{state.error}</p>;
  if (!state.data)
    return (
      <p className="muted" aria-busy="true">
        {t("common.loading")}
      </p>
    );
  const list = rows(state.data);
  if (!list.length) return <p className="muted">{t("spotlight.admin.nothing")}</p>;
  return <div className="admin-table-wrap">{children(list)}</div>;
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string };

/** The console's one table: the column headings, then a row per item with the cells `cells` draws. */
function Table<R extends { id: string }>({ head, rows, cells, rowProps }: { head: readonly string[]; rows: readonly R[]; cells: (row: R) => ReactNode; rowProps?: (row: R) => RowProps }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} {...rowProps?.(r)}>
            {cells(r)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Details joined by " · ", each in its own direction (an English company beside an Arabic date). */
function Facts({ parts }: { parts: readonly ReactNode[] }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== "");
  // Each fact isolated (an id, a date, an address keep their own order), and none leaves a «·» at a line's edge.
  return (
    <MetaLine
      as="span"
      className="admin-facts-line"
      parts={shown.map((part, i) => (
        <bdi key={i} dir="auto">
          {part}
        </bdi>
      ))}
    />
  );
}

/** A row's first cell: what it is, a line of details under it, and its last error if any. */
function Subject({ title, sub, error }: { title: ReactNode; sub: readonly ReactNode[]; error?: string | null }) {
  return (
    <td>
      <strong dir="auto">{title}</strong>
      <span className="admin-sub">
        <Facts parts={sub} />
      </span>
      {error && <span className="admin-error-text">{error}</span>}
    </td>
  );
}

const TONES = { outline: "button-outline", primary: "button-primary", danger: "admin-danger" } as const;

/** A row's action button: asks for confirmation (what it will do, and its reason), then runs it. */
function Action({ ask, action, tone = "outline", children }: { ask: Ask; action: Pending; tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <button type="button" className={`button button-small ${TONES[tone]}`} onClick={() => ask({ tone: tone === "danger" ? "danger" : "default", ...action })}>
      {children}
    </button>
  );
}

function Filter<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly (readonly [T, MessageId])[]; onChange: (v: T) => void }) {
  const { t } = useI18n();
  return (
    <label className="admin-filter">
      <span>{label}</span>
      <select className="form-input" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {t(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

function Search({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  return (
    <form
      className="admin-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim());
      }}
    >
      <input className="form-input" type="search" aria-label={label} placeholder={label} value={q} onChange={(e) => setQ(e.target.value)} />
      <button type="submit" className="button button-outline">
        {t("spotlight.admin.search")}
      </button>
    </form>
  );
}

/**
 * A stored status; in English as stored ("pending review"), elsewhere its word from the catalogue, agreeing with
 * what it describes: an e-mail's (a feminine noun in Arabic, «مُرسلة») with `mail`.
 */
const Badge = ({ value, mail = false }: { value: string; mail?: boolean }) => (
  <span className={`admin-badge admin-badge-${value.replace(/[^a-z_]/gi, "")}`}>
    {i18n().t(mail ? "spotlight.admin.mailStatus" : "spotlight.admin.status", { status: value, label: value.replace(/_/g, " ") })}
  </span>
);

const JOB_STATES = [
  ["all", "spotlight.admin.filter.all"],
  ["live", "spotlight.admin.filter.live"],
  ["expired", "spotlight.admin.filter.expired"],
  ["inactive", "spotlight.admin.filter.inactive"],
  ["draft", "spotlight.admin.filter.draft"],
  ["removed", "spotlight.admin.filter.removed"],
  ["deleted", "spotlight.admin.filter.deleted"],
  ["waiting", "spotlight.admin.filter.waiting"],
  ["rejected", "spotlight.admin.filter.rejected"],
] as const;

function JobsTab({ ask }: { ask: Ask }) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const [state, setState] = useState<(typeof JOB_STATES)[number][0]>("all");
  const [range, setRange] = useState(ANY_TIME);
  const { state: list, pager } = usePaged("jobs", { q: q || undefined, state: state === "all" ? undefined : state, ...rangeQuery(range) }, (query, init) => call(admin.jobs.$get({ query }, init)));
  const job = admin.jobs[":id"];
  const [history, setHistory] = useState<{ id: string; title: string; spotlight: boolean } | null>(null);
  return (
    <>
      <div className="admin-controls">
        <Search label={t("spotlight.admin.jobs.search")} onSearch={setQ} />
        <Filter label={t("spotlight.admin.show")} value={state} options={JOB_STATES} onChange={setState} />
        <RangeControls range={range} onChange={setRange} />
      </div>
      {/* The open history above the list, where the operator is looking (as an order's details). */}
      {history && <JobHistory id={history.id} title={history.title} spotlight={history.spotlight} onClose={() => setHistory(null)} />}
      <Listing state={list} rows={(d) => d.jobs}>
        {(jobs) => (
          <Table
            head={[t("spotlight.admin.head.job"), t("spotlight.admin.head.state"), t("spotlight.admin.head.placement"), t("spotlight.admin.head.actions")]}
            rows={jobs}
            rowProps={(j) => ({ "data-job-id": j.id })}
            cells={(j) => {
              const toggle = (enhancement: "featured" | "sticky") => {
                const on = !j.enhancements.includes(enhancement);
                const text =
                  enhancement === "featured"
                    ? t(on ? "spotlight.admin.jobs.markFeatured" : "spotlight.admin.jobs.unmarkFeatured")
                    : t(on ? "spotlight.admin.jobs.markSticky" : "spotlight.admin.jobs.unmarkSticky");
                return (
                  <Action
                    ask={ask}
                    action={{
                      label: `${text}: ${j.title}`,
                      effect: t("spotlight.admin.effect.enhancement"),
                      send: (reason) => call(job.enhancement.$post({ param: { id: j.id }, json: { reason, enhancement, on } })),
                    }}
                  >
                    {text}
                  </Action>
                );
              };
              return (
                <>
                  <Subject
                    title={j.title}
                    sub={[j.company, j.email || t("spotlight.admin.noEmail"), stored("source", j.source), when(j.createdAt)]}
                    error={j.removal ? t(j.removal.by === "account" ? "spotlight.admin.jobs.heldWithAccount" : "spotlight.admin.jobs.removedBecause", { reason: j.removal.reason }) : null}
                  />
                  <td>
                    <Badge value={j.state} />
                  </td>
                  <td>
                    {/* A Spotlight job bought no plan: its placement comes with the subscription (and an operator's marks). */}
                    {(j.source === "spotlight"
                      ? [t("spotlight.admin.jobs.spotlightPlacement"), ...j.enhancements.filter((e) => e !== "company-profile").map((e) => stored("enhancement", e))]
                      : [stored("plan", j.plan), ...j.enhancements.map((e) => stored("enhancement", e))]
                    ).join(t("posting.list.separator"))}
                  </td>
                  <td className="admin-actions">
                    {(j.state === "live" || j.state === "expired" || j.state === "inactive") && (
                      <Action
                        ask={ask}
                        tone="danger"
                        action={{
                          label: t("spotlight.admin.jobs.unpublishLabel", { title: j.title }),
                          example: t("spotlight.admin.reasonExample.job"),
                          effect: t("spotlight.admin.effect.unpublish"),
                          toldOwner: true,
                          send: (reason, _option, ownerReason) => call(job.unpublish.$post(takedown(j.id, reason, ownerReason))),
                        }}
                      >
                        {t("spotlight.admin.jobs.unpublish")}
                      </Action>
                    )}
                    {j.restorable && (
                      <Action
                        ask={ask}
                        action={{
                          label: t("spotlight.admin.jobs.restoreLabel", { title: j.title }),
                          example: t("spotlight.admin.reasonExample.job"),
                          effect: t(j.paymentStatus === "refunded" ? "spotlight.admin.effect.restoreRefunded" : "spotlight.admin.effect.restore"),
                          send: (reason) => call(job.restore.$post(target(j.id, reason))),
                        }}
                      >
                        {t("spotlight.admin.jobs.restore")}
                      </Action>
                    )}
                    {j.state !== "deleted" && (
                      <Action
                        ask={ask}
                        tone="danger"
                        action={{
                          label: t("spotlight.admin.jobs.deleteLabel", { title: j.title }),
                          example: t("spotlight.admin.reasonExample.job"),
                          effect: t("spotlight.admin.effect.delete"),
                          toldOwner: true,
                          send: (reason, _option, ownerReason) => call(job.delete.$post(takedown(j.id, reason, ownerReason))),
                        }}
                      >
                        {t("spotlight.admin.jobs.delete")}
                      </Action>
                    )}
                    {toggle("featured")}
                    {toggle("sticky")}
                    <button
                      type="button"
                      className="button button-small button-outline"
                      aria-expanded={history?.id === j.id}
                      onClick={() => {
                        setHistory(history?.id === j.id ? null : { id: j.id, title: j.title, spotlight: j.source === "spotlight" });
                        if (history?.id !== j.id) window.scrollTo({ top: 0 });
                      }}
                    >
                      {t("spotlight.admin.jobs.history")}
                    </button>
                  </td>
                </>
              );
            }}
          />
        )}
      </Listing>
      <Pager pager={pager} shown={list.data?.jobs.length ?? 0} />
    </>
  );
}

const EDIT_FIELDS = ["title", "company", "location", "category", "salary", "equity", "applyUrl", "description"] as const;
const FIELD_LABELS = {
  title: "spotlight.admin.jobs.field.title",
  company: "spotlight.admin.jobs.field.company",
  location: "spotlight.admin.jobs.field.location",
  category: "spotlight.admin.jobs.field.category",
  salary: "spotlight.admin.jobs.field.salary",
  equity: "spotlight.admin.jobs.field.equity",
  applyUrl: "spotlight.admin.jobs.field.applyUrl",
  description: "spotlight.admin.jobs.field.description",
} as const satisfies Record<(typeof EDIT_FIELDS)[number], MessageId>;

/** A paid job's edits (issue 22 item 15), newest first: each edit's changed fields, before and after. */
function JobHistory({ id, title, spotlight, onClose }: { id: string; title: string; spotlight: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const state = useList(keys.admin.jobHistory(id), (init) => call(admin.jobs[":id"].history.$get({ param: { id } }, init)));
  return (
    <div className="admin-detail" aria-label={t("spotlight.admin.jobs.historyTitle", { title })}>
      <div className="admin-detail-head">
        <h2 dir="auto">{t("spotlight.admin.jobs.historyTitle", { title })}</h2>
        <button type="button" className="button button-small button-outline" onClick={onClose}>
          {t("spotlight.admin.close")}
        </button>
      </div>
      {state.data?.edits.length === 0 ? (
        // A Spotlight job was never paid for on its own, and is edited in its company's workspace: nothing is kept here.
        <p className="muted">{t(spotlight ? "spotlight.admin.jobs.noEditsSpotlight" : "spotlight.admin.jobs.noEdits")}</p>
      ) : (
        <Listing state={state} rows={(d) => d.edits}>
          {(edits) =>
            edits.map((e) => {
              const changed = EDIT_FIELDS.filter((f) => e.before[f] !== e.after[f]);
              // The description as its text: the operator compares words, not markup.
              const shown = (f: (typeof EDIT_FIELDS)[number], v: string) => (f === "description" ? htmlToText(v) : v);
              return (
                <section key={e.id} className="admin-edit" data-edit-id={e.id}>
                  <h3>{t("spotlight.admin.jobs.editAt", { when: when(e.at) })}</h3>
                  <Table
                    head={[t("spotlight.admin.jobs.field"), t("spotlight.admin.jobs.before"), t("spotlight.admin.jobs.after")]}
                    rows={changed.map((f) => ({ id: f, before: shown(f, e.before[f]), after: shown(f, e.after[f]) }))}
                    cells={(r) => (
                      <>
                        <th scope="row">{t(FIELD_LABELS[r.id])}</th>
                        <td dir="auto" className="admin-edit-value">
                          {r.before}
                        </td>
                        <td dir="auto" className="admin-edit-value">
                          {r.after}
                        </td>
                      </>
                    )}
                  />
                </section>
              );
            })
          }
        </Listing>
      )}
    </div>
  );
}

/**
 * Optional moderation (MODERATION=on): new paid and credit posts wait here, oldest first. Approve publishes
 * for 30 days from now; Reject refunds a card payment in full or gives the credit back, and the job stays hidden.
 */
function ModerationTab({ ask }: { ask: Ask }) {
  const { t } = useI18n();
  const state = useList(keys.admin.list("moderation", {}), (init) => call(admin.moderation.$get(undefined, init)));
  const job = admin.jobs[":id"];
  return (
    <>
      <p className="muted small">{t("spotlight.admin.moderation.lead")}</p>
      <Listing state={state} rows={(d) => d.jobs}>
        {(jobs) => (
          <Table
            head={[t("spotlight.admin.head.job"), t("spotlight.admin.head.listing"), t("spotlight.admin.head.paidWith"), t("spotlight.admin.head.actions")]}
            rows={jobs}
            rowProps={(j) => ({ "data-job-id": j.id })}
            cells={(j) => (
              <>
                <Subject title={j.title} sub={[j.company, j.location || t("spotlight.admin.remote"), j.email || t("spotlight.admin.noEmail"), when(j.createdAt)]} />
                <td>
                  <span className="admin-sub admin-review-text" dir="auto">
                    {j.description.length > 300 ? `${j.description.slice(0, 300)}…` : j.description}
                  </span>
                  <span className="admin-sub" dir="auto">
                    {t("spotlight.admin.apply", { target: j.applyUrl || j.applyEmail || "—" })}
                  </span>
                </td>
                <td>{j.paidWith === "card" ? t("spotlight.admin.card", { order: String(j.orderId) }) : t("spotlight.admin.credit")}</td>
                <td className="admin-actions">
                  <Action
                    ask={ask}
                    tone="primary"
                    action={{
                      label: t("spotlight.admin.approveLabel", { title: j.title }),
                      example: t("spotlight.admin.reasonExample.job"),
                      effect: t("spotlight.admin.effect.approve"),
                      send: (reason) => call(job.approve.$post(target(j.id, reason))),
                    }}
                  >
                    {t("spotlight.admin.approve")}
                  </Action>
                  <Action
                    ask={ask}
                    tone="danger"
                    action={{
                      label: t("spotlight.admin.rejectLabel", { title: j.title }),
                      example: t("spotlight.admin.reasonExample.job"),
                      effect: t(j.paidWith === "card" ? "spotlight.admin.effect.rejectRefund" : "spotlight.admin.effect.rejectCredit"),
                      toldOwner: true,
                      send: (reason, _option, ownerReason) => call(job.reject.$post(takedown(j.id, reason, ownerReason))),
                    }}
                  >
                    {j.paidWith === "card" ? t("spotlight.admin.rejectRefund") : t("spotlight.admin.rejectCredit")}
                  </Action>
                </td>
              </>
            )}
          />
        )}
      </Listing>
    </>
  );
}

const ORDER_FILTERS = [
  ["all", "spotlight.admin.filter.all"],
  ["paid", "spotlight.admin.filter.paid"],
  ["pending", "spotlight.admin.filter.pending"],
  ["failed", "spotlight.admin.filter.failed"],
  ["refunded", "spotlight.admin.filter.refunded"],
  ["unfulfilled", "spotlight.admin.filter.unfulfilled"],
] as const;

function describeItems(o: AdminOrder): string {
  const { t } = i18n();
  const i = o.items;
  if (o.kind === "credits") return `${t("spotlight.admin.credits", { count: i.credits ?? 1 })}${i.bundleId ? ` (${stored("bundle", i.bundleId)})` : ""}`;
  if (o.kind === "spotlight") return t((i as { renewal?: boolean }).renewal ? "spotlight.admin.spotlightRenewal" : "spotlight.admin.spotlightOrder");
  const posts = t("spotlight.admin.posts", { count: i.posts ?? 1, plan: stored("plan", i.plan ?? "standard") });
  const extras = i.enhancements?.length
    ? ` ${t("spotlight.admin.postsWith", { enhancements: new Intl.ListFormat(i18n().locale, { type: "conjunction" }).format(i.enhancements.map((e) => stored("enhancement", e))) })}`
    : "";
  return `${posts}${extras}${i.bundleName ? ` (${i.bundleName})` : ""}`;
}

function OrdersTab({ ask }: { ask: Ask }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof ORDER_FILTERS)[number][0]>("all");
  const [q, setQ] = useState("");
  const [range, setRange] = useState(ANY_TIME);
  const [openId, setOpenId] = useState<string | null>(null);
  const { state, pager } = usePaged("orders", { status, q: q || undefined, ...rangeQuery(range) }, (query, init) => call(admin.orders.$get({ query }, init)));
  return (
    <>
      <div className="admin-controls">
        <Search label={t("spotlight.admin.orders.search")} onSearch={setQ} />
        <Filter label={t("spotlight.admin.show")} value={status} options={ORDER_FILTERS} onChange={setFilter} />
        <RangeControls range={range} onChange={setRange} />
      </div>
      {/* The open order above the list, where the operator is looking (not below a page of rows). */}
      {openId && <OrderDetail id={openId} ask={ask} onClose={() => setOpenId(null)} />}
      <Listing state={state} rows={(d) => d.orders}>
        {(orders) => (
          <Table
            head={[t("spotlight.admin.head.order"), t("spotlight.admin.head.status"), t("spotlight.admin.head.amount"), ""]}
            rows={orders}
            rowProps={(o) => ({ "aria-current": o.id === openId })}
            cells={(o) => (
              <>
                <td>
                  <strong>{describeItems(o)}</strong>
                  <span className="admin-sub">
                    <Facts parts={[o.customerEmail, when(o.createdAt), o.reference]} />
                  </span>
                </td>
                <td>
                  <Badge value={o.status} />
                </td>
                <td className="admin-amount">
                  {money(o.amount, o.currency)}
                  {/* What went back, and apart from it what is still pending with Stripe (decision 0223): never "refunded" for money on its way. */}
                  {o.refunded - o.refundPending > 0 && <span className="admin-sub">{t("spotlight.admin.refunded", { amount: money(o.refunded - o.refundPending, o.currency) })}</span>}
                  {o.refundPending > 0 && <span className="admin-sub">{t("spotlight.admin.refundPending", { amount: money(o.refundPending, o.currency) })}</span>}
                </td>
                <td>
                  <button
                    type="button"
                    className="button button-small button-outline"
                    onClick={() => {
                      setOpenId(o.id === openId ? null : o.id);
                      if (o.id !== openId) window.scrollTo({ top: 0 });
                    }}
                  >
                    {o.id === openId ? t("spotlight.admin.close") : t("spotlight.admin.open")}
                  </button>
                </td>
              </>
            )}
          />
        )}
      </Listing>
      <Pager pager={pager} shown={state.data?.orders.length ?? 0} />
    </>
  );
}

/** A short list under a heading in the order's details, or what to say when it is empty. */
function Plain<R extends { id: string }>({ rows, none, item }: { rows: readonly R[]; none: string; item: (row: R) => ReactNode }) {
  if (!rows.length) return <p className="muted">{none}</p>;
  return (
    <ul className="admin-plain">
      {rows.map((r) => (
        <li key={r.id}>{item(r)}</li>
      ))}
    </ul>
  );
}

function OrderDetail({ id, ask, onClose }: { id: string; ask: Ask; onClose: () => void }) {
  const { t } = useI18n();
  const state = useList(keys.admin.order(id), (init) => call(admin.orders[":id"].$get({ param: { id } }, init)));
  if (!state.data)
    return (
      <Listing state={state} rows={() => [null]}>
        {() => null}
      </Listing>
    );
  const { order, payments, refunds, events, refundFacts, subscription } = state.data;
  const left = order.amount - order.refunded;
  return (
    <div className="admin-detail" aria-label={t("spotlight.admin.order.details")}>
      <div className="admin-detail-head">
        {/* By the reference the buyer's receipt and Billing give («6E614D8E»); the whole id below. */}
        <h2>{t("spotlight.admin.order.title", { id: order.reference })}</h2>
        <button type="button" className="button button-small button-outline" onClick={onClose}>
          {t("spotlight.admin.close")}
        </button>
      </div>
      <dl className="admin-facts">
        <dt>{t("spotlight.admin.order.id")}</dt>
        <dd>
          <bdi>{order.id}</bdi>
        </dd>
        <dt>{t("spotlight.admin.order.items")}</dt>
        <dd>{describeItems(order)}</dd>
        <dt>{t("spotlight.admin.order.customer")}</dt>
        <dd>{order.customerEmail}</dd>
        <dt>{t("spotlight.admin.order.job")}</dt>
        <dd>{order.jobId ?? "—"}</dd>
        <dt>{t("spotlight.admin.order.status")}</dt>
        <dd>
          <Badge value={order.status} /> {order.fulfilledAt ? t("spotlight.admin.order.fulfilled", { when: when(order.fulfilledAt) }) : t("spotlight.admin.order.notFulfilled")}
        </dd>
      </dl>
      <h3>{t("spotlight.admin.order.payment")}</h3>
      <Plain
        rows={payments}
        none={t("spotlight.admin.order.noPayment")}
        item={(p) => <Facts parts={[money(p.amount, p.currency), p.payment_intent_id ?? t("spotlight.admin.order.noIntent"), when(p.created_at)]} />}
      />
      <h3>{t("spotlight.admin.order.refunds")}</h3>
      <Plain
        rows={refunds}
        none={t("spotlight.admin.order.noRefunds")}
        item={(r) => (
          <>
            <Facts parts={[money(r.amount, order.currency), <Badge key="status" value={r.status} />, refundCategory(r.reason), when(r.created_at), refundTakeBack(r)]} />
            {r.note && <span className="admin-sub"> {r.note}</span>}
            {r.last_error && <span className="admin-error-text"> {r.last_error}</span>}
          </>
        )}
      />
      <h3>{t("spotlight.admin.order.events")}</h3>
      <Plain
        rows={events}
        none={t("spotlight.admin.order.noEvents")}
        item={(e) => (
          <>
            <Facts parts={[e.type, <Badge key="status" value={e.status} />, when(e.receivedAt)]} />
          </>
        )}
      />
      {subscription && <SubscriptionActions subscription={subscription} email={order.customerEmail} ask={ask} />}
      {payments.length > 0 && left > 0 && <RefundDialog orderId={order.id} kind={order.kind} currency={order.currency} facts={refundFacts} ask={ask} />}
    </div>
  );
}

type OrderSubscription = NonNullable<Success<(typeof admin.orders)[":id"]["$get"]>["subscription"]>;

/** A Spotlight order's subscription: its state, and the operator's cancel (at period end, or now with a refund). */
function SubscriptionActions({ subscription: s, email, ask }: { subscription: OrderSubscription; email: string; ask: Ask }) {
  const { t, date } = useI18n();
  const cancel = admin.subscriptions[":id"].cancel;
  const until = s.currentPeriodEnd ? date(s.currentPeriodEnd, "long") : "—";
  return (
    <section className="admin-subscription" aria-labelledby={`sub-${s.id}`}>
      <h3 id={`sub-${s.id}`}>{t("spotlight.admin.subscription.title")}</h3>
      <p>
        <Badge value={s.status} /> {t("spotlight.admin.subscription.state", { id: s.id, date: until })}
      </p>
      {s.ended ? (
        <p className="muted">{t("spotlight.admin.subscription.ended")}</p>
      ) : (
        <>
          {s.cancelAtPeriodEnd && <p className="muted">{t("spotlight.admin.subscription.scheduled", { date: until })}</p>}
          <div className="admin-actions">
            {!s.cancelAtPeriodEnd && (
              <Action
                ask={ask}
                action={{
                  label: t("spotlight.admin.subscription.cancelLaterLabel", { email }),
                  example: t("spotlight.admin.reasonExample.subscription"),
                  effect: t("spotlight.admin.effect.cancelLater", { date: until }),
                  send: (reason) => call(cancel.$post({ param: { id: s.id }, json: { reason, when: "period_end" } })),
                }}
              >
                {t("spotlight.admin.subscription.cancelLater")}
              </Action>
            )}
            <Action
              ask={ask}
              tone="danger"
              action={{
                label: t("spotlight.admin.subscription.cancelNowLabel", { email }),
                example: t("spotlight.admin.reasonExample.subscription"),
                effect: t("spotlight.admin.effect.cancelNow"),
                tone: "danger",
                option: { label: t("spotlight.admin.subscription.refundOption"), initial: false },
                send: (reason, refund) => call(cancel.$post({ param: { id: s.id }, json: { reason, when: "now", refund } })),
              }}
            >
              {t("spotlight.admin.subscription.cancelNow")}
            </Action>
          </div>
        </>
      )}
    </section>
  );
}

const EVENT_FILTERS = [
  ["all", "spotlight.admin.filter.all"],
  ["received", "spotlight.admin.filter.received"],
  ["processed", "spotlight.admin.filter.processed"],
  ["failed", "spotlight.admin.filter.failed"],
] as const;

function EventsTab({ ask }: { ask: Ask }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof EVENT_FILTERS)[number][0]>("all");
  const [range, setRange] = useState(ANY_TIME);
  const { state, pager } = usePaged("events", { status, ...rangeQuery(range) }, (query, init) => call(admin["webhook-events"].$get({ query }, init)));
  return (
    <>
      <div className="admin-controls">
        <Filter label={t("spotlight.admin.show")} value={status} options={EVENT_FILTERS} onChange={setFilter} />
        <RangeControls range={range} onChange={setRange} />
      </div>
      <Listing state={state} rows={(d) => d.events}>
        {(events) => (
          <Table
            head={[t("spotlight.admin.head.event"), t("spotlight.admin.head.status"), ""]}
            rows={events}
            cells={(e) => (
              <>
                <Subject title={e.type} sub={[e.id, t("spotlight.admin.events.received", { when: when(e.receivedAt) })]} error={e.error} />
                <td>
                  <Badge value={e.status} />
                </td>
                <td>
                  {e.replayable && (
                    <Action
                      ask={ask}
                      action={{
                        label: t("spotlight.admin.events.replayLabel", { id: e.id }),
                        effect: t("spotlight.admin.effect.replay"),
                        send: (reason) => call(admin["webhook-events"][":id"].replay.$post(target(e.id, reason))),
                        // A replay that fails again answers 200 with ok: false and the error: say so, not "done".
                        failure: (answer) => {
                          const a = answer as { ok: boolean; error: string | null };
                          return a.ok ? null : (a.error ?? t("spotlight.admin.error"));
                        },
                      }}
                    >
                      {t("spotlight.admin.events.replay")}
                    </Action>
                  )}
                </td>
              </>
            )}
          />
        )}
      </Listing>
      <Pager pager={pager} shown={state.data?.events.length ?? 0} />
    </>
  );
}

/** A kind of e-mail in the page's language (decision 0505); a kind this console does not know, as stored. */
const mailKind = (t: ReturnType<typeof useI18n>["t"], kind: string) => ((MAIL_KINDS as readonly string[]).includes(kind) ? t(`spotlight.admin.mailKind.${kind as MailKind}`) : kind);

const MAIL_FILTERS = [
  ["all", "spotlight.admin.filter.all"],
  ["pending", "spotlight.admin.filter.pending"],
  ["sent", "spotlight.admin.filter.sent"],
  ["failed", "spotlight.admin.filter.failedMail"],
] as const;

function OutboxTab({ ask }: { ask: Ask }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof MAIL_FILTERS)[number][0]>("all");
  const [range, setRange] = useState(ANY_TIME);
  const { state, pager } = usePaged("outbox", { status, ...rangeQuery(range) }, (query, init) => call(admin.outbox.$get({ query }, init)));
  return (
    <>
      <div className="admin-controls">
        <Filter label={t("spotlight.admin.show")} value={status} options={MAIL_FILTERS} onChange={setFilter} />
        <RangeControls range={range} onChange={setRange} />
      </div>
      <Listing state={state} rows={(d) => d.mail}>
        {(mail) => (
          <Table
            head={[t("spotlight.admin.head.email"), t("spotlight.admin.head.status"), ""]}
            rows={mail}
            cells={(m) => (
              <>
                <Subject
                  title={m.subject}
                  sub={[t("spotlight.admin.mail.to", { to: m.to }), mailKind(t, m.kind), t("spotlight.admin.mail.attempts", { count: m.attempts }), when(m.sent_at ?? m.created_at)]}
                  error={m.last_error}
                />
                <td>
                  <Badge value={m.status} mail />
                </td>
                <td>
                  {m.status === "failed" && (
                    <Action
                      ask={ask}
                      action={{
                        label: t("spotlight.admin.mail.resendLabel", { subject: m.subject }),
                        effect: t("spotlight.admin.effect.resend", { to: m.to }),
                        send: (reason) => call(admin.outbox[":id"].resend.$post(target(m.id, reason))),
                      }}
                    >
                      {t("spotlight.admin.mail.resend")}
                    </Action>
                  )}
                </td>
              </>
            )}
          />
        )}
      </Listing>
      <Pager pager={pager} shown={state.data?.mail.length ?? 0} />
    </>
  );
}

const ACCOUNT_FILTERS = [
  ["all", "spotlight.admin.filter.all"],
  ["active", "spotlight.admin.filter.active"],
  ["disabled", "spotlight.admin.filter.disabled"],
] as const;

function AccountsTab({ ask }: { ask: Ask }) {
  const { t, rich } = useI18n();
  // An address in a dialog's heading and sentence stays whole («nakhla-» ended a line and «mx0j13x8@example.com» opened
  // the next, the ninth reading at 390 px).
  const address = (email: string) => <EmailAddress address={email} />;
  const [q, setQ] = useState("");
  const [status, setFilter] = useState<(typeof ACCOUNT_FILTERS)[number][0]>("all");
  const [range, setRange] = useState(ANY_TIME);
  const { state, pager } = usePaged("accounts", { q: q || undefined, status, ...rangeQuery(range) }, (query, init) => call(admin.accounts.$get({ query }, init)));
  const account = admin.accounts[":id"];
  return (
    <>
      <div className="admin-controls">
        <Search label={t("spotlight.admin.accounts.search")} onSearch={setQ} />
        <Filter label={t("spotlight.admin.show")} value={status} options={ACCOUNT_FILTERS} onChange={setFilter} />
        <RangeControls range={range} onChange={setRange} />
      </div>
      <Listing state={state} rows={(d) => d.accounts}>
        {(accounts) => (
          <Table
            head={[t("spotlight.admin.head.account"), t("spotlight.admin.head.status"), ""]}
            rows={accounts}
            rowProps={(a) => ({ "data-account-id": a.id })}
            cells={(a) => (
              <>
                <Subject
                  title={
                    <>
                      {a.email} {a.admin && <span className="admin-badge admin-badge-admin">{t("spotlight.admin.accounts.admin")}</span>}{" "}
                      {a.you && <span className="admin-you">{t("spotlight.admin.accounts.you")}</span>}
                    </>
                  }
                  sub={[
                    [a.name, a.company].filter(Boolean).join(" · ") || "—",
                    t("spotlight.admin.accounts.jobs", { count: a.jobs }),
                    ...(a.heldJobs ? [t("spotlight.admin.accounts.held", { count: a.heldJobs })] : []),
                    t("spotlight.admin.accounts.since", { when: when(a.createdAt) }),
                  ]}
                />
                <td>
                  <Badge value={a.disabled ? "disabled" : "active"} />
                </td>
                <td>
                  {a.disabled ? (
                    <Action
                      ask={ask}
                      action={{
                        label: t("spotlight.admin.accounts.enableLabel", { email: a.email }),
                        heading: rich("spotlight.admin.accounts.enableLabel", { email: address(a.email) }),
                        example: t("spotlight.admin.reasonExample.account"),
                        // Who is told (decision 0352): the owner, by e-mail (decision 0232).
                        effect: (
                          <>
                            {withAddress(rich("spotlight.admin.effect.enable", { email: address(a.email) }))} {t("spotlight.admin.effect.enableTold")}
                          </>
                        ),
                        ...(a.heldJobs ? { option: { label: t("spotlight.admin.accounts.restoreJobs", { count: a.heldJobs }), initial: true } } : {}),
                        send: (reason, restoreJobs) => call(account.enable.$post({ param: { id: a.id }, json: { reason, restoreJobs } })),
                      }}
                    >
                      {t("spotlight.admin.accounts.enable")}
                    </Action>
                  ) : (
                    !a.you && (
                      <Action
                        ask={ask}
                        tone="danger"
                        action={{
                          label: t("spotlight.admin.accounts.disableLabel", { email: a.email }),
                          heading: rich("spotlight.admin.accounts.disableLabel", { email: address(a.email) }),
                          example: t("spotlight.admin.reasonExample.account"),
                          effect: (
                            <>
                              {a.admin && <strong className="admin-warning">{withAddress(rich("spotlight.admin.effect.disableAdmin", { email: address(a.email) }))} </strong>}
                              {withAddress(rich("spotlight.admin.effect.disable", { email: address(a.email), count: a.liveJobs }))}
                              {a.companyPage && <> {t("spotlight.admin.effect.disableCompany")}</>} {t("spotlight.admin.effect.disableTold")}
                            </>
                          ),
                          // An admin's account: this dialog is the confirmation the server asks for.
                          send: (reason) => call(account.disable.$post({ param: { id: a.id }, json: { reason, ...(a.admin ? { confirmAdmin: true } : {}) } })),
                        }}
                      >
                        {t("spotlight.admin.accounts.disable")}
                      </Action>
                    )
                  )}
                </td>
              </>
            )}
          />
        )}
      </Listing>
      <Pager pager={pager} shown={state.data?.accounts.length ?? 0} />
    </>
  );
}

const CONTACT_FILTERS = [
  ["open", "spotlight.admin.filter.open"],
  ["handled", "spotlight.admin.filter.handled"],
  ["all", "spotlight.admin.filter.all"],
] as const;

function ContactTab({ ask }: { ask: Ask }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof CONTACT_FILTERS)[number][0]>("open");
  const [range, setRange] = useState(ANY_TIME);
  const { state, pager } = usePaged("contact", { status, ...rangeQuery(range) }, (query, init) => call(admin["contact-messages"].$get({ query }, init)));
  return (
    <>
      <div className="admin-controls">
        <Filter label={t("spotlight.admin.show")} value={status} options={CONTACT_FILTERS} onChange={setFilter} />
        <RangeControls range={range} onChange={setRange} />
      </div>
      <Listing state={state} rows={(d) => d.messages}>
        {(messages) => (
          <ul className="admin-messages">
            {messages.map((m) => (
              <li key={m.id} className="admin-message">
                <div className="admin-message-head">
                  <strong dir="auto">{m.subject}</strong>
                  <span className="admin-sub" dir="auto">
                    {`${m.name} <${m.email}> · ${when(m.created_at)}`}
                  </span>
                </div>
                <p className="admin-message-body" dir="auto">
                  {m.message}
                </p>
                {m.handled_at ? (
                  <span className="admin-sub">
                    {t("spotlight.admin.contact.handledBy", { who: m.handled_by })} · {when(m.handled_at)}
                  </span>
                ) : (
                  <Action
                    ask={ask}
                    action={{
                      label: t("spotlight.admin.contact.markLabel", { subject: m.subject }),
                      effect: t("spotlight.admin.effect.handled"),
                      send: (reason) => call(admin["contact-messages"][":id"].handled.$post(target(m.id, reason))),
                    }}
                  >
                    {t("spotlight.admin.contact.mark")}
                  </Action>
                )}
              </li>
            ))}
          </ul>
        )}
      </Listing>
      <Pager pager={pager} shown={state.data?.messages.length ?? 0} />
    </>
  );
}

/** An audit row's detail (amounts, reasons, outcomes) as "key: value" pairs; amounts in cents shown as money. */
/** An audit row's details, each named in the page's language with its value as the console shows it elsewhere. */
function detailParts(detail: Record<string, unknown>): ReactNode[] {
  const { t, rich } = i18n();
  const shown = (k: string, v: unknown): string => {
    if (/cents$/i.test(k) && typeof v === "number") return money(v);
    if (typeof v === "boolean") return t(v ? "spotlight.admin.audit.yes" : "spotlight.admin.audit.no");
    if (k === "category" && typeof v === "string") return refundCategory(v);
    if (k === "outcome" && typeof v === "string") return t("spotlight.admin.status", { status: v, label: v });
    if (k === "takeBack" && v && typeof v === "object") {
      const taken = v as { job?: unknown; credits?: unknown };
      return refundTakeBack({ job_unpublished: taken.job === true ? 1 : 0, credits_removed: typeof taken.credits === "number" ? taken.credits : 0 });
    }
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  };
  // Each value isolated: an id or a key broken at a hyphen keeps the hyphen on its own side.
  return Object.entries(detail).map(([key, v]) => rich("spotlight.admin.audit.detail", { key, value: <bdi key={key}>{shown(key, v)}</bdi> }));
}

function AuditTab() {
  const { t, rich } = useI18n();
  const [filter, setFilter] = useState({ actor: "", target: "" });
  const [draft, setDraft] = useState(filter);
  const [range, setRange] = useState(ANY_TIME);
  const { state, pager } = usePaged("audit", { actor: filter.actor || undefined, target: filter.target || undefined, ...rangeQuery(range) }, (query, init) => call(admin.audit.$get({ query }, init)));
  return (
    <>
      <div className="admin-controls">
        <form
          className="admin-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter({ actor: draft.actor.trim(), target: draft.target.trim() });
          }}
        >
          <input
            className="form-input"
            type="search"
            aria-label={t("spotlight.admin.audit.actor")}
            placeholder={t("spotlight.admin.audit.actor")}
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
          <input
            className="form-input"
            type="search"
            aria-label={t("spotlight.admin.audit.target")}
            placeholder={t("spotlight.admin.audit.target")}
            value={draft.target}
            onChange={(e) => setDraft({ ...draft, target: e.target.value })}
          />
          <button type="submit" className="button button-outline">
            {t("spotlight.admin.search")}
          </button>
        </form>
        <RangeControls range={range} onChange={setRange} />
      </div>
      <Listing state={state} rows={(d) => d.entries}>
        {(entries) => (
          <Table
            head={[t("spotlight.admin.head.when"), t("spotlight.admin.head.who"), t("spotlight.admin.head.what"), t("spotlight.admin.head.why")]}
            rows={entries}
            cells={(e) => (
              <>
                <td className="admin-nowrap">{when(e.created_at)}</td>
                <td>{e.actor}</td>
                <td>
                  <strong>{t("spotlight.admin.audit.action", { action: e.action.replace(/\W/g, "_"), label: e.action })}</strong>
                  <span className="admin-sub">{rich("spotlight.admin.audit.subject", { type: e.target_type, id: <bdi dir="ltr">{e.target_id}</bdi> })}</span>
                  {Object.keys(e.detail).length > 0 && (
                    <span className="admin-sub admin-detail-text">
                      <Facts parts={detailParts(e.detail)} />
                    </span>
                  )}
                </td>
                <td dir="auto">{e.reason}</td>
              </>
            )}
          />
        )}
      </Listing>
      <Pager pager={pager} shown={state.data?.entries.length ?? 0} />
    </>
  );
}

/** The overview (item 13): the numbers over a range of days (the last 30 unless chosen), and the CSV exports. */
function OverviewTab() {
  const { t, number } = useI18n();
  const [range, setRange] = useState(ANY_TIME);
  const query = { from: range.from || undefined, to: range.to || undefined };
  const state = useList(keys.admin.list("overview", query), (init) => call(admin.overview.$get({ query }, init)));
  const exportQuery = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]))).toString();
  const num = (n: number) => number(n);
  return (
    <>
      <div className="admin-controls">
        <RangeControls range={range} onChange={setRange} sort={false} />
      </div>
      {state.error && <p className="admin-status-error">{state.error}</p>}
      {!state.data && !state.error && (
        <p className="muted" aria-busy="true">
          {t("common.loading")}
        </p>
      )}
      {state.data && (
        <>
          <p className="admin-sub">
            {t("spotlight.admin.overview.range", { from: i18n().date(`${state.data.from}T00:00:00Z`, "medium", "UTC"), to: i18n().date(`${state.data.to}T00:00:00Z`, "medium", "UTC") })}
          </p>
          <dl className="admin-numbers">
            <div>
              <dt>{t("spotlight.admin.overview.revenue")}</dt>
              <dd>{money(state.data.revenue.totalCents)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.jobs")}</dt>
              <dd>{money(state.data.revenue.byProduct.job)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.credits")}</dt>
              <dd>{money(state.data.revenue.byProduct.credits)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.spotlight")}</dt>
              <dd>{money(state.data.revenue.byProduct.spotlight)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.refunds")}</dt>
              <dd>
                {money(state.data.refunds.totalCents)} <span className="admin-sub">{t("spotlight.admin.overview.refundCount", { count: state.data.refunds.count })}</span>
              </dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.subscriptions")}</dt>
              <dd>{num(state.data.subscriptions.active)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.mrr")}</dt>
              <dd>{money(state.data.subscriptions.mrrCents)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.posts")}</dt>
              <dd>{num(state.data.posts.total)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.failedWebhooks")}</dt>
              <dd className={state.data.failedWebhooks ? "admin-error-text" : undefined}>{num(state.data.failedWebhooks)}</dd>
            </div>
            <div>
              <dt>{t("spotlight.admin.overview.failedMail")}</dt>
              <dd className={state.data.failedMail ? "admin-error-text" : undefined}>{num(state.data.failedMail)}</dd>
            </div>
          </dl>
          <h2 className="admin-subheading">{t("spotlight.admin.overview.byDay")}</h2>
          {state.data.revenue.byDay.length || state.data.posts.byDay.length ? (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t("spotlight.admin.overview.day")}</th>
                    <th>{t("spotlight.admin.overview.revenue")}</th>
                    <th>{t("spotlight.admin.overview.jobs")}</th>
                    <th>{t("spotlight.admin.overview.credits")}</th>
                    <th>{t("spotlight.admin.overview.spotlight")}</th>
                    <th>{t("spotlight.admin.overview.refunds")}</th>
                    <th>{t("spotlight.admin.overview.posts")}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...new Set([...state.data.revenue.byDay.map((d) => d.day), ...state.data.refunds.byDay.map((d) => d.day), ...state.data.posts.byDay.map((d) => d.day)])].sort().map((day) => {
                    const r = state.data!.revenue.byDay.find((d) => d.day === day);
                    const f = state.data!.refunds.byDay.find((d) => d.day === day);
                    const p = state.data!.posts.byDay.find((d) => d.day === day);
                    return (
                      <tr key={day}>
                        <td className="admin-nowrap">{i18n().date(`${day}T00:00:00Z`, "medium", "UTC")}</td>
                        {(
                          [
                            ["revenue", r?.cents],
                            ["jobs", r?.job],
                            ["credits", r?.credits],
                            ["spotlight", r?.spotlight],
                            ["refunds", f?.cents],
                          ] as const
                        ).map(([column, cents]) => (
                          <td key={column} className="admin-amount" data-label={t(`spotlight.admin.overview.${column}`)}>
                            {money(cents ?? 0)}
                          </td>
                        ))}
                        <td data-label={t("spotlight.admin.overview.posts")}>{num(p?.posts ?? 0)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="muted">{t("spotlight.admin.nothing")}</p>
          )}
        </>
      )}
      <h2 className="admin-subheading">{t("spotlight.admin.overview.exports")}</h2>
      <p className="admin-exports">
        {(
          [
            ["orders", "spotlight.admin.tab.orders"],
            ["refunds", "spotlight.admin.order.refunds"],
            ["accounts", "spotlight.admin.tab.accounts"],
            ["audit", "spotlight.admin.tab.audit"],
          ] as const
        ).map(([what, label]) => (
          <a key={what} className="button button-small button-outline" href={`/api/admin/export/${what}${exportQuery ? `?${exportQuery}` : ""}`} download>
            {t("spotlight.admin.overview.export", { what: t(label) })}
          </a>
        ))}
      </p>
    </>
  );
}
