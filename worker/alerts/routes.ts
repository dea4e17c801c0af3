// Job alerts (double opt-in): POST /api/alerts saves the /jobs filters for an address and mails a
// confirmation link; /confirm and /unsubscribe act on the subscription's token and send the browser to
// the web page that says what happened. The token endpoints work for any subscription kind (alerts and
// company "Notify me"), so both share one confirmation flow.
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { enforceRateLimits } from "../http/rateLimited";
import { validate } from "../http/validate";
import { clientAddress } from "../lib/rateLimit";
import { deliverSoon } from "../mail/deliverSoon";
import { describeFiltersIn } from "../discovery/locale";
import { requestLocale } from "../http/locale";
import { alertConfirmMail } from "../mail/templates";
import { ALERT_MESSAGES } from "../rules/alerts";
import { alertRequestSchema } from "../rules/alertsSchema";
import { isLocale, localePath } from "../rules/i18n";
import { alertFiltersFromQuery } from "./filters";
import { subscriptionLink } from "./links";
import { confirmSubscription, requestSubscription, unsubscribe } from "./store";
import type { SubscriptionChanged } from "./store";

const ALERT_RATE_LIMITS = {
  perAddress: { limit: 10, windowMs: 60 * 60 * 1000 },
  perEmail: { limit: 5, windowMs: 24 * 60 * 60 * 1000 },
};

function utcDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** The page saying what happened, in the subscription's language. */
function resultPage(sub: SubscriptionChanged, path: string): string {
  // A followed company's page is linked from the result (its id only: the page names nothing it was not told by the board).
  const company = sub.kind === "company" && sub.company_id ? `&company=${encodeURIComponent(sub.company_id)}` : "";
  return localePath(isLocale(sub.locale) ? sub.locale : "en", `${path}?kind=${encodeURIComponent(sub.kind)}${company}`);
}

// lang: the e-mail's language, for the page when the token finds nothing (./links.ts). A link is opened in a browser,
// so one mangled on the way (too long, a parameter twice) goes to the "invalid" page as one that finds nothing does,
// not to a JSON error: the first of a repeated parameter is read, and what is not a token finds nothing.
const firstOf = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const tokenQuery = z.object({
  token: z.preprocess(firstOf, z.string().max(200)).catch(""),
  lang: z.preprocess(firstOf, z.string().max(8)).optional().catch(undefined),
});

/** The page for a link that finds no subscription, in the e-mail's language (else the browser's). */
function invalidPage(c: Context<AppEnv>, lang: string | undefined): string {
  return localePath(isLocale(lang) ? lang : requestLocale(c), "/alerts/invalid");
}

export const alertsRoutes = new Hono<AppEnv>()
  .post("/", validate("json", alertRequestSchema), async (c) => {
    const { email, query } = c.req.valid("json");
    const filters = alertFiltersFromQuery(query);
    // The alert's e-mails are in the language of the page that asked for it (the web app's Accept-Language).
    const locale = requestLocale(c);
    const now = Date.now();
    await enforceRateLimits(
      c,
      [
        { key: `alerts:ip:${clientAddress(c.req.raw)}`, ...ALERT_RATE_LIMITS.perAddress },
        { key: `alerts:email:${email}`, ...ALERT_RATE_LIMITS.perEmail },
      ],
      "Too many alert requests. Please try again later.",
      now,
    );

    // The same answer whether or not the address already has this alert: nothing is revealed.
    const queued = await requestSubscription(
      c.env.DB,
      { kind: "alert", email, filters: JSON.stringify(filters), locale },
      ({ id, token }) => ({
        // At most one confirmation mail a day for the same pending alert in each language (./store.ts).
        key: `alert_confirm:${id}:${utcDay(now)}:${locale}`,
        kind: "alert_confirm",
        to: email,
        ...alertConfirmMail({
          summary: describeFiltersIn(locale, filters),
          confirmUrl: subscriptionLink(c.env, "confirm", token, locale),
          unsubscribeUrl: subscriptionLink(c.env, "unsubscribe", token, locale),
          locale,
        }),
      }),
      now,
    );
    if (queued) deliverSoon(c);
    return c.json({ ok: true, message: ALERT_MESSAGES.saved }, 201);
  })
  .get("/confirm", validate("query", tokenQuery), async (c) => {
    const { token, lang } = c.req.valid("query");
    const sub = token ? await confirmSubscription(c.env.DB, token) : null;
    return c.redirect(sub ? resultPage(sub, "/alerts/confirmed") : invalidPage(c, lang), 303);
  })
  .get("/unsubscribe", validate("query", tokenQuery), async (c) => {
    const { token, lang } = c.req.valid("query");
    const sub = token ? await unsubscribe(c.env.DB, token) : null;
    return c.redirect(sub ? resultPage(sub, "/alerts/unsubscribed") : invalidPage(c, lang), 303);
  });
