// /forgot-password: an e-mail address in, a single-use link (1 hour) out. The answer is the same whether the
// address has an account or not.
import { useState } from "react";
import type { FormEvent } from "react";
import { Link } from "react-router";
import { forgotPasswordSchema } from "@rules/authSchema";
import { fieldErrors } from "@rules/posting";
import { api, call } from "../client";
import { EmailField } from "../components/EmailField";
import { authErrorMessage } from "../components/SignInForm";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";
import { EmailAddress, withAddress } from "../components/EmailAddress";

export function ForgotPassword() {
  const { t, rich, localise } = useI18n();
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  useDocumentTitle(t(sentTo ? "account.forgot.sentTitle" : "account.forgot.title"));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError("");
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email ?? "");
      document.getElementById("forgot-email")?.focus();
      return;
    }
    setError("");
    setBusy(true);
    try {
      await call(api.auth["forgot-password"].$post({ json: parsed.data }));
      setSentTo(parsed.data.email);
    } catch (err) {
      setFormError(authErrorMessage(err, t("account.settings.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container page auth-page">
      <section className="card auth-card" aria-labelledby="forgot-heading">
        {/* Once sent, the heading says what to do next (it still asked «نسيت كلمة المرور؟» above the answer). */}
        <h1 id="forgot-heading">{t(sentTo ? "account.forgot.sentHeading" : "account.forgot.heading")}</h1>
        {sentTo ? (
          <p className="notice-success" role="status">
            {withAddress(rich("account.forgot.sent", { email: <EmailAddress address={sentTo} /> }))}
          </p>
        ) : (
          <>
            <p className="muted auth-lead">{t("account.forgot.lead")}</p>
            <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
              {formError && (
                <div className="form-alert" role="alert">
                  {formError}
                </div>
              )}
              <EmailField id="forgot-email" label={t("account.signIn.email")} value={email} onChange={setEmail} error={error && localise(error)} />
              <button type="submit" className="button button-primary button-large form-submit" disabled={busy}>
                {busy ? t("account.forgot.busy") : t("account.forgot.submit")}
              </button>
            </form>
          </>
        )}
        <p className="auth-switch">{rich("account.forgot.back", { link: (c) => <Link to="/sign-in">{c}</Link> })}</p>
      </section>
    </div>
  );
}
