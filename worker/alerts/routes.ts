// Job alerts (double opt-in): POST /api/alerts saves the /jobs filters for an address and mails a
// confirmation link; /confirm and /unsubscribe act on the subscription's token and send the browser to
// the web page that says what happened. The token endpoints work for any subscription kind (alerts and
// company "Notify me"), so both share one confirmation flow.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { appUrl } from "../lib/appUrl";
import { clientAddress, hitRateLimit } from "../lib/rateLimit";
import { deliverSoon } from "../mail/deliverSoon";
import { enqueueMail } from "../mail/outbox";
import { alertConfirmMail } from "../mail/templates";
import { ALERT_MESSAGES, alertRequestSchema, describeFilters } from "../rules/alerts";
import { alertFiltersFromQuery } from "./filters";

export const ALERT_RATE_LIMITS = {
  perAddress: { limit: 10, windowMs: 60 * 60 * 1000 },
  perEmail: { limit: 5, windowMs: 24 * 60 * 60 * 1000 },
};

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function utcDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

const tokenQuery = z.object({ token: z.string().max(200).default("") });

export const alertsRoutes = new Hono<AppEnv>()
  .post("/", validate("json", alertRequestSchema), async (c) => {
    const { email, query } = c.req.valid("json");
    const filters = alertFiltersFromQuery(query);
    const now = Date.now();
    for (const [key, rule] of [
      [`alerts:ip:${clientAddress(c.req.raw)}`, ALERT_RATE_LIMITS.perAddress],
      [`alerts:email:${email}`, ALERT_RATE_LIMITS.perEmail],
    ] as const) {
      const limit = await hitRateLimit(c.env.DB, { key, ...rule }, now);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new HttpError(429, "Too many alert requests. Please try again later.");
      }
    }

    const filtersJson = JSON.stringify(filters);
    const existing = await c.env.DB.prepare(
      "SELECT id, token, confirmed_at FROM subscriptions WHERE kind = 'alert' AND email = ? AND filters = ? AND unsubscribed_at IS NULL ORDER BY created_at DESC LIMIT 1",
    )
      .bind(email, filtersJson)
      .first<{ id: string; token: string; confirmed_at: number | null }>();
    // The same answer whether or not the address already has this alert: nothing is revealed.
    if (existing?.confirmed_at) return c.json({ ok: true, message: ALERT_MESSAGES.saved }, 201);

    const id = existing?.id ?? crypto.randomUUID();
    const token = existing?.token ?? newToken();
    const mail = alertConfirmMail({ summary: describeFilters(filters), confirmUrl: appUrl(c.env, `/api/alerts/confirm?token=${token}`), unsubscribeUrl: appUrl(c.env, `/api/alerts/unsubscribe?token=${token}`) });
    const stmts = [
      // At most one confirmation mail a day for the same pending alert.
      enqueueMail(c.env.DB, { key: `alert_confirm:${id}:${utcDay(now)}`, kind: "alert_confirm", to: email, ...mail }, now),
    ];
    if (!existing) {
      stmts.unshift(
        c.env.DB.prepare("INSERT INTO subscriptions (id, kind, email, filters, token, created_at) VALUES (?, 'alert', ?, ?, ?, ?)").bind(id, email, filtersJson, token, now),
      );
    }
    await c.env.DB.batch(stmts);
    deliverSoon(c);
    return c.json({ ok: true, message: ALERT_MESSAGES.saved }, 201);
  })
  .get("/confirm", validate("query", tokenQuery), async (c) => {
    const { token } = c.req.valid("query");
    const row = token
      ? await c.env.DB.prepare(
          "UPDATE subscriptions SET confirmed_at = coalesce(confirmed_at, ?) WHERE token = ? AND unsubscribed_at IS NULL RETURNING kind",
        )
          .bind(Date.now(), token)
          .first<{ kind: string }>()
      : null;
    return c.redirect(row ? `/alerts/confirmed?kind=${encodeURIComponent(row.kind)}` : "/alerts/invalid", 303);
  })
  .get("/unsubscribe", validate("query", tokenQuery), async (c) => {
    const { token } = c.req.valid("query");
    const row = token
      ? await c.env.DB.prepare("UPDATE subscriptions SET unsubscribed_at = coalesce(unsubscribed_at, ?) WHERE token = ? RETURNING kind")
          .bind(Date.now(), token)
          .first<{ kind: string }>()
      : null;
    return c.redirect(row ? `/alerts/unsubscribed?kind=${encodeURIComponent(row.kind)}` : "/alerts/invalid", 303);
  });
