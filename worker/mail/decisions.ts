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
  | { kind: "removed"; reason: string; ownerReason?: OwnerReason | null /** Candidates could see it (live, not expired): else it never reached them. */; wasSeen: boolean }
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
    // A draft nobody paid for yet, or a job paused or expired, was not before candidates: not "no longer visible".
    const id = dec.wasSeen ? "mail.decision.removed" : "mail.decision.removedUnseen";
    lines.push({ text: t(locale, id, names), id, values: names });
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

/**
 * The board's decisions about an account, told to its owner: suspended (a disable: how many of its jobs left the board,
 * the operator's reason) and enabled again (whether its jobs came back). Each says how to reach support.
 */
export type AccountDecision =
  | {
      kind: "disabled";
      reason: string;
      /** How many of its jobs left the board: a figure read in the disable's own batch (OutgoingMail.fill's token). */
      jobsOff: string;
    }
  | {
      kind: "enabled";
      /** The jobs taken down with the account: back on the board ("restore its jobs"), still off it, or none were. */
      jobs: "back" | "off" | null;
    };

export interface AccountMailData extends Localised {
  /** The account's address, as the owner knows it. */
  email: string;
  decision: AccountDecision;
  supportEmail: string;
  signInUrl: string;
}

export function accountDecisionMail(d: AccountMailData): MailContent {
  const locale = d.locale ?? "en";
  const dec = d.decision;
  const address = { email: d.email };
  const lines: string[] = [];
  let subject: string;
  let link: { href: string; label: string };
  if (dec.kind === "disabled") {
    subject = t(locale, "mail.account.disabledSubject");
    lines.push(t(locale, "mail.account.disabled", address));
    lines.push(labelled(locale, "mail.account.jobsTakenOff", dec.jobsOff));
    if (dec.reason) lines.push(labelled(locale, "mail.decision.reason", dec.reason));
    link = { href: `mailto:${d.supportEmail}`, label: t(locale, "mail.account.writeToSupport") };
  } else {
    subject = t(locale, "mail.account.enabledSubject");
    lines.push(t(locale, "mail.account.enabled", address));
    if (dec.jobs) lines.push(t(locale, dec.jobs === "back" ? "mail.account.jobsBack" : "mail.account.jobsStayOff"));
    link = { href: d.signInUrl, label: t(locale, "mail.account.signIn") };
  }
  lines.push(t(locale, dec.kind === "disabled" ? "mail.account.support" : "mail.account.questions", { email: d.supportEmail }));
  const text = [...lines, "", `${link.label}: ${link.href}`].join("\n");
  const body = html`${lines.map((l) => html`<p style="margin:0 0 12px" dir="auto">${l}</p>`)}
${button(link.href, link.label)}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}
