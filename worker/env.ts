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
}

export interface AppEnv {
  Bindings: Env;
}
