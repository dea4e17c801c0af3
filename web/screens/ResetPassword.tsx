// /reset-password?token=…: where the reset e-mail's link lands. A new password (the sign-up rules) ends every
// session of the account; then the visitor signs in with it.
import { useState } from "react";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { resetPasswordSchema } from "@rules/authSchema";
import { fieldErrors } from "@rules/posting";
import { ApiRequestError, api, call } from "../client";
import { PasswordField } from "../components/PasswordField";
import { authErrorMessage } from "../components/SignInForm";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

export function ResetPassword() {
  const { t, localise } = useI18n();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [formError, setFormError] = useState<{ message: string; expired: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  useDocumentTitle(t(done ? "account.reset.doneTitle" : "account.reset.title"));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = resetPasswordSchema.safeParse({ token, password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (found.password) {
        setError(found.password);
        document.getElementById("reset-password")?.focus();
        return;
      }
    }
    setError("");
    setBusy(true);
    try {
      await call(api.auth["reset-password"].$post({ json: { token, password } }));
      setDone(true);
    } catch (err) {
      setFormError({ message: authErrorMessage(err, t("account.settings.failed")), expired: err instanceof ApiRequestError && err.code === "link_invalid" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="reset-heading">
        <h1 id="reset-heading">{t(done ? "account.reset.doneHeading" : "account.reset.heading")}</h1>
        {done ? (
          <>
            <p className="notice-success" role="status">
              {t("account.reset.done")}
            </p>
            <Link className="button button-primary" to="/sign-in">
              {t("account.reset.signIn")}
            </Link>
          </>
        ) : (
          <>
            <p className="muted auth-lead">{t("account.reset.lead")}</p>
            <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
              {formError && (
                <div className="form-alert" role="alert">
                  {/* An expired link is said once, with the way to a new one (the server's message also asked for one). */}
                  {formError.expired ? (
                    <>
                      {t("account.reset.expired")} <Link to="/forgot-password">{t("account.reset.forgotAgain")}</Link>
                    </>
                  ) : (
                    formError.message
                  )}
                </div>
              )}
              <PasswordField
                id="reset-password"
                name="new-password"
                autoComplete="new-password"
                label={t("account.reset.password")}
                value={password}
                onChange={setPassword}
                error={error && localise(error)}
                rules
              />
              <button type="submit" className="button button-primary button-large form-submit" disabled={busy}>
                {busy ? t("account.reset.busy") : t("account.reset.submit")}
              </button>
            </form>
          </>
        )}
      </section>
    </div>
  );
}
