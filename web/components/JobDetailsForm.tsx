// Step 0 of /post, the job details. Each field shows
// its rule's exact message (from jobDetailsSchema) once the wizard has asked for validation.
import { COMPANY_STAGES, DEFAULT_STAGE, JOB_CATEGORIES, JOB_TYPE_OPTIONS, POPULAR_LOCATIONS, SALARY_PRESETS } from "@rules/lists";
import { EQUITY_MAX, EQUITY_MIN, equityFromSlider } from "@rules/equity";
import type { JobForm } from "../postingDraft";
import { DescriptionField } from "./DescriptionField";
import { FormField, fieldDescribedBy } from "./FormField";
import { LogoUpload } from "./LogoUpload";
import { SkillsInput } from "./SkillsInput";
import { SuggestInput } from "./SuggestInput";

interface Props {
  form: JobForm;
  errors: Record<string, string>;
  onChange: (patch: Partial<JobForm>) => void;
}

const JOB_TYPES = JOB_TYPE_OPTIONS.filter((o) => o.value && o.value !== "remote");
/** Suggestions appear once more than 1 character is typed. */
const LOCATION_MIN_CHARS = 2;

export const fieldId = (name: string) => `job-${name}`;

export function JobDetailsForm({ form, errors, onChange }: Props) {
  const text = (name: "title" | "company" | "website" | "salary" | "equity" | "applicationLink" | "applicationEmail") => ({
    id: fieldId(name),
    className: "form-input",
    value: form[name],
    onChange: (e: { target: { value: string } }) => onChange({ [name]: e.target.value }),
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": fieldDescribedBy(fieldId(name), errors[name]),
  });

  return (
    <div className="form job-form">
      <section className="form-section" aria-labelledby="section-company">
        <h2 id="section-company">Job and company</h2>
        <FormField id={fieldId("title")} label="Job Title" error={errors.title} required>
          <input {...text("title")} placeholder="e.g. Senior Frontend Engineer" maxLength={200} autoComplete="off" />
        </FormField>
        <div className="form-row">
          <FormField id={fieldId("company")} label="Company Name" error={errors.company} required>
            <input {...text("company")} placeholder="e.g. Acme" maxLength={200} autoComplete="organization" />
          </FormField>
          <FormField id={fieldId("website")} label="Company Website" error={errors.website}>
            <input {...text("website")} type="url" inputMode="url" placeholder="https://example.com" maxLength={500} />
          </FormField>
        </div>
        <FormField id={fieldId("logo")} label="Company Logo" error={errors.logo} required>
          <LogoUpload id={fieldId("logo")} value={form.logo} onChange={(logo) => onChange({ logo })} invalid={Boolean(errors.logo)} describedBy={fieldDescribedBy(fieldId("logo"), errors.logo)} />
        </FormField>
        <div className="form-row">
          <FormField id={fieldId("location")} label="Location" error={errors.location} required>
            <SuggestInput
              id={fieldId("location")}
              value={form.location}
              onChange={(location) => onChange({ location })}
              onPick={(location) => onChange({ location })}
              suggestions={POPULAR_LOCATIONS}
              minChars={LOCATION_MIN_CHARS}
              placeholder="e.g. Remote, Dubai, UAE"
              maxLength={200}
              aria-invalid={Boolean(errors.location)}
              aria-describedby={fieldDescribedBy(fieldId("location"), errors.location)}
            />
          </FormField>
          <FormField id={fieldId("stage")} label="Company Stage" error={errors.stage} required>
            <select
              id={fieldId("stage")}
              className="form-input"
              value={form.stage}
              onChange={(e) => onChange({ stage: e.target.value })}
              aria-invalid={Boolean(errors.stage)}
              aria-describedby={fieldDescribedBy(fieldId("stage"), errors.stage)}
            >
              <option value={DEFAULT_STAGE}>{DEFAULT_STAGE}</option>
              {COMPANY_STAGES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="form-row">
          <FormField id={fieldId("category")} label="Job Category" error={errors.category} required>
            <select
              id={fieldId("category")}
              className="form-input"
              value={form.category}
              onChange={(e) => onChange({ category: e.target.value })}
              aria-invalid={Boolean(errors.category)}
              aria-describedby={fieldDescribedBy(fieldId("category"), errors.category)}
            >
              <option value="">Select a category</option>
              {JOB_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={fieldId("type")} label="Job Type" error={errors.type} required>
            <select id={fieldId("type")} className="form-input" value={form.type} onChange={(e) => onChange({ type: e.target.value as JobForm["type"] })}>
              {JOB_TYPES.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </section>

      <section className="form-section" aria-labelledby="section-pay">
        <h2 id="section-pay">Compensation</h2>
        <FormField id={fieldId("salary")} label="Salary Range" error={errors.salary} required>
          <input {...text("salary")} placeholder="$100k - $150k" maxLength={100} />
        </FormField>
        <div className="preset-chips" role="group" aria-label="Salary presets">
          {SALARY_PRESETS.map((p) => (
            <button key={p} type="button" className="chip chip-small" aria-pressed={form.salary === p} onClick={() => onChange({ salary: p })}>
              {p}
            </button>
          ))}
        </div>
        <FormField id={fieldId("equity")} label="Equity Range" error={errors.equity} required>
          <input {...text("equity")} placeholder="0.5% - 1.0%" maxLength={100} />
        </FormField>
        <div className="equity-slider">
          <label htmlFor={fieldId("equity-slider")} className="small muted">
            Starting equity: {form.equityPercent}%
          </label>
          <input
            id={fieldId("equity-slider")}
            type="range"
            min={EQUITY_MIN}
            max={EQUITY_MAX}
            step={1}
            value={form.equityPercent}
            aria-valuetext={equityFromSlider(form.equityPercent)}
            onChange={(e) => {
              const p = Number(e.target.value);
              onChange({ equityPercent: p, equity: equityFromSlider(p) });
            }}
          />
        </div>
      </section>

      <section className="form-section" aria-labelledby="section-description">
        <h2 id="section-description">Skills and description</h2>
        <FormField id={fieldId("tags")} label="Skills" error={errors.tags} required>
          <SkillsInput id={fieldId("tags")} tags={form.tags} onChange={(tags) => onChange({ tags })} invalid={Boolean(errors.tags)} describedBy={fieldDescribedBy(fieldId("tags"), errors.tags)} />
        </FormField>
        <DescriptionField id={fieldId("description")} value={form.description} onChange={(description) => onChange({ description })} error={errors.description} />
      </section>

      <section className="form-section" aria-labelledby="section-apply">
        <h2 id="section-apply">How to apply</h2>
        <p className="muted small">Optional. Without these, candidates apply through your company website, or, without one, by e-mail to the address you give at payment.</p>
        <div className="form-row">
          <FormField id={fieldId("applicationLink")} label="Application Link" error={errors.applicationLink}>
            <input {...text("applicationLink")} type="url" inputMode="url" placeholder="https://example.com/careers/123" maxLength={500} />
          </FormField>
          <FormField id={fieldId("applicationEmail")} label="Application Email" error={errors.applicationEmail}>
            <input {...text("applicationEmail")} type="email" placeholder="jobs@example.com" maxLength={200} />
          </FormField>
        </div>
      </section>
    </div>
  );
}
