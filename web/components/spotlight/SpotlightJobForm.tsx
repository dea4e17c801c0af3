// The Spotlight job form: title, location, salary range, description (at
// least 100 characters) and skills are required, with their exact messages; category defaults to
// Engineering. Used by the preview and live dashboards and by the owner's edit on the company page.
import { SalaryReading } from "../SalaryReading";
import { useState } from "react";
import type { FormEvent } from "react";
import { SALARY_PRESETS, locationSuggestions } from "@rules/formSuggestions";
import { JOB_CATEGORIES, JOB_TYPE_OPTIONS } from "@rules/lists";
import { DEFAULT_CATEGORY, SPOTLIGHT_MESSAGES, spotlightFieldErrors } from "@rules/spotlight";
import { spotlightJobSchema } from "@rules/spotlightSchema";
import type { SpotlightJobData, SpotlightJobInput } from "@rules/spotlight";
import { ApiRequestError } from "../../client";
import { ApplyByEmailNotice } from "../ApplyByEmailNotice";
import { useI18n } from "../../i18n";
import { DescriptionField } from "../DescriptionField";
import { FormField, fieldDescribedBy } from "../FormField";
import { SkillsInput } from "../SkillsInput";
import { SuggestInput } from "../SuggestInput";

export interface JobValues {
  title: string;
  category: string;
  type: NonNullable<SpotlightJobInput["type"]>;
  location: string;
  salary: string;
  equity: string;
  website: string;
  tags: string[];
  description: string;
}

export const EMPTY_JOB: JobValues = { title: "", category: DEFAULT_CATEGORY, type: "full-time", location: "", salary: "", equity: "", website: "", tags: [], description: "" };

export function jobValues(j: Partial<SpotlightJobInput> | null | undefined): JobValues {
  if (!j) return { ...EMPTY_JOB };
  return {
    title: j.title ?? "",
    category: j.category || DEFAULT_CATEGORY,
    type: j.type ?? "full-time",
    location: j.location ?? "",
    salary: j.salary ?? "",
    equity: j.equity ?? "",
    website: j.website ?? "",
    tags: [...(j.tags ?? [])],
    description: j.description ?? "",
  };
}

const TYPES = JOB_TYPE_OPTIONS.filter((o) => o.value && o.value !== "remote");
const FIELD_ORDER = ["title", "category", "location", "salary", "equity", "website", "tags", "description"] as const;

interface Props {
  idPrefix: string;
  initial: JobValues;
  submitLabel: string;
  /** Live mode, new jobs: the 'Publish now' choice (preview jobs are never published). */
  publishChoice?: boolean;
  onSubmit: (job: SpotlightJobData, publish: boolean) => Promise<void>;
  onCancel?: () => void;
  /**
   * Where candidates apply when the job has no link of its own and the company profile neither a website nor an
   * e-mail: the account's address (worker/spotlight/projection.ts). The form says so while the link is empty.
   */
  fallbackEmail?: string | null;
}

export function SpotlightJobForm({ idPrefix, initial, submitLabel, publishChoice = false, onSubmit, onCancel, fallbackEmail = null }: Props) {
  const { t, value, localise, locale } = useI18n();
  const [values, setValues] = useState<JobValues>(initial);
  const [publish, setPublish] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (patch: Partial<JobValues>) => setValues((v) => ({ ...v, ...patch }));
  // Messages as they came (the rules' English, or the API's already in the page's language), shown localised.
  const error = (name: string) => (errors[name] ? localise(errors[name]) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError("");
    const parsed = spotlightJobSchema.safeParse(values);
    if (!parsed.success) {
      const found = spotlightFieldErrors(parsed.error);
      setErrors(found);
      const first = FIELD_ORDER.find((k) => found[k]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(parsed.data, publish);
    } catch (err) {
      if (err instanceof ApiRequestError && err.issues?.length) {
        const byField: Record<string, string> = {};
        for (const issue of err.issues) byField[issue.path.replace(/^job\./, "")] ??= issue.message;
        setErrors(byField);
      }
      setFormError(err instanceof ApiRequestError && err.status < 500 && err.message ? err.message : SPOTLIGHT_MESSAGES.saveJobFailed);
      setBusy(false);
      return;
    }
    setBusy(false);
  };

  const text = (name: "title" | "salary" | "equity" | "website") => ({
    id: id(name),
    className: "form-input",
    // What is typed reads in its own direction; empty, the placeholder follows the page.
    dir: values[name] ? ("auto" as const) : undefined,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": fieldDescribedBy(id(name), errors[name]),
  });

  return (
    <form className="form spotlight-job-form" onSubmit={submit} noValidate aria-busy={busy}>
      {formError && (
        <div className="form-alert" role="alert">
          {localise(formError)}
        </div>
      )}
      <FormField id={id("title")} label={t("spotlight.jobForm.title")} error={error("title")} required>
        <input {...text("title")} placeholder={t("spotlight.jobForm.titlePlaceholder")} maxLength={200} autoComplete="off" />
      </FormField>
      <div className="form-row">
        <FormField id={id("category")} label={t("spotlight.jobForm.category")} error={error("category")}>
          <select id={id("category")} className="form-input" value={values.category} onChange={(e) => set({ category: e.target.value })}>
            {JOB_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {value("category", c)}
              </option>
            ))}
            {!(JOB_CATEGORIES as readonly string[]).includes(values.category) && <option value={values.category}>{values.category}</option>}
          </select>
        </FormField>
        <FormField id={id("type")} label={t("spotlight.jobForm.type")}>
          <select id={id("type")} className="form-input" value={values.type} onChange={(e) => set({ type: e.target.value as JobValues["type"] })}>
            {TYPES.map((o) => (
              <option key={o.value} value={o.value}>
                {value("type", o.value)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id={id("location")} label={t("spotlight.jobForm.location")} error={error("location")} required>
        <SuggestInput
          id={id("location")}
          value={values.location}
          onChange={(location) => set({ location })}
          onPick={(location) => set({ location })}
          suggestions={locationSuggestions(locale)}
          minChars={2}
          placeholder={t("spotlight.jobForm.locationPlaceholder")}
          maxLength={200}
          className="form-input"
          aria-invalid={Boolean(errors.location)}
          aria-describedby={fieldDescribedBy(id("location"), errors.location)}
        />
      </FormField>
      <div className="form-row">
        <FormField id={id("salary")} label={t("spotlight.jobForm.salary")} error={error("salary")} required>
          <input {...text("salary")} placeholder="$100k - $150k" /* i18n-ignore: a format example, not language */ maxLength={100} list={id("salary-presets")} />
          <datalist id={id("salary-presets")}>
            {SALARY_PRESETS.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
          <SalaryReading text={values.salary} error={error("salary")} />
        </FormField>
        <FormField id={id("equity")} label={t("spotlight.jobForm.equity")} error={error("equity")}>
          <input {...text("equity")} placeholder={t("spotlight.jobForm.equityPlaceholder")} maxLength={100} />
        </FormField>
      </div>
      <FormField id={id("website")} label={t("spotlight.jobForm.website")} error={error("website")} hint={t("spotlight.jobForm.websiteHint")}>
        <input {...text("website")} dir="ltr" type="url" inputMode="url" placeholder="https://example.com/careers/123" /* i18n-ignore: an address, not language */ maxLength={500} />
      </FormField>
      {fallbackEmail && <ApplyByEmailNotice form={{ applicationLink: values.website, applicationEmail: "", website: "" }} email={fallbackEmail} message="spotlight.jobForm.applyEmailFallback" />}
      <FormField id={id("tags")} label={t("spotlight.jobForm.skills")} error={error("tags")} required>
        <SkillsInput id={id("tags")} tags={values.tags} onChange={(tags) => set({ tags })} invalid={Boolean(errors.tags)} describedBy={fieldDescribedBy(id("tags"), errors.tags)} />
      </FormField>
      <DescriptionField id={id("description")} value={values.description} onChange={(description) => set({ description })} error={error("description")} />
      {publishChoice && (
        <label className="checkbox">
          <input type="checkbox" checked={publish} onChange={(e) => setPublish(e.target.checked)} />
          {t("spotlight.jobForm.publishNow")}
        </label>
      )}
      <div className="spotlight-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("spotlight.form.saving") : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-outline" onClick={onCancel} disabled={busy}>
            {t("spotlight.jobForm.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
