// A labelled form field with its error message and an optional hint below it (both linked by aria-describedby).
import type { ReactNode } from "react";

interface Props {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

export function fieldDescribedBy(id: string, error?: string, hint?: boolean): string | undefined {
  const ids = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function FormField({ id, label, error, hint, required, className, children }: Props) {
  return (
    <div className={`form-field${error ? " has-error" : ""}${className ? ` ${className}` : ""}`}>
      <label className="form-label" htmlFor={id}>
        {label}
        {required && (
          <span className="form-required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <div className="form-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
