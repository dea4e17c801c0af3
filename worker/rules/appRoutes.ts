// Every path the React app (web/App.tsx) has a screen for. The worker answers the app's HTML with 200 for
// these and with 404 for anything else (the app then shows its own '404 | Page Not Found' page).
// test/unit/app-routes.test.ts checks that every <Route path> in web/App.tsx is listed here.
// ":name" is one path segment; a trailing "/*" is the pattern itself or anything below it.
/**
 * Every path the app has a screen for, and whether search engines may index it. "private": what it shows depends on
 * who is signed in, on a link's token or on a step just taken (a payment's success, a confirmation), or it is a step of
 * a form; its HTML asks not to be indexed and names no canonical URL or alternates (/ar/jobs/nope/edit named itself
 * canonical: the 20th reading; docs/decisions/0511). "indexed": the board, a job, a company, contact, advertise, privacy,
 * posting, sign-in and sign-up.
 */
const ROUTES = {
  "/": "indexed",
  "/jobs": "indexed",
  "/jobs/:id": "indexed",
  "/jobs/:id/edit": "private",
  "/contact": "indexed",
  "/advertise": "indexed",
  "/privacy": "indexed",
  "/alerts/:status": "private",
  "/dev/mailbox": "private",
  "/saved": "private",
  "/jobs/:id/apply": "private",
  "/applications": "private",
  "/applications/:id": "private",
  "/post": "indexed",
  "/post-job": "indexed",
  "/job-posting-cancel": "private",
  "/company/:id": "indexed",
  "/company/:id/spotlight": "indexed",
  "/spotlight/onboarding": "private",
  "/spotlight/preview": "private",
  "/spotlight/dashboard": "private",
  "/spotlight/live": "private",
  "/spotlight-subscription-success": "private",
  "/sign-in/*": "indexed",
  "/sign-up/*": "indexed",
  "/auth-success": "private",
  "/verify-email": "private",
  "/forgot-password": "private",
  "/reset-password": "private",
  "/dashboard": "private",
  "/dashboard/jobs": "private",
  "/dashboard/applications": "private",
  "/dashboard/billing": "private",
  "/dashboard/settings": "private",
  "/buy-credits": "private",
  "/credit-purchase-success": "private",
  "/job-posting-success": "private",
  "/streamlined-job-success": "private",
  "/admin": "private",
} as const satisfies Record<string, "indexed" | "private">;

export const APP_ROUTES = Object.keys(ROUTES) as (keyof typeof ROUTES)[];

function patternRegExp(pattern: string): RegExp {
  const wildcard = pattern.endsWith("/*");
  const base = wildcard ? pattern.slice(0, -2) : pattern;
  const body = base
    .split("/")
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}${wildcard ? "(?:/.*)?" : ""}/?$`);
}

const MATCHERS = APP_ROUTES.map(patternRegExp);
const PRIVATE_MATCHERS = APP_ROUTES.filter((route) => ROUTES[route] === "private").map(patternRegExp);

/** Whether the app has a screen for this path (a trailing slash is the same path). */
export function isAppRoute(pathname: string): boolean {
  const path = pathname === "" ? "/" : pathname;
  return path === "/" || MATCHERS.some((m) => m.test(path));
}

/** Whether the path is one of the app's pages that are not for search engines (ROUTES). */
export function isPrivateRoute(pathname: string): boolean {
  return PRIVATE_MATCHERS.some((m) => m.test(pathname));
}
