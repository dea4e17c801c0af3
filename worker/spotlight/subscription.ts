// Spotlight subscriptions (Stripe subscription mode). Every event handler re-reads the subscription from
// the provider and writes what it says now, so handlers are idempotent and the order events arrive in
// does not matter: a stale or repeated event just writes the current state again. After each write the
// user's entitlement (the paid period's end, or none) is handed to their company's Durable Object,
// which publishes or removes the company's jobs in D1 accordingly.
import type { Env } from "../env";
import { paymentProvider } from "../payments/provider";
import type { CheckoutSessionInfo, SubscriptionInfo } from "../payments/types";
import type { ExpiredSubscription } from "../upkeep/expiry";

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
}

/** Writes the provider's current view of a subscription; returns the user it belongs to, if known. */
export async function syncSubscription(env: Env, info: SubscriptionInfo, hints: SyncHints = {}, now = Date.now()): Promise<string | null> {
  const existing = await env.DB.prepare("SELECT user_id, company_id FROM spotlight_subscriptions WHERE id = ?").bind(info.id).first<{ user_id: string; company_id: string | null }>();
  const userId = existing?.user_id ?? info.metadata.userId ?? hints.userId ?? null;
  if (!userId) {
    console.error("Spotlight subscription without a user", info.id);
    return null;
  }
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE id = ?").bind(userId).first();
  if (!account) {
    console.error("Spotlight subscription for an unknown user", info.id, userId);
    return null;
  }
  const company = await env.DB.prepare("SELECT id FROM spotlight_companies WHERE user_id = ?").bind(userId).first<{ id: string }>();
  const companyId = existing?.company_id ?? company?.id ?? info.metadata.companyId ?? hints.companyId ?? null;
  await env.DB.prepare(
    `INSERT INTO spotlight_subscriptions (id, user_id, company_id, status, stripe_session_id, stripe_customer_id, current_period_start, current_period_end, cancel_at_period_end, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET status = excluded.status, company_id = coalesce(spotlight_subscriptions.company_id, excluded.company_id),
       stripe_session_id = coalesce(spotlight_subscriptions.stripe_session_id, excluded.stripe_session_id),
       stripe_customer_id = coalesce(excluded.stripe_customer_id, spotlight_subscriptions.stripe_customer_id),
       current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
       cancel_at_period_end = excluded.cancel_at_period_end, updated_at = excluded.updated_at`,
  )
    .bind(
      info.id, userId, companyId, localStatus(info, now), hints.sessionId ?? null, info.customerId, info.currentPeriodStart, info.currentPeriodEnd,
      info.cancelAtPeriodEnd ? 1 : 0, now, now,
    )
    .run();
  await refreshEntitlement(env, userId, now);
  return userId;
}

/** Until when the user may have live Spotlight jobs: the latest paid period end, or null. */
export async function entitlementUntil(db: D1Database, userId: string, now = Date.now()): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT a.is_spotlight_user AS flagged,
         (SELECT max(coalesce(s.current_period_end, ${NO_END})) FROM spotlight_subscriptions s
           WHERE s.user_id = a.id AND s.status IN ('active', 'past_due') AND (s.current_period_end IS NULL OR s.current_period_end > ?)) AS until
       FROM accounts a WHERE a.id = ?`,
    )
    .bind(now, userId)
    .first<{ flagged: number; until: number | null }>();
  if (!row) return null;
  if (row.flagged === 1) return NO_END;
  return row.until;
}

/** Hands the user's entitlement to their company's object, which republishes or removes its jobs. */
export async function refreshEntitlement(env: Pick<Env, "DB" | "SPOTLIGHT">, userId: string, now = Date.now()): Promise<void> {
  const company = await env.DB.prepare("SELECT id FROM spotlight_companies WHERE user_id = ?").bind(userId).first<{ id: string }>();
  if (!company) return;
  await env.SPOTLIGHT.getByName(company.id).setActiveUntil(await entitlementUntil(env.DB, userId, now));
}

/**
 * The scheduled expiry task's second half: after expireSpotlightSubscriptions() marked ended periods
 * expired, each user's company loses its live jobs (unless another subscription still covers it).
 */
export async function endExpiredSubscriptions(env: Pick<Env, "DB" | "SPOTLIGHT">, expired: readonly ExpiredSubscription[], now = Date.now()): Promise<number> {
  const users = new Set(expired.map((s) => s.user_id));
  for (const userId of users) await refreshEntitlement(env, userId, now);
  return users.size;
}

/** checkout.session.completed for a 'spotlight' order (from fulfilCheckoutSession): the subscription it made. */
export async function activateFromCheckout(env: Env, session: CheckoutSessionInfo, order: { user_id: string }, requestUrl: string, now = Date.now()): Promise<void> {
  if (!session.subscriptionId) return;
  const info = await paymentProvider(env, requestUrl).retrieveSubscription(session.subscriptionId);
  await syncSubscription(env, info, { userId: order.user_id, companyId: session.metadata.companyId ?? null, sessionId: session.id }, now);
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
