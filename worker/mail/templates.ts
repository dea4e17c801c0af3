// One function per kind of e-mail: each returns a subject, a plain-text part and an HTML part whose
// every value is escaped (the `html` tag in ./html.ts). Links are built by the caller from APP_URL.
import { html, paragraphs } from "./html";
import type { SafeHtml } from "./html";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const BRAND = "Startup Jobs";

function layout(title: string, body: SafeHtml, footer?: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;padding:24px">
<tr><td style="font-size:18px;font-weight:700;color:#0f766e;padding-bottom:16px">${BRAND}</td></tr>
<tr><td style="font-size:15px;line-height:1.5">${body}</td></tr>
${footer ? html`<tr><td style="font-size:12px;color:#6b7280;padding-top:24px;border-top:1px solid #e5e7eb">${footer}</td></tr>` : ""}
</table></td></tr></table></body></html>`.value;
}

function button(href: string, label: string): SafeHtml {
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

/** 246600, "usd" → "$2,466.00 USD". */
export function formatAmount(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let amount: string;
  try {
    amount = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(cents / 100);
  } catch {
    amount = (cents / 100).toFixed(2);
  }
  return `${amount} ${code}`;
}

export function receiptDate(t: number): string {
  return new Date(t).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

function receiptRows(r: Receipt): { label: string; value: string }[] {
  return [...r.items, { label: "Amount paid", value: formatAmount(r.amountCents, r.currency) }, { label: "Date", value: receiptDate(r.paidAt) }, { label: "Order reference", value: r.orderReference }];
}

function receiptText(r: Receipt): string[] {
  return ["Receipt", ...receiptRows(r).map((row) => `${row.label}: ${row.value}`), ...(r.receiptUrl ? [`Receipt from our payment provider: ${r.receiptUrl}`] : [])];
}

function receiptHtml(r: Receipt): SafeHtml {
  return html`<h2 style="font-size:16px;margin:20px 0 8px">Receipt</h2>
<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px" data-receipt>
${receiptRows(r).map((row) => html`<tr><td style="color:#6b7280">${row.label}</td><td>${row.value}</td></tr>`)}
</table>
${r.receiptUrl ? html`<p style="margin:8px 0 0"><a href="${r.receiptUrl}">View the receipt from our payment provider</a></p>` : ""}`;
}

// ---- job confirmation --------------------------------------------------------------------------

export interface JobConfirmationData {
  jobId: string;
  title: string;
  company: string;
  jobCount: number;
  /** The bundle's name, for bundle orders only: no bundle line otherwise. */
  bundle: string | null;
  jobUrl: string;
  dashboardUrl: string;
  /** A paid order's receipt; absent when the job was paid for another way (a credit, Spotlight). */
  receipt?: Receipt;
  /** MODERATION=on: the job waits for an operator's review, so the e-mail must not say it is live. */
  waitingForReview?: boolean;
}

export function jobConfirmationMail(d: JobConfirmationData): MailContent {
  const reference = jobReference(d.jobId);
  const waiting = d.waitingForReview === true;
  const subject = waiting ? `Your job is waiting for review: ${d.title} at ${d.company}` : `Your job is live: ${d.title} at ${d.company}`;
  const status = waiting ? "Your job is waiting for review: it will appear on the board once it is approved." : "Your job is live.";
  const details = [
    { label: "Job title", value: d.title },
    { label: "Company", value: d.company },
    { label: "Reference", value: reference },
    // A receipt lists what was bought itself.
    ...(d.receipt ? [] : [{ label: "Job posts", value: String(d.jobCount) }, ...(d.bundle ? [{ label: "Bundle", value: d.bundle }] : [])]),
  ];
  const text = [
    `Thank you for posting on ${BRAND}.${waiting ? ` ${status}` : ""}`,
    "",
    ...details.map((row) => `${row.label}: ${row.value}`),
    ...(d.receipt ? ["", ...receiptText(d.receipt)] : []),
    "",
    ...(waiting ? [] : [`View your listing: ${d.jobUrl}`]),
    `Manage your jobs: ${d.dashboardUrl}`,
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">Thank you for posting on ${BRAND}. ${status}</p>
<table role="presentation" cellpadding="4" cellspacing="0" style="font-size:14px">
${details.map((row) => html`<tr><td style="color:#6b7280">${row.label}</td><td>${row.label === "Job title" ? html`<strong>${row.value}</strong>` : row.value}</td></tr>`)}
</table>
${d.receipt ? receiptHtml(d.receipt) : ""}
${
  waiting
    ? button(d.dashboardUrl, "Manage your jobs")
    : html`${button(d.jobUrl, "View your listing")}
<p style="margin:0"><a href="${d.dashboardUrl}">Manage your jobs</a></p>`
}`;
  return { subject, text, html: layout(subject, body) };
}

// ---- credit purchase ---------------------------------------------------------------------------

export interface CreditPurchaseData {
  bundle: string;
  credits: number;
  dashboardUrl: string;
  postUrl: string;
  receipt?: Receipt;
}

export function creditPurchaseMail(d: CreditPurchaseData): MailContent {
  const plural = d.credits === 1 ? "credit" : "credits";
  const subject = `Your ${d.bundle} plan is active`;
  const text = [
    `Your ${d.bundle} plan has been activated.`,
    `You can now use your ${d.credits} ${plural} to post jobs.`,
    ...(d.receipt ? ["", ...receiptText(d.receipt)] : []),
    "",
    `Post a job: ${d.postUrl}`,
    `Your dashboard: ${d.dashboardUrl}`,
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">Your <strong>${d.bundle}</strong> plan has been activated.</p>
<p style="margin:0 0 12px">You can now use your ${d.credits} ${plural} to post jobs.</p>
${d.receipt ? receiptHtml(d.receipt) : ""}
${button(d.postUrl, "Post a New Job")}
<p style="margin:0"><a href="${d.dashboardUrl}">Go to Dashboard</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

// ---- a bank transfer that failed ---------------------------------------------------------------

export interface PaymentFailedData {
  /** "Backend Engineer at Acme" or "5 Standard posts". */
  what: string;
  amountCents: number;
  currency: string;
  orderReference: string;
  retryUrl: string;
}

export function paymentFailedMail(d: PaymentFailedData): MailContent {
  const subject = "Your bank transfer failed";
  const amount = formatAmount(d.amountCents, d.currency);
  const text = [
    `Your bank transfer of ${amount} for ${d.what} did not go through, so nothing was charged and nothing was published.`,
    `Order reference: ${d.orderReference}`,
    "",
    `Try again: ${d.retryUrl}`,
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">Your bank transfer of <strong>${amount}</strong> for ${d.what} did not go through, so nothing was charged and nothing was published.</p>
<p style="margin:0 0 12px;color:#6b7280">Order reference: ${d.orderReference}</p>
${button(d.retryUrl, "Try again")}`;
  return { subject, text, html: layout(subject, body) };
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

export interface AlertConfirmData {
  summary: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function alertConfirmMail(d: AlertConfirmData): MailContent {
  const subject = "Confirm your job alert";
  const text = [
    "Please confirm that you want a daily e-mail with new jobs matching:",
    d.summary,
    "",
    `Confirm your alert: ${d.confirmUrl}`,
    "",
    "If you did not ask for this, ignore this e-mail and nothing will be sent.",
    `Unsubscribe: ${d.unsubscribeUrl}`,
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">Please confirm that you want a daily e-mail with new jobs matching:</p>
<p style="margin:0 0 12px"><strong>${d.summary}</strong></p>
${button(d.confirmUrl, "Confirm your alert")}`;
  return { subject, text, html: layout(subject, body, html`If you did not ask for this, ignore this e-mail and nothing will be sent. <a href="${d.unsubscribeUrl}">Unsubscribe</a>`) };
}

export interface DigestJob {
  title: string;
  company: string;
  location: string;
  salary: string;
  url: string;
}

export interface AlertDigestData {
  summary: string;
  jobs: DigestJob[];
  searchUrl: string;
  unsubscribeUrl: string;
}

function jobLine(j: DigestJob): string {
  return `- ${j.title} at ${j.company}${j.location ? ` (${j.location})` : ""}${j.salary ? `, ${j.salary}` : ""}\n  ${j.url}`;
}

export function alertDigestMail(d: AlertDigestData): MailContent {
  const n = d.jobs.length;
  const subject = `${n} new ${n === 1 ? "job" : "jobs"} for ${d.summary}`;
  const text = [`New jobs matching ${d.summary}:`, "", ...d.jobs.map(jobLine), "", `See all matching jobs: ${d.searchUrl}`, "", `Unsubscribe from this alert: ${d.unsubscribeUrl}`].join("\n");
  const body = html`<p style="margin:0 0 16px">New jobs matching <strong>${d.summary}</strong>:</p>
${d.jobs.map(
  (j) => html`<div style="padding:12px 0;border-top:1px solid #e5e7eb">
<a href="${j.url}" style="font-weight:600;color:#111827;text-decoration:none">${j.title}</a>
<div style="color:#4b5563;font-size:14px">${j.company}${j.location ? html` · ${j.location}` : ""}${j.salary ? html` · ${j.salary}` : ""}</div>
</div>`,
)}
${button(d.searchUrl, "See all matching jobs")}`;
  return {
    subject,
    text,
    html: layout(subject, body, html`You get this because you asked for job alerts. <a href="${d.unsubscribeUrl}">Unsubscribe from this alert</a>.`),
  };
}

// ---- company "Notify me" -----------------------------------------------------------------------

export interface CompanyNotifyConfirmData {
  company: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function companyNotifyConfirmMail(d: CompanyNotifyConfirmData): MailContent {
  const subject = `Confirm job updates from ${d.company}`;
  const text = [
    `Please confirm that you want an e-mail when ${d.company} posts a new job.`,
    "",
    `Confirm: ${d.confirmUrl}`,
    "",
    "If you did not ask for this, ignore this e-mail and nothing will be sent.",
    `Unsubscribe: ${d.unsubscribeUrl}`,
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">Please confirm that you want an e-mail when <strong>${d.company}</strong> posts a new job.</p>
${button(d.confirmUrl, "Confirm")}`;
  return { subject, text, html: layout(subject, body, html`If you did not ask for this, ignore this e-mail and nothing will be sent. <a href="${d.unsubscribeUrl}">Unsubscribe</a>`) };
}

export interface CompanyNewJobData {
  company: string;
  job: DigestJob;
  companyUrl: string;
  unsubscribeUrl: string;
}

export function companyNewJobMail(d: CompanyNewJobData): MailContent {
  const subject = `${d.company} is hiring: ${d.job.title}`;
  const text = [`${d.company} just posted a new job:`, "", jobLine(d.job), "", `All jobs at ${d.company}: ${d.companyUrl}`, "", `Unsubscribe: ${d.unsubscribeUrl}`].join("\n");
  const body = html`<p style="margin:0 0 12px">${d.company} just posted a new job:</p>
<p style="margin:0 0 4px"><a href="${d.job.url}" style="font-weight:600;color:#111827">${d.job.title}</a></p>
<p style="margin:0 0 12px;color:#4b5563;font-size:14px">${d.job.location}${d.job.salary ? html` · ${d.job.salary}` : ""}</p>
${button(d.job.url, "View the job")}
<p style="margin:0"><a href="${d.companyUrl}">All jobs at ${d.company}</a></p>`;
  return {
    subject,
    text,
    html: layout(subject, body, html`You asked to hear about new jobs at ${d.company}. <a href="${d.unsubscribeUrl}">Unsubscribe</a>.`),
  };
}

// ---- job expiry reminder -----------------------------------------------------------------------

export interface JobExpiryReminderData {
  title: string;
  company: string;
  expiresAt: number;
  jobUrl: string;
  /** `${APP_URL}/dashboard/jobs?repost=<jobId>`: sign-in is asked for first when needed. */
  repostUrl: string;
}

function day(t: number): string {
  return new Date(t).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

export function jobExpiryReminderMail(d: JobExpiryReminderData): MailContent {
  const subject = `Your job "${d.title}" expires in 3 days`;
  const text = [`Your listing ${d.title} at ${d.company} expires on ${day(d.expiresAt)} (UTC).`, "", `Repost it in one click (sign-in needed): ${d.repostUrl}`, `View the listing: ${d.jobUrl}`].join(
    "\n",
  );
  const body = html`<p style="margin:0 0 12px">Your listing <strong>${d.title}</strong> at ${d.company} expires on ${day(d.expiresAt)} (UTC).</p>
<p style="margin:0 0 12px">Repost it to keep it in front of candidates for another 30 days.</p>
${button(d.repostUrl, "Repost this job")}
<p style="margin:0"><a href="${d.jobUrl}">View the listing</a></p>`;
  return { subject, text, html: layout(subject, body, html`You will need to sign in to repost.`) };
}

// ---- Spotlight subscription --------------------------------------------------------------------

export interface SpotlightWelcomeData {
  renewsAt: number | null;
  dashboardUrl: string;
  billingUrl: string;
}

export function spotlightWelcomeMail(d: SpotlightWelcomeData): MailContent {
  const subject = "Welcome to Spotlight";
  const renews = d.renewsAt ? `It renews on ${receiptDate(d.renewsAt)}.` : "";
  const text = [
    "Your Spotlight subscription is active: unlimited job posts, premium visibility and advanced analytics.",
    renews,
    "",
    `Your Spotlight dashboard: ${d.dashboardUrl}`,
    `Manage your subscription: ${d.billingUrl}`,
  ].join("\n");
  const body = html`<p style="margin:0 0 12px">Your Spotlight subscription is active: unlimited job posts, premium visibility and advanced analytics.</p>
${renews ? html`<p style="margin:0 0 12px">${renews}</p>` : ""}
${button(d.dashboardUrl, "Go to Spotlight Dashboard")}
<p style="margin:0"><a href="${d.billingUrl}">Manage your subscription</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

export interface SpotlightPaymentFailedData {
  /** When the provider tries the card again; null when it will not. */
  retryAt: number | null;
  billingUrl: string;
}

export function spotlightPaymentFailedMail(d: SpotlightPaymentFailedData): MailContent {
  const subject = "Your Spotlight payment failed";
  const retry = d.retryAt
    ? `We will try your card again on ${receiptDate(d.retryAt)}. Your jobs stay live meanwhile.`
    : "We will not try your card again. Please update your card to keep your Spotlight jobs live.";
  const text = [`The payment for your Spotlight subscription failed.`, retry, "", `Update your card: ${d.billingUrl}`].join("\n");
  const body = html`<p style="margin:0 0 12px">The payment for your Spotlight subscription failed.</p>
<p style="margin:0 0 12px">${retry}</p>
${button(d.billingUrl, "Update your card")}`;
  return { subject, text, html: layout(subject, body) };
}

export interface SpotlightCancelScheduledData {
  endsAt: number | null;
  billingUrl: string;
}

export function spotlightCancelScheduledMail(d: SpotlightCancelScheduledData): MailContent {
  const subject = "Your Spotlight subscription will end";
  const ends = d.endsAt ? `It ends on ${receiptDate(d.endsAt)}` : "It ends at the end of the paid period";
  const text = [`You cancelled your Spotlight subscription. ${ends}; your jobs stay live until then.`, "", `Changed your mind? ${d.billingUrl}`].join("\n");
  const body = html`<p style="margin:0 0 12px">You cancelled your Spotlight subscription. ${ends}; your jobs stay live until then.</p>
<p style="margin:0"><a href="${d.billingUrl}">Changed your mind? Manage your subscription</a></p>`;
  return { subject, text, html: layout(subject, body) };
}

export interface SpotlightEndedData {
  endedAt: number;
  resubscribeUrl: string;
}

export function spotlightEndedMail(d: SpotlightEndedData): MailContent {
  const subject = "Your Spotlight subscription has ended";
  const text = [`Your Spotlight subscription ended on ${receiptDate(d.endedAt)}. Your company page and Spotlight jobs are no longer public.`, "", `Subscribe again: ${d.resubscribeUrl}`].join("\n");
  const body = html`<p style="margin:0 0 12px">Your Spotlight subscription ended on ${receiptDate(d.endedAt)}. Your company page and Spotlight jobs are no longer public.</p>
${button(d.resubscribeUrl, "Subscribe again")}`;
  return { subject, text, html: layout(subject, body) };
}
