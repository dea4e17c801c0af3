// Receipts (issue 10 item 6): the confirmation e-mails of paid orders say what was bought (plan,
// enhancements, posts, the bundle for bundle orders only), the amount and currency paid, the date and the
// order reference, and with real Stripe the hosted receipt, which is also stored on the payment row.
// Built from the order's own items and the paid session, never from what the job row holds now.
// The mails are in the buyer's language: the checkout route stores the request's locale in the session's
// metadata (`locale`, worker/checkout/routes.ts), the smallest honest place the webhook's fulfilment can
// read it from; a session without it (older ones) is English. The order row keeps it too (issue 25), for the
// failed-payment path, which has only the order.
import { m } from "../rules/serverMessages";
import type { Guard } from "../checkout/guard";
import { enqueueMail, enqueueMailWhen } from "./outbox";
import type { OutgoingMail } from "./outbox";
import type { OrderItems, OrderRow } from "../checkout/fulfil";
import { paymentReceiptUrlStatement } from "../orders/store";
import type { CheckoutSessionInfo } from "../payments/types";
import { listLabel } from "../discovery/locale";
import { localiseMessage, t } from "../lib/i18n";
import { formatMoney } from "../rules/format";
import { isLocale, localePath } from "../rules/i18n";
import { isolateIn } from "../rules/bidi";
import type { Locale } from "../rules/i18n";
import type { Enhancement, Plan } from "../rules/lists";
import { CREDIT_BUNDLES, ENHANCEMENT_PRICES, PLAN_PRICES, SOLD_BUNDLES, bundleDisplayName, bundleSavesDollars, creditBundleContents, describeCredits } from "../rules/pricing";
import { creditPurchaseMail, jobConfirmationMail, nameFor, paymentFailedMail, receiptCopyMail, receiptDate, refundFailedMail, refundMail, spotlightReceiptMail } from "./templates";
import { grantExpiry } from "../credits/ledger";
import type { MessageId } from "../rules/locales/en";
import { RECEIPT_COPY_EVERY_MS } from "../rules/billing";
import type { RefundRow } from "../payments/refunds";
import { refundRecipient, succeededRefunds } from "../payments/store";
import type { Receipt } from "./templates";

/** The order's reference as the buyer reads it: its id's first 8 characters, upper-cased. */
export function orderReference(orderId: string): string {
  return orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** The buyer's language, as the checkout stored it in the session's metadata. */
export function sessionLocale(session: Pick<CheckoutSessionInfo, "metadata">): Locale {
  const locale = session.metadata?.locale;
  return isLocale(locale) ? locale : "en";
}

function enhancementNames(ids: readonly string[] | undefined, locale: Locale): string {
  const names = (ids ?? []).map((e) => listLabel(locale, "enhancement", e, ENHANCEMENT_PRICES[e as Enhancement]?.name ?? e));
  return names.length ? names.join(locale === "ar" ? "، " : ", ") : t(locale, "mail.receipt.none");
}

/** What a job order bought, line by line. */
export function jobOrderLines(items: OrderItems, locale: Locale = "en"): Receipt["items"] {
  const posts = items.posts ?? 1;
  const bundle = items.bundleId ? bundleNameIn(locale, { bundleId: items.bundleId, bundleName: items.bundleName ?? SOLD_BUNDLES.find((b) => b.id === items.bundleId)?.name ?? null }) : null;
  return [
    ...(bundle ? [{ label: t(locale, "mail.receipt.bundle"), value: bundle }] : []),
    ...packageLines(items, locale),
    { label: t(locale, "mail.receipt.jobPosts"), value: posts === 1 ? "1" : t(locale, "mail.receipt.jobPostsSplit", { posts, credits: posts - 1 }) },
  ];
}

/** A job's plan and enhancements, line by line in `locale`: what an order bought, what a repost renewed. */
export function packageLines(items: { plan?: string | null; enhancements?: readonly string[] }, locale: Locale = "en"): Receipt["items"] {
  const plan = PLAN_PRICES[items.plan as Plan] ? items.plan! : "standard";
  return [
    // «الخطة: القياسية», not «نوع الإعلان: الخطة القياسية» nor «الخطة: الخطة القياسية» (the sixteenth reading).
    { label: t(locale, "mail.receipt.plan"), value: t(locale, "mail.receipt.planName", { plan }) },
    { label: t(locale, "mail.receipt.enhancements"), value: enhancementNames(items.enhancements, locale) },
  ];
}

/** What a credit order bought: "5 Standard posts", and the bundle for catalogue bundles, in the buyer's language. */
export function creditOrderLines(items: OrderItems, locale: Locale = "en"): Receipt["items"] {
  const credits = items.credits ?? 1;
  return [
    ...(items.bundleId ? [{ label: t(locale, "mail.receipt.bundle"), value: bundleNameIn(locale, items) }] : []),
    { label: t(locale, "mail.receipt.credits"), value: localiseMessage(locale, describeCredits(credits, creditBundleContents(items.bundleId))) },
  ];
}

/**
 * An order's bundle named in a locale (issue 25): from its id through the catalogue (value.bundle.<id>),
 * never the English name stored with the order; the stored name only for a bundle the catalogue lacks.
 */
export function bundleNameIn(locale: Locale, items: Pick<OrderItems, "bundleId" | "bundleName">): string {
  const id = items.bundleId ?? (items.bundleName === "Custom" ? "custom" : null);
  const english = items.bundleName ?? bundleDisplayName(id);
  return id ? listLabel(locale, "bundle", id, english) : localiseMessage(locale, english);
}

/**
 * A bundle as a summary names it: "Premium Success bundle", but "Highlight Bundle" as it is; in another language,
 * the bundle's own name from the catalogue ("باقة بريميوم"), never its English name read back word by word (where
 * "Premium" alone is the plan).
 */
function bundleLabel(items: Pick<OrderItems, "bundleId" | "bundleName">, locale: Locale): string {
  if (locale !== "en") return bundleNameIn(locale, items);
  const name = items.bundleName ?? bundleDisplayName(items.bundleId);
  return /bundle$/i.test(name) ? name : m("server.billing.bundleLabel", { name });
}

/**
 * One line for what an order bought (the billing page, the failed-payment e-mail), in `locale`: each of its parts
 * is composed in English and said in the locale (worker/lib/i18n.ts localiseMessage). The job's title is isolated,
 * so a title such as "Sales Manager (KSA)" keeps its brackets in an Arabic line; in Arabic it is «quoted» after
 * «لوظيفة», not in brackets, which nested a title's own («… (مهندس برمجيات أول (واجهات خلفية))», the 25th reading).
 */
export function orderSummary(order: Pick<OrderRow, "kind">, items: OrderItems & { companyId?: string }, jobTitle?: string | null, locale: Locale = "en", options: { saving?: boolean } = {}): string {
  const say = (english: string) => localiseMessage(locale, english);
  if (order.kind === "spotlight") return say(m("server.billing.spotlightMonthly"));
  if (order.kind === "credits") return creditBundleSummary(items, locale, options);
  const posts = items.posts ?? 1;
  const what = say(describeCredits(posts, { plan: (items.plan as Plan) ?? "standard", enhancements: (items.enhancements ?? []) as Enhancement[] }));
  const bundle = items.bundleId ? `${bundleLabel(items, locale)}: ` : "";
  return jobTitle ? `${bundle}${t(locale, "server.billing.forJob", { what, title: isolateIn(locale, jobTitle) })}` : `${bundle}${what}`;
}

/**
 * A credit bundle by its contents (issue 22 item 12): "Premium bundle: 10 Standard posts, save 15%"; a custom
 * quantity is what it posts ("3 Standard posts"). The success page, the receipt and Billing name a bundle with
 * it; the web's bundleSummary (web/pricingDisplay.ts) says the same on the cards. `say` localises each part.
 * Without its `saving` (a refund's e-mail, where a sales line read oddly: the 30th reading): "Premium bundle (10 Standard posts)".
 */
export function creditBundleSummary(items: Pick<OrderItems, "bundleId" | "bundleName" | "credits">, locale: Locale = "en", { saving = true }: { saving?: boolean } = {}): string {
  const say = (english: string) => localiseMessage(locale, english);
  const bundle = CREDIT_BUNDLES.find((b) => b.id === items.bundleId);
  const what = creditContents(items, locale);
  if (!items.bundleId) return what;
  if (!saving) return `${bundleLabel(items, locale)} (${what})`;
  const dollars = bundle ? bundleSavesDollars(bundle) : 0;
  const saves = bundle?.savings
    ? say(m("server.pricing.saves", { percent: bundle.savings }))
    : dollars
      ? t(locale, "server.pricing.savesAmount", { amount: formatMoney(locale, dollars * 100, "USD", { whole: true }) })
      : "";
  return `${bundleLabel(items, locale)}: ${what}${saves}`;
}

/** What a credit purchase holds, without its bundle's name or saving: "10 Standard posts" / «10 إعلانات بالخطة القياسية». */
export function creditContents(items: Pick<OrderItems, "bundleId" | "credits">, locale: Locale = "en"): string {
  const bundle = CREDIT_BUNDLES.find((b) => b.id === items.bundleId);
  return localiseMessage(locale, describeCredits(items.credits ?? bundle?.posts ?? 1, creditBundleContents(items.bundleId)));
}

/** When the credits a purchase grants expire (3 calendar months after it is recorded, credits/ledger.ts grantExpiry). */
function creditsExpireLine(now: number, locale: Locale): Receipt["items"][number] {
  return { label: t(locale, "mail.receipt.creditsExpire"), value: receiptDate(grantExpiry(now), locale) };
}

/**
 * What a paid order's receipt lists, line by line: what it bought, and when the credits it granted expire (their grant
 * is recorded when the order is paid, `paidAt`). The paid e-mails and a copy from Billing list the same lines.
 */
function orderLines(kind: OrderRow["kind"], items: OrderItems, paidAt: number, locale: Locale): Receipt["items"] {
  if (kind === "spotlight") return [{ label: t(locale, "mail.receipt.subscription"), value: t(locale, "mail.receipt.spotlightMonthly") }];
  if (kind === "credits") return [...creditOrderLines(items, locale), creditsExpireLine(paidAt, locale)];
  return [...jobOrderLines(items, locale), ...((items.posts ?? 1) > 1 ? [creditsExpireLine(paidAt, locale)] : [])];
}

export function receiptOf(order: OrderRow, lines: Receipt["items"], session: CheckoutSessionInfo, now: number): Receipt {
  return {
    items: lines,
    amountCents: session.amountTotal ?? order.amount,
    currency: session.currency ?? order.currency,
    paidAt: now,
    orderReference: orderReference(order.id),
    receiptUrl: session.receiptUrl ?? null,
  };
}

/** The hosted receipt stored on the payment row (written by the same fulfilment, under its guard). */
function storeReceiptUrl(db: D1Database, session: CheckoutSessionInfo, guard: Guard): D1PreparedStatement[] {
  if (!session.receiptUrl) return [];
  return [paymentReceiptUrlStatement(db, session.id, session.receiptUrl, guard)];
}

export interface ReceiptContext {
  order: OrderRow;
  items: OrderItems;
  session: CheckoutSessionInfo;
  appUrl: string;
  guard: Guard;
  now: number;
}

/** A paid job order: its receipt e-mail (once per job) and the stored receipt link. */
export function jobReceiptStatements(db: D1Database, ctx: ReceiptContext, job: { id: string; title: string; company: string; email: string }, waitingForReview = false): D1PreparedStatement[] {
  const { order, items, session, appUrl, guard, now } = ctx;
  const locale = sessionLocale(session);
  const to = job.email || order.customer_email;
  const mail = jobConfirmationMail({
    recipientName: nameFor(to, { email: order.customer_email, name: order.customer_name }),
    jobId: job.id,
    title: job.title,
    company: job.company,
    jobCount: items.posts ?? 1,
    bundle: items.bundleId ? bundleNameIn(locale, items) : null,
    jobUrl: `${appUrl}${localePath(locale, `/jobs/${job.id}`)}`,
    dashboardUrl: `${appUrl}${localePath(locale, "/dashboard/jobs")}`,
    receipt: receiptOf(order, orderLines("job", items, now, locale), session, now),
    waitingForReview,
    locale,
  });
  return [...storeReceiptUrl(db, session, guard), enqueueMailWhen(db, { key: `job_confirmation:${job.id}`, kind: "job_confirmation", to, ...mail }, guard, now)];
}

/** A paid credit order: its receipt e-mail (once per order) and the stored receipt link. */
export function creditReceiptStatements(db: D1Database, ctx: ReceiptContext): D1PreparedStatement[] {
  const { order, items, session, appUrl, guard, now } = ctx;
  const locale = sessionLocale(session);
  const mail = creditPurchaseMail({
    recipientName: order.customer_name,
    // Named by what it contains (issue 22 item 12): "Premium bundle: 10 Standard posts", never "Premium plan".
    bundle: orderSummary(order, items, null, locale),
    // The subject says what was bought, short: the bundle's whole name with its contents and saving ran long.
    contents: creditContents(items, locale),
    custom: !items.bundleId,
    credits: items.credits ?? 1,
    dashboardUrl: `${appUrl}${localePath(locale, "/dashboard")}`,
    postUrl: `${appUrl}${localePath(locale, "/post")}`,
    receipt: receiptOf(order, orderLines("credits", items, now, locale), session, now),
    locale,
  });
  return [...storeReceiptUrl(db, session, guard), enqueueMailWhen(db, { key: `credit_purchase:${order.id}`, kind: "credit_purchase", to: order.customer_email, ...mail }, guard, now)];
}

/** A Spotlight payment as its receipt says it: the order, what was paid, and where it came from. */
export interface SpotlightPaid {
  order: Pick<OrderRow, "id" | "kind" | "customer_email">;
  amountCents: number;
  currency: string;
  paidAt: number;
  receiptUrl: string | null;
  /** The end of the period it pays for, when known. */
  paidUntil: number | null;
  locale: Locale;
  /** The subscriber's name, when the receipt goes to their account's address. */
  recipientName?: string | null;
  appUrl: string;
}

/**
 * The receipt e-mail of a Spotlight payment (issue 22 item 11): the first one at checkout, each renewal
 * after; once per order (its outbox key). With `guard`, written only when it holds.
 */
export function spotlightReceiptStatement(db: D1Database, p: SpotlightPaid, now: number, guard?: Guard): D1PreparedStatement {
  const { locale } = p;
  const mail = spotlightReceiptMail({
    locale,
    recipientName: p.recipientName,
    paidUntil: p.paidUntil,
    billingUrl: `${p.appUrl.replace(/\/+$/, "")}${localePath(locale, "/dashboard/billing")}`,
    receipt: {
      items: orderLines("spotlight", {}, p.paidAt, locale),
      amountCents: p.amountCents,
      currency: p.currency,
      paidAt: p.paidAt,
      orderReference: orderReference(p.order.id),
      receiptUrl: p.receiptUrl,
    },
  });
  const row: OutgoingMail = { key: `spotlight_receipt:${p.order.id}`, kind: "spotlight_receipt", to: p.order.customer_email, ...mail };
  return guard ? enqueueMailWhen(db, row, guard, now) : enqueueMail(db, row, now);
}

/** A paid Spotlight checkout (the subscription's first payment): its receipt e-mail and the stored receipt link. */
export function spotlightFirstReceiptStatements(db: D1Database, ctx: ReceiptContext): D1PreparedStatement[] {
  const { order, session, appUrl, guard, now } = ctx;
  const paid: SpotlightPaid = {
    order,
    amountCents: session.amountTotal ?? order.amount,
    currency: session.currency ?? order.currency,
    paidAt: now,
    receiptUrl: session.receiptUrl ?? null,
    paidUntil: null,
    locale: sessionLocale(session),
    recipientName: order.customer_name,
    appUrl,
  };
  return [...storeReceiptUrl(db, session, guard), spotlightReceiptStatement(db, paid, now, guard)];
}

/**
 * A bank transfer that failed (checkout.session.async_payment_failed): one e-mail per order, written only
 * by the statement that marks the order failed (the guard: the order is failed and unfulfilled).
 */
export function paymentFailedStatement(db: D1Database, order: OrderRow, jobTitle: string | null, appUrl: string, now: number): D1PreparedStatement {
  const items = JSON.parse(order.items) as OrderItems;
  // In the buyer's language, which the order keeps (no checkout session reaches this path).
  const locale: Locale = isLocale(order.locale) ? order.locale : "en";
  const mail = paymentFailedMail({
    recipientName: order.customer_name,
    what: orderSummary(order, items, jobTitle, locale),
    amountCents: order.amount,
    currency: order.currency,
    orderReference: orderReference(order.id),
    retryUrl: `${appUrl}${localePath(locale, order.kind === "credits" ? "/buy-credits" : "/post")}`,
    credits: order.kind === "credits",
    locale,
  });
  const guard: Guard = { sql: "EXISTS (SELECT 1 FROM orders WHERE id = ? AND status = 'failed' AND fulfilled_at IS NULL)", params: [order.id] };
  return enqueueMailWhen(db, { key: `payment_failed:${order.id}`, kind: "payment_failed", to: order.customer_email, ...mail }, guard, now);
}

/** Why an automatic refund was made, as its e-mail says it; an operator's refund quotes their note instead. */
const AUTOMATIC_WHY: Partial<Record<string, MessageId>> = {
  superseded: "mail.refund.why.alreadyPaid",
  already_paid: "mail.refund.why.alreadyPaid",
  job_deleted: "mail.refund.why.jobDeleted",
  job_removed: "mail.refund.why.jobRemoved",
  spotlight_duplicate: "mail.refund.why.spotlightDuplicate",
  rejected: "mail.refund.why.rejected",
};

/**
 * A refund's e-mail to the customer, once per refund (its outbox key), in their account's language: the
 * amount, the order, what the refund took back and why. With `guard`, written only when it holds.
 */
export async function refundMailStatement(
  db: D1Database,
  order: OrderRow,
  refund: Pick<RefundRow, "id" | "amount" | "currency" | "reason" | "customer_note" | "job_unpublished" | "credits_removed">,
  appUrl: string,
  now: number,
  guard?: Guard,
): Promise<D1PreparedStatement> {
  const who = await refundRecipient(db, order.id);
  const locale: Locale = isLocale(who?.locale) ? who.locale : "en";
  const items = JSON.parse(order.items) as OrderItems;
  const note = refund.customer_note?.trim() || null;
  const why = !note && AUTOMATIC_WHY[refund.reason] ? t(locale, AUTOMATIC_WHY[refund.reason]!) : null;
  const to = order.customer_email || who?.email || "";
  const mail = refundMail({
    locale,
    recipientName: nameFor(to, who),
    amountCents: refund.amount,
    currency: refund.currency,
    what: orderSummary(order, items, who?.job_title ?? null, locale, { saving: false }),
    orderReference: orderReference(order.id),
    jobTitle: who?.job_title ?? null,
    jobUnpublished: refund.job_unpublished === 1,
    creditsRemoved: refund.credits_removed,
    paidCents: order.amount,
    // The order's other refunds: this one may give back the rest, not part (the fifth reading).
    refundedBeforeCents: await succeededRefunds(db, order.id, refund.id),
    why,
    note,
    billingUrl: `${appUrl.replace(/\/+$/, "")}${localePath(locale, "/dashboard/billing")}`,
  });
  const out: OutgoingMail = { key: `refund:${refund.id}`, kind: "refund", to, ...mail };
  return guard ? enqueueMailWhen(db, out, guard, now) : enqueueMail(db, out, now);
}

/**
 * A refund Stripe failed or canceled after accepting it, told to the customer once (its outbox key) in the refund
 * e-mail's language (decision 0224): nothing was refunded, what it took back is theirs again (the job back on the
 * board or paid for again in the dashboard, the credits back), Stripe's reason when it gave one, and the support
 * address. Written under `guard` (the refund was accepted and is not failed yet), before the failure in its batch.
 */
export async function refundFailedMailStatement(
  db: D1Database,
  order: OrderRow,
  refund: Pick<RefundRow, "id" | "amount" | "currency" | "job_unpublished" | "credits_removed">,
  given: { jobBack: boolean; failureReason: string | null; supportEmail: string },
  appUrl: string,
  now: number,
  guard: Guard,
): Promise<D1PreparedStatement> {
  const who = await refundRecipient(db, order.id);
  const locale: Locale = isLocale(who?.locale) ? who.locale : "en";
  const to = order.customer_email || who?.email || "";
  const items = JSON.parse(order.items) as OrderItems;
  const mail = refundFailedMail({
    locale,
    recipientName: nameFor(to, who),
    amountCents: refund.amount,
    currency: refund.currency,
    orderReference: orderReference(order.id),
    failureReason: given.failureReason,
    job: refund.job_unpublished === 1 ? { title: who?.job_title ?? orderSummary(order, items, null, locale, { saving: false }), back: given.jobBack } : null,
    creditsBack: refund.credits_removed,
    supportEmail: given.supportEmail,
    billingUrl: `${appUrl.replace(/\/+$/, "")}${localePath(locale, "/dashboard/billing")}`,
  });
  return enqueueMailWhen(db, { key: `refund_failed:${refund.id}`, kind: "refund_failed", to, ...mail }, guard, now);
}

/** A paid order as Billing reads it (worker/billing/store.ts billingOrder): what its receipt is made of. */
export interface PaidOrder {
  order: Pick<OrderRow, "id" | "kind" | "items" | "amount" | "currency"> & { fulfilled_at: number; title: string | null; receipt_url: string | null };
  refunds: readonly { amount: number; currency: string; created_at: number }[];
}

/**
 * "E-mail me a copy" (the billing page): the order's receipt again, to the account's address, in the page's language,
 * with its refunds since. At most one copy of an order per RECEIPT_COPY_EVERY_MS (its outbox key): of ten clicks, one
 * is sent, and the statement's changes say whether this one was.
 */
export function receiptCopyStatement(db: D1Database, paid: PaidOrder, to: { email: string; name: string | null }, locale: Locale, appUrl: string, now: number): D1PreparedStatement {
  const { order } = paid;
  const items = JSON.parse(order.items) as OrderItems;
  const mail = receiptCopyMail({
    locale,
    recipientName: to.name,
    what: orderSummary(order, items, order.title, locale),
    receipt: {
      items: orderLines(order.kind, items, order.fulfilled_at, locale),
      amountCents: order.amount,
      currency: order.currency,
      paidAt: order.fulfilled_at,
      orderReference: orderReference(order.id),
      receiptUrl: order.receipt_url,
    },
    refunds: paid.refunds.map((r) => ({ amountCents: r.amount, currency: r.currency, at: r.created_at })),
    billingUrl: `${appUrl.replace(/\/+$/, "")}${localePath(locale, "/dashboard/billing")}`,
  });
  return enqueueMail(db, { key: `receipt_copy:${order.id}:${Math.floor(now / RECEIPT_COPY_EVERY_MS)}`, kind: "receipt_copy", to: to.email, ...mail }, now);
}
