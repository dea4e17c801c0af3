// Scheduled upkeep (wrangler.toml [triggers]): every task is idempotent, so a repeated or overlapping
// run changes nothing the second time. A failing task is logged and does not stop the others.
import { sendAlertDigests } from "./alerts/digest";
import { purgeExpiredVisitors } from "./analytics/count";
import type { Env } from "./env";
import { deliverOutbox } from "./mail/deliver";
import { expireSpotlightSubscriptions } from "./spotlight/store";
import { expireCreditGrants } from "./credits/ledger";
import { sendExpiryReminders } from "./upkeep/reminders";
import { parseUnreadSalaries } from "./jobs/store";
import { purgeOldApplications } from "./applications/store";
import { sendApplicationDigests } from "./applications/digest";
import { finishClosings } from "./applications/closing";
import { sendCreditExpiryReminders } from "./credits/reminders";
import { endExpiredSubscriptions } from "./spotlight/subscription";
import { purgeStaleCounters } from "./lib/rateLimitStore";
import { purgeExpiredSessionTokens } from "./auth/store";
import { purgeIdleSubscriptions } from "./alerts/store";
import { blankOldSentMail } from "./mail/store";
import { blankOldEventPayloads } from "./webhooks/store";
import { purgeUnusedLogos } from "./uploads/purge";
import { logosInUse } from "./uploads/inUse";
import { log, logError, parseLogLevel, withLogScope } from "./lib/log";

export const SCHEDULED_TASKS = [
  "expire-credits",
  "expire-subscriptions",
  "expiry-reminders",
  "credit-reminders",
  "alert-digests",
  "deliver-outbox",
  "purge-analytics-visitors",
  "parse-salaries",
  "purge-applications",
  "application-digests",
  "purge-rate-limits",
  "purge-sessions",
  "purge-alerts",
  "blank-old-mail",
  "blank-old-webhook-payloads",
  "purge-unused-logos",
] as const;
export type ScheduledTask = (typeof SCHEDULED_TASKS)[number];

/** The crons in wrangler.toml and what each runs (in this order: mail queued by a task goes out last). */
export const CRON_TASKS: Record<string, ScheduledTask[]> = {
  "*/5 * * * *": ["expire-credits", "expire-subscriptions", "expiry-reminders", "credit-reminders", "deliver-outbox", "parse-salaries"],
  "0 7 * * *": [
    "alert-digests",
    "application-digests",
    "deliver-outbox",
    "purge-analytics-visitors",
    "purge-applications",
    "purge-rate-limits",
    "purge-sessions",
    "purge-alerts",
    "blank-old-mail",
    "blank-old-webhook-payloads",
    "purge-unused-logos",
  ],
};

type TaskEnv = Pick<Env, "DB" | "SPOTLIGHT" | "APP_URL" | "RESEND_API_KEY" | "MAIL_FROM" | "CVS" | "LOGOS">;

const TASKS: Record<ScheduledTask, (env: TaskEnv, now: number) => Promise<unknown>> = {
  "expire-credits": (env, now) => expireCreditGrants(env.DB, now),
  // Ended periods become expired, then each user's Spotlight company loses its live jobs (idempotent).
  "expire-subscriptions": async (env, now) => {
    const expired = await expireSpotlightSubscriptions(env.DB, now);
    await endExpiredSubscriptions(env, expired, now);
    return expired.length;
  },
  "expiry-reminders": (env, now) => sendExpiryReminders(env, now),
  "credit-reminders": (env, now) => sendCreditExpiryReminders(env, now),
  "alert-digests": (env, now) => sendAlertDigests(env, now),
  "deliver-outbox": (env, now) => deliverOutbox(env, now),
  "purge-analytics-visitors": (env, now) => purgeExpiredVisitors(env.DB, now),
  // Rows written before structured salaries existed (issue 26), 500 a run until none is left.
  "parse-salaries": (env) => parseUnreadSalaries(env.DB),
  // Applications and their CVs, 180 days after their job closed (issue 26).
  // First, a closing cut short (decision 0213): a closed application's CV still in the bucket, its candidate not yet told.
  "purge-applications": async (env, now) => (await finishClosings(env, null, now)) + (await purgeOldApplications(env.DB, (keys) => env.CVS.delete(keys), now)),
  // The employers who chose a daily digest of their applications get it, once a day (decision 0604).
  "application-digests": (env, now) => sendApplicationDigests(env, now),
  // Retention (decision 0303): each task deletes or blanks what has served its purpose, in the module that owns it.
  "purge-rate-limits": (env, now) => purgeStaleCounters(env.DB, now),
  "purge-sessions": (env, now) => purgeExpiredSessionTokens(env.DB, now),
  "purge-alerts": (env, now) => purgeIdleSubscriptions(env.DB, now),
  "blank-old-mail": (env, now) => blankOldSentMail(env.DB, now),
  "blank-old-webhook-payloads": (env, now) => blankOldEventPayloads(env.DB, now),
  // Uploaded logos no job or company refers to, once past their days (a draft may still hold one until then).
  "purge-unused-logos": (env, now) => purgeUnusedLogos(env.LOGOS, (keys) => logosInUse(env.DB, keys), now),
};

export type ScheduledReport = Partial<Record<ScheduledTask, unknown>>;

export async function runScheduledTasks(env: TaskEnv, now: number, tasks: readonly ScheduledTask[]): Promise<ScheduledReport> {
  const report: ScheduledReport = {};
  for (const task of tasks) {
    try {
      report[task] = await TASKS[task](env, now);
    } catch (err) {
      logError("scheduled.task_failed", err, { task });
      report[task] = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  return report;
}

/** The Worker's scheduled handler: the cron's tasks, or every task for an unknown cron. */
export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  await withLogScope(`scheduled-${crypto.randomUUID()}`, parseLogLevel(env.LOG_LEVEL), async () => {
    const report = await runScheduledTasks(env, controller.scheduledTime, CRON_TASKS[controller.cron] ?? SCHEDULED_TASKS);
    log("info", "scheduled", { cron: controller.cron, report });
  });
}
