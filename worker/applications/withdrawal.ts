// The employer's notice that an application was withdrawn: by its candidate (DELETE /api/applications/:id), or with
// the candidate's account ("Delete my account", worker/account/deletion.ts). Only where each application was told by
// its own notice (one who chose the daily digest sees it gone from the inbox), and only while the job is live.
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { applicationWithdrawnMail } from "../mail/applicationMails";
import type { OutgoingMail } from "../mail/outbox";
import { localePath } from "../rules/i18n";
import { jobForApplication } from "./store";
import type { ApplicationJob } from "./store";

/** The job's inbox on the board, in its owner's language: the link of the employer's notices. */
export const inboxUrl = (env: Pick<Env, "APP_URL">, job: ApplicationJob) => appUrl(env, localePath(job.notify_locale, `/dashboard/applications?jobId=${encodeURIComponent(job.id)}`));

/** The notice of one withdrawn application, or undefined when no one is to be told. Written once, by its key. */
export async function withdrawalNotice(env: Pick<Env, "DB" | "APP_URL">, application: { id: string; job_id: string; name: string }): Promise<OutgoingMail | undefined> {
  const job = await jobForApplication(env.DB, application.job_id);
  if (!job?.notify_email || job.notices !== "each") return undefined;
  return {
    key: `application_withdrawn:${application.id}`,
    kind: "application_withdrawn",
    to: job.notify_email,
    ...applicationWithdrawnMail({
      locale: job.notify_locale,
      recipientName: job.notify_name,
      title: job.title,
      company: job.company,
      candidate: application.name,
      inboxUrl: inboxUrl(env, job),
    }),
  };
}
