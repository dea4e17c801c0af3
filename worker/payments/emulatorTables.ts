// The local payment emulator's own tables. They are not in the production migrations (migration 0011 drops
// them from databases that had them): the emulator creates them the first time it needs them, and it only
// ever runs on a local host without a Stripe key (worker/payments/provider.ts, loadSession/load in its routes).
// The shapes are the ones migrations 0003, 0004 and 0006 used to create.

const TABLES = [
  `CREATE TABLE IF NOT EXISTS emulator_sessions (
    id text PRIMARY KEY NOT NULL,
    mode text NOT NULL,
    params text NOT NULL,
    status text DEFAULT 'open' NOT NULL,
    payment_status text DEFAULT 'unpaid' NOT NULL,
    subscription_id text,
    created_at integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS emulator_subscriptions (
    id text PRIMARY KEY NOT NULL,
    session_id text NOT NULL,
    customer_id text NOT NULL,
    status text DEFAULT 'active' NOT NULL,
    current_period_start integer NOT NULL,
    current_period_end integer NOT NULL,
    cancel_at_period_end integer DEFAULT 0 NOT NULL,
    metadata text DEFAULT '{}' NOT NULL,
    created_at integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS emulator_refunds (
    id text PRIMARY KEY NOT NULL,
    idempotency_key text NOT NULL,
    payment_intent_id text NOT NULL,
    amount integer NOT NULL,
    reason text NOT NULL,
    created_at integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
  )`,
  "CREATE UNIQUE INDEX IF NOT EXISTS emulator_refunds_key_idx ON emulator_refunds (idempotency_key)",
];

/**
 * Creates the emulator's tables if they are missing; every emulator operation calls it first. One local D1
 * round trip, not remembered between calls: a local database can be reset under a running isolate (tests).
 */
export async function ensureEmulatorTables(db: D1Database): Promise<void> {
  await db.batch(TABLES.map((sql) => db.prepare(sql)));
}
