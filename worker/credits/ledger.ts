// Credits live in one ledger of grants (bundle_purchases): bundle purchases and the extra posts of
// multi-post purchases, each with posts remaining and an expiry. Spending takes the bundle first,
// then individual credits, atomically (credit_uses records which grant paid for which job).
import type { Guard } from "../checkout/guard";
import { bundleDisplayName } from "../rules/pricing";

/** Grants expire 3 calendar months after the purchase is recorded. */
export function grantExpiry(recordedAt: number): number {
  const d = new Date(recordedAt);
  const day = d.getUTCDate();
  d.setUTCMonth(d.getUTCMonth() + 3);
  if (d.getUTCDate() < day) d.setUTCDate(0); // 30 Nov + 3 months is 28/29 Feb, not 2 Mar
  return d.getTime();
}

export interface CreditBalance {
  bundlePostsRemaining: number;
  individualPostsRemaining: number;
  totalPostsRemaining: number;
  activeBundle: { id: string; bundle: string; name: string; jobCount: number; postsRemaining: number; expiresAt: string } | null;
}

interface GrantRow {
  id: string;
  bundle: string;
  kind: "bundle" | "individual";
  job_count: number;
  posts_remaining: number;
  expires_at: number;
}

/** Expired grants stop counting even before the scheduled task marks them expired. */
export async function creditBalance(db: D1Database, userId: string, now = Date.now()): Promise<CreditBalance> {
  const { results } = await db
    .prepare(
      `SELECT id, bundle, kind, job_count, posts_remaining, expires_at FROM bundle_purchases
       WHERE user_id = ? AND status = 'active' AND expires_at > ? AND posts_remaining > 0
       ORDER BY created_at DESC`,
    )
    .bind(userId, now)
    .all<GrantRow>();
  const bundles = results.filter((g) => g.kind === "bundle");
  const bundlePostsRemaining = bundles.reduce((s, g) => s + g.posts_remaining, 0);
  const individualPostsRemaining = results.filter((g) => g.kind === "individual").reduce((s, g) => s + g.posts_remaining, 0);
  const newest = bundles[0];
  return {
    bundlePostsRemaining,
    individualPostsRemaining,
    totalPostsRemaining: bundlePostsRemaining + individualPostsRemaining,
    activeBundle: newest
      ? { id: newest.id, bundle: newest.bundle, name: bundleDisplayName(newest.bundle), jobCount: newest.job_count, postsRemaining: newest.posts_remaining, expiresAt: new Date(newest.expires_at).toISOString() }
      : null,
  };
}

/** A grant written only when the guard holds (fulfilment). */
export function grantStatement(
  db: D1Database,
  g: { userId: string; bundle: string; kind: "bundle" | "individual"; posts: number; amountPaidCents: number; paymentIntentId: string | null; orderId: string },
  guard: Guard,
  now = Date.now(),
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO bundle_purchases (id, user_id, bundle, kind, job_count, posts_remaining, status, amount_paid, payment_intent_id, order_id, created_at, expires_at)
       SELECT ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ? WHERE ${guard.sql}`,
    )
    .bind(crypto.randomUUID(), g.userId, g.bundle, g.kind, g.posts, g.posts, g.amountPaidCents, g.paymentIntentId, g.orderId, now, grantExpiry(now), ...guard.params);
}

/**
 * Spends one credit for a job: records the use against the best grant (bundle first, then the one
 * expiring soonest) and decrements it. Put these first in a batch; later statements of the batch can
 * require `spentGuard(useId)`. Two concurrent spends of the last credit: one wins, one finds nothing.
 */
export function spendCreditStatements(db: D1Database, useId: string, userId: string, jobId: string, reason: "post" | "repost", now = Date.now()): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO credit_uses (id, grant_id, job_id, user_id, reason, created_at)
         SELECT ?, id, ?, ?, ?, ? FROM bundle_purchases
         WHERE user_id = ? AND status = 'active' AND expires_at > ? AND posts_remaining > 0
         ORDER BY CASE kind WHEN 'bundle' THEN 0 ELSE 1 END, expires_at ASC, created_at ASC LIMIT 1`,
      )
      .bind(useId, jobId, userId, reason, now, userId, now),
    db
      .prepare("UPDATE bundle_purchases SET posts_remaining = posts_remaining - 1 WHERE id = (SELECT grant_id FROM credit_uses WHERE id = ?) AND posts_remaining > 0")
      .bind(useId),
  ];
}

export function spentGuard(useId: string): Guard {
  return { sql: "EXISTS (SELECT 1 FROM credit_uses WHERE id = ?)", params: [useId] };
}
