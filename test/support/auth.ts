// Helpers for signed-in requests: a session's cookies, sent like a browser would (with Origin).
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

export async function signUp(email = uniqueEmail(), password = GOOD_PASSWORD): Promise<Session> {
  // Each sign-up from its own address: sign-ups are rate-limited per address.
  const ip = `10.${n % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password, name: "Test User" }, headers: { "CF-Connecting-IP": ip } });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  return { cookie: cookiesFrom(res), userId: body.user.id, email };
}
