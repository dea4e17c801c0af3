// 'Notify me' on company pages: the original only showed an alert; here POST /api/companies/:id/notify
// (worker/companies/routes.ts) stores the address with double opt-in (a confirmation e-mail through the
// outbox, worker/alerts/store.ts). Confirming and unsubscribing use the token endpoints shared with job alerts
// (/api/alerts/confirm, /api/alerts/unsubscribe). A job that becomes public at the company queues one
// e-mail per confirmed follower, once per follower and job (the outbox key).
import { z } from "zod";
import { companyFollowers } from "../alerts/store";
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { subscriptionLink } from "../alerts/links";
import { isLocale, localePath } from "../rules/i18n";
import { enqueueMail } from "../mail/outbox";
import { companyNewJobMail } from "../mail/templates";
import { SPOTLIGHT_MESSAGES } from "../rules/spotlight";

export const NOTIFY_RATE_LIMITS = {
  perAddress: { limit: 10, windowMs: 60 * 60 * 1000 },
  perEmail: { limit: 5, windowMs: 24 * 60 * 60 * 1000 },
};

export const notifyEmailSchema = z
  .string({ error: SPOTLIGHT_MESSAGES.notifyRequired })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().min(1, SPOTLIGHT_MESSAGES.notifyRequired).max(254, SPOTLIGHT_MESSAGES.emailFormat).pipe(z.email(SPOTLIGHT_MESSAGES.emailFormat)));

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
  const results = await companyFollowers(env.DB, company.companyId);
  const statements: D1PreparedStatement[] = [];
  for (const follower of results) {
    // Each follower reads in the language they followed in (the subscription's locale).
    const locale = isLocale(follower.locale) ? follower.locale : "en";
    const companyUrl = appUrl(env, localePath(locale, `/company/${encodeURIComponent(company.companyId)}`));
    const unsubscribeUrl = subscriptionLink(env, "unsubscribe", follower.token, locale);
    for (const job of jobs) {
      const mail = companyNewJobMail({
        locale,
        company: company.company,
        job: { title: job.title, company: company.company, location: job.location, salary: job.salary, url: appUrl(env, localePath(locale, `/jobs/${encodeURIComponent(job.id)}`)) },
        companyUrl,
        unsubscribeUrl,
      });
      statements.push(enqueueMail(env.DB, { key: `company_new_job:${follower.id}:${job.id}`, kind: "company_new_job", to: follower.email, ...mail }, now));
    }
  }
  return statements;
}
