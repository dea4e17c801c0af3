// Edge caching for discovery responses (sitemaps, feeds, share images). The cache key carries the jobs
// data version (bumped by triggers on every change to jobs) and the next moment a live job expires, so
// a cached answer is never served after the data it was built from has changed; a short TTL covers the
// rest (companies, timeframe windows).
import type { Env } from "../env";
import { jobsDataState } from "./store";

export interface DataState {
  version: number;
  /** The earliest expires_at of a live job, or 0 when none. */
  nextExpiry: number;
  now: number;
}

export async function readDataState(db: D1Database, now: number): Promise<DataState> {
  const row = await jobsDataState(db, now);
  return { version: row?.version ?? 0, nextExpiry: row?.next_expiry ?? 0, now };
}

/** The data centre's cache (Cache API), when the runtime has one. */
export function edgeCache(): Cache | null {
  return (globalThis as unknown as { caches?: { default?: Cache } }).caches?.default ?? null;
}

function cacheKey(request: Request, state: DataState): Request {
  const url = new URL(request.url);
  url.searchParams.set("__v", `${state.version}.${state.nextExpiry}`);
  return new Request(url.toString(), { method: "GET" });
}

/**
 * The cached answer for this request at the current data state, or a fresh one from `build`, stored for
 * `ttlSeconds`. Only 200 answers are stored. `X-Cache: HIT|MISS` tells which.
 */
export async function withEdgeCache(
  request: Request,
  env: Pick<Env, "DB">,
  ctx: Pick<ExecutionContext, "waitUntil"> | null,
  ttlSeconds: number,
  build: (state: DataState) => Promise<Response>,
): Promise<Response> {
  const state = await readDataState(env.DB, Date.now());
  const cache = edgeCache();
  const key = cacheKey(request, state);
  const hit = cache ? await cache.match(key) : undefined;
  if (hit) {
    const res = new Response(hit.body, hit);
    res.headers.set("X-Cache", "HIT");
    return res;
  }
  const fresh = await build(state);
  if (fresh.status !== 200 || !cache) return fresh;
  const res = new Response(fresh.body, fresh);
  res.headers.set("Cache-Control", `public, max-age=${Math.min(ttlSeconds, 300)}, s-maxage=${ttlSeconds}`);
  const stored = res.clone();
  const put = cache.put(key, stored).catch(() => {});
  if (ctx) ctx.waitUntil(put);
  else await put;
  res.headers.set("X-Cache", "MISS");
  return res;
}
