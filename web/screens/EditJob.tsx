// /jobs/:id/edit: the owner edits Job Title, Company, Location,
// Category, Salary, Equity, Description, Application URL and "Receive applications on Startup Jobs", checked with the posting rules' messages
// (the server checks again). A missing job, or someone else's, shows 'Job not found', never a blank form.
import { rangeDir } from "../components/fieldDirection";
import { SalaryReading } from "../components/SalaryReading";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { JOB_CATEGORIES } from "@rules/lists";
import type { InferRequestType } from "hono/client";
import { fieldErrors, jobUpdateSchema } from "@rules/posting";
import { ApiRequestError, api, call } from "../client";
import type { DashboardJob } from "../components/dashboard/dashboardJob";
import { DescriptionField } from "../components/DescriptionField";
import { FormField, fieldDescribedBy } from "../components/FormField";
import { PageSpinner } from "../components/Spinner";
import { useI18n } from "../i18n";
import { listLabel } from "../pricingDisplay";
import { keys, freshEachVisit } from "../queryKeys";
import { useDocumentTitle } from "../useDocumentTitle";
import { EXAMPLE } from "../components/JobDetailsForm";

/** The editable fields with the posting form's rules: the very schema the server runs. */
const editSchema = jobUpdateSchema;

export const EDIT_REDIRECT_MS = 1_500;

/** The fields the edit screen sends (PATCH /api/dashboard/jobs/:id). */
type JobUpdate = Required<InferRequestType<(typeof api.dashboard.jobs)[":id"]["$patch"]>["json"]>;

const formOf = (job: DashboardJob): JobUpdate => ({
  title: job.title,
  company: job.company,
  location: job.location,
  category: job.category,
  salary: job.salary,
  equity: job.equity,
  description: job.description,
  apply_url: job.apply_url,
  applications: Boolean(job.applications),
  // The version this form was loaded from (decision 0250): a save after another tab's is refused, 409 stale.
  version: job.updated_at,
});

/** The shared list, plus a stored category outside it so the job keeps showing its own. */
export function categoryOptions(current: string): string[] {
  const list: string[] = [...JOB_CATEGORIES];
  return current && !list.includes(current) ? [...list, current] : list;
}

function NotFound() {
  const { t } = useI18n();
  return (
    <div className="container page page-center">
      <section className="card message-card">
        <h1>{t("posting.edit.notFound")}</h1>
        <p className="muted">{t("posting.edit.notFoundText")}</p>
        <Link className="button button-primary" to="/dashboard/jobs">
          {t("posting.edit.backToPosts")}
        </Link>
      </section>
    </div>
  );
}

function EditForm({ job }: { job: DashboardJob }) {
  const { t, localise } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<JobUpdate>(() => formOf(job));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<"editing" | "saving" | "saved">("editing");
  const [alert, setAlert] = useState("");
  const [gone, setGone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (patch: Partial<JobUpdate>) => {
    setForm((f) => ({ ...f, ...patch }));
    // A corrected field loses its message at once; the others keep theirs until the next save.
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      return next;
    });
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setAlert("");
    const checked = editSchema.safeParse(form);
    if (!checked.success) {
      const found = fieldErrors(checked.error);
      setErrors(found);
      document.getElementById(`edit-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setPhase("saving");
    try {
      const saved = await call(api.dashboard.jobs[":id"].$patch({ param: { id: job.id }, json: { ...form, ...checked.data, apply_url: form.apply_url.trim() } }));
      queryClient.setQueryData(keys.dashboard.job(job.id), saved.job);
      void queryClient.invalidateQueries({ queryKey: keys.dashboard.jobs, exact: true });
      setPhase("saved");
      timer.current = setTimeout(() => navigate("/dashboard/jobs?updated=1"), EDIT_REDIRECT_MS);
    } catch (err) {
      setPhase("editing");
      if (err instanceof ApiRequestError && err.status === 404) return setGone(true);
      if (err instanceof ApiRequestError && err.issues?.length) {
        const found: Record<string, string> = {};
        for (const i of err.issues) found[i.path] ??= i.message;
        setErrors(found);
      }
      // Another tab or window saved since this one loaded: the server's message says to reload, as it is.
      if (err instanceof ApiRequestError && err.code === "stale") return setAlert(err.message);
      setAlert(t("posting.edit.failed", { reason: err instanceof Error ? err.message : t("posting.edit.unexpected") }));
    }
  };

  if (gone) return <NotFound />;

  const text = (name: "title" | "company" | "location" | "salary" | "equity" | "apply_url") => ({
    id: `edit-${name}`,
    className: "form-input",
    value: form[name],
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": fieldDescribedBy(`edit-${name}`, errors[name]),
    dir: "auto",
  });
  // The rules' messages (English) in the page's language; the server's arrive localised already.
  const shownError = (name: string) => (errors[name] ? localise(errors[name]) : undefined);
  const busy = phase !== "editing";

  return (
    <div className="container page edit-job-page">
      <Link className="back-link" to="/dashboard/jobs">
        {t("posting.edit.backLink")}
      </Link>
      <h1 className="edit-job-title">{t("posting.edit.heading")}</h1>
      <form className="card form edit-job-form" onSubmit={submit} noValidate>
        <FormField id="edit-title" label={t("posting.form.title")} error={shownError("title")} required>
          <input {...text("title")} maxLength={200} autoComplete="off" />
        </FormField>
        <div className="form-row">
          <FormField id="edit-company" label={t("posting.form.company")} error={shownError("company")} required>
            <input {...text("company")} maxLength={200} autoComplete="organization" />
          </FormField>
          <FormField id="edit-location" label={t("posting.form.location")} error={shownError("location")} required>
            <input {...text("location")} maxLength={200} placeholder={t("posting.form.locationPlaceholder")} />
          </FormField>
        </div>
        <FormField id="edit-category" label={t("posting.form.category")} error={shownError("category")} required>
          <select
            id="edit-category"
            className="form-input"
            value={form.category}
            onChange={(e) => change({ category: e.target.value })}
            aria-invalid={Boolean(errors.category)}
            aria-describedby={fieldDescribedBy("edit-category", errors.category)}
          >
            {!form.category && <option value="">{t("posting.form.categoryPlaceholder")}</option>}
            {categoryOptions(job.category).map((c) => (
              <option key={c} value={c}>
                {listLabel("category", c, c)}
              </option>
            ))}
          </select>
        </FormField>
        <div className="form-row">
          <FormField id="edit-salary" label={t("posting.edit.salary")} error={shownError("salary")} hint={t("posting.edit.salaryHint")} required>
            <input {...text("salary")} aria-describedby={fieldDescribedBy("edit-salary", errors.salary, true)} maxLength={100} placeholder={EXAMPLE.salary} dir={rangeDir(form.salary)} />
            <SalaryReading text={form.salary} error={shownError("salary")} />
          </FormField>
          <FormField id="edit-equity" label={t("posting.edit.equity")} error={shownError("equity")} hint={t("posting.edit.equityHint")} required>
            <input {...text("equity")} aria-describedby={fieldDescribedBy("edit-equity", errors.equity, true)} maxLength={100} placeholder="0.5% - 1.0%" dir={rangeDir(form.equity)} />
          </FormField>
        </div>
        <DescriptionField id="edit-description" label={t("posting.edit.description")} value={form.description} onChange={(description) => change({ description })} error={shownError("description")} />
        <FormField id="edit-apply_url" label={t("posting.edit.applyUrl")} error={shownError("apply_url")} hint={t("posting.edit.applyUrlHint")}>
          <input {...text("apply_url")} aria-describedby={fieldDescribedBy("edit-apply_url", errors.apply_url, true)} maxLength={500} inputMode="url" placeholder={EXAMPLE.applyUrl} dir="ltr" />
        </FormField>
        <label className="checkbox" htmlFor="edit-applications">
          <input id="edit-applications" type="checkbox" checked={form.applications} onChange={(e) => change({ applications: e.target.checked })} aria-describedby="edit-applications-hint" />
          {t("posting.form.receiveApplications")}
        </label>
        <p className="muted small" id="edit-applications-hint">
          {t("posting.form.receiveApplicationsHint")}
        </p>

        {alert && (
          <p className="form-alert" role="alert">
            {alert}
          </p>
        )}
        {phase === "saved" && (
          <p className="notice-success" role="status">
            {t("posting.edit.updated")}
          </p>
        )}
        <div className="edit-job-actions">
          <Link className="button button-outline" to="/dashboard/jobs" aria-disabled={busy || undefined} onClick={(e) => busy && e.preventDefault()}>
            {t("posting.edit.cancel")}
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            {phase === "saving" ? t("posting.edit.saving") : t("posting.edit.save")}
          </button>
        </div>
      </form>
    </div>
  );
}

export function EditJob() {
  const { t } = useI18n();
  const { id = "" } = useParams();
  const query = useQuery({
    queryKey: keys.dashboard.job(id),
    queryFn: async ({ signal }) => (await call(api.dashboard.jobs[":id"].$get({ param: { id } }, { init: { signal } }))).job,
    ...freshEachVisit,
  });
  const job = query.data;
  useDocumentTitle(job ? t("posting.edit.titleOf", { title: job.title }) : t("posting.edit.title"));

  if (query.isPending) return <PageSpinner label={t("posting.edit.loading")} />;
  const err = query.error;
  if (err instanceof ApiRequestError && (err.status === 404 || err.status === 400)) return <NotFound />;
  if (!job) {
    return (
      <div className="container page page-center">
        <section className="card message-card">
          <h1>{t("posting.edit.loadFailed")}</h1>
          <p className="muted">{err instanceof Error ? err.message : t("posting.edit.loadFailed")}</p>
          <div className="button-row">
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              {t("posting.result.tryAgain")}
            </button>
            <Link className="button button-outline" to="/dashboard/jobs">
              {t("posting.edit.backToPosts")}
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return <EditForm key={job.id} job={job} />;
}
