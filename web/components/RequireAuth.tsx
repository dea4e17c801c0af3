// Auth guard: a spinner while the session loads; a signed-out
// visitor goes to /sign-in with the original path and query remembered in ?redirect=.
import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "../auth";
import { useI18n } from "../i18n";
import { PageSpinner } from "./Spinner";

export function signInPath(returnTo: string): string {
  return `/sign-in?redirect=${encodeURIComponent(returnTo)}`;
}

export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useI18n();
  const { loaded, user } = useAuth();
  const { pathname, search, key } = useLocation();
  if (!loaded) return <PageSpinner label={t("common.checkingSession")} />;
  if (!user) {
    // Already on the way out: Sign Out and account deletion go to / first, and on a slow device this screen stays on
    // show while the next one renders (the router renders it as a transition), so the session can end before it goes.
    // The history has moved on: no detour to /sign-in (issue 21's CI caught it; test/browser/dashboard.spec.mjs).
    // (The router keeps each entry's key in history.state; the first page's entry has none.)
    const current: string | undefined = globalThis.history?.state?.key;
    if (current && current !== key) return null;
    return <Navigate replace to={signInPath(pathname + search)} />;
  }
  return children ?? <Outlet />;
}
