// A labelled password field (Show / Hide) with its error linked to it: Settings' password fields and the new password
// of /reset-password.
import type { ChangeEvent } from "react";
import { FormField, fieldDescribedBy } from "./FormField";
import { PasswordInput } from "./PasswordInput";

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete?: "current-password" | "new-password";
  name?: string;
}

export function PasswordField({ id, label, value, onChange, error, autoComplete = "current-password", name }: Props) {
  return (
    <FormField id={id} label={label} error={error}>
      <PasswordInput
        id={id}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={fieldDescribedBy(id, error)}
      />
    </FormField>
  );
}
