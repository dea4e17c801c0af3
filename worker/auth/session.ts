// Starting a built-in session for a client: an access token carrying the account's token version now, a new
// refresh token, both as cookies. Sign-in, sign-up, a password change (the client that changed it stays signed in)
// and refresh use it.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import type { SessionResponse } from "../rules/auth";
import { m } from "../rules/serverMessages";
import { clearSessionCookies, setSessionCookies } from "./cookies";
import { loadUser } from "./middleware";
import { currentTokenVersion } from "./store";
import { issueRefreshToken, signAccessToken } from "./tokens";

function sessionEnded(c: Context<AppEnv>): HttpError {
  clearSessionCookies(c);
  return new HttpError(401, m("server.auth.sessionEnded"));
}

/**
 * A new session for this client. `from.version`: the account's token version as read where the client proved who it
 * is (a sign-in's password check, a refresh's token), so that a password change or a disable since ends this session
 * too; without it, the version now. `from.refresh`: the rotated refresh token to set instead of issuing one.
 */
export async function startSession(c: Context<AppEnv>, userId: string, from: { version?: number; refresh?: string } = {}): Promise<SessionResponse> {
  const version = from.version ?? (await currentTokenVersion(c.env.DB, userId));
  if (version === null) throw sessionEnded(c);
  const refresh = from.refresh ?? (await issueRefreshToken(c.env.DB, userId, version));
  if (refresh === null) throw sessionEnded(c);
  const user = await loadUser(c.env.DB, userId, version);
  if (!user) throw sessionEnded(c);
  const access = await signAccessToken(c.env, userId, version);
  setSessionCookies(c, access.token, refresh);
  return { user, accessExpiresAt: access.expiresAt };
}
