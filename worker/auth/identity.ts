// The account's identity flows (issue 23): proving an address (a new account's, or a new address that takes
// over only once proved), a forgotten password reset by an e-mailed link, a password change, and ending every
// session. Each e-mailed link is single-use, stored only as its SHA-256, and lasts LINK_TTL_MS; each change
// is one D1 batch with the e-mail it causes (the outbox), in the account's language.
import type { Env } from "../env";
import { claimApplicationsStatement } from "../applications/store";
import { appUrl } from "../lib/appUrl";
import { conflict, invalid } from "../lib/errors";
import { newToken } from "../lib/token";
import { emailChangedMail, passwordChangedMail, resetPasswordMail, verifyEmailMail } from "../mail/identityTemplates";
import { enqueueMail } from "../mail/outbox";
import { LINK_TTL_MS } from "../rules/auth";
import { isLocale, localePath } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import { m } from "../rules/serverMessages";
import { hashPassword, verifyPassword } from "./password";
import {
  accountForIdentity,
  claimAccountToken,
  confirmedByLink,
  endSessionsStatements,
  insertAccountTokenStatement,
  markEmailVerifiedStatement,
  retireAccountTokensStatement,
  retirePendingAddressChangesStatement,
  setPasswordStatement,
} from "./store";
import type { AccountForIdentity, AccountTokenPurpose } from "./store";
import { sha256 } from "./tokens";

type MailEnv = Pick<Env, "DB" | "APP_URL">;

function localeOf(account: { locale: string }): Locale {
  return isLocale(account.locale) ? account.locale : "en";
}

function link(env: MailEnv, locale: Locale, path: string): string {
  return appUrl(env, localePath(locale, path));
}

async function newLink(env: MailEnv, account: { id: string }, purpose: AccountTokenPurpose, email: string, now: number) {
  const token = newToken(32);
  const hash = await sha256(token);
  return { token, hash, statement: insertAccountTokenStatement(env.DB, { hash, accountId: account.id, purpose, email, expiresAt: now + LINK_TTL_MS[purpose] }, now) };
}

/**
 * The link that proves `email` for the account, and its e-mail, to batch with the change that asks for it
 * (a sign-up, "Resend the e-mail", a change of address). The e-mail goes to `email`, in the account's language.
 */
export async function verificationStatements(
  env: MailEnv,
  account: { id: string; email: string; name: string | null; locale: string },
  email: string,
  /** An employer (rules/auth.ts isEmployer) is told what waits for the address; a candidate applies without it. */
  employer: boolean,
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
  const locale = localeOf(account);
  const { token, hash, statement } = await newLink(env, account, "verify_email", email, now);
  const change = email !== account.email;
  const mail = verifyEmailMail({ locale, recipientName: account.name, email, verifyUrl: link(env, locale, `/verify-email?token=${token}`), change, employer });
  return [
    // A newer change of address replaces an older one (a mistyped address): only the latest link moves the account.
    ...(change ? [retirePendingAddressChangesStatement(env.DB, account.id, now)] : []),
    statement,
    enqueueMail(env.DB, { key: `verify_email:${hash}`, kind: "verify_email", to: email, ...mail }, now),
  ];
}

/** Follows a verification link: the account's address is proved (a new one takes over, and the old one is told). */
export async function verifyEmail(env: MailEnv, token: string, now = Date.now()): Promise<{ accountId: string; email: string; changed: boolean; already: boolean }> {
  const hash = await sha256(token);
  const claimed = await claimAccountToken(env.DB, hash, "verify_email", now);
  if (!claimed) {
    // Opened again, or late: an address already confirmed is said to be, and nothing is written.
    const confirmed = await confirmedByLink(env.DB, hash);
    if (confirmed) return { accountId: confirmed.account_id, email: confirmed.email, changed: false, already: true };
  }
  const account = claimed ? await accountForIdentity(env.DB, { id: claimed.account_id }) : null;
  if (!claimed || !account) throw invalid(m("server.auth.linkInvalid"), "link_invalid");
  // The address's applications made signed out are the account's from now on (decision 0611).
  const statements = [markEmailVerifiedStatement(env.DB, account.id, claimed.email, now), claimApplicationsStatement(env.DB, account.id, claimed.email, now)];
  if (claimed.email !== account.email) {
    const locale = localeOf(account);
    const mail = emailChangedMail({ locale, recipientName: account.name, previous: account.email, current: claimed.email, contactUrl: link(env, locale, "/contact") });
    statements.push(enqueueMail(env.DB, { key: `email_changed:${account.id}:${now}`, kind: "email_changed", to: account.email, ...mail }, now));
  }
  try {
    await env.DB.batch(statements);
  } catch {
    // Another account proved this address first (the unique index).
    throw conflict(m("server.auth.emailTaken"), "email_taken");
  }
  return { accountId: account.id, email: claimed.email, changed: claimed.email !== account.email, already: false };
}

/** "Forgot your password?": a reset link to the address if an account has it; nothing otherwise (the caller answers the same). */
export async function requestPasswordReset(env: MailEnv, email: string, now = Date.now()): Promise<void> {
  const account = await accountForIdentity(env.DB, { email });
  if (!account || account.disabled_at !== null) return;
  const locale = localeOf(account);
  const { token, hash, statement } = await newLink(env, account, "reset_password", account.email, now);
  const mail = resetPasswordMail({ locale, recipientName: account.name, resetUrl: link(env, locale, `/reset-password?token=${token}`) });
  await env.DB.batch([statement, enqueueMail(env.DB, { key: `reset_password:${hash}`, kind: "reset_password", to: account.email, ...mail }, now)]);
}

/** The new password, every session ended, older reset links retired, and "Your password was changed" to the address: one batch. */
function newPasswordStatements(env: MailEnv, account: AccountForIdentity, passwordHash: string, via: "settings" | "reset", now: number): D1PreparedStatement[] {
  const locale = localeOf(account);
  const mail = passwordChangedMail({ locale, recipientName: account.name, forgotUrl: link(env, locale, "/forgot-password"), via });
  return [
    setPasswordStatement(env.DB, account.id, passwordHash, now),
    ...endSessionsStatements(env.DB, account.id, now),
    retireAccountTokensStatement(env.DB, account.id, "reset_password", now),
    enqueueMail(env.DB, { key: `password_changed:${account.id}:${now}`, kind: "password_changed", to: account.email, ...mail }, now),
  ];
}

/** Follows a reset link: the new password is set and every session and refresh token of the account ends. */
export async function resetPassword(env: MailEnv, token: string, password: string, now = Date.now()): Promise<void> {
  const claimed = await claimAccountToken(env.DB, await sha256(token), "reset_password", now);
  const account = claimed ? await accountForIdentity(env.DB, { id: claimed.account_id }) : null;
  if (!claimed || !account || account.disabled_at !== null) throw invalid(m("server.auth.linkInvalid"), "link_invalid");
  const statements = newPasswordStatements(env, account, await hashPassword(password), "reset", now);
  // The link reached the account's own address: that proves it.
  if (account.email === claimed.email && account.email_verified_at === null) statements.push(markEmailVerifiedStatement(env.DB, account.id, account.email, now));
  await env.DB.batch(statements);
}

/** The account, once its current password is checked: a 400 naming `field` when it is wrong (or when the account has none). */
export async function checkPassword(env: MailEnv, accountId: string, password: string, field = "currentPassword"): Promise<AccountForIdentity> {
  const account = await accountForIdentity(env.DB, { id: accountId });
  if (!account?.password_hash) throw invalid(m("server.auth.noPassword"), "no_password", [{ path: field, message: m("server.auth.noPassword") }]);
  if (!(await verifyPassword(password, account.password_hash))) {
    const message = m("server.auth.currentPasswordWrong");
    throw invalid(message, "wrong_password", [{ path: field, message }]);
  }
  return account;
}

/** Settings: a new password after the current one is checked; every session ends (the caller starts a new one for this client). */
export async function changePassword(env: MailEnv, accountId: string, current: string, next: string, now = Date.now()): Promise<void> {
  const account = await checkPassword(env, accountId, current);
  await env.DB.batch(newPasswordStatements(env, account, await hashPassword(next), "settings", now));
}

/** "Sign out everywhere": every session of the account ends, this one included. */
export async function endEverySession(env: MailEnv, accountId: string, now = Date.now()): Promise<void> {
  await env.DB.batch(endSessionsStatements(env.DB, accountId, now));
}
