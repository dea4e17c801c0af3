// The board's decisions told to the job's owner (issue 23, item 8): one e-mail per approval, rejection,
// takedown and restore, in the owner's language, written into the outbox in the decision's own batch and
// under its guard, so that of ten simultaneous decisions exactly one e-mail goes. A job nobody owns (seed,
// import) with no e-mail of its own is told nothing. A disable and an enable of an account are told to its
// owner the same way (decision 0232).
import type { Guard } from "../checkout/guard";
import { accountDecisionMail, jobDecisionMail } from "../mail/decisions";
import type { Decision } from "../mail/decisions";
import { accountLiveJobsSql } from "../jobs/store";
import { enqueueMailWhen } from "../mail/store";
import { isLocale, localePath } from "../rules/i18n";
import { accountContact, jobOwnerContact } from "./store";

/** "Once" per decision: approval and rejection happen once per job; a takedown or a restore once per time it is made. */
function noticeKey(jobId: string, decision: Decision, now: number): string {
  return decision.kind === "approved" || decision.kind === "rejected" ? `job_decision:${decision.kind}:${jobId}` : `job_decision:${decision.kind}:${jobId}:${now}`;
}

/** The outbox row telling the owner of `job` about `decision`, written only while `guard` holds; none when nobody can be told. */
export async function decisionNotice(
  db: D1Database,
  /** The app's origin (appOrigin(c)): links in the e-mail. */
  origin: string,
  job: { id: string; title: string; company: string },
  decision: Decision,
  guard: Guard,
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
  const owner = await jobOwnerContact(db, job.id);
  if (!owner) return [];
  const locale = isLocale(owner.locale) ? owner.locale : "en";
  const mail = jobDecisionMail({
    locale,
    recipientName: owner.name,
    title: job.title,
    company: job.company,
    decision,
    jobUrl: origin + localePath(locale, `/jobs/${encodeURIComponent(job.id)}`),
    dashboardUrl: origin + localePath(locale, "/dashboard/jobs"),
    contactUrl: origin + localePath(locale, "/contact"),
  });
  return [enqueueMailWhen(db, { key: noticeKey(job.id, decision, now), kind: `job_${decision.kind}`, to: owner.to, ...mail }, guard, now)];
}

/** What the owner of an account is told: a disable (with the operator's reason) or an enable (with what became of its jobs). */
export type AccountNotice = { kind: "disabled"; reason: string } | { kind: "enabled"; jobs: "back" | "off" | null };

/**
 * The outbox row telling an account's owner it was disabled or enabled, written only while `guard` holds (the
 * account's state before the change), in their language. Put before the change in its batch: a disable's count of jobs
 * on the board is read there, before they are taken off it. Once per disable or enable (its key names the moment).
 */
export async function accountNotice(
  db: D1Database,
  where: { origin: string; supportEmail: string },
  accountId: string,
  notice: AccountNotice,
  guard: Guard,
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
  const owner = await accountContact(db, accountId);
  if (!owner) return [];
  const locale = isLocale(owner.locale) ? owner.locale : "en";
  const token = notice.kind === "disabled" ? `jobs-off-${crypto.randomUUID()}` : null;
  const mail = accountDecisionMail({
    locale,
    recipientName: owner.name,
    email: owner.to,
    decision: notice.kind === "disabled" ? { kind: "disabled", reason: notice.reason, jobsOff: token! } : notice,
    supportEmail: where.supportEmail,
    signInUrl: where.origin + localePath(locale, "/sign-in"),
  });
  return [
    enqueueMailWhen(
      db,
      {
        key: `account_${notice.kind}:${accountId}:${now}`,
        kind: `account_${notice.kind}`,
        to: owner.to,
        ...mail,
        ...(token ? { fill: { token, ...accountLiveJobsSql(accountId, now) } } : {}),
      },
      guard,
      now,
    ),
  ];
}
