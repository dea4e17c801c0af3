// The Spotlight company profile (onboarding's company step, the preview and live dashboards): company
// name (at least 2 characters), logo upload (the posting's upload rules), tagline (under 100 characters,
// with a counter), stage, website and the e-mail applications go to. Rules and messages from
// worker/rules/spotlight.ts; the server checks the same again.
import { useEffect, useRef, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { DEFAULT_STAGE, SPOTLIGHT_MESSAGES, TAGLINE_LIMIT, spotlightFieldErrors } from "@rules/spotlight";
import { spotlightProfileSchema } from "@rules/spotlightSchema";
import type { SpotlightProfileData, SpotlightProfileInput } from "@rules/spotlight";
import { ApiRequestError } from "../../client";
import { useI18n } from "../../i18n";
import { FormField, fieldDescribedBy } from "../FormField";
import { LogoUpload } from "../LogoUpload";

export interface ProfileValues {
  company: string;
  logo: string;
  tagline: string;
  stage: string;
  website: string;
  email: string;
}

export const EMPTY_PROFILE: ProfileValues = { company: "", logo: "", tagline: "", stage: DEFAULT_STAGE, website: "", email: "" };

export function profileValues(p: Partial<SpotlightProfileInput> | null | undefined): ProfileValues {
  return { ...EMPTY_PROFILE, ...Object.fromEntries(Object.entries(p ?? {}).filter(([, v]) => typeof v === "string")) } as ProfileValues;
}

interface Props {
  idPrefix: string;
  initial: ProfileValues;
  stages: readonly string[];
  submitLabel: string;
  busyLabel?: string;
  /** Throws to show its message (ApiRequestError issues go next to their fields). */
  onSubmit: (profile: SpotlightProfileData) => Promise<void>;
  /** Called on every change, e.g. to keep the onboarding's draft for the tab. */
  onChange?: (values: ProfileValues) => void;
  failureMessage?: string;
  showEmail?: boolean;
  children?: ReactNode;
}

export function CompanyProfileForm({ idPrefix, initial, stages, submitLabel, busyLabel, onSubmit, onChange, failureMessage, showEmail = true, children }: Props) {
  const { t, value, localise } = useI18n();
  const [values, setValues] = useState<ProfileValues>(initial);
  // Messages as they came (the rules' English, or the API's already in the page's language), shown localised.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;

  // A new profile from outside (another tab's edit arriving over the socket) replaces the form's values.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    setValues(JSON.parse(initialKey) as ProfileValues);
  }, [initialKey]);

  // A functional update: a change that lands later (the logo, when its upload finishes) merges into what
  // was typed meanwhile, never into the copy from when it started.
  const changed = useRef(false);
  const set = (patch: Partial<ProfileValues>) => {
    changed.current = true;
    setValues((prev) => ({ ...prev, ...patch }));
    setSaved(false);
  };
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (!changed.current) return;
    changed.current = false;
    onChangeRef.current?.(values);
  }, [values]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError("");
    setSaved(false);
    const parsed = spotlightProfileSchema.safeParse(values);
    if (!parsed.success) {
      const found = spotlightFieldErrors(parsed.error);
      setErrors(found);
      const first = (["company", "tagline", "stage", "website", "email"] as const).find((k) => found[k]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      setSaved(true);
    } catch (err) {
      if (err instanceof ApiRequestError && err.issues?.length) {
        const byField: Record<string, string> = {};
        for (const issue of err.issues) byField[issue.path] ??= issue.message;
        setErrors(byField);
      }
      setFormError(err instanceof ApiRequestError && err.status < 500 && err.message ? err.message : (failureMessage ?? SPOTLIGHT_MESSAGES.saveCompanyFailed));
    } finally {
      setBusy(false);
    }
  };

  const taglineLeft = TAGLINE_LIMIT - 1 - values.tagline.length;
  return (
    <form className="form spotlight-profile-form" onSubmit={submit} noValidate aria-busy={busy}>
      {formError && (
        <div className="form-alert" role="alert">
          {localise(formError)}
        </div>
      )}
      <FormField id={id("company")} label={t("spotlight.profile.company")} error={errors.company && localise(errors.company)} required>
        <input
          id={id("company")}
          className="form-input"
          value={values.company}
          dir={values.company ? "auto" : undefined}
          onChange={(e) => set({ company: e.target.value })}
          maxLength={100}
          autoComplete="organization"
          placeholder={t("spotlight.profile.companyPlaceholder")}
          aria-invalid={Boolean(errors.company)}
          aria-describedby={fieldDescribedBy(id("company"), errors.company)}
        />
      </FormField>
      <FormField id={id("logo")} label={t("spotlight.profile.logo")} error={errors.logo && localise(errors.logo)}>
        <LogoUpload id={id("logo")} value={values.logo} onChange={(logo) => set({ logo })} invalid={Boolean(errors.logo)} describedBy={fieldDescribedBy(id("logo"), errors.logo)} />
      </FormField>
      <FormField
        id={id("tagline")}
        label={t("spotlight.profile.tagline")}
        error={errors.tagline && localise(errors.tagline)}
        hint={<span className={`tagline-count${taglineLeft < 0 ? " is-over" : ""}`}>{t("spotlight.profile.taglineCount", { count: values.tagline.length, limit: TAGLINE_LIMIT - 1 })}</span>}
      >
        <input
          id={id("tagline")}
          className="form-input"
          value={values.tagline}
          dir={values.tagline ? "auto" : undefined}
          onChange={(e) => set({ tagline: e.target.value })}
          maxLength={200}
          placeholder={t("spotlight.profile.taglinePlaceholder")}
          aria-invalid={Boolean(errors.tagline)}
          aria-describedby={fieldDescribedBy(id("tagline"), errors.tagline, true)}
        />
      </FormField>
      <div className="form-row">
        <FormField id={id("stage")} label={t("spotlight.profile.stage")} error={errors.stage && localise(errors.stage)}>
          <select id={id("stage")} className="form-input" value={values.stage} onChange={(e) => set({ stage: e.target.value })} aria-invalid={Boolean(errors.stage)}>
            <option value={DEFAULT_STAGE}>{value("stage", DEFAULT_STAGE)}</option>
            {stages.map((s) => (
              <option key={s} value={s}>
                {value("stage", s)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={id("website")} label={t("spotlight.profile.website")} error={errors.website && localise(errors.website)}>
          <input
            id={id("website")}
            className="form-input"
            type="url"
            inputMode="url"
            value={values.website}
            dir="ltr" // an address reads left to right in either language
            onChange={(e) => set({ website: e.target.value })}
            maxLength={500}
            placeholder="https://example.com" // i18n-ignore: an address, not language
            aria-invalid={Boolean(errors.website)}
            aria-describedby={fieldDescribedBy(id("website"), errors.website)}
          />
        </FormField>
      </div>
      {showEmail && (
        <FormField id={id("email")} label={t("spotlight.profile.email")} error={errors.email && localise(errors.email)} hint={t("spotlight.profile.emailHint")}>
          <input
            id={id("email")}
            className="form-input"
            type="email"
            value={values.email}
            dir="ltr" // an address reads left to right in either language
            onChange={(e) => set({ email: e.target.value })}
            maxLength={254}
            placeholder="jobs@example.com" // i18n-ignore: an address, not language
            aria-invalid={Boolean(errors.email)}
            aria-describedby={fieldDescribedBy(id("email"), errors.email, true)}
          />
        </FormField>
      )}
      <div className="spotlight-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? (busyLabel ?? t("spotlight.form.saving")) : submitLabel}
        </button>
        {saved && (
          <span className="spotlight-saved" role="status">
            ✓ {t("spotlight.form.saved")}
          </span>
        )}
        {children}
      </div>
    </form>
  );
}
