// Who may use the operator console: an account whose e-mail is in ADMIN_EMAILS, or an identity that
// Cloudflare Access vouches for (the Cf-Access-Jwt-Assertion header, verified with jose against the team's
// JWKS and the Access application's AUD). Checked on the server for every /api/admin request; anyone else
// gets the same 404 as an unknown path, so the console's existence is not revealed.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { JWTVerifyGetKey } from "jose";
import { currentUser } from "../auth/middleware";
import { isLocalHostname } from "../config";
import type { AppEnv, Env } from "../env";
import { notFound } from "../http/errors";
import { log } from "../lib/log";

/** On a local host with ADMIN_EMAILS unset (npm start, the browser tests) this account is the admin. */
export const DEV_ADMIN_EMAIL = "admin@startupjobs.example";

export interface AdminIdentity {
  email: string;
  via: "account" | "access";
}

export function adminEmails(env: Pick<Env, "ADMIN_EMAILS">, requestUrl: string): Set<string> {
  const configured = env.ADMIN_EMAILS?.trim();
  if (!configured) return new Set(isLocalHostname(new URL(requestUrl).hostname) ? [DEV_ADMIN_EMAIL] : []);
  return new Set(
    configured
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** "myteam" or "myteam.cloudflareaccess.com" → https://myteam.cloudflareaccess.com */
export function accessIssuer(teamDomain: string): string {
  const host = teamDomain
    .trim()
    .replace(/^https?:\/\//, "")
    .replace(/\/+$/, "");
  return `https://${host.includes(".") ? host : `${host}.cloudflareaccess.com`}`;
}

const keySets = new Map<string, JWTVerifyGetKey>();
function accessKeys(issuer: string): JWTVerifyGetKey {
  let ks = keySets.get(issuer);
  if (!ks) {
    ks = createRemoteJWKSet(new URL(`${issuer}/cdn-cgi/access/certs`), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    keySets.set(issuer, ks);
  }
  return ks;
}

/** For tests: forget cached Access key sets. */
export function clearAccessKeyCache(): void {
  keySets.clear();
}

/**
 * Why an Access JWT was refused, for the log line: jose's error code and, for a claim, which one ("aud",
 * "iss", "exp"). Never the token or a claim's value.
 */
const ACCESS_FAILURES: Record<string, string> = {
  ERR_JWT_EXPIRED: "expired",
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: "signature",
  ERR_JWKS_NO_MATCHING_KEY: "signature",
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: "signature",
  ERR_JWS_INVALID: "malformed",
  ERR_JWT_INVALID: "malformed",
  ERR_JOSE_NOT_SUPPORTED: "malformed",
  ERR_JOSE_ALG_NOT_ALLOWED: "malformed",
};
const CLAIM_FAILURES: Record<string, string> = { aud: "audience", iss: "issuer", exp: "expired" };

function accessFailure(err: unknown): Record<string, string> {
  const code = err instanceof Error && "code" in err && typeof err.code === "string" ? err.code : undefined;
  const claim = err instanceof Error && "claim" in err && typeof err.claim === "string" ? err.claim : undefined;
  // Anything else: the team's keys could not be fetched or read (network, timeout, a wrong team domain).
  const reason = (code === "ERR_JWT_CLAIM_VALIDATION_FAILED" ? (CLAIM_FAILURES[claim ?? ""] ?? "claim") : code && ACCESS_FAILURES[code]) || "jwks";
  return { reason, ...(code ? { code } : {}), ...(claim ? { claim } : {}), ...(reason === "jwks" && err instanceof Error ? { message: err.message } : {}) };
}

/** The e-mail in a valid Access JWT (signature, issuer, audience, expiry), or null; a refusal is logged with its reason. */
export async function verifyAccessAssertion(env: Pick<Env, "ACCESS_TEAM_DOMAIN" | "ACCESS_AUD">, token: string): Promise<string | null> {
  if (!env.ACCESS_TEAM_DOMAIN || !env.ACCESS_AUD) return null;
  const issuer = accessIssuer(env.ACCESS_TEAM_DOMAIN);
  try {
    const { payload } = await jwtVerify(token, accessKeys(issuer), { algorithms: ["RS256"], issuer, audience: env.ACCESS_AUD, requiredClaims: ["exp"] });
    if (typeof payload.email === "string" && payload.email) return payload.email.toLowerCase();
    log("warn", "admin.access_denied", { reason: "no_email" });
    return null;
  } catch (err) {
    // A broken Access setup (wrong team domain or AUD, unreachable keys) would otherwise be a silent 404.
    log("warn", "admin.access_denied", { ...accessFailure(err), issuer });
    return null;
  }
}

export async function adminIdentity(c: Context<AppEnv>): Promise<AdminIdentity | null> {
  const assertion = c.req.header("Cf-Access-Jwt-Assertion");
  if (assertion) {
    const email = await verifyAccessAssertion(c.env, assertion);
    if (email) return { email, via: "access" };
  }
  const user = await currentUser(c);
  // Only an address the account has proved gives rights (issue 23): signing up as OPS@… proves nothing.
  if (user?.emailVerified && adminEmails(c.env, c.req.url).has(user.email.toLowerCase())) return { email: user.email.toLowerCase(), via: "account" };
  return null;
}

/** Every /api/admin route sits behind this: not an admin → 404 { error: "Not found" }, nothing run. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await adminIdentity(c);
  if (!admin) return notFound(c);
  c.set("admin", admin);
  await next();
});
