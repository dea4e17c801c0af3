// Absolute links for e-mails, feeds, sitemaps and structured data, from the configured APP_URL.
import type { Env } from "../env";

export function appUrl(env: Pick<Env, "APP_URL">, path = "/"): string {
  const base = (env.APP_URL || "http://localhost:8787").replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}
