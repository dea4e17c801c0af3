// Account rules shared by the sign-up screens and the server. The zod schemas are in ./authSchema.ts, which
// only the worker and the (lazy) auth screens import: the listing imports this module (refreshBackoffMs)
// and must not load zod.
import { m } from "./serverMessages";

export const PASSWORD_RULES: readonly { test: (p: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= 8, message: m("server.auth.passwordMin") },
  { test: (p) => /[A-Z]/.test(p), message: m("server.auth.passwordUpper") },
  { test: (p) => /[a-z]/.test(p), message: m("server.auth.passwordLower") },
  { test: (p) => /[0-9]/.test(p), message: m("server.auth.passwordNumber") },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: m("server.auth.passwordSpecial") },
];

export const PASSWORD_MAX = 200;

/** The signed-in user as the API shows it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  company: string;
  isSpotlightUser: boolean;
}

export interface SessionResponse {
  user: SessionUser | null;
  /** When the access token expires (ms since epoch); the client refreshes before then. */
  accessExpiresAt: number | null;
}

/**
 * Where /auth-success may go: only a path on this site. `//evil.example`, `/\evil.example`,
 * `https:evil.example` and absolute URLs go to /.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  const v = (value ?? "").trim();
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\") || /[\u0000-\u001f\\]/.test(v)) return "/";
  try {
    const u = new URL(v, "https://this.site.invalid");
    if (u.origin !== "https://this.site.invalid") return "/";
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return "/";
  }
}

/** Refresh retries back off exponentially from 200 ms. */
export function refreshBackoffMs(attempt: number): number {
  return Math.min(200 * 2 ** attempt, 30_000);
}

/** Sign-in attempts per client address and failed ones per account, per 15-minute window (worker/auth/routes.ts). */
export const SIGN_IN_LIMITS = { perAddress: 20, perAccount: 5, windowMs: 15 * 60 * 1000 };
/** New accounts per address per hour: generous for an office behind one address, a wall for bots. */
export const SIGN_UP_LIMIT = { perAddress: 20, windowMs: 60 * 60 * 1000 };
