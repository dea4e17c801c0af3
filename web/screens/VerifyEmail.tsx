// /verify-email?token=…: where the verification e-mail's link lands. The page posts the token (so a mail
// scanner that follows the link does not use it up), then shows what happened.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useAuth } from "../auth";
import { withRedirect } from "../authRedirect";
import { api, call } from "../client";
import { authErrorMessage } from "../components/SignInForm";
import { Spinner } from "../components/Spinner";
import { VerifyEmailNotice } from "../components/VerifyEmailNotice";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";
import { EmailAddress, withAddress } from "../components/EmailAddress";

type Status = { kind: "busy" } | { kind: "done"; email: string; changed: boolean; already: boolean; employer: boolean } | { kind: "error"; message: string };

export function VerifyEmail() {
  const { t, rich } = useI18n();
  useDocumentTitle(t("account.verify.title"));
  const [params] = useSearchParams();
  const { loaded, user, refresh } = useAuth();
  const [status, setStatus] = useState<Status>({ kind: "busy" });
  const started = useRef(false);
  const token = params.get("token") ?? "";

  useEffect(() => {
    // Once: the link is single-use. After the session is read: only a signed-in page has a session to renew.
    if (started.current || !loaded) return;
    started.current = true;
    // A link cut short (no token) is said in words; the API would name its field ("Invalid token: …").
    if (!token) return setStatus({ kind: "error", message: t("account.verify.noToken") });
    void (async () => {
      try {
        const done = await call(api.auth["verify-email"].$post({ json: { token } }));
        // The session says the address is confirmed before the page does: "Go to your dashboard" right away must
        // not find the old "Please confirm" notice. A renewal already in flight (the page's first one) was read
        // before the confirmation, and refresh() joins it: the second call is one that starts after.
        // A link opened where nobody is signed in (often another device) renews nothing: refresh() would try a session
        // that is not there, five times each, with the spinner up for seconds and a 401 in the console every time.
        if (user) {
          await refresh().catch(() => false);
          await refresh().catch(() => false);
        }
        setStatus({ kind: "done", email: done.email, changed: done.changed, already: done.already, employer: done.employer });
      } catch (err) {
        setStatus({ kind: "error", message: authErrorMessage(err, t("account.verify.failed")) });
      }
    })();
  }, [token, loaded, user, refresh, t]);

  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="verify-heading">
        {/* Once confirmed, the heading says so (a reading: «تأكيد بريدك الإلكتروني» read as an instruction above «تم التأكيد»). */}
        <h1 id="verify-heading">{t(status.kind === "done" ? "account.verify.doneHeading" : "account.verify.heading")}</h1>
        {status.kind === "busy" && <Spinner label={t("account.verify.busy")} />}
        {status.kind === "done" && (
          <>
            <p className="notice-success" role="status">
              {withAddress(rich(status.already ? "account.verify.already" : doneMessage(status.changed, user?.employer ?? status.employer), { email: <EmailAddress address={status.email} /> }))}
            </p>
            {user && status.changed ? (
              <Link className="button button-primary" to="/dashboard/settings">
                {t("account.verify.toSettings")}
              </Link>
            ) : user && !user.employer ? (
              <Link className="button button-primary" to="/jobs">
                {t("account.verify.toJobs")}
              </Link>
            ) : user ? (
              <Link className="button button-primary" to="/dashboard">
                {t("account.verify.continue")}
              </Link>
            ) : status.employer ? (
              <Link className="button button-primary" to={withRedirect("/sign-in", "/dashboard")}>
                {t("account.verify.signIn")}
              </Link>
            ) : (
              // A candidate's account has no dashboard to sign in to (the eighteenth reading): signing in goes home.
              <Link className="button button-primary" to="/sign-in">
                {t("account.verify.signInCandidate")}
              </Link>
            )}
          </>
        )}
        {status.kind === "error" && (
          <>
            <p className="form-alert" role="alert">
              {t("account.verify.failed")} {status.message}
            </p>
            {/* Signed in, the notice offers a new link; signed out, the way to it (the page was a dead end). */}
            {user ? (
              <VerifyEmailNotice />
            ) : (
              <Link className="button button-primary" to={withRedirect("/sign-in", "/dashboard/settings")}>
                {t("account.verify.signInForNew")}
              </Link>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * What the confirmation opens up: a new address after a change is only that; an employer can now pay and post; a
 * candidate applies without it. Signed out (another device), the confirmation's answer says which the account is: it
 * told a candidate the employer's words (the 27th reading).
 */
function doneMessage(changed: boolean, employer: boolean | undefined): "account.verify.doneChanged" | "account.verify.doneCandidate" | "account.verify.done" {
  if (changed) return "account.verify.doneChanged";
  return employer === false ? "account.verify.doneCandidate" : "account.verify.done";
}
