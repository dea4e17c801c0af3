// D1 through the Sessions API: every request runs its queries in one session, opened where the bindings
// are read (worker/http/d1Session.ts swaps env.DB for it), so no handler changes. The rule:
//  - a request that carries a bookmark (the x-d1-bookmark header, or the sj_d1 cookie) continues from it:
//    whatever replica answers has seen at least that write, so an employer sees their own change at once;
//  - otherwise a write, or a signed-in user's request, starts at the primary ("first-primary");
//  - an anonymous read starts unconstrained ("first-unconstrained"): the nearest replica may answer.
// The same wrapper counts the request's round trips to D1: each statement run on its own is one query,
// each batch one batch. The bench and the tests read the count from the Server-Timing header.
import { ACCESS_COOKIE, REFRESH_COOKIE } from "../auth/tokens";

export const BOOKMARK_HEADER = "x-d1-bookmark";
export const BOOKMARK_COOKIE = "sj_d1";

/** The cookies that say "this request is a signed-in user's" (built-in sessions, or an external provider's). */
const IDENTITY_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE, "__session"];

/** A request's round trips to D1 so far. */
export interface RoundTrips {
  queries: number;
  batches: number;
}

export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Whether the request carries a session cookie (what CSRF protection guards). */
export function carriesIdentityCookie(req: Request): boolean {
  return IDENTITY_COOKIES.some((name) => readCookie(req, name) !== null);
}

/** Whether the request carries a signed-in user's credentials (cookie or bearer token); never a D1 read. */
export function carriesIdentity(req: Request): boolean {
  return req.headers.has("Authorization") || carriesIdentityCookie(req);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isWrite(req: Request): boolean {
  return !SAFE_METHODS.has(req.method);
}

/** D1 bookmarks are short tokens of hex digits and dashes; anything else is ignored rather than sent to D1. */
const BOOKMARK = /^[0-9a-zA-Z-]{1,200}$/;

/** The bookmark a request continues from, or null. */
export function requestBookmark(req: Request): string | null {
  const value = req.headers.get(BOOKMARK_HEADER) ?? readCookie(req, BOOKMARK_COOKIE);
  return value && BOOKMARK.test(value) ? value : null;
}

/** Where the request's session starts: its bookmark, the primary (writes, signed-in users), or anywhere. */
export function sessionStart(req: Request): string {
  return requestBookmark(req) ?? (isWrite(req) || carriesIdentity(req) ? "first-primary" : "first-unconstrained");
}

/** The real statement behind each counted one, so a batch hands D1 its own objects. */
const REAL = new WeakMap<object, D1PreparedStatement>();

function countedStatement(stmt: D1PreparedStatement, trips: RoundTrips): D1PreparedStatement {
  const query = <T>(run: () => Promise<T>): Promise<T> => {
    trips.queries += 1;
    return run();
  };
  const counted = {
    bind: (...values: unknown[]) => countedStatement(stmt.bind(...values), trips),
    first: (col?: string) => query(() => (col === undefined ? stmt.first() : stmt.first(col))),
    run: () => query(() => stmt.run()),
    all: () => query(() => stmt.all()),
    raw: (options?: { columnNames?: boolean }) => query(() => stmt.raw(options as { columnNames?: false })),
  };
  REAL.set(counted, stmt);
  return counted as unknown as D1PreparedStatement;
}

/**
 * A D1Database whose queries go through `session` (or straight to `db` when there is none) and are counted
 * in `trips`. It is what handlers see as env.DB.
 */
export function countedDatabase(db: D1Database, session: D1DatabaseSession | null, trips: RoundTrips): D1Database {
  const target = session ?? db;
  const counted = {
    prepare: (sql: string) => countedStatement(target.prepare(sql), trips),
    batch: <T>(statements: D1PreparedStatement[]) => {
      trips.batches += 1;
      return target.batch<T>(statements.map((s) => REAL.get(s) ?? s));
    },
    exec: (sql: string) => {
      trips.queries += 1;
      return db.exec(sql);
    },
    withSession: (constraintOrBookmark?: string) => db.withSession(constraintOrBookmark),
    dump: () => db.dump(),
  };
  return counted as unknown as D1Database;
}

/** "queries=1 batches=0": the Server-Timing description of a request's round trips. */
export function describeTrips(trips: RoundTrips): string {
  return `d1;desc="queries=${trips.queries} batches=${trips.batches}"`;
}

/** The round trips a Server-Timing header reports (null when it reports none). */
export function parseTrips(serverTiming: string | null): RoundTrips | null {
  const m = serverTiming?.match(/d1;desc="queries=(\d+) batches=(\d+)"/);
  return m ? { queries: Number(m[1]), batches: Number(m[2]) } : null;
}
