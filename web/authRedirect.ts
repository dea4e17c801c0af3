// Where the sign-in and sign-up screens send a visitor afterwards: ?redirect= or ?redirect_url=, only
// when it is a path on this site (safeRedirectPath), by way of /auth-success.
import { safeRedirectPath } from "@rules/auth";

export function redirectTarget(params: URLSearchParams): string {
  return safeRedirectPath(params.get("redirect") ?? params.get("redirect_url"));
}

/** The navigation state of the page a sign-up leads to: Layout welcomes the new account there. */
export const SIGNED_UP = "signed-up";
/** The navigation state of the home page an account's deletion leads to: Layout says it is deleted there. */
export const ACCOUNT_DELETED = "account-deleted";
/** The navigation state of the home page "Sign out everywhere" leads to: Layout says every session has ended. */
export const SIGNED_OUT_EVERYWHERE = "signed-out-everywhere";

export function authSuccessPath(target: string): string {
  return `/auth-success?redirect_url=${encodeURIComponent(target)}`;
}

/** The same redirect carried to the other auth screen ("Sign up" link on /sign-in and back). */
export function withRedirect(path: string, target: string): string {
  return target === "/" ? path : `${path}?redirect=${encodeURIComponent(target)}`;
}
