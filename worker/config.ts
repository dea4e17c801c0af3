// The worker's configuration (wrangler.toml [vars] and secrets), validated once per isolate on the
// first request. A missing or contradictory setting is one clear error naming the variable, answered
// as 503 to every request but /api/health (the liveness probe) until it is fixed, and logged once.
// Every variable read here is listed in the README's "Configuration" table (a test checks both ways).
import { z } from "zod";
import type { Env } from "./env";
import { log } from "./lib/log";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLocalHostname(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith(".localhost");
}

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const mailbox = /^(?:[^<>]+<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

const appUrlShape = (v: string): boolean => {
  try {
    const u = new URL(v);
    return (u.protocol === "https:" || u.protocol === "http:") && u.pathname.replace(/\/+$/, "") === "";
  } catch {
    return false;
  }
};

/** LOG_LEVEL's allowed values (worker/lib/log.ts); anything else is a configuration problem. */
const LOG_LEVELS = ["info", "warn", "error"];
/** A Stripe secret key (sk_test_…, sk_live_…) or a restricted key (rk_…); never a publishable key (pk_…). */
const stripeSecretKey = /^(?:sk|rk)_(?:test|live)_[A-Za-z0-9]+$/;
/** A webhook endpoint's signing secret. */
const stripeWebhookSecret = /^whsec_[A-Za-z0-9+/=]+$/;

// Every variable is an optional string here, so the one refinement below always runs and reports every
// problem at once (a refinement behind a failed field would be skipped, and only the first problem shown).
const configSchema = z
  .object({
    APP_URL: optional,
    JWT_SECRET: optional,
    AUTH_JWKS_URL: optional,
    AUTH_ISSUER: optional,
    AUTH_AUDIENCE: optional,
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    RESEND_API_KEY: optional,
    MAIL_FROM: optional,
    SUPPORT_EMAIL: optional,
    TURNSTILE_SECRET: optional,
    TURNSTILE_SITE_KEY: optional,
    ADMIN_EMAILS: optional,
    ACCESS_TEAM_DOMAIN: optional,
    ACCESS_AUD: optional,
    LOG_LEVEL: optional,
    MODERATION: optional,
    EDGE_CACHE: optional,
  })
  .superRefine((c, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!c.APP_URL) fail("APP_URL", "APP_URL is required: the public origin, e.g. https://jobs.example.com");
    else if (!appUrlShape(c.APP_URL)) fail("APP_URL", "APP_URL must be an origin such as https://jobs.example.com (http or https, no path)");
    const external = [c.AUTH_JWKS_URL, c.AUTH_ISSUER, c.AUTH_AUDIENCE];
    if (external.some(Boolean) && !external.every(Boolean)) {
      for (const missing of (["AUTH_JWKS_URL", "AUTH_ISSUER", "AUTH_AUDIENCE"] as const).filter((k) => !c[k])) {
        fail(missing, `${missing} is required when any of AUTH_JWKS_URL, AUTH_ISSUER and AUTH_AUDIENCE is set (all three switch on the external identity provider)`);
      }
    } else if (!external.some(Boolean) && (!c.JWT_SECRET || c.JWT_SECRET.length < 32)) {
      fail("JWT_SECRET", "JWT_SECRET is required (at least 32 random characters) for built-in accounts: wrangler secret put JWT_SECRET");
    }
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) fail("STRIPE_WEBHOOK_SECRET", "STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: without it no payment can be fulfilled");
    if (c.STRIPE_WEBHOOK_SECRET && !c.STRIPE_SECRET_KEY) fail("STRIPE_SECRET_KEY", "STRIPE_SECRET_KEY is required when STRIPE_WEBHOOK_SECRET is set");
    if (c.STRIPE_SECRET_KEY && !stripeSecretKey.test(c.STRIPE_SECRET_KEY)) {
      fail("STRIPE_SECRET_KEY", "STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_…) or a restricted key (rk_…), never the publishable key (pk_…)");
    }
    if (c.STRIPE_WEBHOOK_SECRET && !stripeWebhookSecret.test(c.STRIPE_WEBHOOK_SECRET)) {
      fail("STRIPE_WEBHOOK_SECRET", "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)");
    }
    if (c.RESEND_API_KEY && !c.MAIL_FROM) fail("MAIL_FROM", "MAIL_FROM is required when RESEND_API_KEY is set (the sender, e.g. Startup Jobs <jobs@example.com>): without it no e-mail is sent");
    if (c.MAIL_FROM && !mailbox.test(c.MAIL_FROM)) fail("MAIL_FROM", "MAIL_FROM must be an address or Name <address>");
    if (c.SUPPORT_EMAIL && !mailbox.test(c.SUPPORT_EMAIL)) fail("SUPPORT_EMAIL", "SUPPORT_EMAIL must be an e-mail address");
    if (c.TURNSTILE_SECRET && !c.TURNSTILE_SITE_KEY) fail("TURNSTILE_SITE_KEY", "TURNSTILE_SITE_KEY is required when TURNSTILE_SECRET is set");
    if (c.TURNSTILE_SITE_KEY && !c.TURNSTILE_SECRET) fail("TURNSTILE_SECRET", "TURNSTILE_SECRET is required when TURNSTILE_SITE_KEY is set");
    if (c.ADMIN_EMAILS?.split(",").some((e) => e.trim() && !mailbox.test(e.trim()))) fail("ADMIN_EMAILS", "ADMIN_EMAILS must be e-mail addresses separated by commas");
    if (c.ACCESS_TEAM_DOMAIN && !c.ACCESS_AUD) fail("ACCESS_AUD", "ACCESS_AUD is required when ACCESS_TEAM_DOMAIN is set (the Cloudflare Access application's Audience tag)");
    if (c.ACCESS_AUD && !c.ACCESS_TEAM_DOMAIN) fail("ACCESS_TEAM_DOMAIN", "ACCESS_TEAM_DOMAIN is required when ACCESS_AUD is set (your team's <team>.cloudflareaccess.com)");
    if (c.LOG_LEVEL && !LOG_LEVELS.includes(c.LOG_LEVEL)) fail("LOG_LEVEL", `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (info when unset)`);
    if (c.MODERATION && c.MODERATION !== "on" && c.MODERATION !== "off") {
      fail("MODERATION", "MODERATION must be on or off (off when unset): on makes new paid and credit posts wait for an operator's approval");
    }
    if (c.EDGE_CACHE && c.EDGE_CACHE !== "on" && c.EDGE_CACHE !== "off") fail("EDGE_CACHE", "EDGE_CACHE must be on or off (on when unset): off turns the edge cache of public reads off");
  });

/** Every configuration problem as seen from a request to `requestUrl`, in the order above; empty when it is sound. */
export function configProblems(env: Partial<Env>, requestUrl: string): string[] {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) return parsed.error.issues.map((i) => i.message);
  const problems: string[] = [];
  const appUrl = parsed.data.APP_URL!;
  const requestHost = new URL(requestUrl).hostname;
  if (isLocalHostname(new URL(appUrl).hostname) && !isLocalHostname(requestHost)) {
    problems.push(`APP_URL is ${appUrl}, a local address, but this worker answers at ${requestHost}: set APP_URL in wrangler.toml [vars] to the public origin`);
  }
  return problems;
}

/** Every configuration problem in one text (separated by "; "), or null when it is sound. */
export function configProblem(env: Partial<Env>, requestUrl: string): string | null {
  const problems = configProblems(env, requestUrl);
  return problems.length ? problems.join("; ") : null;
}

const checked = new WeakMap<object, string | null>();

/** The configuration problem, checked once per isolate (per env object) and logged the first time. */
export function configProblemOnce(env: Env, requestUrl: string): string | null {
  if (checked.has(env)) return checked.get(env)!;
  const problems = configProblems(env, requestUrl);
  const problem = problems.length ? problems.join("; ") : null;
  checked.set(env, problem);
  // One line for all of them: `problem` is the whole text, `problems` each one (never a value).
  if (problem) log("error", "config.invalid", { problem, problems });
  return problem;
}
