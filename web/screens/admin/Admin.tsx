// /admin: the operator console. Only an admin gets past /api/admin/me; anyone else sees the app's 404
// page. Every action needs a reason (kept in the audit log) and is done by the server
// (worker/admin/routes.ts); this screen only lists, asks and shows the answer. Each tab's list is a query
// (keys.admin.list); an action calls the API, then invalidates every list (keys.admin.data).
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useCallback, useState } from "react";
import type { HTMLAttributes, ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ApiRequestError, api, call, type Success } from "../../client";
import { i18n, useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";
import { freshEachVisit, keys } from "../../queryKeys";
import { useDocumentTitle } from "../../useDocumentTitle";
import { NotFound } from "../NotFound";
import { RefundDialog, refundTakeBack } from "./RefundDialog";

const TABS = [
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
/** An action on one row: its id, and the reason typed above the tabs. */
const target = (id: string, reason: string) => ({ param: { id }, json: { reason } });

/** Runs an action (`send`, given the shared reason), then reloads the lists; the outcome goes to the status line. */
type Run = (label: string, send: (reason: string) => Promise<unknown>) => Promise<boolean>;

export function Admin() {
  const { t } = useI18n();
  useDocumentTitle(t("spotlight.admin.title"));
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: keys.admin.me, queryFn: ({ signal }) => call(admin.me.$get(undefined, { init: { signal } })), ...freshEachVisit });
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS.find(([t]) => t === params.get("tab"))?.[0] ?? "jobs") as Tab;
  const [reason, setReason] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const run: Run = useCallback(
    async (label, send) => {
      try {
        await send(reason);
        setStatus({ ok: true, text: t("spotlight.admin.done", { label }) });
        void queryClient.invalidateQueries({ queryKey: keys.admin.data });
        return true;
      } catch (e) {
        setStatus({ ok: false, text: `${label}: ${errorText(e)}` });
        return false;
      }
    },
    [reason, queryClient, t],
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
      {tab !== "audit" && (
        <label className="admin-reason">
          <span>{t("spotlight.admin.reason")}</span>
          <input
            className="form-input"
            value={reason}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              setStatus(null); // the last action's answer no longer describes what is typed
            }}
            dir="auto"
            placeholder={t("spotlight.admin.reasonPlaceholder")}
          />
        </label>
      )}
      <p className={`admin-status ${status ? (status.ok ? "admin-status-ok" : "admin-status-error") : ""}`} role="status" aria-live="polite">
        {status?.text ?? ""}
      </p>
      <section role="tabpanel" className="card admin-panel">
        {tab === "jobs" && <JobsTab run={run} />}
        {tab === "moderation" && <ModerationTab run={run} />}
        {tab === "orders" && <OrdersTab run={run} />}
        {tab === "events" && <EventsTab run={run} />}
        {tab === "outbox" && <OutboxTab run={run} />}
        {tab === "accounts" && <AccountsTab run={run} />}
        {tab === "contact" && <ContactTab run={run} />}
        {tab === "audit" && <AuditTab />}
      </section>
    </div>
  );
}

type ListState<T> = { data: T | null; error: string | null };

/** One console list: read on every visit, kept on screen while a new filter or an action's reload is read. */
function useList<T>(queryKey: readonly unknown[], read: (init: { init: RequestInit }) => Promise<T>): ListState<T> {
  const query = useQuery({ queryKey, queryFn: ({ signal }) => read({ init: { signal } }), placeholderData: keepPreviousData, ...freshEachVisit });
  return query.isError ? { data: null, error: errorText(query.error) } : { data: query.data ?? null, error: null };
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
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && " · "}
      <bdi dir="auto">{part}</bdi>
    </Fragment>
  ));
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

/** A row's action button: runs `send` with the shared reason, under `label` in the status line. */
function Action({ run, label, send, tone = "outline", children }: { run: Run; label: string; send: (reason: string) => Promise<unknown>; tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <button type="button" className={`button button-small ${TONES[tone]}`} onClick={() => void run(label, send)}>
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

/** A stored status; in English as stored ("pending review"), elsewhere its word from the catalogue. */
const Badge = ({ value }: { value: string }) => (
  <span className={`admin-badge admin-badge-${value.replace(/[^a-z_]/gi, "")}`}>{i18n().t("spotlight.admin.status", { status: value, label: value.replace(/_/g, " ") })}</span>
);

function JobsTab({ run }: { run: Run }) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const query: { q?: string } = q ? { q } : {};
  const state = useList(keys.admin.list("jobs", query), (init) => call(admin.jobs.$get({ query }, init)));
  const job = admin.jobs[":id"];
  return (
    <>
      <Search label={t("spotlight.admin.jobs.search")} onSearch={setQ} />
      <Listing state={state} rows={(d) => d.jobs}>
        {(jobs) => (
          <Table
            head={[t("spotlight.admin.head.job"), t("spotlight.admin.head.state"), t("spotlight.admin.head.placement"), t("spotlight.admin.head.actions")]}
            rows={jobs}
            cells={(j) => {
              const toggle = (enhancement: "featured" | "sticky") => {
                const on = !j.enhancements.includes(enhancement);
                const text =
                  enhancement === "featured"
                    ? t(on ? "spotlight.admin.jobs.markFeatured" : "spotlight.admin.jobs.unmarkFeatured")
                    : t(on ? "spotlight.admin.jobs.markSticky" : "spotlight.admin.jobs.unmarkSticky");
                return (
                  <Action run={run} label={`${text}: ${j.title}`} send={(reason) => call(job.enhancement.$post({ param: { id: j.id }, json: { reason, enhancement, on } }))}>
                    {text}
                  </Action>
                );
              };
              return (
                <>
                  <Subject title={j.title} sub={[j.company, j.email || t("spotlight.admin.noEmail"), j.source, when(j.createdAt)]} />
                  <td>
                    <Badge value={j.state} />
                  </td>
                  <td>{[stored("plan", j.plan), ...j.enhancements.map((e) => stored("enhancement", e))].join(", ")}</td>
                  <td className="admin-actions">
                    {j.state === "live" && (
                      <Action run={run} label={t("spotlight.admin.jobs.unpublishLabel", { title: j.title })} send={(reason) => call(job.unpublish.$post(target(j.id, reason)))}>
                        {t("spotlight.admin.jobs.unpublish")}
                      </Action>
                    )}
                    {(j.state === "unpublished" || j.state === "deleted") && (
                      <Action run={run} label={t("spotlight.admin.jobs.restoreLabel", { title: j.title })} send={(reason) => call(job.restore.$post(target(j.id, reason)))}>
                        {t("spotlight.admin.jobs.restore")}
                      </Action>
                    )}
                    {j.state !== "deleted" && (
                      <Action run={run} tone="danger" label={t("spotlight.admin.jobs.deleteLabel", { title: j.title })} send={(reason) => call(job.delete.$post(target(j.id, reason)))}>
                        {t("spotlight.admin.jobs.delete")}
                      </Action>
                    )}
                    {toggle("featured")}
                    {toggle("sticky")}
                  </td>
                </>
              );
            }}
          />
        )}
      </Listing>
    </>
  );
}

/**
 * Optional moderation (MODERATION=on): new paid and credit posts wait here, oldest first. Approve publishes
 * for 30 days from now; Reject refunds a card payment in full or gives the credit back, and the job stays hidden.
 */
function ModerationTab({ run }: { run: Run }) {
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
                  <Action run={run} tone="primary" label={t("spotlight.admin.approveLabel", { title: j.title })} send={(reason) => call(job.approve.$post(target(j.id, reason)))}>
                    {t("spotlight.admin.approve")}
                  </Action>
                  <Action run={run} tone="danger" label={t("spotlight.admin.rejectLabel", { title: j.title })} send={(reason) => call(job.reject.$post(target(j.id, reason)))}>
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
  if (o.kind === "credits") return `${t("spotlight.admin.credits", { count: i.credits ?? 1 })}${i.bundleId ? ` (${i.bundleId})` : ""}`;
  if (o.kind === "spotlight") return t("spotlight.admin.spotlightOrder");
  const posts = t("spotlight.admin.posts", { count: i.posts ?? 1, plan: stored("plan", i.plan ?? "standard") });
  const extras = i.enhancements?.length ? ` ${t("spotlight.admin.postsWith", { enhancements: i.enhancements.map((e) => stored("enhancement", e)).join(", ") })}` : "";
  return `${posts}${extras}${i.bundleName ? ` (${i.bundleName})` : ""}`;
}

function OrdersTab({ run }: { run: Run }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof ORDER_FILTERS)[number][0]>("all");
  const [openId, setOpenId] = useState<string | null>(null);
  const state = useList(keys.admin.list("orders", { status }), (init) => call(admin.orders.$get({ query: { status } }, init)));
  return (
    <>
      <Filter label={t("spotlight.admin.show")} value={status} options={ORDER_FILTERS} onChange={setFilter} />
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
                    <Facts parts={[o.customerEmail, when(o.createdAt), o.id.slice(0, 8)]} />
                  </span>
                </td>
                <td>
                  <Badge value={o.status} />
                </td>
                <td className="admin-amount">
                  {money(o.amount, o.currency)}
                  {o.refunded > 0 && <span className="admin-sub">{t("spotlight.admin.refunded", { amount: money(o.refunded, o.currency) })}</span>}
                </td>
                <td>
                  <button type="button" className="button button-small button-outline" onClick={() => setOpenId(o.id === openId ? null : o.id)}>
                    {o.id === openId ? t("spotlight.admin.close") : t("spotlight.admin.open")}
                  </button>
                </td>
              </>
            )}
          />
        )}
      </Listing>
      {openId && <OrderDetail id={openId} run={run} />}
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

function OrderDetail({ id, run }: { id: string; run: Run }) {
  const { t } = useI18n();
  const state = useList(keys.admin.order(id), (init) => call(admin.orders[":id"].$get({ param: { id } }, init)));
  if (!state.data)
    return (
      <Listing state={state} rows={() => [null]}>
        {() => null}
      </Listing>
    );
  const { order, payments, refunds, events, refundFacts } = state.data;
  const left = order.amount - order.refunded;
  return (
    <div className="admin-detail" aria-label={t("spotlight.admin.order.details")}>
      <h2>{t("spotlight.admin.order.title", { id: order.id })}</h2>
      <dl className="admin-facts">
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
        item={(p) => `${money(p.amount, p.currency)} · ${p.payment_intent_id ?? t("spotlight.admin.order.noIntent")} · ${when(p.created_at)}`}
      />
      <h3>{t("spotlight.admin.order.refunds")}</h3>
      <Plain
        rows={refunds}
        none={t("spotlight.admin.order.noRefunds")}
        item={(r) => (
          <>
            {money(r.amount, order.currency)} · <Badge value={r.status} /> · {r.reason} · {when(r.created_at)} · {refundTakeBack(r)}
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
            {e.type} · <Badge value={e.status} /> · {when(e.receivedAt)}
          </>
        )}
      />
      {payments.length > 0 && left > 0 && <RefundDialog orderId={order.id} currency={order.currency} facts={refundFacts} run={run} />}
    </div>
  );
}

const EVENT_FILTERS = [
  ["all", "spotlight.admin.filter.all"],
  ["received", "spotlight.admin.filter.received"],
  ["processed", "spotlight.admin.filter.processed"],
  ["failed", "spotlight.admin.filter.failed"],
] as const;

function EventsTab({ run }: { run: Run }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof EVENT_FILTERS)[number][0]>("all");
  const state = useList(keys.admin.list("events", { status }), (init) => call(admin["webhook-events"].$get({ query: { status } }, init)));
  return (
    <>
      <Filter label={t("spotlight.admin.show")} value={status} options={EVENT_FILTERS} onChange={setFilter} />
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
                    <Action run={run} label={t("spotlight.admin.events.replayLabel", { id: e.id })} send={(reason) => call(admin["webhook-events"][":id"].replay.$post(target(e.id, reason)))}>
                      {t("spotlight.admin.events.replay")}
                    </Action>
                  )}
                </td>
              </>
            )}
          />
        )}
      </Listing>
    </>
  );
}

const MAIL_FILTERS = [
  ["all", "spotlight.admin.filter.all"],
  ["pending", "spotlight.admin.filter.pending"],
  ["sent", "spotlight.admin.filter.sent"],
  ["failed", "spotlight.admin.filter.failed"],
] as const;

function OutboxTab({ run }: { run: Run }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof MAIL_FILTERS)[number][0]>("all");
  const state = useList(keys.admin.list("outbox", { status }), (init) => call(admin.outbox.$get({ query: { status } }, init)));
  return (
    <>
      <Filter label={t("spotlight.admin.show")} value={status} options={MAIL_FILTERS} onChange={setFilter} />
      <Listing state={state} rows={(d) => d.mail}>
        {(mail) => (
          <Table
            head={[t("spotlight.admin.head.email"), t("spotlight.admin.head.status"), ""]}
            rows={mail}
            cells={(m) => (
              <>
                <Subject
                  title={m.subject}
                  sub={[t("spotlight.admin.mail.to", { to: m.to }), m.kind, t("spotlight.admin.mail.attempts", { count: m.attempts }), when(m.sent_at ?? m.created_at)]}
                  error={m.last_error}
                />
                <td>
                  <Badge value={m.status} />
                </td>
                <td>
                  {m.status === "failed" && (
                    <Action run={run} label={t("spotlight.admin.mail.resendLabel", { subject: m.subject })} send={(reason) => call(admin.outbox[":id"].resend.$post(target(m.id, reason)))}>
                      {t("spotlight.admin.mail.resend")}
                    </Action>
                  )}
                </td>
              </>
            )}
          />
        )}
      </Listing>
    </>
  );
}

function AccountsTab({ run }: { run: Run }) {
  const { t } = useI18n();
  const [q, setQ] = useState("");
  const query: { q?: string } = q ? { q } : {};
  const state = useList(keys.admin.list("accounts", query), (init) => call(admin.accounts.$get({ query }, init)));
  const account = admin.accounts[":id"];
  return (
    <>
      <Search label={t("spotlight.admin.accounts.search")} onSearch={setQ} />
      <Listing state={state} rows={(d) => d.accounts}>
        {(accounts) => (
          <Table
            head={[t("spotlight.admin.head.account"), t("spotlight.admin.head.status"), ""]}
            rows={accounts}
            cells={(a) => (
              <>
                <Subject
                  title={a.email}
                  sub={[
                    [a.name, a.company].filter(Boolean).join(" · ") || "—",
                    t("spotlight.admin.accounts.jobs", { count: a.jobs }),
                    t("spotlight.admin.accounts.since", { when: when(a.createdAt) }),
                  ]}
                />
                <td>
                  <Badge value={a.disabled ? "disabled" : "active"} />
                </td>
                <td>
                  {a.disabled ? (
                    <Action run={run} label={t("spotlight.admin.accounts.enableLabel", { email: a.email })} send={(reason) => call(account.enable.$post(target(a.id, reason)))}>
                      {t("spotlight.admin.accounts.enable")}
                    </Action>
                  ) : (
                    <Action run={run} tone="danger" label={t("spotlight.admin.accounts.disableLabel", { email: a.email })} send={(reason) => call(account.disable.$post(target(a.id, reason)))}>
                      {t("spotlight.admin.accounts.disable")}
                    </Action>
                  )}
                </td>
              </>
            )}
          />
        )}
      </Listing>
    </>
  );
}

const CONTACT_FILTERS = [
  ["open", "spotlight.admin.filter.open"],
  ["handled", "spotlight.admin.filter.handled"],
  ["all", "spotlight.admin.filter.all"],
] as const;

function ContactTab({ run }: { run: Run }) {
  const { t } = useI18n();
  const [status, setFilter] = useState<(typeof CONTACT_FILTERS)[number][0]>("open");
  const state = useList(keys.admin.list("contact", { status }), (init) => call(admin["contact-messages"].$get({ query: { status } }, init)));
  return (
    <>
      <Filter label={t("spotlight.admin.show")} value={status} options={CONTACT_FILTERS} onChange={setFilter} />
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
                    run={run}
                    label={t("spotlight.admin.contact.markLabel", { subject: m.subject })}
                    send={(reason) => call(admin["contact-messages"][":id"].handled.$post(target(m.id, reason)))}
                  >
                    {t("spotlight.admin.contact.mark")}
                  </Action>
                )}
              </li>
            ))}
          </ul>
        )}
      </Listing>
    </>
  );
}

function AuditTab() {
  const { t } = useI18n();
  const state = useList(keys.admin.list("audit", {}), (init) => call(admin.audit.$get(undefined, init)));
  return (
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
                <strong>{e.action}</strong>
                <span className="admin-sub">
                  {e.target_type} {e.target_id}
                </span>
              </td>
              <td dir="auto">{e.reason}</td>
            </>
          )}
        />
      )}
    </Listing>
  );
}
