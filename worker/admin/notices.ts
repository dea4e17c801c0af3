// The board's decisions told to the job's owner (issue 23, item 8): one e-mail per approval, rejection,
// takedown and restore, in the owner's language, written into the outbox in the decision's own batch and
// under its guard, so that of ten simultaneous decisions exactly one e-mail goes. A job nobody owns (seed,
// import) with no e-mail of its own is told nothing.
import type { Guard } from "../checkout/guard";
import { jobDecisionMail } from "../mail/decisions";
import type { Decision } from "../mail/decisions";
import { enqueueMailWhen } from "../mail/store";
import { isLocale, localePath } from "../rules/i18n";
import { jobOwnerContact } from "./store";

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
