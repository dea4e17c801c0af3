// Helpers for signed-in requests: a session's cookies, sent like a browser would (with Origin).
// signUp() gives a VERIFIED account (it follows the e-mailed link, as a person would): checkout, credit posts,
// Spotlight checkout and admin rights need one (issue 23). signUp(email, password, { verified: false }) keeps it
// unverified; verifyAddress(session) verifies later.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";

export const ORIGIN = "http://localhost";
export const GOOD_PASSWORD = "Str0ng!Passw0rd";
let n = 0;

export function uniqueEmail(prefix = "user"): string {
  n += 1;
  return `${prefix}${n}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Cookies from Set-Cookie headers, as a Cookie header value (name=value; ...). */
export function cookiesFrom(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((p) => p.split("=") as [string, string])
      .map(([k, ...v]) => [k, v.join("=")] as [string, string]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair!.indexOf("=");
    const name = pair!.slice(0, i);
    const value = pair!.slice(i + 1);
    if (!value || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return Array.from(jar, ([k, v]) => `${k}=${v}`).join("; ");
}

export async function call(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (!headers.has("Origin") && init.method && init.method !== "GET") headers.set("Origin", ORIGIN);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return exports.default.fetch(`${ORIGIN}${path}`, { ...init, headers, body });
}

export interface Session {
  cookie: string;
  userId: string;
  email: string;
}

/**
 * A new account, signed in. Verified unless `{ verified: false }`: the verification e-mail's link is followed
 * through the real path (the outbox row, POST /api/auth/verify-email), as a person would.
 */
export async function signUp(email = uniqueEmail(), password = GOOD_PASSWORD, { verified = true }: { verified?: boolean } = {}): Promise<Session> {
  // Each sign-up from its own address: sign-ups are rate-limited per address.
  const ip = `10.${n % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password, name: "Test User" }, headers: { "CF-Connecting-IP": ip } });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  const session = { cookie: cookiesFrom(res), userId: body.user.id, email };
  // Accounts keep their address in lower case, and the link goes there.
  if (verified) await verifyAddress(session, email.trim().toLowerCase());
  return session;
}

/**
 * The local admin (worker/admin/gate.ts DEV_ADMIN_EMAIL), signed in: signed up by the first file of a shared runtime
 * that asks, signed in by the next ones (test/vitest.config.ts: most worker files share their storage).
 */
export async function adminSession(email: string): Promise<Session> {
  const up = await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD, name: "Test Admin" }, headers: { "CF-Connecting-IP": "10.250.0.1" } });
  if (up.status === 201) {
    const session = { cookie: cookiesFrom(up), userId: ((await up.json()) as { user: { id: string } }).user.id, email };
    await verifyAddress(session);
    return session;
  }
  const res = await call("/api/auth/sign-in", { method: "POST", json: { email, password: GOOD_PASSWORD }, headers: { "CF-Connecting-IP": "10.250.0.2" } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return { cookie: cookiesFrom(res), userId: ((await res.json()) as { user: { id: string } }).user.id, email };
}

/** The token of the newest e-mailed link of `kind` ("verify_email", "reset_password") sent to `to`, read from the outbox. */
export async function linkTokenFromOutbox(to: string, kind: "verify_email" | "reset_password"): Promise<string> {
  const row = await env.DB.prepare(`SELECT text FROM mail_outbox WHERE kind = ? AND "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`).bind(kind, to).first<{ text: string }>();
  const token = row?.text.match(/[?&]token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no ${kind} e-mail to ${to} in the outbox`);
  return token;
}

/** Follows the newest verification link sent to the session's address (or `to`, a new address being proved). */
export async function verifyAddress(session: Pick<Session, "email">, to = session.email): Promise<void> {
  const res = await call("/api/auth/verify-email", { method: "POST", json: { token: await linkTokenFromOutbox(to, "verify_email") } });
  if (res.status !== 200) throw new Error(`verify-email answered ${res.status}: ${await res.text()}`);
}
