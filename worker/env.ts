import type { SessionUser } from "./rules/auth";
import type { SpotlightCompany } from "./spotlight/SpotlightCompany";

/** Bindings declared in wrangler.toml (and secrets set with `wrangler secret put`). */
export interface Env {
  DB: D1Database;
  LOGOS: R2Bucket;
  DEDUPE: KVNamespace;
  SPOTLIGHT: DurableObjectNamespace<SpotlightCompany>;
  ASSETS: Fetcher;
  APP_URL: string;
  /** Signs session JWTs (at least 32 characters). Locally, npm start writes one into .dev.vars. */
  JWT_SECRET?: string;
  /** An external identity provider (Clerk-compatible JWKS); all three switch it on. */
  AUTH_JWKS_URL?: string;
  AUTH_ISSUER?: string;
  AUTH_AUDIENCE?: string;
  /** Real Stripe; without it the built-in payment emulator answers. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** "1" only while `npm run bench` runs: enables /api/bench/*. */
  BENCH_ROUTES?: string;
  /** Mail (worker/mail): with RESEND_API_KEY set, mail goes through Resend from MAIL_FROM; without it,
   *  to the local mailbox (/dev/mailbox). Both are secrets. */
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
  /** Where contact-form messages go (a var in wrangler.toml). */
  SUPPORT_EMAIL?: string;
  /** Cloudflare Turnstile on the contact form, on when the secret is set; the site key is a var. */
  TURNSTILE_SECRET?: string;
  TURNSTILE_SITE_KEY?: string;
  /** The least severe log line written: info (default), warn or error. The tests use warn. */
  LOG_LEVEL?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    /** The signed-in user, resolved lazily by currentUser() (worker/auth/middleware.ts). */
    userPromise: Promise<SessionUser | null>;
    /** When the access token in use expires (ms), for the client's refresh timer. */
    accessExpiresAt: number | null;
  };
}
