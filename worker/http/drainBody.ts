// Every request's body is read to its end before the answer leaves, even when the route never needed it
// (the view and apply-click beacons, a repost, a refused upload, a 404, a 503).
//
// Why: workerd's HTTP server (KJ's HttpServer) cannot reuse a keep-alive connection whose request body the
// worker left unread. It closes the connection right after the response, without a `Connection: close` header,
// so a client that keeps connections alive (Node's fetch, Chromium after a beacon, load tools) may already have
// sent its next request on it: that request fails with ECONNRESET or "other side closed". Locally it happens
// within milliseconds of every such response and loses requests under load (issue 21, docs/decisions/0033);
// `request.body.cancel()` does not help, only reading the body does (workerd issue #1741). test/bench/soak.mjs
// checks it against the served build.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";

/** Beyond this much unread body, the rest is dropped (the connection closes): a bound on wasted reading. */
const DRAIN_LIMIT_BYTES = 4 * 1024 * 1024;

/** Reads `body` to its end (at most DRAIN_LIMIT_BYTES, then cancels it); never throws. */
export async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    reader = body.getReader();
    let read = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A body already locked by a reader the route left open, or a client that went away: nothing to keep.
  } finally {
    reader?.releaseLock();
  }
}

export const drainRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const { body, bodyUsed } = c.req.raw;
  if (body && !bodyUsed && !body.locked) await drain(body);
});
