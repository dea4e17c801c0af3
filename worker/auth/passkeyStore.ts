// Passkeys and their ceremonies' challenges in D1: the one module that writes `passkeys` and `webauthn_challenges`.
// The ceremony itself (@simplewebauthn/server) is in ./passkeys.ts.

export interface PasskeyRow {
  id: string;
  account_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export async function passkeysOf(db: D1Database, accountId: string): Promise<PasskeyRow[]> {
  return (await db.prepare("SELECT * FROM passkeys WHERE account_id = ? ORDER BY created_at").bind(accountId).all<PasskeyRow>()).results;
}

export async function passkeyById(db: D1Database, id: string): Promise<PasskeyRow | null> {
  return db.prepare("SELECT * FROM passkeys WHERE id = ?").bind(id).first<PasskeyRow>();
}

export async function insertPasskey(db: D1Database, p: Omit<PasskeyRow, "last_used_at">): Promise<void> {
  await db
    .prepare("INSERT INTO passkeys (id, account_id, public_key, counter, transports, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(p.id, p.account_id, p.public_key, p.counter, p.transports, p.name, p.created_at)
    .run();
}

/** A successful sign-in: the authenticator's new counter (only forward, so a replayed older assertion cannot win a race). */
export async function recordPasskeyUse(db: D1Database, id: string, counter: number, now = Date.now()): Promise<void> {
  await db.prepare("UPDATE passkeys SET counter = max(counter, ?), last_used_at = ? WHERE id = ?").bind(counter, now, id).run();
}

/** Removes the owner's passkey; false when it is not theirs or not there. */
export async function deletePasskey(db: D1Database, accountId: string, id: string): Promise<boolean> {
  const res = await db.prepare("DELETE FROM passkeys WHERE id = ? AND account_id = ?").bind(id, accountId).run();
  return res.meta.changes > 0;
}

/** A deleted account's passkeys (batched with the erasure, worker/account/deletion.ts). */
export function deletePasskeysStatement(db: D1Database, accountId: string): D1PreparedStatement {
  return db.prepare("DELETE FROM passkeys WHERE account_id = ?").bind(accountId);
}

export async function insertChallenge(db: D1Database, challenge: string, purpose: "register" | "sign_in", accountId: string | null, expiresAt: number, now = Date.now()): Promise<void> {
  await db.batch([
    // Expired challenges go as new ones come.
    db.prepare("DELETE FROM webauthn_challenges WHERE expires_at <= ?").bind(now),
    db.prepare("INSERT INTO webauthn_challenges (challenge, purpose, account_id, expires_at) VALUES (?, ?, ?, ?)").bind(challenge, purpose, accountId, expiresAt),
  ]);
}

/** Uses a live challenge once (of two concurrent uses one wins); for registration only the account it was made for. */
export async function claimChallenge(db: D1Database, challenge: string, purpose: "register" | "sign_in", accountId: string | null, now = Date.now()): Promise<boolean> {
  const row = await db
    .prepare("DELETE FROM webauthn_challenges WHERE challenge = ? AND purpose = ? AND account_id IS ? AND expires_at > ? RETURNING challenge")
    .bind(challenge, purpose, accountId, now)
    .first();
  return row !== null;
}
