// /sign-in: e-mail and password; honours ?redirect= (or redirect_url) and
// goes to /auth-success afterwards. A visitor already signed in goes straight on.
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../auth";
import { authSuccessPath, redirectTarget, withRedirect } from "../authRedirect";
import { PasskeySignIn } from "../components/PasskeySignIn";
import { SignInForm } from "../components/SignInForm";
import { PageSpinner } from "../components/Spinner";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

export function SignIn() {
  const { t, rich } = useI18n();
  useDocumentTitle(t("account.signIn.title"));
  const { loaded, user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = redirectTarget(params);

  if (!loaded) return <PageSpinner />;
  if (user) return <Navigate replace to={authSuccessPath(target)} />;
  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="sign-in-heading">
        <h1 id="sign-in-heading">{t("account.signIn.heading")}</h1>
        <p className="muted auth-lead">{t("account.signIn.lead")}</p>
        <SignInForm idPrefix="sign-in" onSignedIn={() => navigate(authSuccessPath(target))} />
        <PasskeySignIn onSignedIn={() => navigate(authSuccessPath(target))} />
        <p className="auth-switch">
          <Link to="/forgot-password">{t("account.signIn.forgot")}</Link>
        </p>
        <p className="auth-switch">{rich("account.signIn.noAccount", { link: (c) => <Link to={withRedirect("/sign-up", target)}>{c}</Link> })}</p>
      </section>
    </div>
  );
}
