// E-mail and password sign-in, used by /sign-in and embedded in the /post invitation. Server messages
// ('Invalid email or password', too many attempts) are shown as they come; anything else: 'Failed to sign in'.
import { useState } from "react";
import type { FormEvent } from "react";
import { signInSchema } from "@rules/authSchema";
import { fieldErrors } from "@rules/posting";
import { ApiRequestError } from "../client";
import { useI18n } from "../i18n";
import { useAuth } from "../auth";
import type { AuthUser } from "../auth";
import { EmailField } from "./EmailField";
import { FormField, fieldDescribedBy } from "./FormField";
import { PasswordInput } from "./PasswordInput";

interface Props {
  idPrefix: string;
  onSignedIn: (user: AuthUser) => void;
  submitLabel?: string;
}

export function authErrorMessage(err: unknown, fallback: string): string {
  // Status 0 is no answer at all (web/client.ts): the form's own message, as for a server error.
  return err instanceof ApiRequestError && err.status > 0 && err.status < 500 && err.message ? err.message : fallback;
}

export function SignInForm({ idPrefix, onSignedIn, submitLabel }: Props) {
  const { t, localise } = useI18n();
  const { signIn } = useAuth();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError("");
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      document.getElementById(id(found.email ? "email" : "password"))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSignedIn(await signIn(parsed.data.email, parsed.data.password));
    } catch (err) {
      setFormError(authErrorMessage(err, t("account.signIn.failed")));
      setBusy(false);
    }
  };

  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      {formError && (
        <div className="form-alert" role="alert">
          {formError}
        </div>
      )}
      <EmailField id={id("email")} name="email" label={t("account.signIn.email")} value={email} onChange={setEmail} error={errors.email && localise(errors.email)} />
      <FormField id={id("password")} label={t("account.signIn.password")} error={errors.password && localise(errors.password)}>
        <PasswordInput
          id={id("password")}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={fieldDescribedBy(id("password"), errors.password)}
        />
      </FormField>
      <button type="submit" className="button button-primary button-large form-submit" disabled={busy}>
        {busy ? t("account.signIn.busy") : (submitLabel ?? t("account.signIn.submit"))}
      </button>
    </form>
  );
}
