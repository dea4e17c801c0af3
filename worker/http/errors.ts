// One error path for the whole API: domain modules throw DomainError (worker/lib/errors.ts), route
// handlers may throw HttpError; onError turns every error into { "error": "...", "code"?, "issues"?: [...] }.
// Only unexpected (5xx) errors are logged; no stack trace leaks.
import type { Context, Next } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DOMAIN_ERROR_STATUS, DomainError, type Issue, type ZodLikeError, validationMessage, zodIssues } from "../lib/errors";
import { log, logError } from "../lib/log";
import { m } from "../rules/serverMessages";

export type { Issue, ZodLikeError };
export { zodIssues };

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: Issue[],
    /** A stable machine-readable reason, when the client acts on it (e.g. "no_posts"). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A 400 naming each bad parameter: 'Invalid limit: limit must be at most 100'. */
export function validationError(error: ZodLikeError, what = "request"): HttpError {
  const issues = zodIssues(error);
  return new HttpError(400, validationMessage(issues, what), issues);
}

export function onError(err: Error, c: Context): Response {
  // decodeURIComponent on a malformed query or parameter anywhere: the client's input, never a 500.
  if (err instanceof URIError) return c.json({ error: m("server.http.malformedQuery") }, 400);
  if (err instanceof DomainError) {
    const status = DOMAIN_ERROR_STATUS[err.kind];
    // A server-side condition (missing configuration, unreadable stored data) the operator should see; a
    // warning, since it is anticipated and answered with its own message (the unexpected are errors, below).
    if (status >= 500) log("warn", `request.${err.kind}`, { method: c.req.method, path: c.req.path, message: err.message });
    return c.json({ error: err.message, ...(err.issues ? { issues: err.issues } : {}), ...(err.code ? { code: err.code } : {}) }, status);
  }
  if (err instanceof HttpError) {
    return c.json({ error: err.message, ...(err.issues ? { issues: err.issues } : {}), ...(err.code ? { code: err.code } : {}) }, err.status);
  }
  // Hono's own HTTPException (e.g. a malformed JSON body) carries a status.
  const status = (err as { status?: number }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    // Hono's words for a body that is not JSON, in the catalogue's (so it is localised like every error).
    const message = err.message === "Malformed JSON in request body" ? m("server.http.malformedJson") : err.message;
    return c.json({ error: message || m("server.http.badRequest") }, status as ContentfulStatusCode);
  }
  logError("request.unhandled_error", err, { method: c.req.method, path: c.req.path });
  return c.json({ error: m("server.http.internal") }, 500);
}

export function notFound(c: Context): Response {
  return c.json({ error: m("server.http.notFound") }, 404);
}

/** A path with bad percent-encoding (/og/jobs/%zz.png) is the client's mistake: 400, before any route decodes it. */
export async function rejectMalformedPath(c: Context, next: Next): Promise<Response | undefined> {
  try {
    decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    return c.json({ error: m("server.http.malformedPath") }, 400);
  }
  await next();
}
