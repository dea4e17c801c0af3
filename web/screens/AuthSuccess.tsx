// /auth-success: 'Login Successful', then after 100 ms on to ?redirect_url= (a path on this site only,
// else /), replacing this page in the history.
import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { safeRedirectPath } from "@rules/auth";
import { Spinner } from "../components/Spinner";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

export const AUTH_SUCCESS_DELAY_MS = 100;

export function AuthSuccess() {
  const { t } = useI18n();
  useDocumentTitle(t("account.authSuccess.title"));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // A sign-up's state goes on to the page it leads to, which welcomes the new account (web/components/Layout.tsx).
  const { state } = useLocation();
  const target = safeRedirectPath(params.get("redirect_url"));

  useEffect(() => {
    const timer = setTimeout(() => navigate(target, { replace: true, state }), AUTH_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, target, state]);

  return (
    <div className="container page page-center">
      <section className="card message-card">
        <h1>{t("account.authSuccess.heading")}</h1>
        <p className="muted">{t("account.authSuccess.redirecting")}</p>
        <Spinner label={t("account.authSuccess.redirecting")} />
      </section>
    </div>
  );
}
