// Step 0 of /post, the job details. Each field shows
// its rule's exact message (from jobDetailsSchema) once the wizard has asked for validation.
import { SalaryReading } from "./SalaryReading";
import { SALARY_PRESETS, locationSuggestions } from "@rules/formSuggestions";
import { COMPANY_STAGES, DEFAULT_STAGE, JOB_CATEGORIES, JOB_TYPE_OPTIONS } from "@rules/lists";
import { EQUITY_MAX, EQUITY_MIN, NO_EQUITY, displayEquity, equityFromSlider, equityLow } from "@rules/equity";
import { useI18n } from "../i18n";
import type { JobForm } from "../postingDraft";
import { listLabel, percentPoints } from "../pricingDisplay";
import { DescriptionField } from "./DescriptionField";
import { EmailAddress, withAddress } from "./EmailAddress";
import { FormField, fieldDescribedBy } from "./FormField";
import { LogoUpload } from "./LogoUpload";
import { SkillsInput } from "./SkillsInput";
import { rangeDir, typedDir } from "./fieldDirection";
import { SuggestInput } from "./SuggestInput";

/** Format examples in the fields (not language: the same on both boards). */
export const EXAMPLE = {
  website: "https://example.com",
  applyUrl: "https://example.com/careers/123",
  email: "jobs@example.com",
  salary: "$100k - $150k",
} as const;

interface Props {
  form: JobForm;
  errors: Record<string, string>;
  onChange: (patch: Partial<JobForm>) => void;
  /** Set when the post spends a credit or is a Spotlight post: no payment step asks for an address, so candidates
   * without a link or a website write to the account's. */
  accountEmail?: string;
  /** The logo upload's refusal, said under the field instead of "logo required" (the twentieth reading), and its setter. */
  logoProblem?: string;
  onLogoProblem?: (message: string) => void;
}

const JOB_TYPES = JOB_TYPE_OPTIONS.filter((o) => o.value && o.value !== "remote");
/** Suggestions appear once more than 1 character is typed. */
const LOCATION_MIN_CHARS = 2;

export const fieldId = (name: string) => `job-${name}`;

export function JobDetailsForm({ form, errors: rawErrors, onChange, accountEmail, logoProblem = "", onLogoProblem }: Props) {
  const { t, rich, localise, locale } = useI18n();
  // The rules' messages (English) in the page's language; the server's arrive localised already.
  const errors: Record<string, string | undefined> = Object.fromEntries(Object.entries(rawErrors).map(([k, v]) => [k, localise(v)]));
  const text = (name: "title" | "company" | "website" | "salary" | "equity" | "applicationLink" | "applicationEmail") => ({
    id: fieldId(name),
    className: "form-input",
    value: form[name],
    onChange: (e: { target: { value: string } }) => onChange({ [name]: e.target.value }),
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": fieldDescribedBy(fieldId(name), errors[name]),
  });

  const equityLabel = (equity: string) => (equity === NO_EQUITY ? t("posting.equity.none") : equity);
  // The equity field is the truth: a valid typed range moves the slider and names the label's minimum, so
  // «0.5% - 1%» typed reads «الحد الأدنى … 0.5%», not the slider's last 0% (issue 25). Mid-typing, the slider's stays.
  const typedLow = equityLow(form.equity);
  const sliderEquity = typedLow === null ? equityFromSlider(form.equityPercent) : displayEquity(form.equity);

  return (
    <div className="form job-form">
      <section className="form-section" aria-labelledby="section-company">
        <h2 id="section-company">{t("posting.form.sectionCompany")}</h2>
        <FormField id={fieldId("title")} label={t("posting.form.title")} error={errors.title} required>
          <input {...text("title")} placeholder={t("posting.form.titlePlaceholder")} dir={typedDir(form.title)} maxLength={200} autoComplete="off" />
        </FormField>
        <div className="form-row">
          <FormField id={fieldId("company")} label={t("posting.form.company")} error={errors.company} required>
            <input {...text("company")} placeholder={t("posting.form.companyPlaceholder")} dir={typedDir(form.company)} maxLength={200} autoComplete="organization" />
          </FormField>
          <FormField id={fieldId("website")} label={t("posting.form.website")} error={errors.website}>
            <input {...text("website")} type="url" inputMode="url" placeholder={EXAMPLE.website} maxLength={500} dir="ltr" />
          </FormField>
        </div>
        {/* A refused file says why, once: not also «شعار الشركة مطلوب» (the upload shows its own reason). */}
        <FormField id={fieldId("logo")} label={t("posting.form.logo")} error={logoProblem ? undefined : errors.logo} required>
          <LogoUpload
            id={fieldId("logo")}
            value={form.logo}
            onChange={(logo) => onChange({ logo })}
            invalid={Boolean(errors.logo)}
            describedBy={fieldDescribedBy(fieldId("logo"), logoProblem ? undefined : errors.logo)}
            onProblem={onLogoProblem}
          />
        </FormField>
        <div className="form-row">
          <FormField id={fieldId("location")} label={t("posting.form.location")} error={errors.location} required>
            <SuggestInput
              id={fieldId("location")}
              value={form.location}
              onChange={(location) => onChange({ location })}
              onPick={(location) => onChange({ location })}
              suggestions={locationSuggestions(locale)}
              minChars={LOCATION_MIN_CHARS}
              placeholder={t("posting.form.locationPlaceholder")}
              dir={typedDir(form.location)}
              maxLength={200}
              aria-invalid={Boolean(errors.location)}
              aria-describedby={fieldDescribedBy(fieldId("location"), errors.location)}
            />
          </FormField>
          <FormField id={fieldId("stage")} label={t("posting.form.stage")} error={errors.stage} required>
            <select
              id={fieldId("stage")}
              className="form-input"
              value={form.stage}
              onChange={(e) => onChange({ stage: e.target.value })}
              aria-invalid={Boolean(errors.stage)}
              aria-describedby={fieldDescribedBy(fieldId("stage"), errors.stage)}
            >
              <option value={DEFAULT_STAGE}>{listLabel("stage", DEFAULT_STAGE, DEFAULT_STAGE)}</option>
              {COMPANY_STAGES.map((s) => (
                <option key={s} value={s}>
                  {listLabel("stage", s, s)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="form-row">
          <FormField id={fieldId("category")} label={t("posting.form.category")} error={errors.category} required>
            <select
              id={fieldId("category")}
              className="form-input"
              value={form.category}
              onChange={(e) => onChange({ category: e.target.value })}
              aria-invalid={Boolean(errors.category)}
              aria-describedby={fieldDescribedBy(fieldId("category"), errors.category)}
            >
              <option value="">{t("posting.form.categoryPlaceholder")}</option>
              {JOB_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {listLabel("category", c, c)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={fieldId("type")} label={t("posting.form.type")} error={errors.type} required>
            <select id={fieldId("type")} className="form-input" value={form.type} onChange={(e) => onChange({ type: e.target.value as JobForm["type"] })}>
              {JOB_TYPES.map((o) => (
                <option key={o.value} value={o.value}>
                  {listLabel("type", o.value, o.label)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </section>

      <section className="form-section" aria-labelledby="section-pay">
        <h2 id="section-pay">{t("posting.form.sectionPay")}</h2>
        <FormField id={fieldId("salary")} label={t("posting.form.salary")} error={errors.salary} required>
          <input {...text("salary")} placeholder={EXAMPLE.salary} maxLength={100} dir={rangeDir(form.salary)} />
          <SalaryReading text={form.salary} error={errors.salary} />
        </FormField>
        <div className="preset-chips" role="group" aria-label={t("posting.form.salaryPresets")}>
          {SALARY_PRESETS.map((p) => (
            <button key={p} type="button" className="chip chip-small" dir="ltr" aria-pressed={form.salary === p} onClick={() => onChange({ salary: p })}>
              {p}
            </button>
          ))}
        </div>
        <FormField id={fieldId("equity")} label={t("posting.form.equity")} error={errors.equity} required>
          <input
            {...text("equity")}
            onChange={(e) => {
              const low = equityLow(e.target.value);
              onChange(low === null ? { equity: e.target.value } : { equity: e.target.value, equityPercent: Math.min(EQUITY_MAX, Math.max(EQUITY_MIN, low)) });
            }}
            placeholder="0.5% - 1.0%"
            maxLength={100}
            dir={rangeDir(form.equity)}
          />
        </FormField>
        <div className="equity-slider">
          <label htmlFor={fieldId("equity-slider")} className="small muted">
            {t("posting.form.startingEquity", { percent: percentPoints(typedLow ?? form.equityPercent) })}
          </label>
          <input
            id={fieldId("equity-slider")}
            type="range"
            min={EQUITY_MIN}
            max={EQUITY_MAX}
            step={1}
            value={form.equityPercent}
            aria-valuetext={equityLabel(sliderEquity)}
            onChange={(e) => {
              const p = Number(e.target.value);
              onChange({ equityPercent: p, equity: equityFromSlider(p) });
            }}
          />
        </div>
      </section>

      <section className="form-section" aria-labelledby="section-description">
        <h2 id="section-description">{t("posting.form.sectionDescription")}</h2>
        <FormField id={fieldId("tags")} label={t("posting.form.skills")} error={errors.tags} required>
          <SkillsInput id={fieldId("tags")} tags={form.tags} onChange={(tags) => onChange({ tags })} invalid={Boolean(errors.tags)} describedBy={fieldDescribedBy(fieldId("tags"), errors.tags)} />
        </FormField>
        <DescriptionField id={fieldId("description")} value={form.description} onChange={(description) => onChange({ description })} error={errors.description} />
      </section>

      <section className="form-section" aria-labelledby="section-apply">
        <h2 id="section-apply">{t("posting.form.sectionApply")}</h2>
        <p className="muted small">{accountEmail ? withAddress(rich("posting.form.applyNoteAccount", { email: <EmailAddress address={accountEmail} /> })) : t("posting.form.applyNote")}</p>
        <div className="form-row">
          <FormField id={fieldId("applicationLink")} label={t("posting.form.applicationLink")} error={errors.applicationLink}>
            <input {...text("applicationLink")} type="url" inputMode="url" placeholder={EXAMPLE.applyUrl} maxLength={500} dir="ltr" />
          </FormField>
          <FormField id={fieldId("applicationEmail")} label={t("posting.form.applicationEmail")} error={errors.applicationEmail}>
            <input {...text("applicationEmail")} type="email" placeholder={EXAMPLE.email} maxLength={200} dir="ltr" />
          </FormField>
        </div>
        <label className="checkbox" htmlFor={fieldId("applications")}>
          <input id={fieldId("applications")} type="checkbox" checked={form.applications} onChange={(e) => onChange({ applications: e.target.checked })} />
          {t("posting.form.receiveApplications")}
        </label>
        <p className="muted small">{t("posting.form.receiveApplicationsHint")}</p>
      </section>
    </div>
  );
}
