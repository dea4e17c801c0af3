// /dev/mailbox: the local mailbox. With no mail provider configured, "delivering" an e-mail means
// marking its outbox row sent; this page lists the newest rows and shows each one's text and HTML
// (the HTML in a sandboxed frame: no scripts, no same-origin access).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiRequestError, api, call } from "../client";
import { useI18n } from "../i18n";
import { freshEachVisit, keys } from "../queryKeys";
import { useDocumentTitle } from "../useDocumentTitle";

export function Mailbox() {
  const { t, date, value } = useI18n();
  useDocumentTitle(t("account.mailbox.title"));
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
          <h1>{t("account.mailbox.heading")}</h1>
          <p className="muted">{mailbox.error instanceof ApiRequestError && mailbox.error.status === 404 ? t("account.mailbox.unavailable") : t("account.mailbox.loadFailed")}</p>
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
          <h1>{t("account.mailbox.heading")}</h1>
          <p>{t("account.mailbox.lead")}</p>
        </div>
        <button type="button" className="button button-outline" onClick={load}>
          {t("account.mailbox.refresh")}
        </button>
      </header>
      {messages.length === 0 ? (
        <div className="card empty-state">
          <h2>{t("account.mailbox.emptyTitle")}</h2>
          <p className="muted">{t("account.mailbox.emptyText")}</p>
        </div>
      ) : (
        <div className="mailbox">
          <ul className="card mailbox-list" aria-label={t("account.mailbox.messages")}>
            {messages.map((m) => (
              <li key={m.id}>
                <button type="button" className="mailbox-item" aria-current={m.id === openId} onClick={() => select(m.id)}>
                  <span className="mailbox-subject" dir="auto">
                    {m.subject}
                  </span>
                  <span className="mailbox-meta">
                    <span>{t("account.mailbox.toLine", { to: m.to })}</span>
                    <span>{date(m.sent_at ?? m.created_at, "dateTime")}</span>
                    <span className={`mail-status mail-status-${m.status}`}>{value("mailStatus", m.status)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {open ? (
            <article id="mail-view" className="card mail-view" aria-label={t("account.mailbox.message")}>
              <h2 dir="auto">{open.subject}</h2>
              <dl className="mail-headers">
                <dt>{t("account.mailbox.to")}</dt>
                <dd>{open.to}</dd>
                {open.from_name && (
                  <>
                    <dt>{t("account.mailbox.from")}</dt>
                    <dd dir="auto">{open.from_name}</dd>
                  </>
                )}
                {open.reply_to && (
                  <>
                    <dt>{t("account.mailbox.replyTo")}</dt>
                    <dd>{open.reply_to}</dd>
                  </>
                )}
                <dt>{t("account.mailbox.status")}</dt>
                <dd>
                  {value("mailStatus", open.status)}
                  {open.attempts ? ` ${t("account.mailbox.attempts", { count: open.attempts })}` : ""}
                  {open.last_error ? ` (${open.last_error})` : ""}
                </dd>
                <dt>{t("account.mailbox.kind")}</dt>
                <dd>{open.kind}</dd>
              </dl>
              <div className="mail-tabs" role="group" aria-label={t("account.mailbox.show")}>
                <button type="button" className={`button button-small ${view === "html" ? "button-primary" : "button-outline"}`} aria-pressed={view === "html"} onClick={() => setView("html")}>
                  {"HTML" /* i18n-ignore: the name of a format */}
                </button>
                <button type="button" className={`button button-small ${view === "text" ? "button-primary" : "button-outline"}`} aria-pressed={view === "text"} onClick={() => setView("text")}>
                  {t("account.mailbox.text")}
                </button>
              </div>
              {view === "html" ? (
                <iframe className="mail-html" title={t("account.mailbox.htmlOf", { subject: open.subject })} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={open.html} />
              ) : (
                <pre className="mail-text" dir="auto">
                  {open.text}
                </pre>
              )}
            </article>
          ) : (
            <div className="card empty-state">
              <p className="muted">{t("account.mailbox.choose")}</p>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
