// Expiry reminders: 3 days before a job expires its owner gets one e-mail with a one-click repost link
// (sign-in needed). "Once" is the outbox key, which includes expires_at: a reposted job that runs out
// again gets a new reminder.
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { isLocale, localePath } from "../rules/i18n";
import { enqueueMail } from "../mail/outbox";
import { jobExpiryReminderMail } from "../mail/templates";
import { jobsDueReminder } from "./store";

export const REMINDER_BEFORE_MS = 3 * 24 * 60 * 60 * 1000;
const PER_RUN = 200;

export function reminderKey(jobId: string, expiresAt: number): string {
  return `job_expiry_reminder:${jobId}:${expiresAt}`;
}

/** Jobs with an owner (who can sign in to repost), live, expiring within 3 days, not yet reminded. */
export async function sendExpiryReminders(env: Pick<Env, "DB" | "APP_URL">, now: number): Promise<number> {
  const db = env.DB;
  const results = await jobsDueReminder(db, now, now + REMINDER_BEFORE_MS, PER_RUN);
  if (!results.length) return 0;
  await db.batch(
    results.map((j) => {
      // In the owner's language (chosen when the account was made).
      const locale = isLocale(j.locale) ? j.locale : "en";
      const mail = jobExpiryReminderMail({
        locale,
        recipientName: j.name,
        title: j.title,
        company: j.company,
        expiresAt: j.expires_at,
        now,
        jobUrl: appUrl(env, localePath(locale, `/jobs/${encodeURIComponent(j.id)}`)),
        repostUrl: appUrl(env, localePath(locale, `/dashboard/jobs?repost=${encodeURIComponent(j.id)}`)),
      });
      return enqueueMail(db, { key: reminderKey(j.id, j.expires_at), kind: "job_expiry_reminder", to: j.to, ...mail }, now);
    }),
  );
  return results.length;
}
