// The language of an API request: the Accept-Language the web app sends (the board's locale, from its
// URL), else the browser's own. Error answers ({ error, issues }) and the displayed fields of success
// answers ({ message, confirm }) are localised on the way out, so every route, validator and domain error
// speaks the request's language without knowing about it.
import type { Context, Next } from "hono";
import { localiseMessage } from "../lib/i18n";
import { negotiateLocale } from "../rules/i18n";
import type { Locale } from "../rules/i18n";

export function requestLocale(c: Context): Locale {
  return negotiateLocale(c.req.header("Accept-Language"));
}

/** The fields of a successful answer that are shown to a person as they are (alerts, Notify me). */
const DISPLAYED_FIELDS = ["message", "confirm"] as const;

export function localiseErrors(c: Context, next: Next): Promise<void> {
  return localiseAnswer(c, next, requestLocale(c));
}

/**
 * The same for an answer whose language is its path's, not the reader's (/ar/feed.xml, /ar/feed.json: a feed reader
 * sends no Accept-Language, and a bad filter there answered in English).
 */
export function localiseErrorsIn(locale: Locale) {
  return (c: Context, next: Next): Promise<void> => localiseAnswer(c, next, locale);
}

async function localiseAnswer(c: Context, next: Next, locale: Locale): Promise<void> {
  await next();
  const res = c.res;
  if (!(res.headers.get("Content-Type") ?? "").includes("application/json")) return;
  if (locale === "en") return;
  if (res.status < 400) {
    // Success answers too (issue 25): a "message" for display is in the request's language.
    if (res.status === 204 || res.status === 304) return;
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object" || Array.isArray(body) || !DISPLAYED_FIELDS.some((f) => typeof body[f] === "string")) return;
    const localised: Record<string, unknown> = { ...body };
    for (const f of DISPLAYED_FIELDS) if (typeof body[f] === "string") localised[f] = localiseMessage(locale, body[f]);
    c.res = respondIn(locale, res, localised);
    return;
  }
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
  c.res = respondIn(locale, res, localised);
}

function respondIn(locale: Locale, res: Response, body: unknown): Response {
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.set("Content-Language", locale);
  const vary = headers.get("Vary");
  headers.set("Vary", vary ? `${vary}, Accept-Language` : "Accept-Language");
  return new Response(JSON.stringify(body), { status: res.status, headers });
}
