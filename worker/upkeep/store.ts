// The scheduled upkeep's SQL: time-based state changes, each a single conditional UPDATE so running it
// twice changes nothing the second time, and the read of jobs due an expiry reminder (./reminders.ts).
//
// Jobs need no write to expire: a job is Active while published and expires_at is in the future,
// and every public read filters on expires_at, so a job disappears at
// its exact expiry rather than at the next cron tick. Keeping `published` untouched also keeps the
// dashboard's distinction between Expired and Inactive (both may be reposted).

/** Credit grants (bundle_purchases) past their expires_at: active → expired. */
export async function expireCreditGrants(db: D1Database, now: number): Promise<number> {
  const res = await db.prepare("UPDATE bundle_purchases SET status = 'expired' WHERE status = 'active' AND expires_at <= ?").bind(now).run();
  return res.meta.changes ?? 0;
}

export interface ExpiredSubscription {
  id: string;
  user_id: string;
  company_id: string | null;
}

/**
 * Spotlight subscriptions whose paid period has ended (active or past_due, current_period_end passed):
 * → expired. A renewal arrives from Stripe as a new current_period_end before this sees the old one.
 * Returns the subscriptions it expired, for the Spotlight side to unpublish their companies' jobs.
 */
export async function expireSpotlightSubscriptions(db: D1Database, now: number): Promise<ExpiredSubscription[]> {
  const { results } = await db
    .prepare(
      `UPDATE spotlight_subscriptions SET status = 'expired', updated_at = ?, ended_at = coalesce(ended_at, current_period_end)
       WHERE status IN ('active', 'past_due') AND current_period_end IS NOT NULL AND current_period_end <= ?
       RETURNING id, user_id, company_id`,
    )
    .bind(now, now)
    .all<ExpiredSubscription>();
  return results;
}

export interface ExpiringJob {
  id: string;
  title: string;
  company: string;
  expires_at: number;
  to: string;
}

/** Jobs with an owner (who can sign in to repost), live, expiring before `until`, whose reminder (./reminders.ts reminderKey) is not in the outbox yet. */
export async function jobsDueReminder(db: D1Database, now: number, until: number, limit: number): Promise<ExpiringJob[]> {
  const { results } = await db
    .prepare(
      `SELECT j.id, j.title, j.company, j.expires_at, coalesce(nullif(j.customer_email, ''), j.email) AS "to"
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
