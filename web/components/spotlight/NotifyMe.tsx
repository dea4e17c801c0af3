// 'Notify me' on a company page: an e-mail field (required, e-mail type). The original only showed an
// alert; here the address is stored with double opt-in, so the answer also asks to confirm by e-mail.
import { useState } from "react";
import type { FormEvent } from "react";
import { SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import { ApiRequestError, api, call } from "../../client";
import { useI18n } from "../../i18n";

/** An example address: the same in every language. */
const EMAIL_EXAMPLE = "you@example.com";

export function NotifyMe({ companyId, company }: { companyId: string; company: string }) {
  const { t, localise } = useI18n();
  const [email, setEmail] = useState("");
  const [done, setDone] = useState<{ message: string; confirm: string } | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError("");
    if (!email.trim()) {
      setError(SPOTLIGHT_MESSAGES.notifyRequired);
      return;
    }
    if (!e.currentTarget.checkValidity()) {
      setError(SPOTLIGHT_MESSAGES.emailFormat);
      return;
    }
    setBusy(true);
    try {
      const res = await call(api.companies[":id"].notify.$post({ param: { id: companyId }, json: { email } }));
      setDone({ message: res.message, confirm: res.confirm });
    } catch (err) {
      // A refused address: the reason alone (the issue's message), not "Invalid email: …".
      const reason = err instanceof ApiRequestError ? (err.issues.find((i) => i.path === "email")?.message ?? err.message.replace(/^Invalid email: /, "")) : "";
      setError(reason || t("public.notify.failed"));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="notify-me is-done" role="status">
        <strong>{done.message}</strong>
        <span className="muted small">{done.confirm}</span>
      </div>
    );
  }
  return (
    <form className="notify-me" onSubmit={submit} noValidate aria-busy={busy}>
      <label htmlFor="notify-email" className="notify-me-label">
        {t("public.notify.label", { company })}
      </label>
      <div className="notify-me-row">
        <input
          id="notify-email"
          className="form-input notify-me-input"
          type="email"
          dir="ltr"
          required
          placeholder={EMAIL_EXAMPLE}
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "notify-error" : undefined}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("public.saving") : t("public.notify.submit")}
        </button>
      </div>
      {error && (
        <p className="form-error" id="notify-error" role="alert">
          {localise(error)}
        </p>
      )}
    </form>
  );
}
