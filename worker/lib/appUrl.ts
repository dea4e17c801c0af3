// The one app URL: every absolute link (e-mails, checkout return pages, feeds, sitemaps, structured
// data) is built from APP_URL. `npm start -- --port N` sets it to http://localhost:N (worker/cli/start.mjs),
// so links in mail follow the port the app really runs on.
import type { Env } from "../env";

const DEFAULT_APP_URL = "http://localhost:8787";

/** The app's origin without a trailing slash: APP_URL, else the request's own origin, else the default. */
export function appOrigin(env: Pick<Env, "APP_URL"> | { APP_URL?: string }, requestUrl?: string): string {
  const configured = (env.APP_URL ?? "").trim();
  if (configured) return configured.replace(/\/+$/, "");
  return requestUrl ? new URL(requestUrl).origin : DEFAULT_APP_URL;
}

export function appUrl(env: Pick<Env, "APP_URL"> | { APP_URL?: string }, path = "/"): string {
  return `${appOrigin(env)}${path.startsWith("/") ? path : `/${path}`}`;
}
