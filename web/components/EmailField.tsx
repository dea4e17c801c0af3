// An e-mail address field with its label and error, linked by aria-describedby (Settings' new address, Forgot password,
// the sign-in form).
import type { ReactNode } from "react";
import { FormField, fieldDescribedBy } from "./FormField";

interface Props {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  name?: string;
}

export function EmailField({ id, label, value, onChange, error, name }: Props) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        className="form-input"
        type="email"
        dir="ltr"
        name={name}
        autoComplete="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={fieldDescribedBy(id, error)}
      />
    </FormField>
  );
}
