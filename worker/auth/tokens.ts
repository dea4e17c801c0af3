// Sessions: a short-lived access JWT (HS256, signed and verified with jose, algorithm allow-listed,
// exp required) and a rotating refresh token (random, stored only as its SHA-256). Reusing a rotated
// refresh token revokes its whole family: someone copied it.
import { SignJWT, jwtVerify } from "jose";
import type { Env } from "../env";
import { DomainError, internal } from "../lib/errors";
import { log } from "../lib/log";
import { newToken } from "../lib/token";
import { SESSION_DAYS } from "../rules/auth";
import { claimRefreshToken, insertRefreshToken, refreshTokenAccount, refreshTokenFamily, revokeRefreshFamily } from "./store";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = SESSION_DAYS * 24 * 60 * 60;
export const ACCESS_COOKIE = "sj_access";
export const REFRESH_COOKIE = "sj_refresh";
const ISSUER = "startup-jobs";
const AUDIENCE = "startup-jobs";

function secretKey(env: Env): Uint8Array {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
    log("error", "auth.jwt_secret_missing", { problem: "JWT_SECRET is missing or shorter than 32 characters; set it with `wrangler secret put JWT_SECRET`." });
    throw internal("Sign-in is not configured on this server.");
  }
  return new TextEncoder().encode(env.JWT_SECRET);
}

/** `version`: the account's token version now (worker/auth/store.ts); a later change of it makes this token useless. */
export async function signAccessToken(env: Env, userId: string, version: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TTL_SECONDS;
  const token = await new SignJWT({ ver: version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(secretKey(env));
  return { token, expiresAt: exp * 1000 };
}

/** The user id, expiry and token version in a valid access token, or null. Only HS256; `exp` and `ver` are required. */
export async function verifyAccessToken(env: Env, token: string): Promise<{ sub: string; exp: number; ver: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "sub", "ver"],
    });
    if (typeof payload.ver !== "number") return null;
    return { sub: payload.sub!, exp: payload.exp!, ver: payload.ver };
  } catch (e) {
    if (e instanceof DomainError) throw e;
    return null;
  }
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new refresh token for the account while its token version is `version`; null once it is not (its sessions ended). */
export async function issueRefreshToken(db: D1Database, accountId: string, version: number, family: string = crypto.randomUUID(), now = Date.now()): Promise<string | null> {
  const token = newToken(32);
  return (await insertRefreshToken(db, await sha256(token), accountId, family, now + REFRESH_TTL_SECONDS * 1000, version, now)) ? token : null;
}

/**
 * Rotates a refresh token: the presented one is marked rotated (atomically, so two concurrent
 * refreshes cannot both win) and a new one in the same family is issued. Returns the account id, the
 * new token and the token version it belongs to (read before the claim, so the session it starts ends
 * with a password change that lands meanwhile), or null when the token is unknown, expired, revoked or
 * already rotated, or the account's sessions ended since.
 */
export async function rotateRefreshToken(db: D1Database, token: string, now = Date.now()): Promise<{ accountId: string; token: string; version: number } | null> {
  const id = await sha256(token);
  const owner = await refreshTokenAccount(db, id);
  const claimed = owner ? await claimRefreshToken(db, id, now) : null;
  if (!owner || !claimed) {
    // A rotated token presented again means it was copied: revoke the family.
    const reused = await refreshTokenFamily(db, id, true);
    if (reused) await revokeRefreshFamily(db, reused, now);
    return null;
  }
  const next = await issueRefreshToken(db, claimed.account_id, owner.token_version, claimed.family, now);
  return next ? { accountId: claimed.account_id, token: next, version: owner.token_version } : null;
}

export async function revokeRefreshToken(db: D1Database, token: string, now = Date.now()): Promise<void> {
  const family = await refreshTokenFamily(db, await sha256(token));
  if (family) await revokeRefreshFamily(db, family, now);
}
