// /sign-in: e-mail and password; honours ?redirect= (or redirect_url) and
// goes to /auth-success afterwards. A visitor already signed in goes straight on.
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../auth";
import { authSuccessPath, redirectTarget, withRedirect } from "../authRedirect";
import { SignInForm } from "../components/SignInForm";
import { PageSpinner } from "../components/Spinner";
import { useDocumentTitle } from "../useDocumentTitle";

export function SignIn() {
  useDocumentTitle("Sign In | Startup Jobs");
  const { loaded, user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = redirectTarget(params);

  if (!loaded) return <PageSpinner />;
  if (user) return <Navigate replace to={authSuccessPath(target)} />;
  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="sign-in-heading">
        <h1 id="sign-in-heading">Sign In</h1>
        <p className="muted auth-lead">Welcome back. Sign in to post jobs and manage your listings.</p>
        <SignInForm idPrefix="sign-in" onSignedIn={() => navigate(authSuccessPath(target))} />
        <p className="auth-switch">
          Don't have an account? <Link to={withRedirect("/sign-up", target)}>Sign up</Link>
        </p>
      </section>
    </div>
  );
}
