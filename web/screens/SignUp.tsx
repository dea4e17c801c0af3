// /sign-up: creates an account; honours ?redirect= (or redirect_url) and goes to /auth-success afterwards.
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { useAuth } from "../auth";
import { authSuccessPath, redirectTarget, withRedirect } from "../authRedirect";
import { SignUpForm } from "../components/SignUpForm";
import { PageSpinner } from "../components/Spinner";
import { useDocumentTitle } from "../useDocumentTitle";

export function SignUp() {
  useDocumentTitle("Sign Up | Startup Jobs");
  const { loaded, user } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = redirectTarget(params);

  if (!loaded) return <PageSpinner />;
  if (user) return <Navigate replace to={authSuccessPath(target)} />;
  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="sign-up-heading">
        <h1 id="sign-up-heading">Create an Account</h1>
        <p className="muted auth-lead">Post jobs, buy credits and manage your listings in one place.</p>
        <SignUpForm idPrefix="sign-up" onSignedUp={() => navigate(authSuccessPath(target))} />
        <p className="auth-switch">
          Already have an account? <Link to={withRedirect("/sign-in", target)}>Sign in</Link>
        </p>
      </section>
    </div>
  );
}
