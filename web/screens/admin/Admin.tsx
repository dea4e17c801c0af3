// /admin: the operator console. Only an admin gets past /api/admin/me; anyone else sees the app's 404
// page. Every action needs a reason (kept in the audit log) and is done by the server
// (worker/admin/routes.ts); this screen only lists, asks and shows the answer.
import { useCallback, useEffect, useState } from "react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ApiRequestError } from "../../api";
import { adminGet, adminPost } from "../../adminApi";
import type { AdminAccount, AdminContactMessage, AdminEvent, AdminJob, AdminMail, AdminOrder, AdminOrderDetail, AdminReviewJob, AuditEntry } from "../../adminApi";
import { useDocumentTitle } from "../../useDocumentTitle";
import { NotFound } from "../NotFound";

const TABS = [
  ["jobs", "Jobs"],
  ["moderation", "Moderation"],
  ["orders", "Orders"],
  ["events", "Webhook events"],
  ["outbox", "E-mail outbox"],
  ["accounts", "Accounts"],
  ["contact", "Contact messages"],
  ["audit", "Audit log"],
] as const;
type Tab = (typeof TABS)[number][0];

const money = (cents: number, currency = "usd") => new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
const when = (t: string | number | null) => (t === null ? "—" : new Date(t).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }));
const errorText = (e: unknown) => (e instanceof ApiRequestError ? e.message : "Something went wrong. Please try again.");

/** Runs an action with the shared reason, then reloads; the outcome goes to the status line. */
type Run = (label: string, path: string, body?: Record<string, unknown>) => Promise<boolean>;

export function Admin() {
  useDocumentTitle("Operator Console | Startup Jobs");
  const [me, setMe] = useState<{ email: string } | null | "loading" | "denied">("loading");
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS.find(([t]) => t === params.get("tab"))?.[0] ?? "jobs") as Tab;
  const [reason, setReason] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    adminGet<{ admin: { email: string } }>("/me")
      .then((r) => setMe(r.admin))
      .catch(() => setMe("denied"));
  }, []);

  const run: Run = useCallback(
    async (label, path, body = {}) => {
      try {
        await adminPost(path, { reason, ...body });
        setStatus({ ok: true, text: `${label}: done.` });
        setVersion((v) => v + 1);
        return true;
      } catch (e) {
        setStatus({ ok: false, text: `${label}: ${errorText(e)}` });
        return false;
      }
    },
    [reason],
  );

  if (me === "loading") return <div className="container page" aria-busy="true" />;
  if (me === "denied" || me === null) return <NotFound />;

  return (
    <div className="container page admin">
      <header className="page-intro">
        <h1>Operator Console</h1>
        <p className="muted">Signed in as {me.email}. Every action is recorded in the audit log with its reason.</p>
      </header>
      <div className="admin-tabs" role="tablist" aria-label="Console sections">
        {TABS.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} className="admin-tab" onClick={() => setParams({ tab: id })}>
            {label}
          </button>
        ))}
      </div>
      {tab !== "audit" && (
        <label className="admin-reason">
          <span>Reason for the next action (required, kept in the audit log)</span>
          <input className="form-input" value={reason} maxLength={500} onChange={(e) => {
              setReason(e.target.value);
              setStatus(null); // the last action's answer no longer describes what is typed
            }} placeholder="e.g. Customer asked for a refund" />
        </label>
      )}
      <p className={`admin-status ${status ? (status.ok ? "admin-status-ok" : "admin-status-error") : ""}`} role="status" aria-live="polite">
        {status?.text ?? ""}
      </p>
      <section role="tabpanel" className="card admin-panel">
        {tab === "jobs" && <JobsTab run={run} version={version} />}
        {tab === "moderation" && <ModerationTab run={run} version={version} />}
        {tab === "orders" && <OrdersTab run={run} version={version} />}
        {tab === "events" && <EventsTab run={run} version={version} />}
        {tab === "outbox" && <OutboxTab run={run} version={version} />}
        {tab === "accounts" && <AccountsTab run={run} version={version} />}
        {tab === "contact" && <ContactTab run={run} version={version} />}
        {tab === "audit" && <AuditTab version={version} />}
      </section>
    </div>
  );
}

/** Loads `path` whenever it or `version` changes. */
function useList<T>(path: string, version: number): { data: T | null; error: string | null } {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  useEffect(() => {
    let live = true;
    adminGet<T>(path)
      .then((data) => live && setState({ data, error: null }))
      .catch((e: unknown) => live && setState({ data: null, error: errorText(e) }));
    return () => {
      live = false;
    };
  }, [path, version]);
  return state;
}

function Listing<T>({ state, empty, children }: { state: { data: T | null; error: string | null }; empty: (d: T) => boolean; children: (d: T) => ReactNode }) {
  if (state.error) return <p className="admin-status-error">{state.error}</p>;
  if (!state.data) return <p className="muted" aria-busy="true">Loading…</p>;
  if (empty(state.data)) return <p className="muted">Nothing here.</p>;
  return <div className="admin-table-wrap">{children(state.data)}</div>;
}

function Filter<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly (readonly [T, string])[]; onChange: (v: T) => void }) {
  return (
    <label className="admin-filter">
      <span>{label}</span>
      <select className="form-input" value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
}

function Search({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
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
        Search
      </button>
    </form>
  );
}

const Badge = ({ value }: { value: string }) => <span className={`admin-badge admin-badge-${value.replace(/[^a-z_]/gi, "")}`}>{value.replace(/_/g, " ")}</span>;

function JobsTab({ run, version }: { run: Run; version: number }) {
  const [q, setQ] = useState("");
  const state = useList<{ jobs: AdminJob[] }>(`/jobs${q ? `?q=${encodeURIComponent(q)}` : ""}`, version);
  return (
    <>
      <Search label="Search jobs by title, company, e-mail or id" onSearch={setQ} />
      <Listing state={state} empty={(d) => !d.jobs.length}>
        {(d) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th>Job</th>
                <th>State</th>
                <th>Placement</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {d.jobs.map((j) => {
                const path = `/jobs/${encodeURIComponent(j.id)}`;
                const toggle = (e: "featured" | "sticky") => {
                  const on = !j.enhancements.includes(e);
                  return (
                    <button type="button" className="button button-small button-outline" onClick={() => void run(`${on ? "Mark" : "Unmark"} ${e}: ${j.title}`, `${path}/enhancement`, { enhancement: e, on })}>
                      {on ? `Mark ${e}` : `Unmark ${e}`}
                    </button>
                  );
                };
                return (
                  <tr key={j.id}>
                    <td>
                      <strong dir="auto">{j.title}</strong>
                      <span className="admin-sub" dir="auto">
                        {j.company} · {j.email || "no e-mail"} · {j.source} · {when(j.createdAt)}
                      </span>
                    </td>
                    <td>
                      <Badge value={j.state} />
                    </td>
                    <td>{[j.plan, ...j.enhancements].join(", ")}</td>
                    <td className="admin-actions">
                      {j.state === "live" && (
                        <button type="button" className="button button-small button-outline" onClick={() => void run(`Unpublish ${j.title}`, `${path}/unpublish`)}>
                          Unpublish
                        </button>
                      )}
                      {(j.state === "unpublished" || j.state === "deleted") && (
                        <button type="button" className="button button-small button-outline" onClick={() => void run(`Restore ${j.title}`, `${path}/restore`)}>
                          Restore
                        </button>
                      )}
                      {j.state !== "deleted" && (
                        <button type="button" className="button button-small admin-danger" onClick={() => void run(`Delete ${j.title}`, `${path}/delete`)}>
                          Delete
                        </button>
                      )}
                      {toggle("featured")}
                      {toggle("sticky")}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Listing>
    </>
  );
}

/**
 * Optional moderation (MODERATION=on): new paid and credit posts wait here, oldest first. Approve publishes
 * for 30 days from now; Reject refunds a card payment in full or gives the credit back, and the job stays hidden.
 */
function ModerationTab({ run, version }: { run: Run; version: number }) {
  const state = useList<{ jobs: AdminReviewJob[] }>("/moderation", version);
  return (
    <>
      <p className="muted small">New paid and credit posts wait here for approval while MODERATION is on. Spotlight subscribers' posts are not moderated.</p>
      <Listing state={state} empty={(d) => !d.jobs.length}>
        {(d) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th>Job</th>
                <th>Listing</th>
                <th>Paid with</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {d.jobs.map((j) => {
                const path = `/jobs/${encodeURIComponent(j.id)}`;
                return (
                  <tr key={j.id} data-job-id={j.id}>
                    <td>
                      <strong dir="auto">{j.title}</strong>
                      <span className="admin-sub" dir="auto">
                        {j.company} · {j.location || "Remote"} · {j.email || "no e-mail"} · {when(j.createdAt)}
                      </span>
                    </td>
                    <td>
                      <span className="admin-sub admin-review-text" dir="auto">
                        {j.description.length > 300 ? `${j.description.slice(0, 300)}…` : j.description}
                      </span>
                      <span className="admin-sub" dir="auto">Apply: {j.applyUrl || j.applyEmail || "—"}</span>
                    </td>
                    <td>{j.paidWith === "card" ? `Card (order ${j.orderId})` : "Credit"}</td>
                    <td className="admin-actions">
                      <button type="button" className="button button-small button-primary" onClick={() => void run(`Approve ${j.title}`, `${path}/approve`)}>
                        Approve
                      </button>
                      <button type="button" className="button button-small admin-danger" onClick={() => void run(`Reject ${j.title}`, `${path}/reject`)}>
                        {j.paidWith === "card" ? "Reject and refund" : "Reject and return the credit"}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Listing>
    </>
  );
}

const ORDER_FILTERS = [
  ["all", "All"],
  ["paid", "Paid"],
  ["pending", "Pending"],
  ["failed", "Failed"],
  ["refunded", "Refunded"],
  ["unfulfilled", "Unfulfilled past 10 minutes"],
] as const;

function describeItems(o: AdminOrder): string {
  const i = o.items;
  if (o.kind === "credits") return `${i.credits ?? 1} credit${(i.credits ?? 1) === 1 ? "" : "s"}${i.bundleId ? ` (${i.bundleId})` : ""}`;
  if (o.kind === "spotlight") return "Spotlight subscription";
  return `${i.posts ?? 1} × ${i.plan ?? "standard"} post${i.enhancements?.length ? ` with ${i.enhancements.join(", ")}` : ""}${i.bundleName ? ` (${i.bundleName})` : ""}`;
}

function OrdersTab({ run, version }: { run: Run; version: number }) {
  const [filter, setFilter] = useState<(typeof ORDER_FILTERS)[number][0]>("all");
  const [openId, setOpenId] = useState<string | null>(null);
  const state = useList<{ orders: AdminOrder[] }>(`/orders?status=${filter}`, version);
  return (
    <>
      <Filter label="Show" value={filter} options={ORDER_FILTERS} onChange={setFilter} />
      <Listing state={state} empty={(d) => !d.orders.length}>
        {(d) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th>Order</th>
                <th>Status</th>
                <th>Amount</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {d.orders.map((o) => (
                <tr key={o.id} aria-current={o.id === openId}>
                  <td>
                    <strong>{describeItems(o)}</strong>
                    <span className="admin-sub">
                      {o.customerEmail} · {when(o.createdAt)} · {o.id.slice(0, 8)}
                    </span>
                  </td>
                  <td>
                    <Badge value={o.status} />
                  </td>
                  <td className="admin-amount">
                    {money(o.amount, o.currency)}
                    {o.refunded > 0 && <span className="admin-sub">refunded {money(o.refunded, o.currency)}</span>}
                  </td>
                  <td>
                    <button type="button" className="button button-small button-outline" onClick={() => setOpenId(o.id === openId ? null : o.id)}>
                      {o.id === openId ? "Close" : "Open"}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Listing>
      {openId && <OrderDetail id={openId} run={run} version={version} />}
    </>
  );
}

function OrderDetail({ id, run, version }: { id: string; run: Run; version: number }) {
  const state = useList<AdminOrderDetail>(`/orders/${encodeURIComponent(id)}`, version);
  const [amount, setAmount] = useState("");
  // One key per refund the operator means: a doubled click or a retried request refunds once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  if (!state.data) return <Listing state={state} empty={() => false}>{() => null}</Listing>;
  const { order, payments, refunds, events } = state.data;
  const left = order.amount - order.refunded;
  const refund = async () => {
    const cents = amount.trim() ? Math.round(Number(amount) * 100) : undefined;
    if (await run(`Refund ${money(cents ?? left, order.currency)}`, `/orders/${encodeURIComponent(order.id)}/refund`, { key, ...(cents !== undefined ? { amountCents: cents } : {}) })) {
      setKey(crypto.randomUUID());
      setAmount("");
    }
  };
  return (
    <div className="admin-detail" aria-label="Order details">
      <h2>Order {order.id}</h2>
      <dl className="admin-facts">
        <dt>Items</dt>
        <dd>{describeItems(order)}</dd>
        <dt>Customer</dt>
        <dd>{order.customerEmail}</dd>
        <dt>Job</dt>
        <dd>{order.jobId ?? "—"}</dd>
        <dt>Status</dt>
        <dd>
          <Badge value={order.status} /> {order.fulfilledAt ? `fulfilled ${when(order.fulfilledAt)}` : "not fulfilled"}
        </dd>
      </dl>
      <h3>Payment</h3>
      {payments.length ? (
        <ul className="admin-plain">
          {payments.map((p) => (
            <li key={p.id}>
              {money(p.amount, p.currency)} · {p.payment_intent_id ?? "no payment intent"} · {when(p.created_at)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No payment recorded.</p>
      )}
      <h3>Refunds</h3>
      {refunds.length ? (
        <ul className="admin-plain">
          {refunds.map((r) => (
            <li key={r.id}>
              {money(r.amount, order.currency)} · <Badge value={r.status} /> · {r.reason} · {when(r.created_at)}
              {r.last_error && <span className="admin-error-text"> {r.last_error}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No refunds.</p>
      )}
      <h3>Webhook events</h3>
      {events.length ? (
        <ul className="admin-plain">
          {events.map((e) => (
            <li key={e.id}>
              {e.type} · <Badge value={e.status} /> · {when(e.receivedAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No events.</p>
      )}
      {payments.length > 0 && left > 0 && (
        <div className="admin-refund">
          <label>
            <span>Refund amount ({order.currency.toUpperCase()}), empty for the full {money(left, order.currency)}</span>
            <input className="form-input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={(left / 100).toFixed(2)} />
          </label>
          <button type="button" className="button admin-danger" onClick={() => void refund()}>
            Refund
          </button>
        </div>
      )}
    </div>
  );
}

const EVENT_FILTERS = [
  ["all", "All"],
  ["received", "Received"],
  ["processed", "Processed"],
  ["failed", "Failed"],
] as const;

function EventsTab({ run, version }: { run: Run; version: number }) {
  const [filter, setFilter] = useState<(typeof EVENT_FILTERS)[number][0]>("all");
  const state = useList<{ events: AdminEvent[] }>(`/webhook-events?status=${filter}`, version);
  return (
    <>
      <Filter label="Show" value={filter} options={EVENT_FILTERS} onChange={setFilter} />
      <Listing state={state} empty={(d) => !d.events.length}>
        {(d) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th>Event</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {d.events.map((e) => (
                <tr key={e.id}>
                  <td>
                    <strong>{e.type}</strong>
                    <span className="admin-sub">
                      {e.id} · received {when(e.receivedAt)}
                    </span>
                    {e.error && <span className="admin-error-text">{e.error}</span>}
                  </td>
                  <td>
                    <Badge value={e.status} />
                  </td>
                  <td>
                    {e.replayable && (
                      <button type="button" className="button button-small button-outline" onClick={() => void run(`Replay ${e.id}`, `/webhook-events/${encodeURIComponent(e.id)}/replay`)}>
                        Replay
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Listing>
    </>
  );
}

const MAIL_FILTERS = [
  ["all", "All"],
  ["pending", "Pending"],
  ["sent", "Sent"],
  ["failed", "Failed"],
] as const;

function OutboxTab({ run, version }: { run: Run; version: number }) {
  const [filter, setFilter] = useState<(typeof MAIL_FILTERS)[number][0]>("all");
  const state = useList<{ mail: AdminMail[] }>(`/outbox?status=${filter}`, version);
  return (
    <>
      <Filter label="Show" value={filter} options={MAIL_FILTERS} onChange={setFilter} />
      <Listing state={state} empty={(d) => !d.mail.length}>
        {(d) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th>E-mail</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {d.mail.map((m) => (
                <tr key={m.id}>
                  <td>
                    <strong dir="auto">{m.subject}</strong>
                    <span className="admin-sub">
                      To {m.to} · {m.kind} · {m.attempts} attempt{m.attempts === 1 ? "" : "s"} · {when(m.sent_at ?? m.created_at)}
                    </span>
                    {m.last_error && <span className="admin-error-text">{m.last_error}</span>}
                  </td>
                  <td>
                    <Badge value={m.status} />
                  </td>
                  <td>
                    {m.status === "failed" && (
                      <button type="button" className="button button-small button-outline" onClick={() => void run(`Resend "${m.subject}"`, `/outbox/${encodeURIComponent(m.id)}/resend`)}>
                        Resend
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Listing>
    </>
  );
}

function AccountsTab({ run, version }: { run: Run; version: number }) {
  const [q, setQ] = useState("");
  const state = useList<{ accounts: AdminAccount[] }>(`/accounts${q ? `?q=${encodeURIComponent(q)}` : ""}`, version);
  return (
    <>
      <Search label="Search accounts by e-mail, name or company" onSearch={setQ} />
      <Listing state={state} empty={(d) => !d.accounts.length}>
        {(d) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th>Account</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {d.accounts.map((a) => (
                <tr key={a.id}>
                  <td>
                    <strong>{a.email}</strong>
                    <span className="admin-sub" dir="auto">
                      {[a.name, a.company].filter(Boolean).join(" · ") || "—"} · {a.jobs} job{a.jobs === 1 ? "" : "s"} · since {when(a.createdAt)}
                    </span>
                  </td>
                  <td>
                    <Badge value={a.disabled ? "disabled" : "active"} />
                  </td>
                  <td>
                    {a.disabled ? (
                      <button type="button" className="button button-small button-outline" onClick={() => void run(`Enable ${a.email}`, `/accounts/${encodeURIComponent(a.id)}/enable`)}>
                        Enable
                      </button>
                    ) : (
                      <button type="button" className="button button-small admin-danger" onClick={() => void run(`Disable ${a.email}`, `/accounts/${encodeURIComponent(a.id)}/disable`)}>
                        Disable
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Listing>
    </>
  );
}

const CONTACT_FILTERS = [
  ["open", "Not handled"],
  ["handled", "Handled"],
  ["all", "All"],
] as const;

function ContactTab({ run, version }: { run: Run; version: number }) {
  const [filter, setFilter] = useState<(typeof CONTACT_FILTERS)[number][0]>("open");
  const state = useList<{ messages: AdminContactMessage[] }>(`/contact-messages?status=${filter}`, version);
  return (
    <>
      <Filter label="Show" value={filter} options={CONTACT_FILTERS} onChange={setFilter} />
      <Listing state={state} empty={(d) => !d.messages.length}>
        {(d) => (
          <ul className="admin-messages">
            {d.messages.map((m) => (
              <li key={m.id} className="admin-message">
                <div className="admin-message-head">
                  <strong dir="auto">{m.subject}</strong>
                  <span className="admin-sub" dir="auto">
                    {m.name} &lt;{m.email}&gt; · {when(m.created_at)}
                  </span>
                </div>
                <p className="admin-message-body" dir="auto">
                  {m.message}
                </p>
                {m.handled_at ? (
                  <span className="admin-sub">
                    Handled by {m.handled_by} · {when(m.handled_at)}
                  </span>
                ) : (
                  <button type="button" className="button button-small button-outline" onClick={() => void run(`Mark handled: ${m.subject}`, `/contact-messages/${encodeURIComponent(m.id)}/handled`)}>
                    Mark handled
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Listing>
    </>
  );
}

function AuditTab({ version }: { version: number }) {
  const state = useList<{ entries: AuditEntry[] }>("/audit", version);
  return (
    <Listing state={state} empty={(d) => !d.entries.length}>
      {(d) => (
        <table className="admin-table">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>What</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {d.entries.map((e) => (
              <tr key={e.id}>
                <td className="admin-nowrap">{when(e.created_at)}</td>
                <td>{e.actor}</td>
                <td>
                  <strong>{e.action}</strong>
                  <span className="admin-sub">
                    {e.target_type} {e.target_id}
                  </span>
                </td>
                <td dir="auto">{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Listing>
  );
}
