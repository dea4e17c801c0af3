// Disabling an account (the operator console): the account is marked, which makes its access tokens
// useless on the next request (loadUser answers null), and every refresh token is revoked, so it is signed
// out everywhere and cannot post, check out or sign in until it is enabled again.

/** The statements, for the same D1 batch as the audit row. */
export function setAccountDisabledStatements(db: D1Database, accountId: string, disabled: boolean, now = Date.now()): D1PreparedStatement[] {
  if (!disabled) return [db.prepare("UPDATE accounts SET disabled_at = NULL, updated_at = ? WHERE id = ?").bind(now, accountId)];
  return [
    db.prepare("UPDATE accounts SET disabled_at = COALESCE(disabled_at, ?), updated_at = ? WHERE id = ?").bind(now, now, accountId),
    db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL").bind(now, accountId),
  ];
}
