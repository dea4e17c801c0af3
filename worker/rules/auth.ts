// Account rules shared by the sign-up screens and the server. The zod schemas are in ./authSchema.ts and the
// password rules in ./password.ts, which only the worker and the (lazy) auth screens import: the listing imports
// this module (refreshBackoffMs) and must not load zod or the rules' messages.
/** The signed-in user as the API shows it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  company: string;
  isSpotlightUser: boolean;
  /** The address is proved (the e-mailed link, or an identity provider's claim): checkout, credit posts, Spotlight and admin rights wait for it. */
  emailVerified: boolean;
  /** An employer (isEmployer): the header shows the dashboard. */
  employer: boolean;
  /** The account applied to a job on the board: the header shows My applications also to an employer. */
  hasApplications: boolean;
}

/**
 * An employer (decision 0605): an account that named a company, posted a job (any state, paid or not), bought
 * credits or subscribes to Spotlight. Everyone signed in can be a candidate; one account can be both.
 */
export function isEmployer(a: { company: string; isSpotlightUser: boolean; posted: boolean }): boolean {
  return a.company.trim() !== "" || a.isSpotlightUser || a.posted;
}

/** The code of the 403 for an unverified address (worker/auth/middleware.ts requireVerifiedUser); the web offers "Resend the e-mail". */
export const UNVERIFIED_CODE = "email_unverified";

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

/** A session lasts this many days on a device: the refresh token's life (worker/auth/tokens.ts); the privacy page says it. */
export const SESSION_DAYS = 30;

/** Sign-in attempts per client address and failed ones per account, per 15-minute window (worker/auth/routes.ts). */
export const SIGN_IN_LIMITS = { perAddress: 20, perAccount: 5, windowMs: 15 * 60 * 1000 };
/** New accounts per address per hour: generous for an office behind one address, a wall for bots. */
export const SIGN_UP_LIMIT = { perAddress: 20, windowMs: 60 * 60 * 1000 };

/** How long the e-mailed single-use links work: confirming an address 24 hours, resetting a password 1 hour. */
export const LINK_TTL_MS = { verify_email: 24 * 60 * 60 * 1000, reset_password: 60 * 60 * 1000 } as const;
/** "Resend the e-mail": per account per hour. */
export const RESEND_VERIFICATION_LIMIT = { perAccount: 3, windowMs: 60 * 60 * 1000 };
/** "Forgot your password?": per address typed and per client, per hour (counted whether the address has an account or not). */
export const FORGOT_PASSWORD_LIMITS = { perEmail: 3, perClient: 10, windowMs: 60 * 60 * 1000 };
