// Opens the request's D1 session where the bindings are read (worker/db/session.ts has the rule), and
// hands the bookmark back when the request is done:
//  - always in the x-d1-bookmark response header, for API clients that keep it themselves;
//  - in the sj_d1 cookie after a write (but the view and apply-click beacons, which need no read-your-writes)
//    and on every signed-in request, so the browser's next request continues from it.
// The request's round trips (queries and batches) go out in Server-Timing and into the request log.
import { createMiddleware } from "hono/factory";
import { setCookie } from "hono/cookie";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, carriesIdentity, countedDatabase, describeTrips, isWrite, requestBookmark, sessionStart } from "../db/session";
import type { RoundTrips } from "../db/session";
import type { AppEnv } from "../env";

/** Counting beacons: a write to analytics that no later read of this visitor depends on. */
const BEACON = /^\/api\/(?:jobs|companies)\/[^/]+\/(?:view|apply-click)$/;
/** How long a bookmark cookie is kept: far longer than any replica lags. */
const BOOKMARK_COOKIE_SECONDS = 60 * 60;

export const d1Session = createMiddleware<AppEnv>(async (c, next) => {
  const trips: RoundTrips = { queries: 0, batches: 0 };
  c.set("d1", trips);
  const db = c.env.DB;
  // withSession is missing only on hand-made test environments without a database.
  const session = typeof db?.withSession === "function" ? db.withSession(sessionStart(c.req.raw)) : null;
  if (db) c.env = { ...c.env, DB: countedDatabase(db, session, trips) };
  await next();
  // A WebSocket upgrade passes untouched.
  if (c.res.status === 101) return;
  // Responses passed through from a binding can have immutable headers: work on a copy.
  const res = new Response(c.res.body, c.res);
  c.res = undefined;
  c.res = res;
  c.res.headers.append("Server-Timing", describeTrips(trips));
  const bookmark = session?.getBookmark() ?? null;
  if (!bookmark) return;
  c.res.headers.set(BOOKMARK_HEADER, bookmark);
  const req = c.req.raw;
  const keep = (isWrite(req) && !BEACON.test(c.req.path)) || carriesIdentity(req);
  if (keep && bookmark !== requestBookmark(req)) {
    setCookie(c, BOOKMARK_COOKIE, bookmark, { path: "/", httpOnly: true, secure: true, sameSite: "Lax", maxAge: BOOKMARK_COOKIE_SECONDS });
  }
});
