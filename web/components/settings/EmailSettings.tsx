// Settings: change the e-mail address. The new address gets a link and takes over only once it is followed;
// the current address is told when it changes.
import { useState } from "react";
import type { FormEvent } from "react";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { EmailField } from "../EmailField";
import { PasswordField } from "../PasswordField";
import { SettingsForm } from "./SettingsForm";
import { useSettingsAction } from "./useSettingsAction";
import { EmailAddress, withAddress } from "../EmailAddress";

export function EmailSettings() {
  const { t, rich } = useI18n();
  const [email, setEmail] = useState("");
  const [currentPassword, setCurrent] = useState("");
  const { state, run, changes, working, fieldError } = useSettingsAction<string>(["email", "currentPassword"]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const sent = await run(async () => (await call(api.account.email.$post({ json: { email, currentPassword } }))).pendingEmail);
    if (sent) setCurrent("");
  };

  const emailError = fieldError("email");
  return (
    <SettingsForm
      id="change-email"
      heading={t("account.settings.changeEmail")}
      text={<p className="muted">{t("account.settings.changeEmailText")}</p>}
      onSubmit={onSubmit}
      working={working}
      submit={t("account.settings.changeEmailSubmit")}
      done={state.kind === "done" ? withAddress(rich("account.settings.changeEmailSent", { email: <EmailAddress address={state.result} /> })) : null}
      failed={state.kind === "error" ? state.message : null}
    >
      <EmailField id="settings-new-email" label={t("account.settings.newEmail")} value={email} onChange={changes("email", setEmail)} error={emailError} />
      <PasswordField
        id="settings-email-password"
        label={t("account.settings.currentPassword")}
        value={currentPassword}
        onChange={changes("currentPassword", setCurrent)}
        error={fieldError("currentPassword")}
      />
    </SettingsForm>
  );
}
