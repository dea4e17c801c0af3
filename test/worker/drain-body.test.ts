// Issue 21, item 1: workerd closes a keep-alive connection whose request body the worker left unread (without a
// `Connection: close`), so the client's next request on it is reset. The app reads every body to its end before
// answering (worker/http/drainBody.ts); test/bench/soak.mjs checks the connections themselves against the served build.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { drain } from "../../worker/http/drainBody";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** A request whose body is a stream that records how much of it was read. */
function streamed(path: string, chunks: string[], init: RequestInit = {}) {
  let pulled = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled++];
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "User-Agent": "Mozilla/5.0 test", Origin: "http://localhost" },
    ...init,
  });
  return { request, done: () => pulled > chunks.length };
}

describe("every request body is read before the answer leaves", () => {
  it("a view beacon whose route never reads its body (a malformed one too)", async () => {
    const { request, done } = streamed(`/api/jobs/${crypto.randomUUID()}/view`, ['{"a":', " 1"]);
    const res = await app.fetch(request, env, ctx);
    await res.body?.cancel();
    expect(request.bodyUsed).toBe(true);
    expect(done()).toBe(true);
  });
  it("an unknown path, with a 404", async () => {
    const { request, done } = streamed("/api/nope", ["{}"]);
    const res = await app.fetch(request, env, ctx);
    expect(res.status).toBe(404);
    await res.body?.cancel();
    expect(done()).toBe(true);
  });
  it("a route that reads its body is answered as before", async () => {
    const { request } = streamed("/api/contact", ['{"a":']);
    const res = await app.fetch(request, env, ctx);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
  });
  it("draining stops after 4 MiB (the rest is dropped with the connection)", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    await drain(endless);
    expect(pulled).toBeLessThanOrEqual(6);
  });
});
