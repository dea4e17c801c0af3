// The e-mails of applying on the board (issue 26), each in its recipient's language: the candidate's confirmation
// (with the link that shows the application and withdraws it), the employer's notice (never with the CV attached:
// a link to the inbox), and the polite rejection an employer may choose to send.
import { t } from "../lib/i18n";
import type { Locale } from "../rules/i18n";
import { html } from "./html";
import { button, labelled, layout } from "./templates";
import type { MailContent } from "./templates";

interface JobNamed {
  locale: Locale;
  title: string;
  company: string;
}

export function applicationReceivedMail(d: JobNamed & { name: string; applicationUrl: string }): MailContent {
  const { locale } = d;
  const job = t(locale, "mail.common.jobAtCompany", { title: d.title, company: d.company });
  const subject = t(locale, "mail.application.received.subject", { job });
  const intro = t(locale, "mail.application.received.intro", { name: d.name, job });
  const more = t(locale, "mail.application.received.more");
  const action = t(locale, "mail.application.received.action");
  const text = [intro, "", more, labelled(locale, "mail.application.received.action", d.applicationUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p><p style="margin:0 0 12px">${more}</p>${button(d.applicationUrl, action)}`;
  return { subject, text, html: layout(subject, body, undefined, locale) };
}

export function newApplicationMail(d: JobNamed & { candidate: string; inboxUrl: string }): MailContent {
  const { locale } = d;
  const subject = t(locale, "mail.application.notice.subject", { title: d.title });
  const intro = t(locale, "mail.application.notice.intro", { candidate: d.candidate, title: d.title });
  const privacy = t(locale, "mail.application.notice.privacy");
  const action = t(locale, "mail.application.notice.action");
  const text = [intro, privacy, "", labelled(locale, "mail.application.notice.action", d.inboxUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p><p style="margin:0 0 12px">${privacy}</p>${button(d.inboxUrl, action)}`;
  return { subject, text, html: layout(subject, body, undefined, locale) };
}

export function applicationRejectedMail(d: JobNamed & { name: string }): MailContent {
  const { locale } = d;
  const job = t(locale, "mail.common.jobAtCompany", { title: d.title, company: d.company });
  const subject = t(locale, "mail.application.rejected.subject", { job });
  const lines = [t(locale, "mail.application.rejected.greeting", { name: d.name }), t(locale, "mail.application.rejected.body", { job }), t(locale, "mail.application.rejected.wish")];
  const body = html`${lines.map((l) => html`<p style="margin:0 0 12px">${l}</p>`)}`;
  return { subject, text: lines.join("\n\n"), html: layout(subject, body, undefined, locale) };
}
