// Account creation: e-mail and password (each password rule shown live with its exact message), plus
// optional name and company. Field issues from the server go next to their fields.
import { useState } from "react";
import type { FormEvent } from "react";
import { Link } from "react-router";
import { signUpSchema } from "@rules/authSchema";
import { fieldErrors } from "@rules/posting";
import { ApiRequestError } from "../client";
import { useI18n } from "../i18n";
import { useAuth } from "../auth";
import type { AuthUser } from "../auth";
import { FormField, fieldDescribedBy } from "./FormField";
import { PasswordInput } from "./PasswordInput";
import { PasswordRules, isPasswordRule } from "./PasswordRules";
import { authErrorMessage } from "./SignInForm";

interface Props {
  idPrefix: string;
  onSignedUp: (user: AuthUser) => void;
  /** Where "Sign in" leads when the address already has an account (with the page's redirect). */
  signInTo: string;
}

export function SignUpForm({ idPrefix, onSignedUp, signInTo }: Props) {
  const { t, rich, localise } = useI18n();
  const { signUp } = useAuth();
  const [values, setValues] = useState({ name: "", company: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  // The address has an account: the way to it, not only the fact (the twentieth reading: no next step).
  const [taken, setTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError("");
    setTaken(false);
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = (["email", "password", "name", "company"] as const).find((k) => found[k]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onSignedUp(await signUp(parsed.data));
    } catch (err) {
      if (err instanceof ApiRequestError && err.issues?.length) {
        const byField: Record<string, string> = {};
        for (const issue of err.issues) byField[issue.path] ??= issue.message;
        setErrors(byField);
      }
      if (err instanceof ApiRequestError && err.code === "email_taken") setTaken(true);
      else setFormError(authErrorMessage(err, t("account.signUp.failed")));
      setBusy(false);
    }
  };

  const password = values.password;
  return (
    <form className="form auth-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      {formError && (
        <div className="form-alert" role="alert">
          {formError}
        </div>
      )}
      {taken && (
        <div className="form-alert" role="alert">
          {rich("account.signUp.taken", { signIn: (c) => <Link to={signInTo}>{c}</Link>, reset: (c) => <Link to="/forgot-password">{c}</Link> })}
        </div>
      )}
      <div className="form-row">
        <FormField id={id("name")} label={t("account.signUp.name")} error={errors.name && localise(errors.name)}>
          <input id={id("name")} className="form-input" name="name" autoComplete="name" dir="auto" value={values.name} onChange={set("name")} maxLength={100} />
        </FormField>
        {/* Whom the field is for: a job seeker read it as asked of them (the eighteenth reading). */}
        <FormField id={id("company")} label={t("account.signUp.company")} hint={t("account.signUp.companyHint")} error={errors.company && localise(errors.company)}>
          <input
            id={id("company")}
            className="form-input"
            name="company"
            autoComplete="organization"
            dir="auto"
            value={values.company}
            onChange={set("company")}
            maxLength={200}
            aria-describedby={fieldDescribedBy(id("company"), errors.company, true)}
          />
        </FormField>
      </div>
      <FormField id={id("email")} label={t("account.signIn.email")} error={errors.email && localise(errors.email)} required>
        <input
          id={id("email")}
          className="form-input"
          type="email"
          dir="ltr"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={fieldDescribedBy(id("email"), errors.email)}
        />
      </FormField>
      <FormField id={id("password")} label={t("account.signIn.password")} error={errors.password && !isPasswordRule(errors.password) ? localise(errors.password) : undefined} required>
        <PasswordInput
          id={id("password")}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={set("password")}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={`${id("password")}-rules`}
        />
      </FormField>
      <PasswordRules id={`${id("password")}-rules`} password={password} refused={Boolean(errors.password)} />
      <button type="submit" className="button button-primary button-large form-submit" disabled={busy}>
        {busy ? t("account.signUp.busy") : t("account.signUp.submit")}
      </button>
    </form>
  );
}
