// One function per kind of e-mail: each returns a subject, a plain-text part and an HTML part whose
// every value is escaped (the `html` tag in ./html.ts). Links are built by the caller from APP_URL, in
// the recipient's language (localePath). Each mail is written in the `locale` its data names (English
// unless said, issue 13): text from the catalogue (worker/rules/locales/<locale>/mail.json), dates and
// money in the locale's format, <html lang dir>. The English mails are exactly what they were before.
import { t } from "../lib/i18n";
import type { MessageId } from "../rules/locales/en";
import type { MessageValues } from "../lib/i18n";
import { dirOf } from "../rules/i18n";
import { isolateIn } from "../rules/bidi";
import type { Locale } from "../rules/i18n";
import { formatDate, formatMoney } from "../rules/format";
import { SafeHtml, escapeHtml, html, paragraphs } from "./html";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const BRAND = "Startup Jobs";

/** The name of whoever reads the address, when the board knows it (see Recipient): the greeting names them. */
export interface Named {
  recipientName?: string | null;
}

/** The language a mail is written in: English unless its data says otherwise. */
export interface Localised extends Named {
  locale?: Locale;
}

/**
 * Who a mail is written for: their language, and their name when the board knows who reads the address (an
 * account's own address, a candidate's). Without a name the greeting is the plain one: a receipt sent to another
 * address, an alert's subscriber.
 */
export interface Recipient {
  locale: Locale;
  name?: string | null;
}

/**
 * The account holder's name for a mail to `to`, or null: only when `to` is the account's own address, since a
 * receipt or a job's mail may go to another address (finance@, the job's contact) that someone else reads.
 */
export function nameFor(to: string, account: { email?: string | null; name?: string | null } | null | undefined): string | null {
  return account?.name && account.email && account.email.toLowerCase() === to.toLowerCase() ? account.name : null;
}

/** "Hello Sara," or, with no name known, "Hello,". A name is one line, never the whole mail's width. */
export function greeting(to: Recipient): string {
  const name = (to.name ?? "")
    .replace(/[\p{Cc}\u2066-\u2069]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return name ? t(to.locale, "mail.common.greetingName", { name }) : t(to.locale, "mail.common.greeting");
}

function brand(locale: Locale): string {
  return locale === "en" ? BRAND : t(locale, "common.siteName");
}

/**
 * A catalogue message as HTML: the text escaped, and each of `safe`'s values (already HTML, e.g. a
 * <strong> name or a link) put in where its argument is.
 */
export function richHtml(locale: Locale, id: MessageId, values: MessageValues, safe: Record<string, SafeHtml>): SafeHtml {
  const marked: MessageValues = { ...values };
  for (const key of Object.keys(safe)) marked[key] = `\u0001${key}\u0001`;
  let out = escapeHtml(t(locale, id, marked));
  for (const [key, value] of Object.entries(safe)) out = out.replace(`\u0001${key}\u0001`, value.value);
  return new SafeHtml(out);
}

/**
 * "Label: value", the plain-text form of a labelled link or value. In a right-to-left line a value is isolated;
 * a link is not, since a mail client that makes it clickable could take the closing isolate into the address.
 */
export function labelled(locale: Locale, id: MessageId, value: string, values?: MessageValues): string {
  return /^https?:\/\//.test(value) ? `${t(locale, id, values)}: ${value}` : labelLine(locale, t(locale, id, values), value);
}

/** A row of a receipt or a job's details as text: "Label: value", the value isolated in a right-to-left line. */
function labelLine(locale: Locale, label: string, value: string): string {
  return `${label}: ${isolateIn(locale, value)}`;
}

/** The width of a mail table's label column, in px: its longest label, «صلاحية الرصيد حتى» at 14 px, fits. */
const LABEL_WIDTH = 150;

/** The same row in a mail's table. */
function labelRow(locale: Locale, label: string, value: string, strong = false): SafeHtml {
  const shown = isolateIn(locale, value);
  // The label on one line, at the top of its row: at 390 px «صلاحية الرصيد / حتى» wrapped while the value had room.
  // One width for every label column, so a mail's two tables (the job's details, then its receipt) line up (a reading).
  return html`<tr><td width="${LABEL_WIDTH}" style="width:${LABEL_WIDTH}px;color:#6b7280;white-space:nowrap;vertical-align:top">${label}</td><td style="vertical-align:top">${strong ? html`<strong>${shown}</strong>` : shown}</td></tr>`;
}

export function layout(title: string, body: SafeHtml, footer?: SafeHtml, locale: Locale = "en"): string {
  const htmlTag = locale === "en" ? html`<html lang="en">` : html`<html lang="${locale}" dir="${dirOf(locale)}">`;
  // Mail clients that drop <html dir> still keep it on the content table.
  const dir = locale === "en" ? "" : html` dir="${dirOf(locale)}"`;
  return html`<!doctype html>
${htmlTag}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;padding:24px"${dir}>
<tr><td style="font-size:18px;font-weight:700;color:#0f766e;padding-bottom:16px">${brand(locale)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${body}</td></tr>
${footer ? html`<tr><td style="font-size:12px;color:#6b7280;padding-top:24px;border-top:1px solid #e5e7eb">${footer}</td></tr>` : ""}
</table></td></tr></table></body></html>`.value;
}

/**
 * A mail as sent to a person, in its language: a greeting before its text and body and a sign-off from the board's
 * team after them (issue 25: a Gulf reader found the mails began and ended abruptly), then the HTML layout. Every
 * mail to a customer goes through here; only the board's own notice of a contact message does not.
 */
export function mailContent(to: Recipient, subject: string, text: string, body: SafeHtml, footer?: SafeHtml): MailContent {
  const { locale } = to;
  const hello = greeting(to);
  const regards = t(locale, "mail.common.regards");
  const team = t(locale, "mail.common.team", { brand: brand(locale) });
  return {
    subject,
    text: [hello, "", text, "", regards, team].join("\n"),
    html: layout(subject, html`<p style="margin:0 0 12px">${hello}</p>${body}<p style="margin:20px 0 16px">${regards}<br>${team}</p>`, footer, locale),
  };
}

export function button(href: string, label: string): SafeHtml {
  return html`<p style="margin:20px 0"><a href="${href}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${label}</a></p>`;
}

/** Reference shown to the buyer: the first 8 characters of the job id, upper-cased. */
export function jobReference(jobId: string): string {
  return jobId.slice(0, 8).toUpperCase();
}

// ---- receipts ----------------------------------------------------------------------------------

/** What a paid order bought and what was paid, as the buyer's receipt shows it (worker/mail/receipts.ts builds it). */
export interface Receipt {
  /** What was bought, one line each: plan, enhancements, posts, the bundle (bundle orders only). */
  items: { label: string; value: string }[];
  amountCents: number;
  currency: string;
  paidAt: number;
  orderReference: string;
  /** The provider's hosted receipt (real Stripe only). */
  receiptUrl: string | null;
}

/** 246600, "usd" → "$2,466.00 USD" (in Arabic, the locale's currency format with Latin digits). */
export function formatAmount(cents: number, currency: string, locale: Locale = "en"): string {
  const code = currency.toUpperCase();
  let amount: string;
  try {
    // Arabic reads money one way everywhere (issue 25): the UI's format ("199 US$", web/i18n.tsx money), never "199.00 US$ USD".
    if (locale !== "en") return formatMoney(locale, cents, code);
    amount = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(cents / 100);
  } catch {
    amount = (cents / 100).toFixed(2);
  }
  return `${amount} ${code}`;
}

/** A pay in a mail's HTML: on one line («ريال / شهريًا» broke at 390 px, the 26th reading). */
function salaryHtml(locale: Locale, salary: string): SafeHtml {
  return html`<span style="white-space:nowrap">${isolateIn(locale, salary)}</span>`;
}

export function receiptDate(t: number, locale: Locale = "en", style: "long" | "full" = "long"): string {
  const date =
    locale !== "en"
      ? formatDate(locale, t, style, "UTC")
      : new Date(t).toLocaleDateString("en-US", { ...(style === "full" ? { weekday: "long" } : {}), month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  // A date is one unit: on a phone it never breaks between its day, month and year (issue 25). In Arabic the weekday
  // runs into the date, with no comma after it («يوم الثلاثاء 1 ديسمبر 2026», the 26th reading).
  return (locale === "ar" ? date.replace(/^([^\s،]+)،\s/u, "$1 ") : date).replace(/ /g, "\u00a0");
}

function receiptRows(r: Receipt, locale: Locale): { label: string; value: string }[] {
  return [
    ...r.items,
    { label: t(locale, "mail.receipt.amountPaid"), value: formatAmount(r.amountCents, r.currency, locale) },
    { label: t(locale, "mail.receipt.date"), value: receiptDate(r.paidAt, locale) },
    { label: t(locale, "mail.receipt.orderReference"), value: r.orderReference },
  ];
}

function receiptText(r: Receipt, locale: Locale): string[] {
  return [
    t(locale, "mail.receipt.title"),
    ...receiptRows(r, locale).map((row) => labelLine(locale, row.label, row.value)),
    ...(r.receiptUrl ? [labelled(locale, "mail.receipt.provider", r.receiptUrl)] : []),
  ];
}

function receiptHtml(r: Receipt, locale: Locale): SafeHtml {
  return html`<h2 style="font-size:16px;margin:20px 0 8px">${t(locale, "mail.receipt.title")}</h2>
<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px" data-receipt>
${receiptRows(r, locale).map((row) => labelRow(locale, row.label, row.value))}
</table>
${r.receiptUrl ? html`<p style="margin:8px 0 0"><a href="${r.receiptUrl}">${t(locale, "mail.receipt.providerLink")}</a></p>` : ""}`;
}

// ---- job confirmation --------------------------------------------------------------------------

export interface JobConfirmationData extends Localised {
  jobId: string;
  title: string;
  company: string;
  jobCount: number;
  /** The bundle's name, for bundle orders only: no bundle line otherwise. */
  bundle: string | null;
  /** A Spotlight subscriber's post: a "Subscription: Spotlight subscription (monthly)" line, in the mail's language. */
  spotlight?: boolean;
  /**
   * A post paid with a credit: the bundle it came from, named in the mail's language, and the credits left, as
   * the token the outbox fills in when the batch runs (worker/mail/store.ts OutgoingMail.fill).
   */
  credit?: { bundle: string; left: string };
  jobUrl: string;
  dashboardUrl: string;
  /** A paid order's receipt; absent when the job was paid for another way (a credit, Spotlight). */
  receipt?: Receipt;
  /** MODERATION=on: the job waits for an operator's review, so the e-mail must not say it is live. */
  waitingForReview?: boolean;
}

/** A job's first rows in its mails (its confirmation, its repost): the title, the company and the reference. */
function jobRows(locale: Locale, d: { jobId: string; title: string; company: string }): { label: string; value: string; strong?: true }[] {
  return [
    { label: t(locale, "mail.jobConfirmation.jobTitle"), value: d.title, strong: true },
    { label: t(locale, "mail.jobConfirmation.company"), value: d.company },
    { label: t(locale, "mail.jobConfirmation.reference"), value: jobReference(d.jobId) },
  ];
}

export function jobConfirmationMail(d: JobConfirmationData): MailContent {
  const locale = d.locale ?? "en";
  const waiting = d.waitingForReview === true;
  const names = { title: d.title, company: d.company };
  const subject = t(locale, waiting ? "mail.jobConfirmation.subjectWaiting" : "mail.jobConfirmation.subjectLive", names);
  const status = t(locale, waiting ? "mail.jobConfirmation.statusWaiting" : "mail.jobConfirmation.statusLive");
  const thanks = t(locale, "mail.jobConfirmation.thanks", { siteName: brand(locale) });
  const details = [
    ...jobRows(locale, d),
    // A receipt lists what was bought itself.
    ...(d.receipt
      ? []
      : [
          // A credit post says the credit it used instead: «عدد الإعلانات: 1» beside it said it twice; a Spotlight post
          // counts nothing (its posts are unlimited) and names the subscription as Billing does.
          ...(d.credit || d.spotlight ? [] : [{ label: t(locale, "mail.receipt.jobPosts"), value: String(d.jobCount) }]),
          ...(d.bundle ? [{ label: t(locale, "mail.receipt.bundle"), value: d.bundle }] : []),
          ...(d.spotlight ? [{ label: t(locale, "mail.receipt.subscription"), value: t(locale, "mail.receipt.spotlightMonthly") }] : []),
          ...(d.credit
            ? [
                { label: t(locale, "mail.jobConfirmation.paidWith"), value: t(locale, "mail.jobConfirmation.oneCredit", { bundle: d.credit.bundle }) },
                { label: t(locale, "mail.jobConfirmation.creditsLeft"), value: d.credit.left },
              ]
            : []),
        ]),
  ];
  const manage = t(locale, "mail.jobConfirmation.manageJobs");
  const view = t(locale, "mail.jobConfirmation.viewListing");
  const text = [
    `${thanks}${waiting ? ` ${status}` : ""}`,
    "",
    ...details.map((row) => labelLine(locale, row.label, row.value)),
    ...(d.receipt ? ["", ...receiptText(d.receipt, locale)] : []),
    "",
    ...(waiting ? [] : [`${view}: ${d.jobUrl}`]),
    `${manage}: ${d.dashboardUrl}`,
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">${thanks} ${status}</p>
<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px">
${details.map((row) => labelRow(locale, row.label, row.value, "strong" in row))}
</table>
${d.receipt ? receiptHtml(d.receipt, locale) : ""}
${
  waiting
    ? button(d.dashboardUrl, manage)
    : html`${button(d.jobUrl, view)}
<p style="margin:0"><a href="${d.dashboardUrl}">${manage}</a></p>`
}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- repost ------------------------------------------------------------------------------------

export interface JobRepostData extends Localised {
  jobId: string;
  title: string;
  company: string;
  /** When the renewed job expires. */
  expiresAt: number;
  /** What the job came back with, as lines already in the mail's language (worker/mail/receipts.ts packageLines). */
  renewed: { label: string; value: string }[];
  /** How it was paid for: a credit (its bundle's name and the credits-left token) or the Spotlight subscription. */
  paidWith: { credit: { bundle: string; left: string } } | { spotlight: true };
  jobUrl: string;
  dashboardUrl: string;
}

/**
 * A repost, told once to its owner (the 25th reading): the job is live again and until when, the package it came
 * back with (a credit decides it, and may take Premium or an enhancement away), what paid for it and what is left.
 */
export function jobRepostMail(d: JobRepostData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.repost.subject", { title: d.title, company: d.company });
  const live = t(locale, "mail.repost.live", { date: receiptDate(d.expiresAt, locale) });
  const paid =
    "credit" in d.paidWith
      ? [
          { label: t(locale, "mail.jobConfirmation.paidWith"), value: t(locale, "mail.jobConfirmation.oneCredit", { bundle: d.paidWith.credit.bundle }) },
          { label: t(locale, "mail.jobConfirmation.creditsLeft"), value: d.paidWith.credit.left },
        ]
      : // Free: what the subscription's renewal costs is nothing more (the 26th reading: «الاشتراك: سبوتلايت (شهري)» did not say).
        [{ label: t(locale, "mail.jobConfirmation.paidWith"), value: t(locale, "mail.repost.spotlightIncluded") }];
  const details = [...jobRows(locale, d), ...d.renewed, ...paid];
  const view = t(locale, "mail.jobConfirmation.viewListing");
  const manage = t(locale, "mail.jobConfirmation.manageJobs");
  const text = [live, "", ...details.map((row) => labelLine(locale, row.label, row.value)), "", `${view}: ${d.jobUrl}`, `${manage}: ${d.dashboardUrl}`].join("\n");
  const body = html`<p style="margin:0 0 12px">${live}</p>
<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px">
${details.map((row) => labelRow(locale, row.label, row.value, "strong" in row))}
</table>
${button(d.jobUrl, view)}
<p style="margin:0"><a href="${d.dashboardUrl}">${manage}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- credit purchase ---------------------------------------------------------------------------

export interface CreditPurchaseData extends Localised {
  bundle: string;
  /** What was bought, short, for the subject ("10 Standard posts"). */
  contents: string;
  /** A custom quantity: its posts are added, not a bundle activated. */
  custom?: boolean;
  credits: number;
  dashboardUrl: string;
  postUrl: string;
  receipt?: Receipt;
}

export function creditPurchaseMail(d: CreditPurchaseData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.credits.subject", { contents: d.contents });
  const canUse = t(locale, "mail.credits.canUse", { credits: d.credits });
  // A custom quantity is added, its count in the sentence's own case («أضفنا إلى رصيدك إعلانين»); a bundle activated.
  const activated = d.custom ? t(locale, "mail.credits.added", { count: d.credits }) : t(locale, "mail.credits.activated", { bundle: d.bundle });
  const text = [
    activated,
    canUse,
    ...(d.receipt ? ["", ...receiptText(d.receipt, locale)] : []),
    "",
    labelled(locale, "mail.credits.postJob", d.postUrl),
    labelled(locale, "mail.credits.dashboard", d.dashboardUrl),
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">${d.custom ? activated : richHtml(locale, "mail.credits.activated", {}, { bundle: html`<strong>${d.bundle}</strong>` })}</p>
<p style="margin:0 0 12px">${canUse}</p>
${d.receipt ? receiptHtml(d.receipt, locale) : ""}
${button(d.postUrl, t(locale, "mail.credits.postNewJob"))}
<p style="margin:0"><a href="${d.dashboardUrl}">${t(locale, "mail.credits.goToDashboard")}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- a bank transfer that failed ---------------------------------------------------------------

export interface PaymentFailedData extends Localised {
  /** "Backend Engineer at Acme" or "5 Standard posts". */
  what: string;
  amountCents: number;
  currency: string;
  orderReference: string;
  retryUrl: string;
  /** A credit order: nothing was added (a job order: nothing was published). */
  credits?: boolean;
}

/**
 * What an order bought, after «مقابل» (for): a dual count in Arabic takes the genitive there, «مقابل إعلانين», where
 * the order's summary says «إعلانان» (the ninth reading); every other count reads the same in both cases.
 */
function forWhat(locale: Locale, what: string): string {
  return locale === "ar" ? what.replace(/^إعلانان(?=\s|$)/u, "إعلانين") : what;
}

export function paymentFailedMail(d: PaymentFailedData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.paymentFailed.subject");
  const amount = formatAmount(d.amountCents, d.currency, locale);
  const reference = labelled(locale, "mail.receipt.orderReference", d.orderReference);
  const id = d.credits ? "mail.paymentFailed.bodyCredits" : "mail.paymentFailed.body";
  const what = forWhat(locale, d.what);
  const text = [t(locale, id, { amount, what }), reference, "", labelled(locale, "mail.paymentFailed.tryAgain", d.retryUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${richHtml(locale, id, { what }, { amount: html`<strong>${amount}</strong>` })}</p>
<p style="margin:0 0 12px;color:#6b7280">${reference}</p>
${button(d.retryUrl, t(locale, "mail.paymentFailed.tryAgain"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- a refund ------------------------------------------------------------------------------------

export interface RefundMailData extends Localised {
  amountCents: number;
  currency: string;
  /** "Backend Engineer at Acme" or "10 Standard posts": what the order bought. */
  what: string;
  orderReference: string;
  /** What the refund took back besides the money. */
  jobTitle: string | null;
  jobUnpublished: boolean;
  creditsRemoved: number;
  /** What was paid for the order: a refund of less says it is partial, and of how much. */
  paidCents: number;
  /** The order's earlier refunds: a refund that makes them up to what was paid gives back the rest. */
  refundedBeforeCents: number;
  /** Why: an automatic refund's explanation. */
  why: string | null;
  /** The operator's note for the customer, as a note from the team (it is not always a reason). */
  note: string | null;
  billingUrl: string;
}

export function refundMail(d: RefundMailData): MailContent {
  const locale = d.locale ?? "en";
  const amount = formatAmount(d.amountCents, d.currency, locale);
  // All of it at once, the rest after earlier refunds, or part: each says which.
  const kind = d.refundedBeforeCents + d.amountCents < d.paidCents ? "Partial" : d.refundedBeforeCents > 0 ? "Rest" : "";
  const subject = t(locale, `mail.refund.subject${kind}`, { amount });
  const bodyId = `mail.refund.body${kind}` as const;
  const said = { what: forWhat(locale, d.what), paid: formatAmount(d.paidCents, d.currency, locale) };
  const taken = [
    // An operator's refund (no automatic why: not a rejection) says the way back, a repost paid for again (decision 0208).
    ...(d.jobUnpublished ? [t(locale, d.why ? "mail.refund.jobUnpublished" : "mail.refund.jobUnpublishedRepost", { title: d.jobTitle ?? d.what })] : []),
    ...(d.creditsRemoved > 0 ? [t(locale, "mail.refund.creditsRemoved", { credits: d.creditsRemoved })] : []),
  ];
  const unchanged = taken.length ? null : t(locale, "mail.refund.nothingElse");
  const reference = labelled(locale, "mail.receipt.orderReference", d.orderReference);
  const when = t(locale, "mail.refund.when");
  const text = [
    t(locale, bodyId, { amount, ...said }),
    reference,
    ...(d.why ? ["", labelled(locale, "mail.refund.why", d.why)] : []),
    ...(d.note ? ["", labelled(locale, "mail.refund.note", d.note)] : []),
    "",
    ...(taken.length ? [t(locale, "mail.refund.takenBack"), ...taken.map((line) => `- ${line}`)] : [unchanged!]),
    "",
    when,
    "",
    labelled(locale, "mail.refund.billing", d.billingUrl),
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">${richHtml(locale, bodyId, said, { amount: html`<strong>${amount}</strong>` })}</p>
<p style="margin:0 0 12px;color:#6b7280">${reference}</p>
${d.why ? html`<p style="margin:0 0 12px">${t(locale, "mail.refund.why")}: <span dir="auto">${d.why}</span></p>` : ""}
${d.note ? html`<p style="margin:0 0 12px">${t(locale, "mail.refund.note")}: <span dir="auto">${d.note}</span></p>` : ""}
${taken.length ? html`<p style="margin:0 0 4px">${t(locale, "mail.refund.takenBack")}</p><ul data-taken-back>${taken.map((line) => html`<li>${line}</li>`)}</ul>` : html`<p style="margin:0 0 12px">${unchanged!}</p>`}
<p style="margin:0 0 12px">${when}</p>
${button(d.billingUrl, t(locale, "mail.refund.billing"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- a refund that did not go through ----------------------------------------------------------

/** Stripe's failure_reason values a customer is told in words (decision 0224); another (`unknown`, none) gives no reason. */
export const REFUND_FAILURE_REASONS = ["lost_or_stolen_card", "expired_or_canceled_card", "charge_for_pending_refund_disputed", "insufficient_funds", "declined", "merchant_request"] as const;

export interface RefundFailedMailData extends Localised {
  amountCents: number;
  currency: string;
  orderReference: string;
  /** Stripe's failure_reason, when it gave one. */
  failureReason: string | null;
  /** The job the refund had taken down, now paid for again: back on the board (`back`) or in the dashboard (`dashboard`); null when it took none. */
  job: { title: string; back: boolean } | null;
  /** The credits it had removed, now back on the grant. */
  creditsBack: number;
  supportEmail: string;
  billingUrl: string;
}

/**
 * A refund Stripe failed or canceled after accepting it (pending, or even after it succeeded): nothing was refunded,
 * and what it took back (the job, the credits) is theirs again; how to reach support.
 */
export function refundFailedMail(d: RefundFailedMailData): MailContent {
  const locale = d.locale ?? "en";
  const amount = formatAmount(d.amountCents, d.currency, locale);
  const subject = t(locale, "mail.refundFailed.subject", { amount });
  const known = (REFUND_FAILURE_REASONS as readonly string[]).includes(d.failureReason ?? "") ? (d.failureReason as (typeof REFUND_FAILURE_REASONS)[number]) : null;
  const first = known
    ? t(locale, "mail.refundFailed.bodyWhy", { amount, reference: d.orderReference, why: t(locale, `mail.refundFailed.reason.${known}`) })
    : t(locale, "mail.refundFailed.body", { amount, reference: d.orderReference });
  const given = [
    ...(d.job ? [t(locale, d.job.back ? "mail.refundFailed.jobBack" : "mail.refundFailed.jobPaid", { title: d.job.title })] : []),
    ...(d.creditsBack > 0 ? [t(locale, "mail.refundFailed.creditsBack", { credits: d.creditsBack })] : []),
  ];
  const nothing = given.length ? t(locale, "mail.refundFailed.givenBack") : t(locale, "mail.refundFailed.nothingElse");
  const questions = t(locale, "mail.refundFailed.questions", { email: d.supportEmail });
  const text = [first, nothing, ...given.map((line) => `- ${line}`), "", questions, "", labelled(locale, "mail.refund.billing", d.billingUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${first}</p>
<p style="margin:0 0 4px">${nothing}</p>
${given.length ? html`<ul data-given-back>${given.map((line) => html`<li>${line}</li>`)}</ul>` : ""}
<p style="margin:0 0 12px">${richHtml(locale, "mail.refundFailed.questions", {}, { email: html`<a href="mailto:${d.supportEmail}">${d.supportEmail}</a>` })}</p>
${button(d.billingUrl, t(locale, "mail.refund.billing"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- unspent credits about to expire -------------------------------------------------------------

export interface CreditExpiryReminderData extends Localised {
  /** "4 Premium posts with Highlight and Sticky": what is left of the grant. */
  what: string;
  expiresAt: number;
  postUrl: string;
}

export function creditExpiryReminderMail(d: CreditExpiryReminderData): MailContent {
  const locale = d.locale ?? "en";
  const date = receiptDate(d.expiresAt, locale);
  const subject = t(locale, "mail.creditExpiry.subject", { date });
  const body1 = t(locale, "mail.creditExpiry.body", { what: d.what, date });
  const text = [body1, "", labelled(locale, "mail.credits.postJob", d.postUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${body1}</p>
${button(d.postUrl, t(locale, "mail.credits.postNewJob"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- contact form ------------------------------------------------------------------------------

export interface ContactMailData {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** To support, from the contact form: subject 'Contact Form: …', the sender's name and address. */
export function contactMail(d: ContactMailData): MailContent {
  const subject = `Contact Form: ${d.subject}`;
  const text = [`From: ${d.name} <${d.email}>`, `Subject: ${d.subject}`, "", d.message].join("\n");
  const body = html`<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px;margin-bottom:16px">
<tr><td style="color:#6b7280">From</td><td><strong>${d.name}</strong> &lt;<a href="mailto:${d.email}">${d.email}</a>&gt;</td></tr>
<tr><td style="color:#6b7280">Subject</td><td>${d.subject}</td></tr>
</table>
${paragraphs(d.message)}`;
  return { subject, text, html: layout(subject, body, html`Reply to this e-mail to answer ${d.name}.`) };
}

// ---- job alerts --------------------------------------------------------------------------------

export interface AlertConfirmData extends Localised {
  summary: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function alertConfirmMail(d: AlertConfirmData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.alertConfirm.subject");
  const intro = t(locale, "mail.alertConfirm.intro");
  const ignore = t(locale, "mail.common.ignore");
  const text = [intro, d.summary, "", labelled(locale, "mail.alertConfirm.action", d.confirmUrl), "", ignore, labelled(locale, "mail.common.cancelRequest", d.unsubscribeUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p>
<p style="margin:0 0 12px"><strong>${d.summary}</strong></p>
${button(d.confirmUrl, t(locale, "mail.alertConfirm.action"))}`;
  // Not "Unsubscribe" from an alert that is not on yet, beside "nothing will be sent"; the link's words never break
  // apart (a sixteenth reading: «إلغاء» / «الاشتراك»).
  return mailContent({ locale, name: d.recipientName }, subject, text, body, html`${ignore} <a href="${d.unsubscribeUrl}" style="white-space:nowrap">${t(locale, "mail.common.cancelRequest")}</a>`);
}

export interface DigestJob {
  title: string;
  company: string;
  location: string;
  salary: string;
  url: string;
}

export interface AlertDigestData extends Localised {
  summary: string;
  jobs: DigestJob[];
  searchUrl: string;
  unsubscribeUrl: string;
}

/** "- Title at Company (Location), pay" and its link; without the company where the sentence above names it. */
function jobLine(j: DigestJob, locale: Locale = "en", withCompany = true): string {
  const comma = locale === "ar" ? "، " : ", ";
  return `- ${withCompany ? t(locale, "mail.common.jobAtCompany", { title: j.title, company: j.company }) : isolateIn(locale, j.title)}${j.location ? ` (${isolateIn(locale, j.location)})` : ""}${j.salary ? `${comma}${isolateIn(locale, j.salary)}` : ""}\n  ${j.url}`;
}

export function alertDigestMail(d: AlertDigestData): MailContent {
  const locale = d.locale ?? "en";
  const n = d.jobs.length;
  const subject = t(locale, "mail.digest.subject", { count: n, summary: d.summary });
  const text = [
    t(locale, "mail.digest.intro", { count: n, summary: d.summary }),
    "",
    ...d.jobs.map((j) => jobLine(j, locale)),
    "",
    labelled(locale, "mail.digest.seeAll", d.searchUrl),
    "",
    labelled(locale, "mail.digest.unsubscribe", d.unsubscribeUrl),
  ].join("\n");
  const body = html`<p style="margin:0 0 16px">${richHtml(locale, "mail.digest.intro", { count: n }, { summary: html`<strong>${d.summary}</strong>` })}</p>
${d.jobs.map(
  (j) => html`<div style="padding:12px 0;border-top:1px solid #e5e7eb">
<a href="${j.url}" style="font-weight:600;color:#111827;text-decoration:none">${isolateIn(locale, j.title)}</a>
<div style="color:#4b5563;font-size:14px">${isolateIn(locale, j.company)}${j.location ? html` · ${isolateIn(locale, j.location)}` : ""}${j.salary ? html` · ${salaryHtml(locale, j.salary)}` : ""}</div>
</div>`,
)}
${button(d.searchUrl, t(locale, "mail.digest.seeAll"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body, html`${t(locale, "mail.digest.why")} <a href="${d.unsubscribeUrl}">${t(locale, "mail.digest.unsubscribe")}</a>.`);
}

// ---- company "Notify me" -----------------------------------------------------------------------

export interface CompanyNotifyConfirmData extends Localised {
  company: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function companyNotifyConfirmMail(d: CompanyNotifyConfirmData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.companyConfirm.subject", { company: d.company });
  const ignore = t(locale, "mail.common.ignore");
  const text = [
    t(locale, "mail.companyConfirm.intro", { company: d.company }),
    "",
    labelled(locale, "mail.common.confirm", d.confirmUrl),
    "",
    ignore,
    // Not «إلغاء المتابعة» from a follow not yet on: the alert's confirmation says the same (the nineteenth reading).
    labelled(locale, "mail.common.cancelRequest", d.unsubscribeUrl),
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">${richHtml(locale, "mail.companyConfirm.intro", {}, { company: html`<strong>${d.company}</strong>` })}</p>
${button(d.confirmUrl, t(locale, "mail.common.confirm"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body, html`${ignore} <a href="${d.unsubscribeUrl}" style="white-space:nowrap">${t(locale, "mail.common.cancelRequest")}</a>`);
}

export interface CompanyNewJobData extends Localised {
  company: string;
  job: DigestJob;
  companyUrl: string;
  unsubscribeUrl: string;
}

export function companyNewJobMail(d: CompanyNewJobData): MailContent {
  const locale = d.locale ?? "en";
  const company = { company: d.company };
  const subject = t(locale, "mail.companyNewJob.subject", { ...company, title: d.job.title });
  const intro = t(locale, "mail.companyNewJob.intro", company);
  const allJobs = t(locale, "mail.companyNewJob.allJobs", company);
  const text = [intro, "", jobLine(d.job, locale, false), "", `${allJobs}: ${d.companyUrl}`, "", labelled(locale, "mail.company.unfollow", d.unsubscribeUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p>
<p style="margin:0 0 4px"><a href="${d.job.url}" style="font-weight:600;color:#111827">${isolateIn(locale, d.job.title)}</a></p>
<p style="margin:0 0 12px;color:#4b5563;font-size:14px">${isolateIn(locale, d.job.location)}${d.job.salary ? html` · ${salaryHtml(locale, d.job.salary)}` : ""}</p>
${button(d.job.url, t(locale, "mail.companyNewJob.view"))}
<p style="margin:0"><a href="${d.companyUrl}">${allJobs}</a></p>`;
  return mailContent(
    { locale, name: d.recipientName },
    subject,
    text,
    body,
    html`${t(locale, "mail.companyNewJob.why", company)} <a href="${d.unsubscribeUrl}">${t(locale, "mail.company.unfollow")}</a>.`,
  );
}

// ---- job expiry reminder -----------------------------------------------------------------------

export interface JobExpiryReminderData extends Localised {
  title: string;
  company: string;
  expiresAt: number;
  /** When the mail is written: the subject counts the days left from it (it said 3 whatever they were, the 27th reading). */
  now: number;
  jobUrl: string;
  /** `${APP_URL}/dashboard/jobs?repost=<jobId>`: sign-in is asked for first when needed. */
  repostUrl: string;
}

export function jobExpiryReminderMail(d: JobExpiryReminderData): MailContent {
  const locale = d.locale ?? "en";
  const days = Math.max(1, Math.ceil((d.expiresAt - d.now) / 86_400_000));
  const subject = t(locale, "mail.expiry.subject", { title: d.title, days });
  const values = { title: d.title, company: d.company, date: receiptDate(d.expiresAt, locale, "full") };
  const keep = t(locale, "mail.expiry.keep");
  const text = [t(locale, "mail.expiry.expires", values), keep, "", labelled(locale, "mail.expiry.repostLine", d.repostUrl), labelled(locale, "mail.expiry.viewListing", d.jobUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${richHtml(locale, "mail.expiry.expires", values, { title: html`<strong>${d.title}</strong>` })}</p>
<p style="margin:0 0 12px">${keep}</p>
${button(d.repostUrl, t(locale, "mail.expiry.repost"))}
<p style="margin:0"><a href="${d.jobUrl}">${t(locale, "mail.expiry.viewListing")}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body, html`${t(locale, "mail.expiry.signIn")}`);
}

// ---- Spotlight subscription --------------------------------------------------------------------

export interface SpotlightWelcomeData extends Localised {
  renewsAt: number | null;
  dashboardUrl: string;
  billingUrl: string;
}

export function spotlightWelcomeMail(d: SpotlightWelcomeData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.spotlight.welcomeSubject");
  const renews = d.renewsAt ? t(locale, "mail.spotlight.renews", { date: receiptDate(d.renewsAt, locale) }) : "";
  const active = t(locale, "mail.spotlight.active");
  const text = [active, ...(renews ? [renews] : []), "", labelled(locale, "mail.spotlight.dashboard", d.dashboardUrl), labelled(locale, "mail.spotlight.manage", d.billingUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${active}</p>
${renews ? html`<p style="margin:0 0 12px">${renews}</p>` : ""}
${button(d.dashboardUrl, t(locale, "mail.spotlight.goToDashboard"))}
<p style="margin:0"><a href="${d.billingUrl}">${t(locale, "mail.spotlight.manage")}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

export interface SpotlightPaymentFailedData extends Localised {
  /** When the provider tries the card again; null when it will not. */
  retryAt: number | null;
  billingUrl: string;
}

export function spotlightPaymentFailedMail(d: SpotlightPaymentFailedData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.spotlight.paymentFailedSubject");
  const retry = d.retryAt ? t(locale, "mail.spotlight.retry", { date: receiptDate(d.retryAt, locale) }) : t(locale, "mail.spotlight.noRetry");
  const failed = t(locale, "mail.spotlight.paymentFailed");
  const text = [failed, retry, "", labelled(locale, "mail.spotlight.updateCard", d.billingUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${failed}</p>
<p style="margin:0 0 12px">${retry}</p>
${button(d.billingUrl, t(locale, "mail.spotlight.updateCard"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

export interface SpotlightCancelScheduledData extends Localised {
  endsAt: number | null;
  billingUrl: string;
}

export function spotlightCancelScheduledMail(d: SpotlightCancelScheduledData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.spotlight.cancelSubject");
  const ends = d.endsAt ? t(locale, "mail.spotlight.endsOn", { date: receiptDate(d.endsAt, locale) }) : t(locale, "mail.spotlight.endsAtPeriodEnd");
  const cancelled = t(locale, "mail.spotlight.cancelled", { ends });
  const changedMind = t(locale, "mail.spotlight.changedMind");
  const text = [cancelled, "", `${changedMind} ${labelled(locale, "mail.spotlight.manage", d.billingUrl)}`].join("\n");
  const body = html`<p style="margin:0 0 12px">${cancelled}</p>
<p style="margin:0"><a href="${d.billingUrl}">${changedMind} ${t(locale, "mail.spotlight.manage")}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

export interface SpotlightEndedData extends Localised {
  endedAt: number;
  resubscribeUrl: string;
}

export function spotlightEndedMail(d: SpotlightEndedData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.spotlight.endedSubject");
  const ended = t(locale, "mail.spotlight.ended", { date: receiptDate(d.endedAt, locale) });
  const text = [ended, "", labelled(locale, "mail.spotlight.subscribeAgain", d.resubscribeUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${ended}</p>
${button(d.resubscribeUrl, t(locale, "mail.spotlight.subscribeAgain"))}`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

export interface SpotlightReceiptData extends Localised {
  /** The period the payment covers; null when it is not known yet (the first payment, at checkout). */
  paidUntil: number | null;
  billingUrl: string;
  receipt: Receipt;
}

/** Every Spotlight payment, the first and each renewal: its receipt (issue 22 item 11). */
export function spotlightReceiptMail(d: SpotlightReceiptData): MailContent {
  const locale = d.locale ?? "en";
  const amount = formatAmount(d.receipt.amountCents, d.receipt.currency, locale);
  const subject = t(locale, "mail.spotlight.receiptSubject", { amount });
  const received = t(locale, "mail.spotlight.paymentReceived", { amount });
  const until = d.paidUntil ? t(locale, "mail.spotlight.paidUntil", { date: receiptDate(d.paidUntil, locale) }) : "";
  const text = [received, ...(until ? [until] : []), "", ...receiptText(d.receipt, locale), "", labelled(locale, "mail.spotlight.manage", d.billingUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${received}</p>
${until ? html`<p style="margin:0 0 12px">${until}</p>` : ""}
${receiptHtml(d.receipt, locale)}
<p style="margin:12px 0 0"><a href="${d.billingUrl}">${t(locale, "mail.spotlight.manage")}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

// ---- a copy of a receipt, asked for from Billing -----------------------------------------------

export interface ReceiptCopyData extends Localised {
  /** What the order bought, as Billing says it ("10 Standard posts"). */
  what: string;
  receipt: Receipt;
  /** The order's refunds so far, oldest first, each as the customer's refund e-mail gave it. */
  refunds: { amountCents: number; currency: string; at: number }[];
  billingUrl: string;
}

/** "E-mail me a copy" on the billing page: the order's receipt again, with any refund since. */
export function receiptCopyMail(d: ReceiptCopyData): MailContent {
  const locale = d.locale ?? "en";
  const subject = t(locale, "mail.receiptCopy.subject", { reference: d.receipt.orderReference });
  const lead = t(locale, "mail.receiptCopy.lead", { what: forWhat(locale, d.what) });
  const refunds = d.refunds.map((r) => t(locale, "mail.receiptCopy.refunded", { amount: formatAmount(r.amountCents, r.currency, locale), date: receiptDate(r.at, locale) }));
  const text = [lead, "", ...receiptText(d.receipt, locale), ...(refunds.length ? ["", ...refunds] : []), "", labelled(locale, "mail.refund.billing", d.billingUrl)].join("\n");
  const body = html`<p style="margin:0 0 12px">${lead}</p>
${receiptHtml(d.receipt, locale)}
${refunds.length ? html`<ul style="margin:12px 0 0" data-receipt-refunds>${refunds.map((line) => html`<li>${line}</li>`)}</ul>` : ""}
<p style="margin:12px 0 0"><a href="${d.billingUrl}">${t(locale, "mail.refund.billing")}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}
