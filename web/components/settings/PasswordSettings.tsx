// Settings: change the password (the current one is asked for; every other session ends, this one goes on).
import { useState } from "react";
import type { FormEvent } from "react";
import { useAuth } from "../../auth";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { FormField, fieldDescribedBy } from "../FormField";
import { PasswordInput } from "../PasswordInput";
import { useSettingsAction } from "./useSettingsAction";

export function PasswordSettings() {
  const { t } = useI18n();
  const { refresh } = useAuth();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNext] = useState("");
  const { state, run, working, fieldError } = useSettingsAction<true>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await run(async () => {
      await call(api.account.password.$post({ json: { currentPassword, newPassword } }));
      return true as const;
    });
    if (done) {
      setCurrent("");
      setNext("");
      void refresh();
    }
  };

  const currentError = fieldError("currentPassword");
  const newError = fieldError("newPassword");
  return (
    <section className="card dash-panel" aria-labelledby="password-heading">
      <h2 id="password-heading">{t("account.settings.password")}</h2>
      <p className="muted">{t("account.settings.passwordText")}</p>
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        <FormField id="settings-current-password" label={t("account.settings.currentPassword")} error={currentError}>
          <PasswordInput
            id="settings-current-password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            aria-invalid={Boolean(currentError)}
            aria-describedby={fieldDescribedBy("settings-current-password", currentError)}
          />
        </FormField>
        <FormField id="settings-new-password" label={t("account.settings.newPassword")} error={newError}>
          <PasswordInput
            id="settings-new-password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNext(e.target.value)}
            aria-invalid={Boolean(newError)}
            aria-describedby={fieldDescribedBy("settings-new-password", newError)}
          />
        </FormField>
        {state.kind === "done" && (
          <p className="notice-success" role="status">
            {t("account.settings.passwordChanged")}
          </p>
        )}
        {state.kind === "error" && (
          <p className="form-alert" role="alert">
            {state.message}
          </p>
        )}
        <div className="settings-actions">
          <button type="submit" className="button button-primary" disabled={working}>
            {working ? t("account.settings.working") : t("account.settings.passwordSubmit")}
          </button>
        </div>
      </form>
    </section>
  );
}
