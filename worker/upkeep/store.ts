// The scheduled upkeep's read of jobs due an expiry reminder (./reminders.ts). The time-based expiries it
// runs are written by their tables' owners (credits/ledger.ts expireCreditGrants, spotlight/store.ts
// expireSpotlightSubscriptions), each a single conditional UPDATE, so running it twice changes nothing.
//
// Jobs need no write to expire: a job is Active while published and expires_at is in the future,
// and every public read filters on expires_at, so a job disappears at
// its exact expiry rather than at the next cron tick. Keeping `published` untouched also keeps the
// dashboard's distinction between Expired and Inactive (both may be reposted).

export interface ExpiringJob {
  id: string;
  title: string;
  company: string;
  expires_at: number;
  to: string;
  /** The owner's language (accounts.locale). */
  locale: string;
  /** The owner's name, when `to` is their account's own address (the greeting names them); else null. */
  name: string | null;
}

/** Jobs with an owner (who can sign in to repost), live, expiring before `until`, whose reminder (./reminders.ts reminderKey) is not in the outbox yet. */
export async function jobsDueReminder(db: D1Database, now: number, until: number, limit: number): Promise<ExpiringJob[]> {
  const { results } = await db
    .prepare(
      `SELECT j.id, j.title, j.company, j.expires_at, coalesce(nullif(j.customer_email, ''), j.email) AS "to",
              coalesce((SELECT a.locale FROM accounts a WHERE a.id = j.user_id), 'en') AS locale,
              (SELECT a.name FROM accounts a WHERE a.id = j.user_id AND lower(a.email) = lower(coalesce(nullif(j.customer_email, ''), j.email))) AS name
       FROM jobs j
       WHERE j.published = 1 AND j.deleted_at IS NULL AND j.user_id IS NOT NULL AND j.source <> 'spotlight'
         AND j.expires_at > ? AND j.expires_at <= ?
         AND coalesce(nullif(j.customer_email, ''), j.email) <> ''
         AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.key = 'job_expiry_reminder:' || j.id || ':' || j.expires_at)
       ORDER BY j.expires_at LIMIT ?`,
    )
    .bind(now, until, limit)
    .all<ExpiringJob>();
  return results;
}
