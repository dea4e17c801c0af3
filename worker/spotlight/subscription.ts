// Spotlight subscriptions (Stripe subscription mode). Every event handler re-reads the subscription from
// the provider and writes what it says now, so handlers are idempotent and the order events arrive in
// does not matter: a stale or repeated event just writes the current state again. After each write the
// user's entitlement (the paid period's end, or none) is handed to their company's Durable Object,
// which publishes or removes the company's jobs in D1 accordingly.
import { isLocale, localePath } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import type { Env } from "../env";
import { paymentProvider } from "../payments/provider";
import type { CheckoutSessionInfo, SubscriptionInfo } from "../payments/types";
import type { ExpiredSubscription } from "./store";
import { appUrl } from "../lib/appUrl";
import { enqueueMail } from "../mail/outbox";
import type { OutgoingMail } from "../mail/outbox";
import { spotlightCancelScheduledMail, spotlightEndedMail, spotlightPaymentFailedMail, spotlightWelcomeMail } from "../mail/templates";
import { log } from "../lib/log";
import { companyOfOwner, endedSubscription, entitlementRow, refundedDuplicate, subscriberAccount, subscriptionById, upsertSubscriptionStatement } from "./store";

/** Far in the future: accounts flagged is_spotlight_user have no period end. */
export const NO_END = Date.UTC(2100, 0, 1);

export type LocalStatus = "active" | "past_due" | "canceled" | "expired" | "incomplete";

/** Stripe's status as ours; a period that has ended is expired whatever Stripe still says. */
export function localStatus(info: Pick<SubscriptionInfo, "status" | "currentPeriodEnd">, now: number): LocalStatus {
  const s = info.status;
  let status: LocalStatus;
  if (s === "active" || s === "trialing") status = "active";
  else if (s === "past_due") status = "past_due";
  else if (s === "incomplete") status = "incomplete";
  else status = "canceled"; // canceled, unpaid, incomplete_expired, paused
  if ((status === "active" || status === "past_due") && info.currentPeriodEnd !== null && info.currentPeriodEnd <= now) status = "expired";
  return status;
}

export interface SyncHints {
  userId?: string | null;
  companyId?: string | null;
  sessionId?: string | null;
  /** Links in the subscription e-mails; APP_URL when not given. */
  appUrl?: string;
  /** invoice.payment_failed: the failed invoice and when the provider tries the card again. */
  paymentFailed?: { invoiceId: string; retryAt: number | null };
}

/** When an ended subscription ended: the provider's ended_at, else its period's end, never later than now. */
export function endedAtOf(info: Pick<SubscriptionInfo, "endedAt" | "currentPeriodEnd">, now: number): number {
  return info.endedAt ?? Math.min(info.currentPeriodEnd ?? now, now);
}

/**
 * The subscription e-mails the provider's current state calls for, each once (its outbox key): welcome
 * when it first becomes active, payment failed (per failed invoice, with the retry date), cancellation
 * scheduled (per period end), ended.
 */
export function subscriptionMails(
  db: D1Database,
  /** The subscriber: their address, language and name. */
  subscriber: Subscriber,
  subId: string,
  status: LocalStatus,
  info: SubscriptionInfo,
  firstActive: boolean,
  hints: SyncHints,
  base: string,
  now: number,
): D1PreparedStatement[] {
  // Each mail in the subscriber's language, its links to the pages in that language.
  const { email: to, locale, name: recipientName } = subscriber;
  const page = (path: string) => `${base}${localePath(locale, path)}`;
  const billingUrl = page("/dashboard/billing");
  const out: OutgoingMail[] = [];
  if (status === "active" && firstActive) {
    out.push({
      key: `spotlight_welcome:${subId}`,
      kind: "spotlight_welcome",
      to,
      ...spotlightWelcomeMail({ locale, recipientName, renewsAt: info.cancelAtPeriodEnd ? null : info.currentPeriodEnd, dashboardUrl: page("/spotlight/live"), billingUrl }),
    });
  }
  if (hints.paymentFailed && (status === "past_due" || status === "incomplete")) {
    out.push({
      key: `spotlight_payment_failed:${hints.paymentFailed.invoiceId}`,
      kind: "spotlight_payment_failed",
      to,
      ...spotlightPaymentFailedMail({ locale, recipientName, retryAt: hints.paymentFailed.retryAt, billingUrl }),
    });
  }
  if ((status === "active" || status === "past_due") && info.cancelAtPeriodEnd) {
    out.push({
      key: `spotlight_cancel_scheduled:${subId}:${info.currentPeriodEnd ?? 0}`,
      kind: "spotlight_cancel_scheduled",
      to,
      ...spotlightCancelScheduledMail({ locale, recipientName, endsAt: info.currentPeriodEnd, billingUrl }),
    });
  }
  if (status === "canceled" || status === "expired") out.push(endedMail(subscriber, subId, endedAtOf(info, now), base, info.currentPeriodEnd));
  return out.map((m) => enqueueMail(db, m, now));
}

/** Whom a subscription's e-mails go to: the subscriber's address, in their language, greeted by their name. */
export interface Subscriber {
  email: string;
  locale: Locale;
  name?: string | null;
}

/** A subscriber as their account row has them (an unknown language is English). */
function subscriberOf(account: { email: string; locale: string | null; name: string | null }): Subscriber {
  return { email: account.email, locale: isLocale(account.locale) ? account.locale : "en", name: account.name };
}

/**
 * "Your subscription has ended", once per end: keyed by the period that ended, so a subscription the daily task expired
 * before its renewal's event arrived (it came back) is told again when it really ends, and repeated events tell no one twice.
 */
function endedMail(to: Subscriber, subId: string, endedAt: number, base: string, periodEnd: number | null): OutgoingMail {
  const { locale } = to;
  return {
    key: `spotlight_ended:${subId}:${periodEnd ?? "none"}`,
    kind: "spotlight_ended",
    to: to.email,
    ...spotlightEndedMail({ locale, recipientName: to.name, endedAt, resubscribeUrl: `${base}${localePath(locale, "/spotlight/live")}` }),
  };
}

/** Writes the provider's current view of a subscription; returns the user it belongs to, if known. */
export async function syncSubscription(env: Env, info: SubscriptionInfo, hints: SyncHints = {}, now = Date.now()): Promise<string | null> {
  const existing = await subscriptionById(env.DB, info.id);
  // A second subscription the account never got (ended and refunded at once, worker/checkout/fulfil.ts):
  // its events change nothing and send no welcome or "ended" e-mail; the refund e-mail said it all.
  if (!existing && (await refundedDuplicate(env.DB, info.metadata.orderId, info.id))) return null;
  const userId = existing?.user_id ?? info.metadata.userId ?? hints.userId ?? null;
  if (!userId) {
    log("error", "spotlight.subscription_without_user", { subscriptionId: info.id });
    return null;
  }
  const account = await subscriberAccount(env.DB, userId);
  if (!account) {
    log("error", "spotlight.subscription_unknown_user", { subscriptionId: info.id, userId });
    return null;
  }
  const company = await companyOfOwner(env.DB, userId);
  const companyId = existing?.company_id ?? company?.id ?? info.metadata.companyId ?? hints.companyId ?? null;
  const status = localStatus(info, now);
  const ended = status === "canceled" || status === "expired";
  const upsert = upsertSubscriptionStatement(
    env.DB,
    {
      id: info.id,
      userId,
      companyId,
      status,
      sessionId: hints.sessionId ?? null,
      customerId: info.customerId,
      periodStart: info.currentPeriodStart,
      periodEnd: info.currentPeriodEnd,
      cancelAtPeriodEnd: info.cancelAtPeriodEnd,
      endedAt: ended ? endedAtOf(info, now) : null,
    },
    now,
  );
  const firstActive = !existing || existing.status === "incomplete";
  const base = (hints.appUrl ?? appUrl(env, "")).replace(/\/+$/, "");
  // The state and the e-mails it calls for, in one batch.
  await env.DB.batch([upsert, ...subscriptionMails(env.DB, subscriberOf(account), info.id, status, info, firstActive, hints, base, now)]);
  await refreshEntitlement(env, userId, now);
  return userId;
}

/** Until when the user may have live Spotlight jobs: the latest paid period end, or null. */
export async function entitlementUntil(db: D1Database, userId: string, now = Date.now()): Promise<number | null> {
  const row = await entitlementRow(db, userId, NO_END, now);
  if (!row) return null;
  if (row.flagged === 1) return NO_END;
  return row.until;
}

/** Hands the user's entitlement to their company's object, which republishes or removes its jobs. */
export async function refreshEntitlement(env: Pick<Env, "DB" | "SPOTLIGHT">, userId: string, now = Date.now()): Promise<void> {
  const company = await companyOfOwner(env.DB, userId);
  if (!company) return;
  await env.SPOTLIGHT.getByName(company.id).setActiveUntil(await entitlementUntil(env.DB, userId, now));
}

/**
 * The scheduled expiry task's second half: after expireSpotlightSubscriptions() marked ended periods
 * expired, each user's company loses its live jobs (unless another subscription still covers it).
 */
export async function endExpiredSubscriptions(env: Pick<Env, "DB" | "SPOTLIGHT" | "APP_URL">, expired: readonly ExpiredSubscription[], now = Date.now()): Promise<number> {
  // The "ended" e-mail, once per subscription (its key), for each period the task just expired.
  const mails: D1PreparedStatement[] = [];
  for (const s of expired) {
    const row = await endedSubscription(env.DB, s.id);
    // In the subscriber's language and by their name, as every other Spotlight e-mail (it used to be English always).
    if (row) mails.push(enqueueMail(env.DB, endedMail(subscriberOf(row), s.id, Math.min(row.end ?? now, now), appUrl(env, "").replace(/\/+$/, ""), row.end), now));
  }
  if (mails.length) await env.DB.batch(mails);
  const users = new Set(expired.map((s) => s.user_id));
  for (const userId of users) await refreshEntitlement(env, userId, now);
  return users.size;
}

/** checkout.session.completed for a 'spotlight' order (from fulfilCheckoutSession): the subscription it made. */
export async function activateFromCheckout(env: Env, session: CheckoutSessionInfo, order: { user_id: string }, requestUrl: string, now = Date.now()): Promise<void> {
  if (!session.subscriptionId) return;
  const info = await paymentProvider(env, requestUrl).retrieveSubscription(session.subscriptionId);
  await syncSubscription(env, info, { userId: order.user_id, companyId: session.metadata.companyId ?? null, sessionId: session.id, appUrl: requestUrl }, now);
}

/** The subscription id an invoice belongs to (older and newer Stripe API shapes). */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const direct = invoice.subscription;
  if (typeof direct === "string") return direct;
  if (direct && typeof direct === "object" && typeof (direct as { id?: unknown }).id === "string") return (direct as { id: string }).id;
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  return typeof nested === "string" ? nested : null;
}
