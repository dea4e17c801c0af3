// Every path the React app (web/App.tsx) has a screen for. The worker answers the app's HTML with 200 for
// these and with 404 for anything else (the app then shows its own '404 | Page Not Found' page).
// test/unit/app-routes.test.ts checks that every <Route path> in web/App.tsx is listed here.
// ":name" is one path segment; a trailing "/*" is the pattern itself or anything below it.
export const APP_ROUTES = [
  "/",
  "/jobs",
  "/jobs/:id",
  "/jobs/:id/edit",
  "/contact",
  "/advertise",
  "/alerts/:status",
  "/dev/mailbox",
  "/saved",
  "/jobs/:id/apply",
  "/applications",
  "/applications/:id",
  "/post",
  "/post-job",
  "/job-posting-cancel",
  "/company/:id",
  "/company/:id/spotlight",
  "/spotlight/onboarding",
  "/spotlight/preview",
  "/spotlight/dashboard",
  "/spotlight/live",
  "/spotlight-subscription-success",
  "/sign-in/*",
  "/sign-up/*",
  "/auth-success",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/dashboard",
  "/dashboard/jobs",
  "/dashboard/applications",
  "/dashboard/billing",
  "/dashboard/settings",
  "/buy-credits",
  "/credit-purchase-success",
  "/job-posting-success",
  "/streamlined-job-success",
  "/admin",
] as const;

/**
 * The app's pages that are not for search engines: what they show depends on who is signed in, on a link's token or
 * on a step just taken (a payment's success, a confirmation), or they are a step of a form. Their HTML asks not to be
 * indexed and names no canonical URL or alternates: /ar/jobs/nope/edit named itself canonical (the 20th reading).
 * The rest (the board, a job, a company, contact, advertise, posting, sign-in and sign-up) are indexed.
 */
export const PRIVATE_ROUTES = [
  "/jobs/:id/edit",
  "/jobs/:id/apply",
  "/alerts/:status",
  "/dev/mailbox",
  "/saved",
  "/applications",
  "/applications/:id",
  "/job-posting-cancel",
  "/spotlight/onboarding",
  "/spotlight/preview",
  "/spotlight/dashboard",
  "/spotlight/live",
  "/spotlight-subscription-success",
  "/auth-success",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/dashboard",
  "/dashboard/jobs",
  "/dashboard/applications",
  "/dashboard/billing",
  "/dashboard/settings",
  "/buy-credits",
  "/credit-purchase-success",
  "/job-posting-success",
  "/streamlined-job-success",
  "/admin",
] as const satisfies readonly (typeof APP_ROUTES)[number][];

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
const PRIVATE_MATCHERS = PRIVATE_ROUTES.map(patternRegExp);

/** Whether the app has a screen for this path (a trailing slash is the same path). */
export function isAppRoute(pathname: string): boolean {
  const path = pathname === "" ? "/" : pathname;
  return path === "/" || MATCHERS.some((m) => m.test(path));
}

/** Whether the path is one of the app's pages that are not for search engines (PRIVATE_ROUTES). */
export function isPrivateRoute(pathname: string): boolean {
  return PRIVATE_MATCHERS.some((m) => m.test(pathname));
}
