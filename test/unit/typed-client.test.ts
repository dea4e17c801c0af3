// The web's typed client (web/client.ts) compiles against the worker's own routes: response types come
// from the handlers (`Success<…>`), and a route or parameter that does not exist is a type error. `npm run
// typecheck` (tsc -p test) is what fails when the two sides drift apart; the runtime part checks that
// `call` turns the server's error body into ApiRequestError.
import { describe, expect, expectTypeOf, it } from "vitest";
import { ApiRequestError, api, call } from "../../web/client";
import type { Success } from "../../web/client";
import type { SessionUser } from "../../worker/rules/auth";
import type { PublicJob } from "../../worker/rules/search";

describe("the typed client over the worker's routes", () => {
  it("GET /api/jobs answers jobs, total, nextCursor and pinned, typed from the route", () => {
    type Jobs = Success<typeof api.jobs.$get>;
    expectTypeOf<Jobs["total"]>().toEqualTypeOf<number>();
    expectTypeOf<Jobs["nextCursor"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Jobs["jobs"][number]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Jobs["jobs"][number]>().toExtend<PublicJob>();
    expectTypeOf<Jobs["pinned"][number]>().toExtend<PublicJob>();
  });

  it("the routes the public side uses keep their shapes", () => {
    expectTypeOf<Success<(typeof api.jobs)[":id"]["$get"]>["job"]["title"]>().toEqualTypeOf<string>();
    expectTypeOf<Success<typeof api.auth.me.$get>["user"]>().toEqualTypeOf<SessionUser | null>();
    expectTypeOf<Success<(typeof api.checkout.posted)[":id"]["$get"]>["job"]["id"]>().toEqualTypeOf<string>();
    expectTypeOf<Success<typeof api.checkout.verify.$get>["kind"]>().toEqualTypeOf<"job" | "credits" | "spotlight">();
    expectTypeOf<Success<typeof api.credits.$get>["totalPostsRemaining"]>().toEqualTypeOf<number>();
  });

  it("a route or a parameter the worker does not have is a type error", () => {
    // Never called: only the compiler looks at these.
    const never = () => {
      // @ts-expect-error: there is no /api/no-such-route
      void api["no-such-route"].$get();
      // @ts-expect-error: the detail route's parameter is `id`
      void api.jobs[":id"].$get({ param: { jobId: "x" } });
      // @ts-expect-error: GET /api/jobs has no body; POST /api/jobs/with-credit needs one
      void api.jobs["with-credit"].$post({});
    };
    expect(typeof never).toBe("function");
  });

  it("call returns the success body and throws ApiRequestError with the server's message, issues and code", async () => {
    const ok = new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "Content-Type": "application/json" } });
    expect(await call(Promise.resolve(ok) as never)).toEqual({ ok: true });
    const gone = new Response(JSON.stringify({ error: "This job is no longer available", code: "gone", issues: [{ path: "id", message: "x" }] }), {
      status: 410,
      headers: { "Content-Type": "application/json" },
    });
    const error = await call(Promise.resolve(gone) as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 410, message: "This job is no longer available", code: "gone", issues: [{ path: "id", message: "x" }] });
  });
});
