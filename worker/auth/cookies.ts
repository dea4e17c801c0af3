import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { ACCESS_COOKIE, ACCESS_TTL_SECONDS, REFRESH_COOKIE, REFRESH_TTL_SECONDS } from "./tokens";

// HttpOnly, Secure, SameSite=Lax: Lax keeps the session on the top-level return from Stripe Checkout.
const base = { httpOnly: true, secure: true, sameSite: "Lax" as const };

export function setSessionCookies(c: Context<AppEnv>, access: string, refresh: string): void {
  setCookie(c, ACCESS_COOKIE, access, { ...base, path: "/", maxAge: ACCESS_TTL_SECONDS });
  setCookie(c, REFRESH_COOKIE, refresh, { ...base, path: "/api/auth", maxAge: REFRESH_TTL_SECONDS });
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, ACCESS_COOKIE, { ...base, path: "/" });
  deleteCookie(c, REFRESH_COOKIE, { ...base, path: "/api/auth" });
}
