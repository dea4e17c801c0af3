// A labelled password field (Show / Hide) with its error linked to it: Settings' password fields and the new password
// of /reset-password. A new password (`rules`) shows the rules' checklist under it, which says a refused rule in
// place of the line under the field.
import type { ChangeEvent } from "react";
import { useI18n } from "../i18n";
import { FormField, fieldDescribedBy } from "./FormField";
import { PasswordInput } from "./PasswordInput";
import { PasswordRules, isPasswordRule } from "./PasswordRules";

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete?: "current-password" | "new-password";
  name?: string;
  /** A new password: the rules' checklist is shown under the field. */
  rules?: boolean;
}

export function PasswordField({ id, label, value, onChange, error, autoComplete = "current-password", name, rules = false }: Props) {
  const { localise } = useI18n();
  const shownError = rules && isPasswordRule(error, localise) ? undefined : error;
  const describedBy = [fieldDescribedBy(id, shownError), rules ? `${id}-rules` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <FormField id={id} label={label} error={shownError}>
        <PasswordInput
          id={id}
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
        />
      </FormField>
      {rules && <PasswordRules id={`${id}-rules`} password={value} refused={Boolean(error)} />}
    </>
  );
}
