// Unspent credits about to expire (issue 22 item 13): 7 days before a grant with posts left expires, its
// owner gets one e-mail (the outbox key is per grant), in their language.
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { localiseMessage } from "../lib/i18n";
import { enqueueMail } from "../mail/outbox";
import { creditExpiryReminderMail } from "../mail/templates";
import { isLocale, localePath } from "../rules/i18n";
import { describeCredits } from "../rules/pricing";
import { grantContents, grantsDueReminder } from "./ledger";

export const CREDIT_REMINDER_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;
const PER_RUN = 200;

export const creditReminderKey = (grantId: string) => `credit_expiry_reminder:${grantId}`;

export async function sendCreditExpiryReminders(env: Pick<Env, "DB" | "APP_URL">, now: number): Promise<number> {
  const db = env.DB;
  const due = await grantsDueReminder(db, now, now + CREDIT_REMINDER_BEFORE_MS, PER_RUN);
  if (!due.length) return 0;
  await db.batch(
    due.map((g) => {
      const locale = isLocale(g.locale) ? g.locale : "en";
      const mail = creditExpiryReminderMail({
        locale,
        recipientName: g.name,
        what: localiseMessage(locale, describeCredits(g.posts_remaining, grantContents(g))),
        expiresAt: g.expires_at,
        postUrl: appUrl(env, localePath(locale, "/post")),
      });
      return enqueueMail(db, { key: creditReminderKey(g.id), kind: "credit_expiry_reminder", to: g.email, ...mail }, now);
    }),
  );
  return due.length;
}
