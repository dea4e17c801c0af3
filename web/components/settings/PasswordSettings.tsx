// Settings: change the password (the current one is asked for; every other session ends, this one goes on).
import { useState } from "react";
import type { FormEvent } from "react";
import { useAuth } from "../../auth";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { PasswordField } from "../PasswordField";
import { isPasswordRule } from "../PasswordRules";
import { PASSWORD_RULES } from "@rules/password";
import { SettingsForm } from "./SettingsForm";
import { useSettingsAction } from "./useSettingsAction";

export function PasswordSettings() {
  const { t, localise } = useI18n();
  const { refresh } = useAuth();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNext] = useState("");
  const { state, run, edited, changes, working, fieldError } = useSettingsAction<true>(["currentPassword", "newPassword"]);
  // A broken rule stays marked in the checklist until every rule is met; another refusal (the current password again)
  // goes at the first change.
  const onNewPassword = (value: string) => {
    setNext(value);
    if (!isPasswordRule(fieldError("newPassword"), localise) || PASSWORD_RULES.every((r) => r.test(value))) edited("newPassword");
  };

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

  return (
    <SettingsForm
      id="password"
      heading={t("account.settings.password")}
      text={<p className="muted">{t("account.settings.passwordText")}</p>}
      onSubmit={onSubmit}
      working={working}
      submit={t("account.settings.passwordSubmit")}
      done={state.kind === "done" ? t("account.settings.passwordChanged") : null}
      failed={state.kind === "error" ? state.message : null}
    >
      <PasswordField
        id="settings-current-password"
        label={t("account.settings.currentPassword")}
        value={currentPassword}
        onChange={changes("currentPassword", setCurrent)}
        error={fieldError("currentPassword")}
      />
      <PasswordField
        id="settings-new-password"
        label={t("account.settings.newPassword")}
        value={newPassword}
        onChange={onNewPassword}
        error={fieldError("newPassword")}
        autoComplete="new-password"
        rules
      />
    </SettingsForm>
  );
}
