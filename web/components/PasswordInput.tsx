// A password field with a Show / Hide toggle.
import { useState } from "react";
import type { InputHTMLAttributes } from "react";
import { useI18n } from "../i18n";

export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input dir="ltr" {...props} type={shown ? "text" : "password"} className="form-input" />
      <button type="button" className="password-toggle" aria-pressed={shown} aria-label={shown ? t("posting.password.hideLabel") : t("posting.password.showLabel")} onClick={() => setShown((s) => !s)}>
        {shown ? t("posting.password.hide") : t("posting.password.show")}
      </button>
    </div>
  );
}
