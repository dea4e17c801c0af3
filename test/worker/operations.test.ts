import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../worker/app";
import { configProblem } from "../../worker/config";
import type { Env } from "../../worker/env";
import { expectConsoleError } from "../support/console-guard";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const base: Partial<Env> = { APP_URL: "https://jobs.example.com", JWT_SECRET: "x".repeat(32) };

describe("configuration is validated once, and a problem is one clear error naming the variable", () => {
  it("a sound production configuration has no problem", () => {
    expect(
      configProblem({ ...base, STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1", RESEND_API_KEY: "re_1", MAIL_FROM: "Startup Jobs <jobs@example.com>" }, "https://jobs.example.com/"),
    ).toBeNull();
  });
  it("RESEND_API_KEY without MAIL_FROM names MAIL_FROM", () => {
    expect(configProblem({ ...base, RESEND_API_KEY: "re_1" }, "https://jobs.example.com/")).toMatch(/^MAIL_FROM is required when RESEND_API_KEY is set/);
  });
  it("a localhost APP_URL on a non-local host names APP_URL", () => {
    expect(configProblem({ ...base, APP_URL: "http://localhost:8787" }, "https://jobs.example.com/")).toMatch(
      /^APP_URL is http:\/\/localhost:8787, a local address, but this worker answers at jobs\.example\.com/,
    );
    expect(configProblem({ ...base, APP_URL: "http://localhost:8787" }, "http://localhost:8787/")).toBeNull();
  });
  it("a Stripe secret without the webhook secret names STRIPE_WEBHOOK_SECRET (and the reverse)", () => {
    expect(configProblem({ ...base, STRIPE_SECRET_KEY: "sk_test_1" }, "https://jobs.example.com/")).toMatch(/^STRIPE_WEBHOOK_SECRET is required/);
    expect(configProblem({ ...base, STRIPE_WEBHOOK_SECRET: "whsec_1" }, "https://jobs.example.com/")).toMatch(/^STRIPE_SECRET_KEY is required/);
  });
  it("built-in accounts need a JWT_SECRET of 32 characters or more", () => {
    expect(configProblem({ ...base, JWT_SECRET: undefined }, "https://jobs.example.com/")).toMatch(/^JWT_SECRET is required/);
    expect(configProblem({ ...base, JWT_SECRET: "short" }, "https://jobs.example.com/")).toMatch(/^JWT_SECRET is required/);
  });
  it("the external identity provider needs all three of its variables", () => {
    expect(configProblem({ ...base, JWT_SECRET: undefined, AUTH_JWKS_URL: "https://id.example.com/jwks", AUTH_ISSUER: "https://id.example.com" }, "https://jobs.example.com/")).toMatch(
      /^AUTH_AUDIENCE is required/,
    );
    expect(
      configProblem({ ...base, JWT_SECRET: undefined, AUTH_JWKS_URL: "https://id.example.com/jwks", AUTH_ISSUER: "https://id.example.com", AUTH_AUDIENCE: "jobs" }, "https://jobs.example.com/"),
    ).toBeNull();
  });
  it("Turnstile needs both its site key and its secret; MAIL_FROM and APP_URL must be well formed", () => {
    expect(configProblem({ ...base, TURNSTILE_SECRET: "t" }, "https://jobs.example.com/")).toMatch(/^TURNSTILE_SITE_KEY is required/);
    expect(configProblem({ ...base, TURNSTILE_SITE_KEY: "t" }, "https://jobs.example.com/")).toMatch(/^TURNSTILE_SECRET is required/);
    expect(configProblem({ ...base, RESEND_API_KEY: "re_1", MAIL_FROM: "not an address" }, "https://jobs.example.com/")).toMatch(/^MAIL_FROM must be/);
    expect(configProblem({ ...base, APP_URL: "jobs.example.com" }, "https://jobs.example.com/")).toMatch(/^APP_URL must be an origin/);
  });
  it("with a configuration problem every request but the health probes answers 503 naming it, and readiness reports it", async () => {
    expectConsoleError(/"event":"(config\.invalid|request|health\.check_failed)".*(MAIL_FROM|"status":503)/); // the configuration problem and the 503s it causes
    const broken = { ...env, RESEND_API_KEY: "re_1", MAIL_FROM: undefined } as Env;
    const res = await app.fetch(new Request("http://localhost/api/jobs"), broken, ctx);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: expect.stringMatching(/^Server configuration error: MAIL_FROM is required when RESEND_API_KEY is set/), code: "config_invalid" });
    expect((await app.fetch(new Request("http://localhost/api/health"), broken, ctx)).status).toBe(200);
    const ready = await app.fetch(new Request("http://localhost/api/health/ready"), broken, ctx);
    expect(ready.status).toBe(503);
    // The public sees which check failed, not why (test/worker/config-report.test.ts: admins do).
    expect(((await ready.json()) as { checks: { config: string } }).checks.config).toBe("fail");
  });
});

describe("request ids and structured logs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("LOG_LEVEL=warn (as in these tests) writes no line for a successful request", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const res = await exports.default.fetch("http://localhost/api/health");
    expect(res.headers.get("X-Request-Id")).toBeTruthy();
    expect(lines).toEqual([]);
  });

  it("every response carries its own X-Request-Id, and the request's JSON log line has the same id", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const verbose = { ...env, LOG_LEVEL: "info" } as Env;
    const a = await app.fetch(new Request("http://localhost/api/jobs?limit=1"), verbose, ctx);
    const b = await app.fetch(new Request("http://localhost/api/nope?token=secret-value"), verbose, ctx);
    const idA = a.headers.get("X-Request-Id");
    const idB = b.headers.get("X-Request-Id");
    expect(idA).toMatch(/^[0-9a-f-]{36}$/);
    expect(idB).toMatch(/^[0-9a-f-]{36}$/);
    expect(idA).not.toBe(idB);
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: "info", event: "request", requestId: idA, method: "GET", path: "/api/jobs", status: 200, outcome: "ok", durationMs: expect.any(Number) }),
    );
    expect(logged).toContainEqual(expect.objectContaining({ event: "request", requestId: idB, path: "/api/nope", status: 404, outcome: "client_error" }));
    expect(lines.join("\n")).not.toContain("secret-value");
  });

  it("an unexpected error is logged as JSON with the request id and its context, and answers 500 without a stack", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "log").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void errors.push(String(line)));
    const failing = {
      ...env,
      DB: {
        prepare() {
          throw new Error("D1 is down");
        },
        batch() {
          throw new Error("D1 is down");
        },
      },
    } as unknown as Env;
    const res = await app.fetch(new Request("http://localhost/api/jobs"), failing, ctx);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain("D1 is down");
    const entry = errors.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.event === "request.unhandled_error");
    expect(entry).toMatchObject({ level: "error", requestId: res.headers.get("X-Request-Id"), method: "GET", path: "/api/jobs", error: { message: "D1 is down" } });
  });
});

describe("GET /api/health/ready", () => {
  it("checks D1, KV, R2 and the Durable Object namespace", async () => {
    const res = await exports.default.fetch("http://localhost/api/health/ready");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, checks: { config: "ok", d1: "ok", kv: "ok", r2: "ok", durableObject: "ok" } });
  });
  it("says which binding failed, with 503", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = { ...env, DEDUPE: { get: () => Promise.reject(new Error("KV unreachable")) } } as unknown as Env;
    const res = await app.fetch(new Request("http://localhost/api/health/ready"), failing, ctx);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, checks: { config: "ok", d1: "ok", kv: "fail", r2: "ok", durableObject: "ok" } });
    vi.restoreAllMocks();
  });
});
