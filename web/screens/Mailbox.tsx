// /dev/mailbox: the local mailbox. With no mail provider configured, "delivering" an e-mail means
// marking its outbox row sent; this page lists the newest rows and shows each one's text and HTML
// (the HTML in a sandboxed frame: no scripts, no same-origin access).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiRequestError, api, call } from "../client";
import { freshEachVisit, keys } from "../queryKeys";
import { useDocumentTitle } from "../useDocumentTitle";

function when(t: number): string {
  return new Date(t).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

export function Mailbox() {
  useDocumentTitle("Local Mailbox | Startup Jobs");
  const mailbox = useQuery({
    queryKey: keys.mailbox,
    queryFn: ({ signal }) => call(api.dev.mailbox.$get(undefined, { init: { signal } })),
    ...freshEachVisit,
  });
  const [openId, setOpenId] = useState("");
  const [view, setView] = useState<"html" | "text">("html");

  const load = () => void mailbox.refetch();

  if (mailbox.status === "pending") return <div className="container page" aria-busy="true" />;
  if (mailbox.status === "error") {
    return (
      <div className="container page page-center">
        <div className="card message-card">
          <h1>Local Mailbox</h1>
          <p className="muted">
            {mailbox.error instanceof ApiRequestError && mailbox.error.status === 404
              ? "The local mailbox is only available on a local run with no mail provider configured."
              : "Failed to load the mailbox. Please try again."}
          </p>
        </div>
      </div>
    );
  }

  const { messages } = mailbox.data;
  const open = messages.find((m) => m.id === openId) ?? null;
  // On narrow screens the message shows below the list: bring it into view.
  const select = (id: string) => {
    setOpenId(id);
    if (!window.matchMedia("(min-width: 1024px)").matches) requestAnimationFrame(() => document.getElementById("mail-view")?.scrollIntoView({ block: "start" }));
  };
  return (
    <div className="container page">
      <header className="page-intro list-header mailbox-header">
        <div>
          <h1>Local Mailbox</h1>
          <p>Every e-mail the app sends, while no mail provider is configured.</p>
        </div>
        <button type="button" className="button button-outline" onClick={load}>
          Refresh
        </button>
      </header>
      {messages.length === 0 ? (
        <div className="card empty-state">
          <h2>No messages yet</h2>
          <p className="muted">Send a contact message or create a job alert, then refresh.</p>
        </div>
      ) : (
        <div className="mailbox">
          <ul className="card mailbox-list" aria-label="Messages">
            {messages.map((m) => (
              <li key={m.id}>
                <button type="button" className="mailbox-item" aria-current={m.id === openId} onClick={() => select(m.id)}>
                  <span className="mailbox-subject">{m.subject}</span>
                  <span className="mailbox-meta">
                    <span>To {m.to}</span>
                    <span>{when(m.sent_at ?? m.created_at)}</span>
                    <span className={`mail-status mail-status-${m.status}`}>{m.status}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {open ? (
            <article id="mail-view" className="card mail-view" aria-label="Message">
              <h2>{open.subject}</h2>
              <dl className="mail-headers">
                <dt>To</dt>
                <dd>{open.to}</dd>
                {open.from_name && (
                  <>
                    <dt>From</dt>
                    <dd>{open.from_name}</dd>
                  </>
                )}
                {open.reply_to && (
                  <>
                    <dt>Reply-To</dt>
                    <dd>{open.reply_to}</dd>
                  </>
                )}
                <dt>Status</dt>
                <dd>
                  {open.status}
                  {open.attempts ? ` after ${open.attempts} attempt${open.attempts === 1 ? "" : "s"}` : ""}
                  {open.last_error ? ` (${open.last_error})` : ""}
                </dd>
                <dt>Kind</dt>
                <dd>{open.kind}</dd>
              </dl>
              <div className="mail-tabs" role="group" aria-label="Show">
                <button type="button" className={`button button-small ${view === "html" ? "button-primary" : "button-outline"}`} aria-pressed={view === "html"} onClick={() => setView("html")}>
                  HTML
                </button>
                <button type="button" className={`button button-small ${view === "text" ? "button-primary" : "button-outline"}`} aria-pressed={view === "text"} onClick={() => setView("text")}>
                  Plain text
                </button>
              </div>
              {view === "html" ? (
                <iframe className="mail-html" title={`HTML of “${open.subject}”`} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={open.html} />
              ) : (
                <pre className="mail-text">{open.text}</pre>
              )}
            </article>
          ) : (
            <div className="card empty-state">
              <p className="muted">Choose a message to read it.</p>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
