// /sign-up: creates an account; honours ?redirect= (or redirect_url) and goes to /auth-success afterwards.
import { useRef } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../auth";
import { SIGNED_UP, authSuccessPath, redirectTarget, withRedirect } from "../authRedirect";
import { SignUpForm } from "../components/SignUpForm";
import { PageSpinner } from "../components/Spinner";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

export function SignUp() {
  const { t, rich } = useI18n();
  useDocumentTitle(t("account.signUp.title"));
  const { loaded, user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = redirectTarget(params);

  // Whether the visitor was signed in on arrival: only then does the page send them on at once. A sign-up here
  // goes on by its own navigation, which carries the welcome (SIGNED_UP); this one, racing it, would drop it.
  const arrival = useRef<"in" | "out" | null>(null);
  if (loaded && arrival.current === null) arrival.current = user ? "in" : "out";

  if (!loaded) return <PageSpinner />;
  if (user && arrival.current === "in") return <Navigate replace to={authSuccessPath(target)} />;
  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="sign-up-heading">
        <h1 id="sign-up-heading">{t("account.signUp.heading")}</h1>
        <p className="muted auth-lead">{t("account.signUp.lead")}</p>
        <SignUpForm idPrefix="sign-up" onSignedUp={() => navigate(authSuccessPath(target), { state: SIGNED_UP })} signInTo={withRedirect("/sign-in", target)} />
        <p className="auth-switch">{rich("account.signUp.haveAccount", { link: (c) => <Link to={withRedirect("/sign-in", target)}>{c}</Link> })}</p>
      </section>
    </div>
  );
}
