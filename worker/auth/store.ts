// Accounts and refresh tokens in D1: the one module that writes refresh_tokens and the auth side of
// accounts (sign-up, external identities, disabling). The session logic around them is in ./tokens.ts
// and ./middleware.ts; account settings (name, company) are saved by worker/account.
import { isEmployer } from "../rules/auth";
import type { SessionUser } from "../rules/auth";
import type { ApplicationNotices } from "../rules/applications";
import { isLocale } from "../rules/i18n";
import { DAY } from "../rules/time";
import type { Locale } from "../rules/i18n";

interface AccountRow {
  id: string;
  email: string;
  name: string;
  company: string;
  is_spotlight_user: number;
  spotlight_active: number;
  email_verified_at: number | null;
  posted: number;
  applied: number;
}

/**
 * The account plus whether an active Spotlight subscription makes it a Spotlight user; null for a disabled,
 * deleted or unknown account, and for a token of an older `version` (a password change, a reset, "Sign out
 * everywhere" or a disable since it was issued). `version` null: an external provider's token, which has none.
 */
export async function findSessionUser(db: D1Database, id: string, now: number, version: number | null = null): Promise<SessionUser | null> {
  const row = await db
    .prepare(
      `SELECT a.id, a.email, a.name, a.company, a.is_spotlight_user, a.email_verified_at,
         EXISTS (SELECT 1 FROM spotlight_subscriptions s WHERE s.user_id = a.id AND s.status IN ('active', 'past_due')
                 AND (s.current_period_end IS NULL OR s.current_period_end > ?)) AS spotlight_active,
         (EXISTS (SELECT 1 FROM jobs j WHERE j.user_id = a.id) OR EXISTS (SELECT 1 FROM bundle_purchases b WHERE b.user_id = a.id)) AS posted,
         EXISTS (SELECT 1 FROM applications p WHERE p.user_id = a.id) AS applied
       FROM accounts a WHERE a.id = ? AND a.disabled_at IS NULL AND a.deleted_at IS NULL AND (? IS NULL OR a.token_version = ?)`,
    )
    .bind(now, id, version, version)
    .first<AccountRow>();
  if (!row) return null;
  const isSpotlightUser = row.is_spotlight_user === 1 || row.spotlight_active === 1;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company: row.company,
    isSpotlightUser,
    emailVerified: row.email_verified_at !== null,
    employer: isEmployer({ company: row.company, isSpotlightUser, posted: row.posted === 1 }),
    hasApplications: row.applied === 1,
  };
}

/** The version an access token for this account carries now; null for an unknown, disabled or deleted account. */
export async function currentTokenVersion(db: D1Database, id: string): Promise<number | null> {
  const row = await db.prepare("SELECT token_version FROM accounts WHERE id = ? AND disabled_at IS NULL AND deleted_at IS NULL").bind(id).first<{ token_version: number }>();
  return row?.token_version ?? null;
}

/**
 * The account of an external identity (its `sub`), created on first sight; an e-mail another account holds is
 * replaced by `<sub>@users.invalid`. The provider's verified-e-mail claim counts as a proved address, now or
 * on a later sign-in (only for the address the account holds).
 */
export async function ensureExternalAccount(db: D1Database, id: string, email: string, name: string, emailVerified = false, now = Date.now()): Promise<void> {
  const verifiedAt = emailVerified ? now : null;
  try {
    await db.prepare("INSERT INTO accounts (id, email, name, email_verified_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING").bind(id, email, name, verifiedAt).run();
  } catch {
    // The e-mail belongs to another (built-in) account: keep the identities apart (a placeholder address proves nothing).
    await db.prepare("INSERT INTO accounts (id, email, name) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING").bind(id, `${id}@users.invalid`, name).run();
  }
  if (emailVerified) await db.prepare("UPDATE accounts SET email_verified_at = ? WHERE id = ? AND email = ? AND email_verified_at IS NULL").bind(now, id, email).run();
}

export async function emailTaken(db: D1Database, email: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM accounts WHERE email = ?").bind(email).first());
}

/** A built-in account, to batch with its verification e-mail; the batch throws when the e-mail is taken (the unique index). */
export function insertAccountStatement(db: D1Database, a: { id: string; email: string; passwordHash: string; name: string; company: string; locale?: Locale }, now = Date.now()): D1PreparedStatement {
  return db
    .prepare("INSERT INTO accounts (id, email, password_hash, name, company, locale, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(a.id, a.email, a.passwordHash, a.name, a.company, a.locale ?? "en", now, now);
}

/**
 * The account signing in, with its token version as read with the password hash it is checked against: the session
 * it starts carries that version, so a password change that lands after this read ends it too.
 */
export async function accountForSignIn(db: D1Database, email: string): Promise<{ id: string; password_hash: string | null; disabled_at: number | null; token_version: number } | null> {
  return db
    .prepare("SELECT id, password_hash, disabled_at, token_version FROM accounts WHERE email = ?")
    .bind(email)
    .first<{ id: string; password_hash: string | null; disabled_at: number | null; token_version: number }>();
}

/**
 * Disabling an account (the operator console): the account is marked, which makes its access tokens
 * useless on the next request (findSessionUser answers null), and every refresh token is revoked, so it is
 * signed out everywhere and cannot post, check out or sign in until it is enabled again. The statements
 * go in the same D1 batch as the audit row.
 */
export function setAccountDisabledStatements(db: D1Database, accountId: string, disabled: boolean, now = Date.now()): D1PreparedStatement[] {
  if (!disabled) return [db.prepare("UPDATE accounts SET disabled_at = NULL, updated_at = ? WHERE id = ?").bind(now, accountId)];
  // A new token version too: a token issued before the disable stays useless after an enable (issue 23).
  return [db.prepare("UPDATE accounts SET disabled_at = COALESCE(disabled_at, ?), updated_at = ? WHERE id = ?").bind(now, now, accountId), ...endSessionsStatements(db, accountId, now)];
}

/**
 * Every session of the account ends: the token version goes up (every access token issued so far is refused
 * on its next request) and every refresh token is revoked. A password change, a reset, "Sign out everywhere",
 * a disable and a deletion all run these, in the batch of their own change. A change of address a session asked for
 * and its link has not confirmed yet ends with them (decision 0231): whoever held a session the owner has just ended
 * cannot take the account's address with it.
 */
export function endSessionsStatements(db: D1Database, accountId: string, now = Date.now()): D1PreparedStatement[] {
  return [
    db.prepare("UPDATE accounts SET token_version = token_version + 1, updated_at = ? WHERE id = ?").bind(now, accountId),
    db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL").bind(now, accountId),
    retirePendingAddressChangesStatement(db, accountId, now),
  ];
}

/**
 * Every unused link of the account that proves another address than its own (a change of address asked for in
 * Settings) stops working: when its sessions end, and when a newer change replaces it (decision 0231). The links
 * that prove the account's own address stay.
 */
export function retirePendingAddressChangesStatement(db: D1Database, accountId: string, now = Date.now()): D1PreparedStatement {
  return db
    .prepare("UPDATE account_tokens SET used_at = ? WHERE account_id = ? AND purpose = 'verify_email' AND used_at IS NULL AND email <> (SELECT email FROM accounts WHERE id = ?)")
    .bind(now, accountId, accountId);
}

// ---- refresh tokens (stored only as their SHA-256) -------------------------------------------------

/**
 * A new refresh token, written only while the account's token version is still `version` (and the account neither
 * disabled nor deleted): a session started from what was read before a password change, a reset, "Sign out
 * everywhere" or a disable is not left with a refresh token that outlives it. False when it was not written.
 */
export async function insertRefreshToken(db: D1Database, hash: string, accountId: string, family: string, expiresAt: number, version: number, now: number): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO refresh_tokens (id, account_id, family, expires_at, created_at) SELECT ?, ?, ?, ?, ?
       WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ? AND token_version = ? AND disabled_at IS NULL AND deleted_at IS NULL)`,
    )
    .bind(hash, accountId, family, expiresAt, now, accountId, version)
    .run();
  return res.meta.changes > 0;
}

/** The account and token version of a refresh token, read before it is claimed (rotateRefreshToken). */
export async function refreshTokenAccount(db: D1Database, hash: string): Promise<{ account_id: string; token_version: number } | null> {
  return db
    .prepare("SELECT t.account_id, a.token_version FROM refresh_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.id = ?")
    .bind(hash)
    .first<{ account_id: string; token_version: number }>();
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

// ---- retention (decision 0303): the daily purge-sessions task --------------------------------------

/** A refresh token's row outlives its expiry by a day: nothing reads it after that but reuse detection (below). */
const REFRESH_TOKEN_KEEP_MS = DAY;
/**
 * An e-mailed link's row outlives its expiry by 7 days: a confirmation link opened again in that week still says
 * "already confirmed" (confirmedByLink) rather than "invalid"; after it, the invalid-link page is answer enough.
 */
const ACCOUNT_TOKEN_KEEP_MS = 7 * DAY;

/**
 * Deletes refresh tokens that expired over REFRESH_TOKEN_KEEP_MS ago and e-mailed links that expired over
 * ACCOUNT_TOKEN_KEEP_MS ago; the count deleted. An expired refresh token is refused anyway (claimRefreshToken), but
 * a rotated one presented again still revokes its family (rotateRefreshToken): a copy used before its owner's next
 * refresh. So a token goes only with a dead family, one with no token left that could still be claimed; deleting
 * a live family's old rotated tokens would let their copies be presented without revoking it.
 */
export async function purgeExpiredSessionTokens(db: D1Database, now: number): Promise<number> {
  const [refresh, links] = await db.batch([
    db
      .prepare(
        `DELETE FROM refresh_tokens WHERE expires_at < ? AND NOT EXISTS (
           SELECT 1 FROM refresh_tokens live WHERE live.family = refresh_tokens.family
             AND live.rotated_at IS NULL AND live.revoked_at IS NULL AND live.expires_at > ?)`,
      )
      .bind(now - REFRESH_TOKEN_KEEP_MS, now),
    db.prepare("DELETE FROM account_tokens WHERE expires_at < ?").bind(now - ACCOUNT_TOKEN_KEEP_MS),
  ]);
  return refresh!.meta.changes + links!.meta.changes;
}

export function saveSettingsStatement(db: D1Database, userId: string, settings: { name: string; company: string }, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE accounts SET name = ?, company = ?, updated_at = ? WHERE id = ?").bind(settings.name, settings.company, now, userId);
}

/**
 * The account's language (decision 0509), as its owner last chose it: on the Settings page, or by a checkout, which
 * records the language of the pages it was started from, so the mails that follow it from the account (Spotlight's
 * welcome and renewals, refunds, reminders) are in the language of its receipt. A no-op when it already is.
 */
export function accountLanguageStatement(db: D1Database, userId: string, locale: Locale, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE accounts SET locale = ?, updated_at = ? WHERE id = ? AND locale IS NOT ?").bind(locale, now, userId, locale);
}

/**
 * The account's choices on its Settings page: its application notices (decision 0604), 'each' or 'digest', and the
 * language of its mails (decision 0509).
 */
export async function accountChoicesOf(db: D1Database, userId: string): Promise<{ applicationNotices: ApplicationNotices; locale: Locale }> {
  const row = await db.prepare("SELECT application_notices, locale FROM accounts WHERE id = ?").bind(userId).first<{ application_notices: string; locale: string }>();
  return { applicationNotices: row?.application_notices === "digest" ? "digest" : "each", locale: isLocale(row?.locale) ? row.locale : "en" };
}

export function saveApplicationNoticesStatement(db: D1Database, userId: string, notices: ApplicationNotices, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE accounts SET application_notices = ?, updated_at = ? WHERE id = ?").bind(notices, now, userId);
}

// ---- the account's address and password (issue 23) -----------------------------------------------

export interface AccountForIdentity {
  id: string;
  email: string;
  /** What the account is called: its e-mails greet it by this. */
  name: string | null;
  locale: string;
  password_hash: string | null;
  email_verified_at: number | null;
  disabled_at: number | null;
}

/** A live (not deleted) account by id or by e-mail, with what the identity flows need. */
export async function accountForIdentity(db: D1Database, by: { id: string } | { email: string }): Promise<AccountForIdentity | null> {
  const [column, value] = "id" in by ? ["id", by.id] : ["email", by.email];
  return db.prepare(`SELECT id, email, name, locale, password_hash, email_verified_at, disabled_at FROM accounts WHERE ${column} = ? AND deleted_at IS NULL`).bind(value).first<AccountForIdentity>();
}

/** The address proved: the account takes it (a change of address) and is verified; the batch throws when another account holds it. */
export function markEmailVerifiedStatement(db: D1Database, accountId: string, email: string, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE accounts SET email = ?, email_verified_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL").bind(email, now, now, accountId);
}

/** A new password hash; batch it with endSessionsStatements. */
export function setPasswordStatement(db: D1Database, accountId: string, passwordHash: string, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL").bind(passwordHash, now, accountId);
}

// ---- single-use e-mailed links (account_tokens, stored only as their SHA-256) ------------------------

export type AccountTokenPurpose = "verify_email" | "reset_password";

export function insertAccountTokenStatement(
  db: D1Database,
  t: { hash: string; accountId: string; purpose: AccountTokenPurpose; email: string; expiresAt: number },
  now = Date.now(),
): D1PreparedStatement {
  return db.prepare("INSERT INTO account_tokens (id, account_id, purpose, email, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)").bind(t.hash, t.accountId, t.purpose, t.email, t.expiresAt, now);
}

/** Uses a live link once, atomically (of two concurrent uses one wins); its account and address, or null. */
export async function claimAccountToken(db: D1Database, hash: string, purpose: AccountTokenPurpose, now = Date.now()): Promise<{ account_id: string; email: string } | null> {
  return db
    .prepare("UPDATE account_tokens SET used_at = ? WHERE id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id, email")
    .bind(now, hash, purpose, now)
    .first<{ account_id: string; email: string }>();
}

/**
 * The account a used or expired confirmation link proved, when its address is still the account's and confirmed: the
 * link opened again says so («بريدك الإلكتروني مؤكَّد بالفعل»), not that it could not confirm it (an eleventh reading).
 */
export async function confirmedByLink(db: D1Database, hash: string): Promise<{ account_id: string; email: string } | null> {
  return db
    .prepare(
      "SELECT a.id AS account_id, a.email FROM account_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.id = ? AND t.purpose = 'verify_email' AND a.email = t.email AND a.email_verified_at IS NOT NULL AND a.disabled_at IS NULL",
    )
    .bind(hash)
    .first<{ account_id: string; email: string }>();
}

/** Every unused link of the account for `purpose` stops working (a new password makes older reset links moot). */
export function retireAccountTokensStatement(db: D1Database, accountId: string, purpose: AccountTokenPurpose, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE account_tokens SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL").bind(now, accountId, purpose);
}

/** True once the account was deleted ("Delete my account"): nothing bought afterwards is delivered to it. */
export async function accountDeleted(db: D1Database, accountId: string): Promise<boolean> {
  return Boolean(await db.prepare("SELECT 1 FROM accounts WHERE id = ? AND deleted_at IS NOT NULL").bind(accountId).first());
}

/** The address a deleted account holds instead of its own: unique per account, and never deliverable (.invalid). */
export function deletedAccountEmail(accountId: string): string {
  return `deleted-${accountId}@deleted.invalid`;
}

/**
 * A deleted account (worker/account/deletion.ts): the row stays, so orders and refunds keep a customer id, but
 * everything personal goes (address, name, company, password, passkeys, links) and every session ends.
 */
export function eraseAccountStatements(db: D1Database, accountId: string, now = Date.now()): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE accounts SET email = ?, name = '', company = '', password_hash = NULL, email_verified_at = NULL,
           is_spotlight_user = 0, deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL`,
      )
      .bind(deletedAccountEmail(accountId), now, now, accountId),
    ...endSessionsStatements(db, accountId, now),
    db.prepare("DELETE FROM account_tokens WHERE account_id = ?").bind(accountId),
  ];
}
