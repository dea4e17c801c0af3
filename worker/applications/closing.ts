// Applications whose job is gone for good (decision 0213): its owner deleted the job (the dashboard's Delete) or their
// account. The batch that deletes writes the closing (./store.ts closeJobApplicationsStatement,
// closeOwnerApplicationsStatement); then each closed application's CV is deleted from the bucket and its candidate
// told, once, in the language they applied in. The scheduled "purge-applications" finishes a closing cut short.
import type { Env } from "../env";
import { applicationClosedMail } from "../mail/applicationMails";
import type { OutgoingMail } from "../mail/outbox";
import { isLocale } from "../rules/i18n";
import { finishClosedApplications } from "./store";
import type { ClosedApplication, ClosingScope } from "./store";

/** The candidate's e-mail of a closed application; none for one sent before the job's name was kept with it. */
export function closedApplicationMail(a: ClosedApplication): OutgoingMail | undefined {
  if (!a.title) return undefined;
  return {
    key: `application_closed:${a.id}`,
    kind: "application_closed",
    to: a.email,
    ...applicationClosedMail({ locale: isLocale(a.locale) ? a.locale : "en", title: a.title, company: a.company, name: a.name, reason: a.reason }),
  };
}

/** The closed applications of `scope` (every one, with null) lose their CVs and their candidates are told. The count. */
export async function finishClosings(env: Pick<Env, "DB" | "CVS">, scope: ClosingScope | null, now = Date.now(), maxPages = 50): Promise<number> {
  let total = 0;
  for (let page = 0; page < maxPages; page++) {
    const done = await finishClosedApplications(env.DB, (keys) => env.CVS.delete(keys), closedApplicationMail, scope, now);
    total += done;
    if (done < 100) break;
  }
  return total;
}
