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
  const { pathname, search } = useLocation();
  if (!loaded) return <PageSpinner label={t("common.checkingSession")} />;
  if (!user) return <Navigate replace to={signInPath(pathname + search)} />;
  return children ?? <Outlet />;
}
