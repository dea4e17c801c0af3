// Domain errors (worker/lib/errors.ts) are mapped to HTTP by the app's one onError (worker/http/errors.ts):
// each kind to its status, the body { error, code?, issues? }; domain modules (payments, alerts, sessions,
// search cursors) throw them and the client sees the same answers as before.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { onError } from "../../worker/http/errors";
import { DOMAIN_ERROR_STATUS, DomainError, internal, invalidInput, unavailable } from "../../worker/lib/errors";
import type { DomainErrorKind } from "../../worker/lib/errors";
import { paymentProvider, webhookSecret } from "../../worker/payments/provider";
import { parseStoredFilters } from "../../worker/alerts/filters";
import { z } from "zod";

function appThrowing(err: Error) {
  const app = new Hono().get("/", () => {
    throw err;
  });
  app.onError(onError);
  return app;
}

const EXPECTED: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  too_many: 429,
  internal: 500,
  unavailable: 503,
};

describe("DomainError → HTTP", () => {
  it("maps every kind to its status with { error } and nothing else", async () => {
    expect(DOMAIN_ERROR_STATUS).toEqual(EXPECTED);
    for (const [kind, status] of Object.entries(EXPECTED) as [DomainErrorKind, number][]) {
      const res = await appThrowing(new DomainError(kind, `the ${kind} message`)).request("/");
      expect(res.status, kind).toBe(status);
      expect(await res.json()).toEqual({ error: `the ${kind} message` });
    }
  });

  it("carries the code and the issues when given", async () => {
    const res = await appThrowing(new DomainError("conflict", "This job has already been posted.", "already_posted")).request("/");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "This job has already been posted.", code: "already_posted" });

    const parsed = z.object({ limit: z.number().max(100, "limit must be at most 100") }).safeParse({ limit: 101 });
    const bad = await appThrowing(invalidInput(parsed.error!, "filters")).request("/");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "limit must be at most 100", issues: [{ path: "limit", message: "limit must be at most 100" }] });
  });

  it("domain modules throw them with the messages clients always saw", async () => {
    const offLocal = { DB: undefined, STRIPE_SECRET_KEY: "" } as never;
    expect(() => paymentProvider(offLocal, "https://jobs.example/api/checkout/job")).toThrow(DomainError);
    const res = await appThrowing(unavailable("Payments are not configured on this server. Please try again later.")).request("/");
    expect(res.status).toBe(503);
    try {
      webhookSecret(offLocal, "https://jobs.example/api/stripe/webhook");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).kind).toBe("unavailable");
      expect((e as DomainError).message).toBe("Payments are not configured on this server.");
    }
    expect(() => parseStoredFilters("{not json")).toThrow(internal("Stored alert filters are unreadable"));
  });
});
