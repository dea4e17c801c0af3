// Reads for "Download my data" (worker/account/export.ts): everything the board keeps about one account, table
// by table. Reads only; each table keeps its own writer. Secrets (password hash, refresh tokens, link tokens,
// subscription tokens) and derived search columns are left out.
type Row = Record<string, unknown>;

async function all(db: D1Database, sql: string, ...params: unknown[]): Promise<Row[]> {
  return (
    await db
      .prepare(sql)
      .bind(...params)
      .all<Row>()
  ).results;
}

export async function accountRow(db: D1Database, userId: string): Promise<Row | null> {
  return db.prepare("SELECT id, email, name, company, locale, email_verified_at, is_spotlight_user, application_notices, created_at, updated_at FROM accounts WHERE id = ?").bind(userId).first<Row>();
}

/** The account's jobs, without the columns search derives from them. */
export async function jobRows(db: D1Database, userId: string): Promise<Row[]> {
  const rows = await all(db, "SELECT * FROM jobs WHERE user_id = ? ORDER BY created_at", userId);
  const derived = ["search_text", "location_search", "description_text", "tags_text", "dedupe_key", "newer_dup_until", "relevance_rank", "rowid"];
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !derived.includes(k))));
}

export async function orderRows(db: D1Database, userId: string): Promise<{ orders: Row[]; payments: Row[]; refunds: Row[] }> {
  const owned = "SELECT id FROM orders WHERE user_id = ?";
  const [orders, payments, refunds] = await Promise.all([
    all(db, "SELECT id, kind, job_id, items, amount, currency, customer_email, status, fulfilled_at, created_at, updated_at FROM orders WHERE user_id = ? ORDER BY created_at", userId),
    all(db, `SELECT id, order_id, payment_intent_id, amount, currency, receipt_url, created_at FROM payments WHERE order_id IN (${owned}) ORDER BY created_at`, userId),
    all(db, `SELECT id, order_id, amount, currency, reason, status, created_at FROM refunds WHERE order_id IN (${owned}) ORDER BY created_at`, userId),
  ]);
  return { orders, payments, refunds };
}

export async function creditRows(db: D1Database, userId: string): Promise<{ grants: Row[]; uses: Row[] }> {
  const [grants, uses] = await Promise.all([
    all(
      db,
      "SELECT id, bundle, kind, job_count, posts_remaining, plan, enhancements, status, amount_paid, order_id, created_at, expires_at FROM bundle_purchases WHERE user_id = ? ORDER BY created_at",
      userId,
    ),
    all(db, "SELECT id, grant_id, job_id, reason, created_at FROM credit_uses WHERE user_id = ? ORDER BY created_at", userId),
  ]);
  return { grants, uses };
}

/** Job alerts and company "Notify me" subscriptions made with the account's address. */
export async function alertRows(db: D1Database, email: string): Promise<Row[]> {
  return all(db, "SELECT id, kind, company_id, filters, confirmed_at, unsubscribed_at, last_sent_at, locale, created_at FROM subscriptions WHERE email = ? ORDER BY created_at", email);
}

export async function spotlightRows(db: D1Database, userId: string): Promise<{ subscriptions: Row[]; company: Row | null }> {
  const [subscriptions, company] = await Promise.all([
    all(
      db,
      "SELECT id, company_id, status, current_period_start, current_period_end, cancel_at_period_end, created_at, ended_at FROM spotlight_subscriptions WHERE user_id = ? ORDER BY created_at",
      userId,
    ),
    db.prepare("SELECT id, company, logo, tagline, stage, website, published, created_at, updated_at FROM spotlight_companies WHERE user_id = ?").bind(userId).first<Row>(),
  ]);
  return { subscriptions, company };
}
