// The board's decisions about a job, told to its owner (issue 23, item 8): approved, not approved (with
// the reason and what was given back), removed by the board (with the reason) and restored. One e-mail
// each, in the owner's language; the console (worker/admin/notices.ts) writes them into the outbox in the
// batch of the decision itself.
import { t } from "../lib/i18n";
import type { OwnerReason } from "../rules/admin";
import type { Locale } from "../rules/i18n";
import { html } from "./html";
import { button, labelled, mailContent, receiptDate, richHtml } from "./templates";
import type { Localised, MailContent } from "./templates";

export type Decision =
  | { kind: "approved"; expiresAt: number }
  | { kind: "rejected"; reason: string; ownerReason?: OwnerReason | null; returned: "refund" | "credit" | null }
  | { kind: "removed"; reason: string; ownerReason?: OwnerReason | null }
  | { kind: "restored"; live: boolean };

export interface DecisionMailData extends Localised {
  title: string;
  company: string;
  decision: Decision;
  jobUrl: string;
  dashboardUrl: string;
  contactUrl: string;
}

/** The reason the owner reads: the catalogue's words in their language for a reason picked from the list, else as typed. */
function toldReason(dec: { reason: string; ownerReason?: OwnerReason | null }, locale: Locale): string {
  return dec.ownerReason ? t(locale, `value.ownerReason.${dec.ownerReason}`) : dec.reason;
}

export function jobDecisionMail(d: DecisionMailData): MailContent {
  const locale = d.locale ?? "en";
  const names = { title: d.title, company: d.company };
  const strongTitle = { title: html`<strong>${d.title}</strong>` };
  const dec = d.decision;
  const lines: { text: string; id?: Parameters<typeof richHtml>[1]; values?: Record<string, string> }[] = [];
  let subject: string;
  let link: { href: string; label: string };
  if (dec.kind === "approved") {
    subject = t(locale, "mail.decision.approvedSubject", names);
    const values = { ...names, date: receiptDate(dec.expiresAt, locale) };
    lines.push({ text: t(locale, "mail.decision.approved", values), id: "mail.decision.approved", values });
    link = { href: d.jobUrl, label: t(locale, "mail.decision.viewListing") };
  } else if (dec.kind === "rejected") {
    subject = t(locale, "mail.decision.rejectedSubject", names);
    lines.push({ text: t(locale, "mail.decision.rejected", names), id: "mail.decision.rejected", values: names });
    lines.push({ text: labelled(locale, "mail.decision.reason", toldReason(dec, locale)) });
    if (dec.returned) lines.push({ text: t(locale, dec.returned === "refund" ? "mail.decision.refunded" : "mail.decision.creditReturned") });
    link = { href: d.dashboardUrl, label: t(locale, "mail.decision.manageJobs") };
  } else if (dec.kind === "removed") {
    subject = t(locale, "mail.decision.removedSubject", names);
    lines.push({ text: t(locale, "mail.decision.removed", names), id: "mail.decision.removed", values: names });
    lines.push({ text: labelled(locale, "mail.decision.reason", toldReason(dec, locale)) });
    lines.push({ text: t(locale, "mail.decision.mistake") });
    link = { href: d.contactUrl, label: t(locale, "mail.decision.contact") };
  } else {
    subject = t(locale, "mail.decision.restoredSubject", names);
    const id = dec.live ? "mail.decision.restoredLive" : "mail.decision.restoredInactive";
    lines.push({ text: t(locale, id, names), id, values: names });
    link = dec.live ? { href: d.jobUrl, label: t(locale, "mail.decision.viewListing") } : { href: d.dashboardUrl, label: t(locale, "mail.decision.manageJobs") };
  }
  const text = [...lines.map((l) => l.text), "", `${link.label}: ${link.href}`].join("\n");
  const body = html`${lines.map((l) => html`<p style="margin:0 0 12px" dir="auto">${l.id ? richHtml(locale, l.id, l.values ?? {}, strongTitle) : l.text}</p>`)}
${button(link.href, link.label)}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}
