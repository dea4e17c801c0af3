// 'Notify me' on company pages: the original only showed an alert; here
// POST /api/companies/:id/notify stores the address with double opt-in (a confirmation e-mail through the
// outbox). Confirming and unsubscribing use the token endpoints shared with job alerts
// (/api/alerts/confirm, /api/alerts/unsubscribe). A job that becomes public at the company queues one
// e-mail per confirmed follower, once per follower and job (the outbox key).
import { Hono } from "hono";
import { z } from "zod";
import { newToken } from "../alerts/routes";
import type { Env, AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { appUrl } from "../lib/appUrl";
import { clientAddress, hitRateLimit } from "../lib/rateLimit";
import { deliverSoon } from "../mail/deliverSoon";
import { enqueueMail } from "../mail/outbox";
import { companyNewJobMail, companyNotifyConfirmMail } from "../mail/templates";
import { SPOTLIGHT_MESSAGES } from "../rules/spotlight";

export const NOTIFY_RATE_LIMITS = {
  perAddress: { limit: 10, windowMs: 60 * 60 * 1000 },
  perEmail: { limit: 5, windowMs: 24 * 60 * 60 * 1000 },
};

export const notifyEmailSchema = z
  .string({ error: SPOTLIGHT_MESSAGES.notifyRequired })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().min(1, SPOTLIGHT_MESSAGES.notifyRequired).max(254, SPOTLIGHT_MESSAGES.emailFormat).pipe(z.email(SPOTLIGHT_MESSAGES.emailFormat)));

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

export interface NewPublicJob {
  id: string;
  title: string;
  location: string;
  salary: string;
}

/** Outbox inserts for jobs that just became public at a company: one per confirmed follower and job. */
export async function newJobNotificationStatements(
  env: Pick<Env, "DB" | "APP_URL">,
  company: { companyId: string; company: string },
  jobs: NewPublicJob[],
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
  if (!jobs.length) return [];
  const { results } = await env.DB.prepare(
    "SELECT id, email, token FROM subscriptions WHERE kind = 'company' AND company_id = ? AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL LIMIT 5000",
  )
    .bind(company.companyId)
    .all<{ id: string; email: string; token: string }>();
  const companyUrl = appUrl(env, `/company/${encodeURIComponent(company.companyId)}`);
  const statements: D1PreparedStatement[] = [];
  for (const follower of results) {
    const unsubscribeUrl = appUrl(env, `/api/alerts/unsubscribe?token=${encodeURIComponent(follower.token)}`);
    for (const job of jobs) {
      const mail = companyNewJobMail({
        company: company.company,
        job: { title: job.title, company: company.company, location: job.location, salary: job.salary, url: appUrl(env, `/jobs/${encodeURIComponent(job.id)}`) },
        companyUrl,
        unsubscribeUrl,
      });
      statements.push(enqueueMail(env.DB, { key: `company_new_job:${follower.id}:${job.id}`, kind: "company_new_job", to: follower.email, ...mail }, now));
    }
  }
  return statements;
}

export const companyNotifyRoutes = new Hono<AppEnv>().post(
  "/:id/notify",
  validate("param", z.object({ id: z.string().min(1).max(100) })),
  validate("json", z.object({ email: notifyEmailSchema })),
  async (c) => {
    const { id } = c.req.valid("param");
    const { email } = c.req.valid("json");
    const now = Date.now();
    const company = await c.env.DB.prepare("SELECT id, company FROM companies WHERE id = ?").bind(id).first<{ id: string; company: string }>();
    if (!company) throw new HttpError(404, SPOTLIGHT_MESSAGES.companyNotFoundPage);
    for (const [key, rule] of [
      [`notify:ip:${clientAddress(c.req.raw)}`, NOTIFY_RATE_LIMITS.perAddress],
      [`notify:email:${email}`, NOTIFY_RATE_LIMITS.perEmail],
    ] as const) {
      const limit = await hitRateLimit(c.env.DB, { key, ...rule }, now);
      if (!limit.allowed) {
        c.header("Retry-After", String(limit.retryAfterSeconds));
        throw new HttpError(429, "Too many requests. Please try again later.");
      }
    }
    const existing = await c.env.DB.prepare(
      "SELECT id, token, confirmed_at FROM subscriptions WHERE kind = 'company' AND company_id = ? AND email = ? AND unsubscribed_at IS NULL ORDER BY created_at DESC LIMIT 1",
    )
      .bind(id, email)
      .first<{ id: string; token: string; confirmed_at: number | null }>();
    // The same answer whether or not the address already follows the company: nothing is revealed.
    const answer = { ok: true, message: SPOTLIGHT_MESSAGES.notifyThanks, confirm: SPOTLIGHT_MESSAGES.notifyConfirm };
    if (existing?.confirmed_at) return c.json(answer, 201);
    const subId = existing?.id ?? crypto.randomUUID();
    const token = existing?.token ?? newToken();
    const mail = companyNotifyConfirmMail({ company: company.company, confirmUrl: appUrl(c.env, `/api/alerts/confirm?token=${encodeURIComponent(token)}`), unsubscribeUrl: appUrl(c.env, `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`) });
    const statements = [enqueueMail(c.env.DB, { key: `company_notify_confirm:${subId}:${utcDay(now)}`, kind: "company_notify_confirm", to: email, ...mail }, now)];
    if (!existing) {
      statements.unshift(c.env.DB.prepare("INSERT INTO subscriptions (id, kind, email, company_id, token, created_at) VALUES (?, 'company', ?, ?, ?, ?)").bind(subId, email, id, token, now));
    }
    await c.env.DB.batch(statements);
    deliverSoon(c);
    return c.json(answer, 201);
  },
);
