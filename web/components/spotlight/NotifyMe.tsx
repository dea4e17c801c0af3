// 'Notify me' on a company page: an e-mail field (required, e-mail type). The original only showed an
// alert; here the address is stored with double opt-in, so the answer also asks to confirm by e-mail.
import { useState } from "react";
import type { FormEvent } from "react";
import { SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import { ApiRequestError, api, call } from "../../client";

export function NotifyMe({ companyId, company }: { companyId: string; company: string }) {
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
      setError(err instanceof ApiRequestError ? err.message.replace(/^Invalid email: /, "") : "We couldn't save your request. Please try again.");
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
        Get notified when {company} posts a new job
      </label>
      <div className="notify-me-row">
        <input
          id="notify-email"
          className="form-input notify-me-input"
          type="email"
          required
          placeholder="you@example.com"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "notify-error" : undefined}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Saving..." : "Notify me"}
        </button>
      </div>
      {error && (
        <p className="form-error" id="notify-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
