// /privacy: what the board keeps about a visitor, a candidate and an employer, who sees it, how long it is kept
// (the periods are the ones the scheduled purges use: worker/rules/retention.ts) and what each can do about it.
// Every sentence is true of the code (docs/decisions/0303); change the page when what the board keeps changes.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { APPLICATION_RETENTION_DAYS, CV_LINK_TTL_MS } from "@rules/applications";
import { SESSION_DAYS } from "@rules/auth";
import { ALERT_RETENTION_DAYS, APPLIED_VISITOR_DAYS, MAIL_TEXT_RETENTION_DAYS, RATE_LIMIT_RETENTION_DAYS, UNUSED_LOGO_RETENTION_DAYS, WEBHOOK_PAYLOAD_RETENTION_DAYS } from "@rules/retention";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

type Values = Record<string, number>;
type Item = MessageId | [MessageId, Values];

const applications: Values = { days: APPLICATION_RETENTION_DAYS };
const alerts: Values = { days: ALERT_RETENTION_DAYS };

/** The page's sections: a heading, then its paragraphs or (for the periods and the other parties) a list. */
const SECTIONS: { id: string; heading: MessageId; items: Item[]; list?: boolean }[] = [
  {
    id: "browse",
    heading: "public.privacy.browse.heading",
    items: ["public.privacy.browse.noTracking", "public.privacy.browse.browser", ["public.privacy.browse.counts", { days: APPLIED_VISITOR_DAYS }], "public.privacy.browse.logs"],
  },
  {
    id: "apply",
    heading: "public.privacy.apply.heading",
    items: ["public.privacy.apply.who", ["public.privacy.apply.cv", { minutes: CV_LINK_TTL_MS / 60_000 }], ["public.privacy.apply.delete", applications]],
  },
  { id: "alerts", heading: "public.privacy.alerts.heading", items: [["public.privacy.alerts.text", alerts]] },
  {
    id: "account",
    heading: "public.privacy.account.heading",
    items: [["public.privacy.account.keep", { days: SESSION_DAYS }], "public.privacy.account.jobs", "public.privacy.account.payments"],
  },
  {
    id: "others",
    heading: "public.privacy.others.heading",
    list: true,
    items: ["public.privacy.others.cloudflare", "public.privacy.others.stripe", "public.privacy.others.mail", "public.privacy.others.turnstile", "public.privacy.others.embeds"],
  },
  {
    id: "periods",
    heading: "public.privacy.periods.heading",
    list: true,
    items: [
      "public.privacy.periods.account",
      ["public.privacy.periods.applications", applications],
      ["public.privacy.periods.alerts", alerts],
      ["public.privacy.periods.mail", { days: MAIL_TEXT_RETENTION_DAYS }],
      ["public.privacy.periods.limits", { days: RATE_LIMIT_RETENTION_DAYS }],
      ["public.privacy.periods.webhooks", { days: WEBHOOK_PAYLOAD_RETENTION_DAYS }],
      ["public.privacy.periods.logos", { days: UNUSED_LOGO_RETENTION_DAYS }],
      "public.privacy.periods.orders",
      "public.privacy.periods.audit",
    ],
  },
];

export function Privacy() {
  const { t, rich } = useI18n();
  useDocumentTitle(t("public.privacy.title"));
  const say = (item: Item) => (typeof item === "string" ? t(item) : t(item[0], item[1]));
  const settings = (chunks: ReactNode[]) => <Link to="/dashboard/settings">{chunks}</Link>;
  return (
    <div className="container page privacy">
      <header className="page-intro">
        <h1>{t("public.privacy.heading")}</h1>
        <p>{t("public.privacy.lead")}</p>
      </header>
      {SECTIONS.map((section) => (
        <section key={section.id} className="card privacy-section" aria-labelledby={`privacy-${section.id}`}>
          <h2 id={`privacy-${section.id}`}>{t(section.heading)}</h2>
          {section.list ? (
            <ul>
              {section.items.map((item) => (
                <li key={typeof item === "string" ? item : item[0]}>{say(item)}</li>
              ))}
            </ul>
          ) : (
            section.items.map((item) => <p key={typeof item === "string" ? item : item[0]}>{say(item)}</p>)
          )}
        </section>
      ))}
      <section className="card privacy-section" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{t("public.privacy.rights.heading")}</h2>
        <p>{rich("public.privacy.rights.download", { settings })}</p>
        <p>{rich("public.privacy.rights.delete", { settings })}</p>
        <p>{t("public.privacy.rights.each")}</p>
        <p>{rich("public.privacy.rights.contact", { contact: (chunks) => <Link to="/contact">{chunks}</Link> })}</p>
      </section>
    </div>
  );
}
