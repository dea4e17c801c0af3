import type { SpotlightCompany } from "./spotlight/SpotlightCompany";

/** Bindings declared in wrangler.toml (and secrets set with `wrangler secret put`). */
export interface Env {
  DB: D1Database;
  LOGOS: R2Bucket;
  DEDUPE: KVNamespace;
  SPOTLIGHT: DurableObjectNamespace<SpotlightCompany>;
  ASSETS: Fetcher;
  APP_URL: string;
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
}

export interface AppEnv {
  Bindings: Env;
}
