// An external identity provider (Clerk or any OIDC issuer): with AUTH_JWKS_URL, AUTH_ISSUER and
// AUTH_AUDIENCE set, the same middleware accepts that provider's JWTs, verified against its JWKS.
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { JWTVerifyGetKey } from "jose";
import type { Env } from "../env";

export const EXTERNAL_ALGORITHMS = ["RS256", "ES256"];
const jwksCache = new Map<string, JWTVerifyGetKey>();

export function externalAuthEnabled(env: Env): boolean {
  return Boolean(env.AUTH_JWKS_URL && env.AUTH_ISSUER && env.AUTH_AUDIENCE);
}

function keySet(url: string): JWTVerifyGetKey {
  let ks = jwksCache.get(url);
  if (!ks) {
    ks = createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    jwksCache.set(url, ks);
  }
  return ks;
}

export interface ExternalClaims {
  sub: string;
  email: string | null;
  name: string | null;
  /** The provider's `email_verified` claim (OIDC; Clerk's session token templates can carry it). */
  emailVerified: boolean;
}

export async function verifyExternalToken(env: Env, token: string): Promise<ExternalClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keySet(env.AUTH_JWKS_URL!), {
      algorithms: EXTERNAL_ALGORITHMS,
      issuer: env.AUTH_ISSUER,
      audience: env.AUTH_AUDIENCE,
      requiredClaims: ["exp", "sub"],
    });
    const email = typeof payload.email === "string" ? payload.email : null;
    const name = typeof payload.name === "string" ? payload.name : null;
    return { sub: payload.sub!, email, name, emailVerified: email !== null && payload.email_verified === true };
  } catch {
    return null;
  }
}

/** For tests: forget cached key sets. */
export function clearJwksCache(): void {
  jwksCache.clear();
}
