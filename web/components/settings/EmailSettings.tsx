// Settings: change the e-mail address. The new address gets a link and takes over only once it is followed;
// the current address is told when it changes.
import { useState } from "react";
import type { FormEvent } from "react";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { FormField, fieldDescribedBy } from "../FormField";
import { PasswordInput } from "../PasswordInput";
import { useSettingsAction } from "./useSettingsAction";

export function EmailSettings() {
  const { t } = useI18n();
  const [email, setEmail] = useState("");
  const [currentPassword, setCurrent] = useState("");
  const { state, run, working, fieldError } = useSettingsAction<string>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(async () => (await call(api.account.email.$post({ json: { email, currentPassword } }))).pendingEmail);
    if (sent) setCurrent("");
  };

  const emailError = fieldError("email");
  const passwordError = fieldError("currentPassword");
  return (
    <section className="card dash-panel" aria-labelledby="change-email-heading">
      <h2 id="change-email-heading">{t("account.settings.changeEmail")}</h2>
      <p className="muted">{t("account.settings.changeEmailText")}</p>
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        <FormField id="settings-new-email" label={t("account.settings.newEmail")} error={emailError}>
          <input
            id="settings-new-email"
            className="form-input"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(emailError)}
            aria-describedby={fieldDescribedBy("settings-new-email", emailError)}
          />
        </FormField>
        <FormField id="settings-email-password" label={t("account.settings.currentPassword")} error={passwordError}>
          <PasswordInput
            id="settings-email-password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            aria-invalid={Boolean(passwordError)}
            aria-describedby={fieldDescribedBy("settings-email-password", passwordError)}
          />
        </FormField>
        {state.kind === "done" && (
          <p className="notice-success" role="status">
            {t("account.settings.changeEmailSent", { email: state.result })}
          </p>
        )}
        {state.kind === "error" && (
          <p className="form-alert" role="alert">
            {state.message}
          </p>
        )}
        <div className="settings-actions">
          <button type="submit" className="button button-primary" disabled={working}>
            {working ? t("account.settings.working") : t("account.settings.changeEmailSubmit")}
          </button>
        </div>
      </form>
    </section>
  );
}
