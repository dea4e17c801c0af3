// The e-mails of applying on the board (issue 26), each in its recipient's language: the candidate's confirmation
// (with the link that shows the application and withdraws it), the employer's notice (never with the CV attached:
// a link to the inbox), and the polite rejection an employer may choose to send.
import { t } from "../lib/i18n";
import { isolateIn } from "../rules/bidi";
import type { ClosedReason } from "../rules/applications";
import type { Locale } from "../rules/i18n";
import type { MessageId } from "../rules/locales/en";
import { html } from "./html";
import { button, labelled, mailContent, receiptDate } from "./templates";
import type { MailContent, Named } from "./templates";

interface JobNamed extends Named {
  locale: Locale;
  title: string;
  company: string;
}

/** A candidate's e-mail of a few paragraphs and no button, greeting them by name. */
function paragraphs(locale: Locale, name: string, subject: string, lines: string[]): MailContent {
  const body = html`${lines.map((l) => html`<p style="margin:0 0 12px">${l}</p>`)}`;
  return mailContent({ locale, name }, subject, lines.join("\n\n"), body);
}

/**
 * A candidate's mail names the job twice: quoted in a sentence, after «لوظيفة», and as it is after the subject's colon
 * (the 26th reading).
 */
function jobAndSubject(d: JobNamed, subjectId: MessageId): { job: string; subject: string } {
  const names = { title: d.title, company: d.company };
  return { job: t(d.locale, "mail.common.quotedJobAtCompany", names), subject: t(d.locale, subjectId, { job: t(d.locale, "mail.common.jobAtCompany", names) }) };
}

export function applicationReceivedMail(d: JobNamed & { name: string; applicationUrl: string }): MailContent {
  const { locale } = d;
  const { job, subject } = jobAndSubject(d, "mail.application.received.subject");
  const intro = t(locale, "mail.application.received.intro", { job });
  const more = t(locale, "mail.application.received.more");
  const action = t(locale, "mail.application.received.action");
  const text = [intro, "", more, labelled(locale, "mail.application.received.action", d.applicationUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p><p style="margin:0 0 12px">${more}</p>${button(d.applicationUrl, action)}`;
  return mailContent({ locale, name: d.name }, subject, text, body);
}

export function newApplicationMail(d: JobNamed & { candidate: string; inboxUrl: string }): MailContent {
  const { locale } = d;
  const subject = t(locale, "mail.application.notice.subject", { title: d.title });
  const intro = t(locale, "mail.application.notice.intro", { candidate: d.candidate, title: d.title });
  const privacy = t(locale, "mail.application.notice.privacy");
  const action = t(locale, "mail.application.notice.action");
  const text = [intro, privacy, "", labelled(locale, "mail.application.notice.action", d.inboxUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p><p style="margin:0 0 12px">${privacy}</p>${button(d.inboxUrl, action)}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

export function applicationRejectedMail(d: JobNamed & { name: string }): MailContent {
  const { locale } = d;
  const { job, subject } = jobAndSubject(d, "mail.application.rejected.subject");
  // The greeting names the candidate (mailContent's, once: the mail used to greet twice, "Hello," then "Dear Sara,").
  return paragraphs(locale, d.name, subject, [t(locale, "mail.application.rejected.body", { job }), t(locale, "mail.application.rejected.wish")]);
}

/** A shortlisting, told to the candidate: the good news a rejection's e-mail is the other side of. */
export function applicationShortlistedMail(d: JobNamed & { name: string }): MailContent {
  const { locale } = d;
  const { subject } = jobAndSubject(d, "mail.application.shortlisted.subject");
  // The company by its name, as the one who shortlisted: «أضافت الشركة طلبك لوظيفة «…» لدى أفق» named it twice (the 29th reading).
  const body = t(locale, "mail.application.shortlisted.body", { company: d.company, title: d.title });
  return paragraphs(locale, d.name, subject, [body, t(locale, "mail.application.shortlisted.next")]);
}

/**
 * The form sent again for a job the address already applied to (decision 0608): the page answers such a submit as it
 * answers a new one, so that it tells no stranger who applied where; the address's owner learns here that nothing
 * changed, and where their application is.
 */
export function applicationAgainMail(d: JobNamed & { name: string; appliedAt: number }): MailContent {
  const { locale } = d;
  const { job, subject } = jobAndSubject(d, "mail.application.again.subject");
  return paragraphs(locale, d.name, subject, [
    t(locale, "mail.application.again.body", { job, date: receiptDate(d.appliedAt, locale) }),
    t(locale, "mail.application.again.where"),
    t(locale, "mail.application.again.notYou"),
  ]);
}

/** The employer's notice that a candidate withdrew: sent where each application was told by its own notice. */
export function applicationWithdrawnMail(d: JobNamed & { candidate: string; inboxUrl: string }): MailContent {
  const { locale } = d;
  const subject = t(locale, "mail.application.withdrawn.subject", { title: d.title });
  const intro = t(locale, "mail.application.withdrawn.intro", { candidate: d.candidate, title: d.title });
  const action = t(locale, "mail.application.notice.action");
  const text = [intro, "", labelled(locale, "mail.application.notice.action", d.inboxUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p>${button(d.inboxUrl, action)}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

/**
 * The candidate's e-mail that their application is closed (decision 0213): the job it was sent to is gone for good,
 * deleted by its owner or with their account, and the CV was deleted with it.
 */
export function applicationClosedMail(d: JobNamed & { name: string; reason: ClosedReason }): MailContent {
  const { locale } = d;
  const { job, subject } = jobAndSubject(d, "mail.application.closed.subject");
  const why = t(locale, d.reason === "account_deleted" ? "mail.application.closed.accountDeleted" : "mail.application.closed.jobDeleted", { job });
  return paragraphs(locale, d.name, subject, [why, t(locale, "mail.application.closed.more")]);
}

/** One job's part of an employer's daily digest: the candidates named (up to the digest's limit) and the count. */
export interface DigestJob {
  title: string;
  company: string;
  count: number;
  candidates: string[];
  inboxUrl: string;
}

/**
 * The employer's daily digest of applications (decision 0604): each job with its new applications' candidates and
 * a link to its inbox; like the single notice, never a CV attached. The content depends only on the applications
 * in it, so a second run building the same digest builds the same e-mail.
 */
export function applicationDigestMail(d: Named & { locale: Locale; jobs: DigestJob[]; settingsUrl: string }): MailContent {
  const { locale } = d;
  const total = d.jobs.reduce((n, j) => n + j.count, 0);
  const subject = t(locale, "mail.application.digest.subject", { count: total });
  const intro = t(locale, "mail.application.digest.intro", { count: total });
  const privacy = t(locale, "mail.application.notice.privacy");
  const heading = (j: DigestJob) => t(locale, "mail.application.digest.job", { job: t(locale, "mail.common.quotedJobAtCompany", { title: j.title, company: j.company }), count: j.count });
  const more = (j: DigestJob) => (j.count > j.candidates.length ? [t(locale, "mail.application.digest.more", { count: j.count - j.candidates.length })] : []);
  const text = [
    intro,
    "",
    ...d.jobs.flatMap((j) => [heading(j), ...j.candidates.map((c) => `- ${isolateIn(locale, c)}`), ...more(j), labelled(locale, "mail.application.notice.action", j.inboxUrl), ""]),
    privacy,
    labelled(locale, "mail.application.digest.settings", d.settingsUrl),
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p>
${d.jobs.map(
  (j) => html`<div style="padding:12px 0;border-top:1px solid #e5e7eb">
<p style="margin:0 0 6px;font-weight:600">${heading(j)}</p>
<ul style="margin:0 0 6px;padding-inline-start:20px">${j.candidates.map((c) => html`<li>${isolateIn(locale, c)}</li>`)}${more(j).map((m) => html`<li style="list-style:none">${m}</li>`)}</ul>
<a href="${j.inboxUrl}" style="color:#0f766e;font-weight:600">${t(locale, "mail.application.notice.action")}</a>
</div>`,
)}
<p style="margin:12px 0">${privacy}</p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body, html`<a href="${d.settingsUrl}">${t(locale, "mail.application.digest.settings")}</a>`);
}
