// Who is asking: every /api request passes here. Built-in sessions read the access cookie; with an
// external provider configured, its JWT (Authorization: Bearer, or Clerk's __session cookie) is used
// instead. Either way a user is the token's `sub`. Also: CSRF checks for cookie-authenticated writes.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Env } from "../env";
import { HttpError } from "../http/errors";
import { UNVERIFIED_CODE } from "../rules/auth";
import type { SessionUser } from "../rules/auth";
import { m } from "../rules/serverMessages";
import { externalAuthEnabled, verifyExternalToken } from "./external";
import { ACCESS_COOKIE, verifyAccessToken } from "./tokens";
import { setLogUser } from "../lib/log";
import { ensureExternalAccount, findSessionUser } from "./store";
import { carriesIdentityCookie, isWrite } from "../db/session";

/**
 * The account plus whether an active Spotlight subscription makes it a Spotlight user; null for a disabled or
 * deleted account, or when `version` (an access token's) is no longer the account's: its tokens are useless.
 */
export async function loadUser(db: D1Database, id: string, version: number | null = null, now = Date.now()): Promise<SessionUser | null> {
  return findSessionUser(db, id, now, version);
}

async function externalUser(env: Env, token: string): Promise<SessionUser | null> {
  const claims = await verifyExternalToken(env, token);
  if (!claims) return null;
  setLogUser(claims.sub);
  const email = claims.email?.toLowerCase() ?? `${claims.sub}@users.invalid`;
  // The provider's verified-e-mail claim counts as a proved address (issue 23).
  await ensureExternalAccount(env.DB, claims.sub, email, claims.name ?? "", claims.emailVerified);
  return loadUser(env.DB, claims.sub);
}

async function resolveUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  if (externalAuthEnabled(c.env)) {
    const bearer = c.req.header("Authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
    const token = bearer ?? getCookie(c, "__session");
    return token ? externalUser(c.env, token) : null;
  }
  const token = getCookie(c, ACCESS_COOKIE);
  if (!token) return null;
  const claims = await verifyAccessToken(c.env, token);
  if (!claims) return null;
  c.set("accessExpiresAt", claims.exp * 1000);
  setLogUser(claims.sub);
  return loadUser(c.env.DB, claims.sub, claims.ver);
}

/**
 * The signed-in user or null, resolved on first use and remembered for the request, so public reads
 * never pay for it.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  let pending = c.get("userPromise");
  if (!pending) {
    pending = resolveUser(c);
    c.set("userPromise", pending);
  }
  return pending;
}

/** The signed-in user, or a 401 with the caller's message ('You must be logged in to edit a job'). */
export async function requireUser(c: Context<AppEnv>, message = "You must be signed in"): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw new HttpError(401, message);
  return user;
}

/**
 * The signed-in user whose address is proved: checkout, credit posts, Spotlight checkout and admin rights wait
 * for it (issue 23). Signed out: the caller's 401; not yet verified: 403 with code `email_unverified`, which the
 * web answers with "Resend the e-mail".
 */
export async function requireVerifiedUser(c: Context<AppEnv>, message = "You must be signed in"): Promise<SessionUser> {
  const user = await requireUser(c, message);
  if (!user.emailVerified) throw new HttpError(403, m("server.auth.unverified"), undefined, UNVERIFIED_CODE);
  return user;
}

/**
 * Cookie-authenticated writes must come from this site: Sec-Fetch-Site same-origin (or none, typed
 * by the user), or else an Origin equal to this site's. Requests without our cookies are not at risk.
 */
export const csrfMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  if (!isWrite(c.req.raw)) return next();
  if (!carriesIdentityCookie(c.req.raw)) return next();
  const site = c.req.header("Sec-Fetch-Site");
  const origin = c.req.header("Origin");
  const own = new Set([new URL(c.req.url).origin, c.env.APP_URL ? new URL(c.env.APP_URL).origin : ""]);
  const allowed = site ? site === "same-origin" || site === "none" : origin !== undefined && own.has(origin);
  if (!allowed) throw new HttpError(403, "This request did not come from this site, so it was refused.");
  return next();
});
