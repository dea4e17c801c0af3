// Credits live in one ledger of grants (bundle_purchases): bundle purchases and the extra posts of
// multi-post purchases, each with posts remaining, an expiry, and the plan and enhancements every credit
// of it posts. Spending takes the grant the employer chose, else the one bought first, atomically
// (credit_uses records which grant paid for which job).
import type { Guard } from "../checkout/guard";
import type { Enhancement, Plan } from "../rules/lists";
import { bundleDisplayName, describeCredits } from "../rules/pricing";
import type { CreditContents } from "../rules/pricing";

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
  /** The newest bundle that can still be spent. */
  activeBundle: ActiveBundle | null;
  /** Every bundle that can still be spent, in the order they are spent (bought first, first): a banner each on the payment step. */
  bundles: ActiveBundle[];
  /** Every usable grant, oldest bought first (the one spent by default). */
  grants: UsableGrant[];
}

/** A bundle bought, with posts left to spend. */
export interface ActiveBundle {
  id: string;
  bundle: string;
  name: string;
  jobCount: number;
  postsRemaining: number;
  expiresAt: string;
}

/** A grant that can still be spent, as the Use Credits step and the billing page show it. */
export interface UsableGrant {
  id: string;
  /** "1 Premium post with Highlight and Sticky": what each credit of this grant posts, and how many are left. */
  description: string;
  bundle: string;
  name: string;
  plan: Plan;
  enhancements: Enhancement[];
  postsRemaining: number;
  expiresAt: string;
  createdAt: string;
}

interface GrantRow {
  id: string;
  bundle: string;
  kind: "bundle" | "individual";
  job_count: number;
  posts_remaining: number;
  plan: string;
  enhancements: string;
  expires_at: number;
  created_at: number;
}

/** The order grants are spent in by default: the one bought first; at the same moment, a bundle first. */
const SPEND_ORDER = "created_at ASC, CASE kind WHEN 'bundle' THEN 0 ELSE 1 END, expires_at ASC, id ASC";
const USABLE = "user_id = ? AND status = 'active' AND expires_at > ? AND posts_remaining > 0";

export function grantContents(g: { plan: string; enhancements: string }): CreditContents {
  return { plan: g.plan === "premium" ? "premium" : "standard", enhancements: JSON.parse(g.enhancements) as Enhancement[] };
}

function usableGrant(g: GrantRow): UsableGrant {
  const contents = grantContents(g);
  return {
    id: g.id,
    description: describeCredits(g.posts_remaining, contents),
    bundle: g.bundle,
    name: bundleDisplayName(g.bundle),
    plan: contents.plan,
    enhancements: contents.enhancements,
    postsRemaining: g.posts_remaining,
    expiresAt: new Date(g.expires_at).toISOString(),
    createdAt: new Date(g.created_at).toISOString(),
  };
}

/** Whether this grant is the user's (a credit post naming another user's grant is told it does not exist). */
export async function ownsGrant(db: D1Database, grantId: string, userId: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT id FROM bundle_purchases WHERE id = ? AND user_id = ?").bind(grantId, userId).first());
}

/**
 * The credits the user can spend now, as a subquery for a later statement of the same batch: a credit post's
 * confirmation e-mail says what is left after its own spend (worker/jobs/publish.ts), exact under concurrent posts.
 */
export function creditsLeftSql(userId: string, now: number): { sql: string; params: unknown[] } {
  return { sql: `SELECT COALESCE(SUM(posts_remaining), 0) FROM bundle_purchases WHERE ${USABLE}`, params: [userId, now] };
}

/** The user's grants that can be spent now, oldest bought first. */
export async function usableGrants(db: D1Database, userId: string, now = Date.now()): Promise<GrantRow[]> {
  const { results } = await db
    .prepare(`SELECT id, bundle, kind, job_count, posts_remaining, plan, enhancements, expires_at, created_at FROM bundle_purchases WHERE ${USABLE} ORDER BY ${SPEND_ORDER}`)
    .bind(userId, now)
    .all<GrantRow>();
  return results;
}

/** Expired grants stop counting even before the scheduled task marks them expired. */
export async function creditBalance(db: D1Database, userId: string, now = Date.now()): Promise<CreditBalance> {
  const results = await usableGrants(db, userId, now);
  const bundles = results
    .filter((g) => g.kind === "bundle")
    .map((g) => ({ id: g.id, bundle: g.bundle, name: bundleDisplayName(g.bundle), jobCount: g.job_count, postsRemaining: g.posts_remaining, expiresAt: new Date(g.expires_at).toISOString() }));
  const bundlePostsRemaining = bundles.reduce((s, g) => s + g.postsRemaining, 0);
  const individualPostsRemaining = results.filter((g) => g.kind === "individual").reduce((s, g) => s + g.posts_remaining, 0);
  return {
    bundlePostsRemaining,
    individualPostsRemaining,
    totalPostsRemaining: bundlePostsRemaining + individualPostsRemaining,
    activeBundle: bundles.at(-1) ?? null,
    bundles,
    grants: results.map(usableGrant),
  };
}

/** A grant written only when the guard holds (fulfilment). */
export function grantStatement(
  db: D1Database,
  g: {
    userId: string;
    bundle: string;
    kind: "bundle" | "individual";
    posts: number;
    /** What each credit posts: the plan and enhancements it was sold with. */
    contents: CreditContents;
    amountPaidCents: number;
    paymentIntentId: string | null;
    orderId: string;
  },
  guard: Guard,
  now = Date.now(),
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO bundle_purchases (id, user_id, bundle, kind, job_count, posts_remaining, plan, enhancements, status, amount_paid, payment_intent_id, order_id, created_at, expires_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ? WHERE ${guard.sql}`,
    )
    .bind(
      crypto.randomUUID(),
      g.userId,
      g.bundle,
      g.kind,
      g.posts,
      g.posts,
      g.contents.plan,
      JSON.stringify(g.contents.enhancements),
      g.amountPaidCents,
      g.paymentIntentId,
      g.orderId,
      now,
      grantExpiry(now),
      ...guard.params,
    );
}

/**
 * Spends one credit for a job: records the use against the given grant (or, without one, the grant bought
 * first) and decrements it. Put these first in a batch; later statements of the batch can require
 * `spentGuard(useId)`. `when` adds a condition the spend itself must meet (e.g. "the job is still
 * inactive"), checked inside the batch. Two concurrent spends of the last credit: one wins, one finds nothing.
 */
export function spendCreditStatements(
  db: D1Database,
  useId: string,
  userId: string,
  jobId: string,
  reason: "post" | "repost",
  now = Date.now(),
  opts: { grantId?: string; when?: Guard } = {},
): D1PreparedStatement[] {
  const when = opts.when ?? { sql: "1 = 1", params: [] };
  return [
    db
      .prepare(
        `INSERT INTO credit_uses (id, grant_id, job_id, user_id, reason, created_at)
         SELECT ?, id, ?, ?, ?, ? FROM bundle_purchases
         WHERE ${USABLE}${opts.grantId ? " AND id = ?" : ""} AND ${when.sql}
         ORDER BY ${SPEND_ORDER} LIMIT 1`,
      )
      .bind(useId, jobId, userId, reason, now, userId, now, ...(opts.grantId ? [opts.grantId] : []), ...when.params),
    db.prepare("UPDATE bundle_purchases SET posts_remaining = posts_remaining - 1 WHERE id = (SELECT grant_id FROM credit_uses WHERE id = ?) AND posts_remaining > 0").bind(useId),
  ];
}

export function spentGuard(useId: string): Guard {
  return { sql: "EXISTS (SELECT 1 FROM credit_uses WHERE id = ?)", params: [useId] };
}

/**
 * A refund that takes credits back: up to `credits` unspent credits of the order's grant are removed and
 * counted on it (only when `guard` holds); spent ones stay spent. An order has one grant at most.
 */
export function revokeOrderCreditsStatement(db: D1Database, orderId: string, credits: number, guard: Guard): D1PreparedStatement {
  return db
    .prepare(`UPDATE bundle_purchases SET credits_revoked = credits_revoked + MIN(posts_remaining, ?), posts_remaining = MAX(0, posts_remaining - ?) WHERE order_id = ? AND ${guard.sql}`)
    .bind(credits, credits, orderId, ...guard.params);
}

/** A refund that failed at the provider gives back the credits it removed from the order's grant (at most what refunds revoked); only when `guard` holds. */
export function restoreOrderCreditsStatement(db: D1Database, orderId: string, credits: number, guard: Guard): D1PreparedStatement {
  return db
    .prepare(`UPDATE bundle_purchases SET posts_remaining = posts_remaining + MIN(credits_revoked, ?), credits_revoked = credits_revoked - MIN(credits_revoked, ?) WHERE order_id = ? AND ${guard.sql}`)
    .bind(credits, credits, orderId, ...guard.params);
}

/** The unspent credits of an order's grants (what a refund of it can take back). */
export async function unspentOrderCredits(db: D1Database, orderId: string, now = Date.now()): Promise<number> {
  const row = await db
    .prepare("SELECT COALESCE(SUM(posts_remaining), 0) AS n FROM bundle_purchases WHERE order_id = ? AND status = 'active' AND expires_at > ?")
    .bind(orderId, now)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * A credit post rejected in review (MODERATION=on, worker/jobs/review.ts): the post it spent goes back to
 * its grant, once (only when `guard` holds, which the caller makes true for exactly one request).
 */
export function returnPostCreditStatement(db: D1Database, jobId: string, guard: Guard): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE bundle_purchases SET posts_remaining = posts_remaining + 1
       WHERE id = (SELECT grant_id FROM credit_uses WHERE job_id = ? AND reason = 'post' ORDER BY created_at DESC LIMIT 1) AND ${guard.sql}`,
    )
    .bind(jobId, ...guard.params);
}

/** Credit grants (bundle_purchases) past their expires_at: active → expired. */
export async function expireCreditGrants(db: D1Database, now: number): Promise<number> {
  const res = await db.prepare("UPDATE bundle_purchases SET status = 'expired' WHERE status = 'active' AND expires_at <= ?").bind(now).run();
  return res.meta.changes ?? 0;
}

/** Grants with posts left expiring in (from, to], not yet reminded (issue 22 item 13), with their owner's address and language. */
export async function grantsDueReminder(
  db: D1Database,
  from: number,
  to: number,
  limit: number,
): Promise<{ id: string; posts_remaining: number; plan: string; enhancements: string; expires_at: number; email: string; name: string; locale: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT b.id, b.posts_remaining, b.plan, b.enhancements, b.expires_at, a.email, a.name, a.locale FROM bundle_purchases b JOIN accounts a ON a.id = b.user_id
       WHERE b.status = 'active' AND b.posts_remaining > 0 AND b.expires_at > ? AND b.expires_at <= ?
         AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.key = 'credit_expiry_reminder:' || b.id)
       ORDER BY b.expires_at LIMIT ${limit}`,
    )
    .bind(from, to)
    .all<{ id: string; posts_remaining: number; plan: string; enhancements: string; expires_at: number; email: string; name: string; locale: string }>();
  return results;
}
