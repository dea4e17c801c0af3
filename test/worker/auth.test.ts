// Accounts and sessions (issue 3): built-in accounts, JWT rules, refresh rotation, rate limits, CSRF.
import { env, exports } from "cloudflare:workers";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { clearJwksCache } from "../../worker/auth/external";
import { hashPassword, verifyPassword } from "../../worker/auth/password";
import { SIGN_IN_LIMITS, SIGN_UP_LIMIT } from "../../worker/rules/auth";
import { signAccessToken } from "../../worker/auth/tokens";
import { PASSWORD_RULES } from "../../worker/rules/password";
import { GOOD_PASSWORD, ORIGIN, call, cookiesFrom, signUp, uniqueEmail } from "../support/auth";

async function me(cookie: string) {
  return (await (await call("/api/auth/me", { cookie })).json()) as { user: { id: string; email: string } | null; accessExpiresAt: number | null };
}

describe("sign-up, sign-in, refresh and sign-out", () => {
  it("a new account is signed in at once, with HttpOnly, Secure, SameSite cookies", async () => {
    const email = uniqueEmail();
    const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD } });
    expect(res.status).toBe(201);
    const setCookies = res.headers.getSetCookie();
    // The access and refresh tokens, and the D1 bookmark of the write (worker/http/d1Session.ts).
    expect(setCookies.map((line) => line.split("=")[0]).sort()).toEqual(["sj_access", "sj_d1", "sj_refresh"]);
    for (const line of setCookies) expect(line).toMatch(/HttpOnly/i), expect(line).toMatch(/Secure/i), expect(line).toMatch(/SameSite=Lax/i);
    const cookie = cookiesFrom(res);
    const session = await me(cookie);
    expect(session.user?.email).toBe(email);
    expect(session.accessExpiresAt).toBeGreaterThan(Date.now());
  });

  it("the same e-mail cannot sign up twice (case-insensitive)", async () => {
    const email = uniqueEmail();
    await signUp(email);
    const res = await call("/api/auth/sign-up", { method: "POST", json: { email: email.toUpperCase(), password: GOOD_PASSWORD } });
    expect(res.status).toBe(409);
    // With its code, for the form's way on (sign in or reset the password).
    expect(await res.json()).toEqual({ error: "An account with this email already exists", code: "email_taken" });
  });

  it("signs in with the right password only", async () => {
    const { email } = await signUp();
    const bad = await call("/api/auth/sign-in", { method: "POST", json: { email, password: "Wrong!Passw0rd" } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: "Invalid email or password" });
    const unknown = await call("/api/auth/sign-in", { method: "POST", json: { email: uniqueEmail(), password: GOOD_PASSWORD } });
    expect(unknown.status).toBe(401);
    const good = await call("/api/auth/sign-in", { method: "POST", json: { email, password: GOOD_PASSWORD } });
    expect(good.status).toBe(200);
    expect((await me(cookiesFrom(good))).user?.email).toBe(email);
  });

  it("refresh rotates the refresh token; reusing a rotated one revokes the family", async () => {
    const { cookie } = await signUp();
    const first = await call("/api/auth/refresh", { method: "POST", cookie });
    expect(first.status).toBe(200);
    const rotated = cookiesFrom(first, cookie);
    expect(rotated).not.toBe(cookie);
    // The old refresh token again: refused, and the new one stops working too.
    expect((await call("/api/auth/refresh", { method: "POST", cookie })).status).toBe(401);
    expect((await call("/api/auth/refresh", { method: "POST", cookie: rotated })).status).toBe(401);
  });

  it("sign-out ends the session: the refresh token no longer works and cookies are cleared", async () => {
    const { cookie } = await signUp();
    const out = await call("/api/auth/sign-out", { method: "POST", cookie });
    expect(out.status).toBe(200);
    // The session cookies are gone; only the D1 bookmark (not a credential) may remain.
    expect(cookiesFrom(out, cookie)).not.toMatch(/sj_access|sj_refresh/);
    expect((await call("/api/auth/refresh", { method: "POST", cookie })).status).toBe(401);
  });
});

describe("password rules", () => {
  it.each([
    ["Sh0rt!", "Password must be at least 8 characters"],
    ["nouppercase1!", "Password must contain an uppercase letter"],
    ["NOLOWERCASE1!", "Password must contain a lowercase letter"],
    ["NoNumbers!!", "Password must contain a number"],
    ["NoSpecial123", "Password must contain a special character"],
  ])("%s → %s", async (password, message) => {
    const res = await call("/api/auth/sign-up", { method: "POST", json: { email: uniqueEmail(), password } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string; message: string }[] };
    expect(body.issues.filter((i) => i.path === "password").map((i) => i.message)).toEqual([message]);
  });
  it("a digit typed on an Arabic keyboard is a number; an Arabic letter is not a special character", () => {
    const problems = (p: string) => PASSWORD_RULES.filter((r) => !r.test(p)).map((r) => r.message);
    expect(problems("Password١٢٣!")).toEqual([]);
    expect(problems("Passwordكلمة1")).toEqual(["Password must contain a special character"]);
  });
  it("every rule has its own message", () => {
    expect(PASSWORD_RULES.map((r) => r.message)).toHaveLength(5);
  });
  it("hashes are salted PBKDF2-SHA256 at 100,000 iterations, never more", async () => {
    const a = await hashPassword(GOOD_PASSWORD);
    const b = await hashPassword(GOOD_PASSWORD);
    expect(a).not.toBe(b);
    expect(a.split("$").slice(0, 2)).toEqual(["pbkdf2-sha256", "100000"]);
    expect(await verifyPassword(GOOD_PASSWORD, a)).toBe(true);
    expect(await verifyPassword("other", a)).toBe(false);
    expect(await verifyPassword(GOOD_PASSWORD, a.replace("100000", "200000"))).toBe(false);
  });
});

describe("access tokens", () => {
  const secret = new TextEncoder().encode(env.JWT_SECRET);
  async function withToken(token: string) {
    return me(`sj_access=${token}`);
  }
  async function token(build: (j: SignJWT) => SignJWT, alg = "HS256", key: Uint8Array | CryptoKey = secret) {
    return build(new SignJWT({}).setProtectedHeader({ alg }).setSubject("u1").setIssuer("startup-jobs").setAudience("startup-jobs").setIssuedAt()).sign(key);
  }

  it("a valid token is accepted", async () => {
    const { userId } = await signUp();
    const { token: t } = await signAccessToken(env, userId, 0);
    expect((await withToken(t)).user?.id).toBe(userId);
  });
  it("a token without exp is refused", async () => {
    expect((await withToken(await token((j) => j))).user).toBeNull();
  });
  it("a token with another algorithm is refused (HS512, none)", async () => {
    expect((await withToken(await token((j) => j.setExpirationTime("5m"), "HS512"))).user).toBeNull();
    const none = `${btoa(JSON.stringify({ alg: "none" })).replace(/=/g, "")}.${btoa(JSON.stringify({ sub: "u1", exp: 9999999999, iss: "startup-jobs", aud: "startup-jobs" })).replace(/=/g, "")}.`;
    expect((await withToken(none)).user).toBeNull();
  });
  it("a token for another audience is refused", async () => {
    expect((await withToken(await token((j) => j.setAudience("other").setExpirationTime("5m")))).user).toBeNull();
  });
  it("an expired token is refused", async () => {
    expect((await withToken(await token((j) => j.setExpirationTime(Math.floor(Date.now() / 1000) - 10)))).user).toBeNull();
  });
  it("a token signed with another secret is refused", async () => {
    expect((await withToken(await token((j) => j.setExpirationTime("5m"), "HS256", new TextEncoder().encode("x".repeat(40))))).user).toBeNull();
  });
});

describe("sign-in rate limits, with a clear message", () => {
  it("per account: after 5 failures even the right password waits", async () => {
    const { email } = await signUp();
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      const r = await call("/api/auth/sign-in", { method: "POST", json: { email, password: "Wrong!Passw0rd" }, headers: { "CF-Connecting-IP": `198.51.100.${i}` } });
      expect(r.status).toBe(401);
    }
    const blocked = await call("/api/auth/sign-in", { method: "POST", json: { email, password: GOOD_PASSWORD }, headers: { "CF-Connecting-IP": "198.51.100.99" } });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { error: string }).error).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
  });
  it("per address: many attempts from one address are stopped across accounts", async () => {
    const headers = { "CF-Connecting-IP": "203.0.113.7" };
    let last = 0;
    for (let i = 0; i <= SIGN_IN_LIMITS.perAddress; i++) {
      last = (await call("/api/auth/sign-in", { method: "POST", json: { email: uniqueEmail(), password: "Wrong!Passw0rd" }, headers })).status;
    }
    expect(last).toBe(429);
    const other = await call("/api/auth/sign-in", { method: "POST", json: { email: uniqueEmail(), password: "Wrong!Passw0rd" }, headers: { "CF-Connecting-IP": "203.0.113.8" } });
    expect(other.status).toBe(401);
  });
});

describe("sign-up rate limit", () => {
  it("at most SIGN_UP_LIMIT new accounts per address per hour, with a clear message", async () => {
    const headers = { "CF-Connecting-IP": "203.0.113.50" };
    for (let i = 0; i < SIGN_UP_LIMIT.perAddress; i++) {
      expect((await call("/api/auth/sign-up", { method: "POST", json: { email: uniqueEmail("bulk"), password: GOOD_PASSWORD }, headers })).status).toBe(201);
    }
    const blocked = await call("/api/auth/sign-up", { method: "POST", json: { email: uniqueEmail("bulk"), password: GOOD_PASSWORD }, headers });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: "Too many accounts created from this address. Please try again later." });
  });
});

describe("CSRF: cookie-authenticated writes must come from this site", () => {
  it("refuses a foreign Origin and a cross-site fetch, allows same-origin", async () => {
    const { cookie } = await signUp();
    expect((await call("/api/auth/sign-out", { method: "POST", cookie, headers: { Origin: "https://evil.example" } })).status).toBe(403);
    expect((await call("/api/auth/sign-out", { method: "POST", cookie, headers: { "Sec-Fetch-Site": "cross-site", Origin: ORIGIN } })).status).toBe(403);
    const noOrigin = await exports.default.fetch(`${ORIGIN}/api/auth/sign-out`, { method: "POST", headers: { Cookie: cookie } });
    expect(noOrigin.status).toBe(403);
    expect((await call("/api/auth/sign-out", { method: "POST", cookie, headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(200);
  });
});

describe("an external identity provider (Clerk-compatible JWKS)", () => {
  it("with AUTH_* set, the provider's JWTs are accepted and built-in sign-in is off", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    const jwksUrl = "https://clerk.example/.well-known/jwks.json";
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input) === jwksUrl) return Response.json({ keys: [jwk] });
      throw new Error(`unexpected fetch ${String(input)}`);
    }) as typeof fetch;
    clearJwksCache();
    try {
      const extEnv = { ...env, AUTH_JWKS_URL: jwksUrl, AUTH_ISSUER: "https://clerk.example", AUTH_AUDIENCE: "startup-jobs" };
      const sign = (aud = "startup-jobs", iss = "https://clerk.example", exp: string | number = "5m") =>
        new SignJWT({ email: "ext@example.com" })
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .setSubject("user_ext_1")
          .setIssuer(iss)
          .setAudience(aud)
          .setIssuedAt()
          .setExpirationTime(exp)
          .sign(privateKey);
      const ask = async (t: string) => (await (await app.request("/api/auth/me", { headers: { Authorization: `Bearer ${t}` } }, extEnv)).json()) as { user: { id: string; email: string } | null };
      expect((await ask(await sign())).user).toMatchObject({ id: "user_ext_1", email: "ext@example.com" });
      expect((await ask(await sign("other"))).user).toBeNull();
      expect((await ask(await sign(undefined, "https://evil.example"))).user).toBeNull();
      expect((await ask(await sign(undefined, undefined, Math.floor(Date.now() / 1000) - 60))).user).toBeNull();
      const builtIn = await app.request(
        "/api/auth/sign-in",
        { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: JSON.stringify({ email: "a@b.co", password: GOOD_PASSWORD }) },
        extEnv,
      );
      expect(builtIn.status).toBe(404);
      expect(await builtIn.json()).toEqual({ error: "Sign-in functionality not available" });
    } finally {
      globalThis.fetch = realFetch;
      clearJwksCache();
    }
  });
});
