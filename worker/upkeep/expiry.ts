// Time-based state changes, each a single conditional UPDATE so running it twice changes nothing the
// second time.
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
