// Security headers on every response the worker makes; a strict CSP on its HTML (issue 12).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { BASE_SECURITY_HEADERS } from "../../worker/http/securityHeaders";
import { addJobs } from "../support/jobs";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

function expectBaseHeaders(res: Response) {
  expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("Permissions-Policy")).toContain("camera=()");
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("security headers", () => {
  it("an API answer carries HSTS, nosniff, Referrer-Policy and Permissions-Policy (and errors too)", async () => {
    expectBaseHeaders(await exports.default.fetch("http://localhost/api/jobs?limit=1"));
    expectBaseHeaders(await exports.default.fetch("http://localhost/api/nope"));
    expectBaseHeaders(await exports.default.fetch("http://localhost/api/jobs?limit=1000"));
  });

  it("a job page has a strict CSP: scripts from self and this response's nonce only, no unsafe-inline for scripts, no framing, no plugins, base-uri self", async () => {
    const [id] = await addJobs({ title: "Platform Engineer" });
    const res = await exports.default.fetch(`http://localhost/jobs/${id}`);
    expect(res.status).toBe(200);
    expectBaseHeaders(res);
    const csp = directives(res.headers.get("Content-Security-Policy")!);
    const scriptSrc = csp.get("script-src")!;
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc.join(" ")).not.toContain("unsafe-inline");
    expect(scriptSrc.join(" ")).not.toContain("unsafe-eval");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // The JSON-LD the worker injected carries the nonce the policy names.
    const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<script type="application/ld\\+json" nonce="${nonce}">`));
    // Every inline script has it; none is left without.
    expect(html.match(/<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)[^>]*>/g)).toBeNull();
  });

  it("each response has its own nonce", async () => {
    const [id] = await addJobs({ title: "Nonce Engineer" });
    const a = (await exports.default.fetch(`http://localhost/jobs/${id}`)).headers.get("Content-Security-Policy")!;
    const b = (await exports.default.fetch(`http://localhost/jobs/${id}`)).headers.get("Content-Security-Policy")!;
    expect(a).not.toBe(b);
  });

  it("the app's HTML for an unknown path (404) and for an app route carries the CSP", async () => {
    for (const path of ["/no-such-page", "/company/nobody-here"]) {
      const res = await exports.default.fetch(`http://localhost${path}`);
      expect(res.headers.get("Content-Type")).toContain("text/html");
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expectBaseHeaders(res);
    }
  });

  it("Turnstile's origin is allowed only when Turnstile is configured; Stripe's never (checkout is a redirect)", async () => {
    const [id] = await addJobs({ title: "Turnstile Engineer" });
    const plain = (await exports.default.fetch(`http://localhost/jobs/${id}`)).headers.get("Content-Security-Policy")!;
    expect(plain).not.toContain("challenges.cloudflare.com");
    expect(plain).not.toContain("stripe");
    const withTurnstile = { ...env, TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET: "secret" } as Env;
    const res = await app.fetch(new Request(`http://localhost/jobs/${id}`), withTurnstile, ctx);
    const csp = directives(res.headers.get("Content-Security-Policy")!);
    expect(csp.get("script-src")).toContain("https://challenges.cloudflare.com");
    expect(csp.get("frame-src")).toContain("https://challenges.cloudflare.com");
  });

  it("JSON answers carry no CSP nonce work (the policy is for HTML)", async () => {
    const res = await exports.default.fetch("http://localhost/api/jobs?limit=1");
    expect(res.headers.get("Content-Security-Policy")).toBeNull();
    expect(res.headers.get("Content-Type")).toContain("application/json");
  });
});
