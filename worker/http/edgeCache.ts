// The edge cache for anonymous public reads: search, job detail and company answers of the API, the job
// and company pages (Spotlight's too), the listing pages (which carry the first page of results), feeds,
// sitemaps and robots.txt. It is the data centre's cache (Cache API).
//
// The freshness rule (README "Caching"): an answer is served from the cache for at most FRESH_SECONDS
// (60 s) after it was built, so a change (a post, an edit, a delete, an expiry, a publish) is visible
// everywhere within 60 seconds. Its owner sees it at once: a signed-in request, or one that carries a D1
// bookmark, is never answered from the cache, and never stored in it.
//
// The key is the URL, with its query sorted, plus the answer's language for the API and the build for a page
// (decision 0047): never a D1 read, so a hit costs no query at all. Views and apply clicks are counted by their own POSTs, which are never cached.
// `X-Cache: HIT|MISS` tells which. Setting EDGE_CACHE to "off" turns it off (the worker tests do, but the
// ones about the cache).
import { createMiddleware } from "hono/factory";
import { carriesIdentity, readCookie, requestBookmark } from "../db/session";
import type { AppEnv } from "../env";
import { LOCALE_COOKIE } from "../rules/i18n";
import { requestLocale } from "./locale";

export const FRESH_SECONDS = 60;

/** The build this worker is (vite.config.ts); "dev" where nothing defines it (the worker tests). */
declare const __BUILD_ID__: string | undefined;
const BUILD_ID = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";

/** When the stored copy was built (ms), and the Cache-Control the answer had before it was stored. */
const CACHED_AT = "X-Cached-At";
const ORIGINAL_CACHE_CONTROL = "X-Original-Cache-Control";
/** Headers that belong to one request, never to a stored answer. */
const PER_REQUEST = ["Server-Timing", "x-d1-bookmark", "X-Request-Id"];

/** The public reads that may be answered from the cache (GET only). */
const PUBLIC_READS: readonly RegExp[] = [
  /^\/api\/jobs$/,
  /^\/api\/jobs\/[^/]+$/,
  /^\/api\/companies\/[^/]+$/,
  /^(?:\/ar)?\/(?:jobs)?$/,
  /^\/ar$/,
  /^(?:\/ar)?\/(?:jobs|company)\/[^/]+$/,
  /^(?:\/ar)?\/company\/[^/]+\/spotlight$/,
  /^(?:\/ar)?\/(?:feed\.xml|feed\.json|robots\.txt|sitemap[a-z0-9-]*\.xml)$/,
];

/** The data centre's cache (Cache API), when the runtime has one. */
export function edgeCache(): Cache | null {
  return (globalThis as unknown as { caches?: { default?: Cache } }).caches?.default ?? null;
}

export function isPublicRead(path: string): boolean {
  return PUBLIC_READS.some((re) => re.test(path));
}

/** Whether this request may be answered from (and stored in) the cache. */
export function cacheable(req: Request, path: string): boolean {
  if (req.method !== "GET" || !isPublicRead(path)) return false;
  if (carriesIdentity(req) || requestBookmark(req) !== null) return false;
  // The bare home page follows a remembered language (a redirect), so it is cached only without one.
  if (path === "/" && readCookie(req, LOCALE_COOKIE) !== null) return false;
  return true;
}

/**
 * A page's key names the build: the HTML links the build's hashed scripts and styles, and a page stored before a
 * deploy would send its visitors, for up to 60 s after it, to files the new deploy no longer serves (an unstyled page
 * without its app). API answers are data, the same across builds.
 */
export function cacheKey(req: Request, locale: string, build: string = BUILD_ID): Request {
  const url = new URL(req.url);
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(params).toString();
  // API answers (their error texts, some labels) follow Accept-Language; pages follow their path.
  if (url.pathname.startsWith("/api/")) url.searchParams.set("__lang", locale);
  else url.searchParams.set("__build", build);
  return new Request(url.toString(), { method: "GET" });
}

/** Whether a stored copy is still within the freshness window at `now`. */
export function isFresh(stored: Response, now: number): boolean {
  const at = Number(stored.headers.get(CACHED_AT));
  return Number.isFinite(at) && at > 0 && now - at < FRESH_SECONDS * 1000 && now >= at - 5_000;
}

/** The copy that goes into the cache: no per-request headers, and a lifetime the cache understands. */
function storedCopy(res: Response, now: number): Response {
  const copy = new Response(res.clone().body, res);
  for (const name of PER_REQUEST) copy.headers.delete(name);
  const original = res.headers.get("Cache-Control");
  if (original) copy.headers.set(ORIGINAL_CACHE_CONTROL, original);
  copy.headers.set("Cache-Control", `public, max-age=${FRESH_SECONDS}`);
  copy.headers.set(CACHED_AT, String(now));
  return copy;
}

/** A stored copy as the visitor gets it: the answer's own Cache-Control back, the bookkeeping gone. */
function served(hit: Response): Response {
  const res = new Response(hit.body, hit);
  const original = res.headers.get(ORIGINAL_CACHE_CONTROL);
  if (original) res.headers.set("Cache-Control", original);
  else res.headers.delete("Cache-Control");
  res.headers.delete(ORIGINAL_CACHE_CONTROL);
  res.headers.delete(CACHED_AT);
  res.headers.set("X-Cache", "HIT");
  return res;
}

function storable(res: Response): boolean {
  if (res.status !== 200 || res.headers.has("Set-Cookie")) return false;
  return !/private|no-store/i.test(res.headers.get("Cache-Control") ?? "");
}

export const publicCache = createMiddleware<AppEnv>(async (c, next) => {
  if (!isPublicRead(c.req.path) || c.env.EDGE_CACHE === "off") return next();
  const cache = cacheable(c.req.raw, c.req.path) ? edgeCache() : null;
  const key = cache ? cacheKey(c.req.raw, requestLocale(c)) : null;
  const now = Date.now();
  if (cache && key) {
    const hit = await cache.match(key);
    if (hit && isFresh(hit, now)) return served(hit);
    if (hit) await hit.body?.cancel();
  }
  await next();
  const res = new Response(c.res.body, c.res);
  if (cache && key && storable(res)) {
    const put = cache.put(key, storedCopy(res, now)).catch(() => {});
    try {
      c.executionCtx.waitUntil(put);
    } catch {
      await put;
    }
  }
  res.headers.set("X-Cache", "MISS");
  c.res = undefined;
  c.res = res;
});
