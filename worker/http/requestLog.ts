// Every request gets an id: echoed in X-Request-Id and carried by every log line written while it is
// handled (worker/lib/log.ts). When the response is ready, one "request" line records what happened.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { log, parseLogLevel, withLogScope } from "../lib/log";

export const REQUEST_ID_HEADER = "X-Request-Id";

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = crypto.randomUUID();
  const started = Date.now();
  await withLogScope(requestId, parseLogLevel(c.env.LOG_LEVEL), async () => {
    await next();
    // securityHeaders hands on a fresh (mutable) copy of every response but a WebSocket upgrade, which
    // must pass untouched (a copy would lose its socket).
    if (c.res.status !== 101) c.res.headers.set(REQUEST_ID_HEADER, requestId);
    const status = c.res.status;
    // The path only: query strings can carry tokens (alert confirmation, unsubscribe links).
    log(status >= 500 ? "error" : "info", "request", {
      method: c.req.method,
      path: c.req.path,
      status,
      outcome: status >= 500 ? "server_error" : status >= 400 ? "client_error" : "ok",
      durationMs: Date.now() - started,
      // Round trips to D1 (worker/http/d1Session.ts): statements run alone, and batches.
      d1Queries: c.get("d1")?.queries ?? 0,
      d1Batches: c.get("d1")?.batches ?? 0,
    });
  });
});
