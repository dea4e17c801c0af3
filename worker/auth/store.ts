// Accounts and refresh tokens in D1: the one module that writes refresh_tokens and the auth side of
// accounts (sign-up, external identities, disabling). The session logic around them is in ./tokens.ts
// and ./middleware.ts; account settings (name, company) are saved by worker/account.
import type { SessionUser } from "../rules/auth";
import type { Locale } from "../rules/i18n";

interface AccountRow {
  id: string;
  email: string;
  name: string;
  company: string;
  is_spotlight_user: number;
  spotlight_active: number;
}

/** The account plus whether an active Spotlight subscription makes it a Spotlight user; null for a disabled or unknown account. */
export async function findSessionUser(db: D1Database, id: string, now: number): Promise<SessionUser | null> {
  const row = await db
    .prepare(
      `SELECT a.id, a.email, a.name, a.company, a.is_spotlight_user,
         EXISTS (SELECT 1 FROM spotlight_subscriptions s WHERE s.user_id = a.id AND s.status IN ('active', 'past_due')
                 AND (s.current_period_end IS NULL OR s.current_period_end > ?)) AS spotlight_active
       FROM accounts a WHERE a.id = ? AND a.disabled_at IS NULL`,
    )
    .bind(now, id)
    .first<AccountRow>();
  if (!row) return null;
  return { id: row.id, email: row.email, name: row.name, company: row.company, isSpotlightUser: row.is_spotlight_user === 1 || row.spotlight_active === 1 };
}

/** The account of an external identity (its `sub`), created on first sight; an e-mail another account holds is replaced by `<sub>@users.invalid`. */
export async function ensureExternalAccount(db: D1Database, id: string, email: string, name: string): Promise<void> {
  try {
    await db.prepare("INSERT INTO accounts (id, email, name) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING").bind(id, email, name).run();
  } catch {
    // The e-mail belongs to another (built-in) account: keep the identities apart.
    await db.prepare("INSERT INTO accounts (id, email, name) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING").bind(id, `${id}@users.invalid`, name).run();
  }
}

export async function emailTaken(db: D1Database, email: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM accounts WHERE email = ?").bind(email).first());
}

/** A built-in account; throws when the e-mail is taken (the unique index). */
export async function insertAccount(db: D1Database, a: { id: string; email: string; passwordHash: string; name: string; company: string; locale?: Locale }): Promise<void> {
  await db
    .prepare("INSERT INTO accounts (id, email, password_hash, name, company, locale) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(a.id, a.email, a.passwordHash, a.name, a.company, a.locale ?? "en")
    .run();
}

export async function accountForSignIn(db: D1Database, email: string): Promise<{ id: string; password_hash: string | null; disabled_at: number | null } | null> {
  return db.prepare("SELECT id, password_hash, disabled_at FROM accounts WHERE email = ?").bind(email).first<{ id: string; password_hash: string | null; disabled_at: number | null }>();
}

/**
 * Disabling an account (the operator console): the account is marked, which makes its access tokens
 * useless on the next request (findSessionUser answers null), and every refresh token is revoked, so it is
 * signed out everywhere and cannot post, check out or sign in until it is enabled again. The statements
 * go in the same D1 batch as the audit row.
 */
export function setAccountDisabledStatements(db: D1Database, accountId: string, disabled: boolean, now = Date.now()): D1PreparedStatement[] {
  if (!disabled) return [db.prepare("UPDATE accounts SET disabled_at = NULL, updated_at = ? WHERE id = ?").bind(now, accountId)];
  return [
    db.prepare("UPDATE accounts SET disabled_at = COALESCE(disabled_at, ?), updated_at = ? WHERE id = ?").bind(now, now, accountId),
    db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL").bind(now, accountId),
  ];
}

// ---- refresh tokens (stored only as their SHA-256) -------------------------------------------------

export async function insertRefreshToken(db: D1Database, hash: string, accountId: string, family: string, expiresAt: number, now: number): Promise<void> {
  await db.prepare("INSERT INTO refresh_tokens (id, account_id, family, expires_at, created_at) VALUES (?, ?, ?, ?, ?)").bind(hash, accountId, family, expiresAt, now).run();
}

/** Marks a live token rotated, atomically (of two concurrent refreshes one wins); its account and family, or null. */
export async function claimRefreshToken(db: D1Database, hash: string, now: number): Promise<{ account_id: string; family: string } | null> {
  return db
    .prepare("UPDATE refresh_tokens SET rotated_at = ? WHERE id = ? AND rotated_at IS NULL AND revoked_at IS NULL AND expires_at > ? RETURNING account_id, family")
    .bind(now, hash, now)
    .first<{ account_id: string; family: string }>();
}

/** The family of a token, any token (`rotatedOnly`: only of one already rotated). */
export async function refreshTokenFamily(db: D1Database, hash: string, rotatedOnly = false): Promise<string | null> {
  const row = await db
    .prepare(`SELECT family FROM refresh_tokens WHERE id = ?${rotatedOnly ? " AND rotated_at IS NOT NULL" : ""}`)
    .bind(hash)
    .first<{ family: string }>();
  return row?.family ?? null;
}

export async function revokeRefreshFamily(db: D1Database, family: string, now: number): Promise<void> {
  await db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family = ? AND revoked_at IS NULL").bind(now, family).run();
}

export function saveSettingsStatement(db: D1Database, userId: string, settings: { name: string; company: string }, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE accounts SET name = ?, company = ?, updated_at = ? WHERE id = ?").bind(settings.name, settings.company, now, userId);
}
