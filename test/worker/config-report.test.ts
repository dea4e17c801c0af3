// Issue 21, item 3: configuration problems are reported all at once (one answer, one log line); LOG_LEVEL
// and the Stripe secrets' shapes are checked; /api/health/ready tells the public only which check failed
// (admins and the logs get the details); a refused Cloudflare Access JWT is logged with its reason, never the token.
import { env } from "cloudflare:workers";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEV_ADMIN_EMAIL, clearAccessKeyCache } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import { configProblem, configProblems } from "../../worker/config";
import type { Env } from "../../worker/env";
import { signUp } from "../support/auth";
import { expectConsoleError } from "../support/console-guard";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const base: Partial<Env> = { APP_URL: "https://jobs.example.com", JWT_SECRET: "x".repeat(32) };
const url = "https://jobs.example.com/";

afterEach(() => vi.restoreAllMocks());

describe("every configuration problem at once", () => {
  it("a short JWT_SECRET and a bad APP_URL are both reported, in one text", () => {
    const problems = configProblems({ APP_URL: "jobs.example.com", JWT_SECRET: "short", MODERATION: "yes" }, url);
    expect(problems).toEqual([expect.stringMatching(/^APP_URL must be an origin/), expect.stringMatching(/^JWT_SECRET is required/), expect.stringMatching(/^MODERATION must be on or off/)]);
    expect(configProblem({ APP_URL: "jobs.example.com", JWT_SECRET: "short" }, url)).toMatch(/^APP_URL must be an origin.*; JWT_SECRET is required/);
  });
  it("the 503 answer and the one config.invalid log line carry every problem", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    const broken = { ...env, JWT_SECRET: "short", LOG_LEVEL: "debug", RESEND_API_KEY: "re_1", MAIL_FROM: undefined } as Env;
    const res = await app.fetch(new Request("http://localhost/api/jobs"), broken, ctx);
    expect(res.status).toBe(503);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/JWT_SECRET is required/);
    expect(error).toMatch(/MAIL_FROM is required/);
    expect(error).toMatch(/LOG_LEVEL must be one of info, warn, error/);
    const logged = lines.map((l) => JSON.parse(l) as { event: string; problems?: string[] }).filter((l) => l.event === "config.invalid");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.problems).toHaveLength(3);
  });
  it("the external identity provider names every one of its missing variables", () => {
    expect(configProblems({ ...base, JWT_SECRET: undefined, AUTH_JWKS_URL: "https://id.example.com/jwks" }, url)).toEqual([
      expect.stringMatching(/^AUTH_ISSUER is required/),
      expect.stringMatching(/^AUTH_AUDIENCE is required/),
    ]);
  });
});

describe("LOG_LEVEL", () => {
  it("info, warn and error are accepted; anything else is an error naming the allowed values", () => {
    for (const level of ["info", "warn", "error", undefined]) expect(configProblem({ ...base, LOG_LEVEL: level }, url)).toBeNull();
    expect(configProblem({ ...base, LOG_LEVEL: "debug" }, url)).toBe("LOG_LEVEL must be one of info, warn, error (info when unset)");
    expect(configProblem({ ...base, LOG_LEVEL: "WARNING" }, url)).toMatch(/^LOG_LEVEL must be one of info, warn, error/);
  });
});

describe("Stripe secrets have Stripe's shapes", () => {
  const stripe = (key: string, hook: string) => configProblems({ ...base, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: hook }, url);
  it("a secret (sk_) or restricted (rk_) key and a whsec_ signing secret pass", () => {
    expect(stripe("sk_live_51Habc123", "whsec_abcDEF123")).toEqual([]);
    expect(stripe("sk_test_51Habc123", "whsec_abcDEF123")).toEqual([]);
    expect(stripe("rk_live_51Habc123", "whsec_abcDEF123")).toEqual([]);
  });
  it("a publishable key and a nonsense webhook secret are both refused", () => {
    expect(stripe("pk_live_51Habc123", "nonsense")).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY must be a secret key \(sk_live_…, sk_test_…\) or a restricted key \(rk_…\)/),
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret \(whsec_…\)/),
    ]);
  });
  it("readiness fails with them", async () => {
    expectConsoleError(/"event":"health\.check_failed".*STRIPE_SECRET_KEY must be|"event":"request".*"status":503/);
    const res = await app.fetch(new Request("http://localhost/api/health/ready"), { ...env, STRIPE_SECRET_KEY: "pk_live_1", STRIPE_WEBHOOK_SECRET: "nonsense" } as Env, ctx);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, checks: { config: "fail", d1: "ok", kv: "ok", r2: "ok", durableObject: "ok" } });
  });
});

describe("GET /api/health/ready: names and ok/fail for the public, the details for admins and the logs", () => {
  it("the public never sees a problem's text; an admin does; the log line has it", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    const broken = { ...env, RESEND_API_KEY: "re_1", MAIL_FROM: undefined, DEDUPE: { get: () => Promise.reject(new Error("KV unreachable")) } } as unknown as Env;
    const anonymous = await app.fetch(new Request("http://localhost/api/health/ready"), broken, ctx);
    expect(anonymous.status).toBe(503);
    expect(anonymous.headers.get("Cache-Control")).toBe("no-store");
    const text = await anonymous.text();
    expect(JSON.parse(text)).toEqual({ ok: false, checks: { config: "fail", d1: "ok", kv: "fail", r2: "ok", durableObject: "ok" } });
    expect(text).not.toMatch(/MAIL_FROM|unreachable/);
    const admin = await signUp(DEV_ADMIN_EMAIL);
    const asAdmin = await app.fetch(new Request("http://localhost/api/health/ready", { headers: { Cookie: admin.cookie } }), broken, ctx);
    expect(await asAdmin.json()).toEqual({
      ok: false,
      checks: { config: "fail", d1: "ok", kv: "fail", r2: "ok", durableObject: "ok" },
      details: { config: expect.stringMatching(/^MAIL_FROM is required when RESEND_API_KEY is set/), kv: "KV unreachable" },
    });
    expect(lines.join("\n")).toMatch(/"event":"health\.check_failed","requestId":"[^"]+","check":"config","problems":\["MAIL_FROM is required/);
    expect(lines.join("\n")).toMatch(/"event":"health\.check_failed".*"check":"kv".*KV unreachable/);
  });
});

describe("a refused Cloudflare Access JWT is logged with its reason, never the token", () => {
  it("audience, issuer, expiry, signature, a malformed token and an unreachable JWKS each say why", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const { privateKey: otherKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "acc1", alg: "RS256", use: "sig" };
    const certs = "https://myteam.cloudflareaccess.com/cdn-cgi/access/certs";
    let jwksDown = false;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input) !== certs) throw new Error(`unexpected fetch ${String(input)}`);
      if (jwksDown) throw new TypeError("Network connection lost.");
      return Response.json({ keys: [jwk] });
    }) as typeof fetch;
    clearAccessKeyCache();
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: unknown) => void warnings.push(String(line)));
    try {
      const vars = { ...env, ACCESS_TEAM_DOMAIN: "myteam", ACCESS_AUD: "aud-tag-123" };
      const sign = (o: { aud?: string; iss?: string; exp?: number; key?: CryptoKey } = {}) =>
        new SignJWT({ email: "operator@example.com" })
          .setProtectedHeader({ alg: "RS256", kid: "acc1" })
          .setIssuer(o.iss ?? "https://myteam.cloudflareaccess.com")
          .setAudience(o.aud ?? "aud-tag-123")
          .setIssuedAt()
          .setExpirationTime(o.exp ?? "5m")
          .sign(o.key ?? privateKey);
      const refusedFor = async (token: string) => {
        warnings.length = 0;
        const res = await app.request("/api/admin/me", { headers: { "Cf-Access-Jwt-Assertion": token } }, vars);
        expect(res.status).toBe(404);
        const entry = warnings.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.event === "admin.access_denied");
        expect(warnings.join("\n")).not.toContain(token);
        return entry;
      };
      expect(await refusedFor(await sign({ aud: "another-app" }))).toMatchObject({ level: "warn", reason: "audience", claim: "aud", issuer: "https://myteam.cloudflareaccess.com" });
      expect(await refusedFor(await sign({ iss: "https://evil.cloudflareaccess.com" }))).toMatchObject({ reason: "issuer" });
      expect(await refusedFor(await sign({ exp: Math.floor(Date.now() / 1000) - 60 }))).toMatchObject({ reason: "expired" });
      expect(await refusedFor(await sign({ key: otherKey }))).toMatchObject({ reason: "signature" });
      expect(await refusedFor("not-a-jwt")).toMatchObject({ reason: "malformed" });
      jwksDown = true;
      clearAccessKeyCache();
      expect(await refusedFor(await sign())).toMatchObject({ reason: "jwks", message: expect.stringContaining("Network connection lost") });
    } finally {
      globalThis.fetch = realFetch;
      clearAccessKeyCache();
    }
  });
});
