// The one app URL: every absolute link (e-mails, checkout return pages, feeds, sitemaps, structured
// data) is built from APP_URL. `npm start -- --port N` sets it to http://localhost:N (worker/cli/start.mjs),
// so links in mail follow the port the app really runs on. Without APP_URL, the request's own origin.
import type { Env } from "../env";

const DEFAULT_APP_URL = "http://localhost:8787";

type AppUrlEnv = Pick<Env, "APP_URL"> | { APP_URL?: string };

/** A request's context as route handlers have it (Hono's `c`): its env and its URL. */
export interface RequestLike {
  env: AppUrlEnv;
  req: { url: string };
}

function isRequestLike(x: AppUrlEnv | RequestLike): x is RequestLike {
  return "req" in x && typeof (x as RequestLike).req?.url === "string";
}

/**
 * The app's origin without a trailing slash: APP_URL, else the request's own origin, else the default.
 * Either `appOrigin(c)` in a handler (the context's env and URL) or `appOrigin(env, requestUrl?)`.
 */
export function appOrigin(c: RequestLike): string;
export function appOrigin(env: AppUrlEnv, requestUrl?: string): string;
export function appOrigin(envOrContext: AppUrlEnv | RequestLike, requestUrl?: string): string {
  if (isRequestLike(envOrContext)) return appOrigin(envOrContext.env, envOrContext.req.url);
  const configured = (envOrContext.APP_URL ?? "").trim();
  if (configured) return configured.replace(/\/+$/, "");
  return requestUrl ? new URL(requestUrl).origin : DEFAULT_APP_URL;
}

export function appUrl(env: AppUrlEnv, path = "/"): string {
  return `${appOrigin(env)}${path.startsWith("/") ? path : `/${path}`}`;
}
