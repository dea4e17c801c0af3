// /api/billing: the signed-in user's orders, credit grants and Spotlight subscription (owner only: every
// query is by the session's user id), and the provider's page to manage the subscription (Stripe's
// Customer Portal; the emulator's subscription page locally).
import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { appOrigin } from "../lib/appUrl";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { paymentProvider } from "../payments/provider";
import { BILLING_MESSAGES } from "../rules/billing";
import type { BillingResponse } from "../rules/billing";
import { billingGrants, billingOrder, billingOrders, billingSubscription, billingSubscriptions } from "./store";
import { z } from "zod";
import { validate } from "../http/validate";
import { receiptCopyStatement } from "../mail/receipts";
import { deliverSoon } from "../mail/deliverSoon";
import { m } from "../rules/serverMessages";

/** POST /api/billing/orders/:id/receipt */
const orderParam = z.object({ id: z.string().min(1).max(200) });
import { requestLocale } from "../http/locale";
import { localePath } from "../rules/i18n";
import { logError } from "../lib/log";

export const billingRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c, BILLING_MESSAGES.signIn);
    // What each order and grant bought, in the request's language.
    const locale = requestLocale(c);
    const [orders, grants, sub, subscriptions] = await Promise.all([
      billingOrders(c.env.DB, user.id, locale),
      billingGrants(c.env.DB, user.id, Date.now(), locale),
      billingSubscription(c.env.DB, user.id),
      billingSubscriptions(c.env.DB, user.id),
    ]);
    const subscription = sub
      ? { id: sub.id, status: sub.status, currentPeriodEnd: sub.currentPeriodEnd, cancelAtPeriodEnd: sub.cancelAtPeriodEnd, endedAt: sub.endedAt, manageable: sub.manageable }
      : null;
    return c.json({ orders, grants, subscription, subscriptions } satisfies BillingResponse);
  })
  // "E-mail me a copy": a paid order's receipt again, to the account's address, in the page's language (its refunds too).
  .post("/orders/:id/receipt", validate("param", orderParam), async (c) => {
    const user = await requireUser(c, BILLING_MESSAGES.signIn);
    const found = await billingOrder(c.env.DB, user.id, c.req.valid("param").id);
    if (!found) throw new HttpError(404, BILLING_MESSAGES.orderNotFound);
    const { order } = found;
    if (order.fulfilled_at === null) throw new HttpError(409, BILLING_MESSAGES.notPaid, undefined, "not_paid");
    const now = Date.now();
    const sent = await receiptCopyStatement(c.env.DB, { order: { ...order, fulfilled_at: order.fulfilled_at }, refunds: found.refunds }, user, requestLocale(c), appOrigin(c), now).run();
    // One copy of an order at a time: another click within minutes is told it has just gone.
    if (!sent.meta.changes) throw new HttpError(429, BILLING_MESSAGES.receiptRecentlySent, undefined, "recently_sent");
    deliverSoon(c);
    // `sentTo`: the page writes the address whole (web/components/EmailAddress.tsx); `message` for other clients.
    return c.json({ message: m("server.billing.receiptSent", { email: user.email }), sentTo: user.email });
  })
  // "Manage subscription": a portal session for the user's own customer; the browser goes to its url.
  .post("/portal", async (c) => {
    const user = await requireUser(c, BILLING_MESSAGES.signIn);
    const sub = await billingSubscription(c.env.DB, user.id);
    if (!sub?.customerId) throw new HttpError(404, BILLING_MESSAGES.noSubscription);
    const portal = await paymentProvider(c.env, c.req.url)
      // Back to Billing in the board's language the customer came from (the Arabic board's is /ar/dashboard/billing).
      .createBillingPortalSession({ customerId: sub.customerId, returnUrl: `${appOrigin(c)}${localePath(requestLocale(c), "/dashboard/billing")}` })
      .catch((e: unknown) => {
        logError("billing.portal_session_failed", e);
        throw new HttpError(502, BILLING_MESSAGES.portalFailed);
      });
    return c.json({ url: portal.url });
  });
