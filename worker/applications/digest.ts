// The employer's daily digest of applications (decision 0604), the scheduled "application-digests": the applications
// whose employer chose the digest and that no digest told them of yet, one e-mail per employer in their language,
// each job with its candidates and a link to its inbox, never a CV. Sent once: the outbox key is per employer and
// UTC day, and an application is marked told only with the very e-mail that lists it (./store.ts).
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { applicationDigestMail } from "../mail/applicationMails";
import type { DigestJob } from "../mail/applicationMails";
import { DIGEST_MAX_LISTED } from "../rules/applications";
import { isLocale, localePath } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import { dueDigestNotices, recordApplicationDigest } from "./store";
import type { DueNotice } from "./store";

const PER_RUN = 5000;

export const applicationDigestKey = (ownerId: string, now: number) => `application_digest:${ownerId}:${new Date(now).toISOString().slice(0, 10)}`;

function byOwner(rows: DueNotice[]): Map<string, DueNotice[]> {
  const owners = new Map<string, DueNotice[]>();
  for (const r of rows) owners.set(r.owner_id, [...(owners.get(r.owner_id) ?? []), r]);
  return owners;
}

function digestJobs(env: Pick<Env, "APP_URL">, rows: DueNotice[], locale: Locale): DigestJob[] {
  const jobs = new Map<string, DigestJob>();
  for (const r of rows) {
    const job = jobs.get(r.job_id) ?? {
      title: r.title,
      company: r.company,
      count: 0,
      candidates: [],
      inboxUrl: appUrl(env, localePath(locale, `/dashboard/applications?jobId=${encodeURIComponent(r.job_id)}`)),
    };
    job.count += 1;
    if (job.candidates.length < DIGEST_MAX_LISTED) job.candidates.push(r.name);
    jobs.set(r.job_id, job);
  }
  return [...jobs.values()];
}

export interface ApplicationDigestReport {
  employers: number;
  digests: number;
  applications: number;
}

export async function sendApplicationDigests(env: Pick<Env, "DB" | "APP_URL">, now: number = Date.now()): Promise<ApplicationDigestReport> {
  const due = await dueDigestNotices(env.DB, now, PER_RUN);
  const owners = byOwner(due);
  const report: ApplicationDigestReport = { employers: owners.size, digests: 0, applications: 0 };
  for (const [ownerId, rows] of owners) {
    const first = rows[0]!;
    const locale = isLocale(first.owner_locale) ? first.owner_locale : "en";
    const mail = applicationDigestMail({ locale, recipientName: first.owner_name, jobs: digestJobs(env, rows, locale), settingsUrl: appUrl(env, localePath(locale, "/dashboard/settings")) });
    const queued = await recordApplicationDigest(
      env.DB,
      { key: applicationDigestKey(ownerId, now), kind: "application_digest", to: first.owner_email, ...mail },
      rows.map((r) => r.id),
      now,
    );
    if (queued) {
      report.digests += 1;
      report.applications += rows.length;
    }
  }
  return report;
}
