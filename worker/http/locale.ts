// The language of an API request: the Accept-Language the web app sends (the board's locale, from its
// URL), else the browser's own. Error answers ({ error, issues }) are localised on the way out, so every
// route, validator and domain error speaks the request's language without knowing about it.
import type { Context, Next } from "hono";
import { localiseMessage } from "../lib/i18n";
import { negotiateLocale } from "../rules/i18n";
import type { Locale } from "../rules/i18n";

export function requestLocale(c: Context): Locale {
  return negotiateLocale(c.req.header("Accept-Language"));
}

export async function localiseErrors(c: Context, next: Next): Promise<void> {
  await next();
  const res = c.res;
  if (res.status < 400 || !(res.headers.get("Content-Type") ?? "").includes("application/json")) return;
  const locale = requestLocale(c);
  if (locale === "en") return;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown; issues?: { path: string; message: string }[] } | null;
  if (!body || typeof body.error !== "string") return;
  const localised = {
    ...body,
    error: localiseMessage(locale, body.error),
    ...(Array.isArray(body.issues) ? { issues: body.issues.map((i) => ({ ...i, message: localiseMessage(locale, i.message) })) } : {}),
  };
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.set("Content-Language", locale);
  const vary = headers.get("Vary");
  headers.set("Vary", vary ? `${vary}, Accept-Language` : "Accept-Language");
  c.res = new Response(JSON.stringify(localised), { status: res.status, headers });
}
