// /jobs/:id/apply (issue 26): the application form of a job that takes applications on the board: name, e-mail,
// CV (PDF or DOCX, at most 5 MB; the server reads its type from its bytes), a note of at most 3,000 characters and
// optional links, with Turnstile where it is configured. A second submit of the same form makes no second application.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { Link, useParams } from "react-router";
import { NOTE_MAX, applicationFieldsSchema, cvFileProblem } from "@rules/applications";
import { fieldErrors } from "@rules/posting";
import { useAuth } from "../auth";
import { applicationsQuery } from "../candidateApplications";
import { api, call } from "../client";
import { jobGone } from "../jobGone";
import { FormField, fieldDescribedBy } from "../components/FormField";
import { PageSpinner } from "../components/Spinner";
import { Turnstile } from "../components/Turnstile";
import { boardLocale, useI18n } from "../i18n";
import { keys } from "../queryKeys";
import { useDocumentTitle } from "../useDocumentTitle";
import { OwnText } from "../components/OwnText";

type Errors = Partial<Record<"name" | "email" | "cv" | "note" | "links" | "form", string>>;

export function ApplyForm() {
  const { id = "" } = useParams();
  const { t, localise, date } = useI18n();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const job = useQuery({ queryKey: keys.job(id), queryFn: async ({ signal }) => (await call(api.jobs[":id"].$get({ param: { id } }, { init: { signal } }))).job });
  const config = useQuery({ queryKey: keys.contactConfig, queryFn: async () => call(api.contact.config.$get()) });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  // A signed-in candidate who applied to this job is told so, with the way to the application, not shown an empty
  // form whose submit seemed to send a second one (a fifteenth reading): from their list, or from the server's answer.
  const applications = useQuery({ ...applicationsQuery, enabled: Boolean(user) });
  const [already, setAlready] = useState<string | null>(null);
  const [turnstileToken, setTurnstileToken] = useState("");
  // The chosen CV's name, shown beside the page's own button (the browser's file control speaks the browser's language).
  const [cvName, setCvName] = useState("");
  // With the site's name, as every page's tab (the twenty-first reading); a job that is gone says so, as its page does
  // (the 22nd reading: the site's name alone, over a bare «الوظيفة غير موجودة»).
  const gone = jobGone(job.error);
  useDocumentTitle(job.data ? t("public.apply.pageTitle", { title: job.data.title }) : gone ? t("public.job.notFoundTitle") : "");

  if (job.isPending || (user && applications.isPending)) return <PageSpinner />;
  if (job.isError || !job.data.applications) {
    return (
      <div className="container page page-center">
        <div className="card message-card" role="alert">
          {gone && <h1>{t("public.job.notFound")}</h1>}
          <p>{gone ? t("public.job.notFoundText") : job.isError ? job.error.message : t("public.apply.closed")}</p>
          {/* A job that takes no applications here is applied to from its page: the way back to it (the 29th reading). */}
          {!job.isError && (
            <Link className="button button-primary" to={`/jobs/${encodeURIComponent(id)}`}>
              {t("public.apply.toJob")}
            </Link>
          )}
          <Link className={job.isError ? "button button-primary" : "button button-ghost"} to="/jobs">
            {t("public.browseJobs")}
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const form = new FormData(e.currentTarget);
    const cv = form.get("cv");
    // Every field's problem at once, checked as the server checks it (the twentieth reading: the CV's error, then
    // the e-mail's only once a CV was attached, one round each).
    const text = (name: string) => String(form.get(name) ?? "");
    const parsed = applicationFieldsSchema.safeParse({ name: text("name"), email: text("email"), note: text("note"), links: text("links") });
    const next: Errors = {};
    if (!parsed.success) for (const [path, message] of Object.entries(fieldErrors(parsed.error))) next[path as keyof Errors] = localise(message);
    const cvError = cvFileProblem(cv instanceof File ? cv : null);
    if (cvError) next.cv = localise(cvError);
    setErrors(next);
    if (Object.keys(next).length) return;
    if (turnstileToken) form.set("turnstileToken", turnstileToken);
    setSending(true);
    try {
      const res = await fetch(`/api/jobs/${encodeURIComponent(id)}/applications`, {
        method: "POST",
        body: form,
        credentials: "same-origin",
        headers: { Accept: "application/json", "Accept-Language": boardLocale },
      });
      const body = (await res.json().catch(() => ({}))) as { application?: { id: string; createdAt?: string }; already?: boolean; error?: string; issues?: { path: string; message: string }[] };
      if (res.status === 200 && body.already && body.application?.createdAt) {
        setAlready(body.application.createdAt);
        return;
      }
      if (res.status === 201 && body.application) {
        // The job's page and /saved now offer this application instead of Apply (ApplyOrApplied).
        void queryClient.invalidateQueries({ queryKey: keys.applications });
        setSent(body.application.id);
        return;
      }
      const fieldErrors: Errors = {};
      for (const issue of body.issues ?? []) if (["name", "email", "cv", "note", "links"].includes(issue.path)) fieldErrors[issue.path as keyof Errors] = localise(issue.message);
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: localise(body.error ?? t("common.offline")) });
    } catch {
      setErrors({ form: t("common.offline") });
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return <Outcome title={t("public.apply.sentTitle")} text={t("public.apply.sentText", { title: job.data.title })} toApplications={user ? t("common.nav.applications") : null} />;
  }

  const appliedAt = already ?? applications.data?.find((a) => a.jobId === id)?.createdAt;
  if (appliedAt) {
    return <Outcome title={t("public.apply.alreadyTitle")} text={t("public.apply.alreadyText", { title: job.data.title, date: date(appliedAt) })} toApplications={t("public.job.viewApplication")} />;
  }

  return (
    <div className="container page apply-page">
      <form className="card apply-form" onSubmit={onSubmit} noValidate aria-labelledby="apply-heading">
        <h1 id="apply-heading" dir="auto">
          {t("public.apply.title", { title: job.data.title })}
        </h1>
        <p className="muted">
          <OwnText text={job.data.company} />
        </p>
        {errors.form && (
          <p className="notice notice-error" role="alert">
            {errors.form}
          </p>
        )}
        <FormField id="apply-name" label={t("public.apply.name")} error={errors.name} required>
          <input
            id="apply-name"
            name="name"
            className="form-input"
            aria-describedby={fieldDescribedBy("apply-name", errors.name, false)}
            autoComplete="name"
            maxLength={200}
            defaultValue={user?.name ?? ""}
            dir="auto"
          />
        </FormField>
        <FormField id="apply-email" label={t("public.apply.email")} error={errors.email} required>
          <input
            id="apply-email"
            name="email"
            className="form-input"
            aria-describedby={fieldDescribedBy("apply-email", errors.email, false)}
            type="email"
            autoComplete="email"
            maxLength={254}
            defaultValue={user?.email ?? ""}
            dir="ltr"
          />
        </FormField>
        <FormField id="apply-cv" label={t("public.apply.cv")} error={errors.cv} hint={t("public.apply.cvHint")} required>
          <div className="cv-pick">
            <label className="button button-outline button-small file-button">
              <input
                id="apply-cv"
                name="cv"
                className="file-input"
                aria-describedby={fieldDescribedBy("apply-cv", errors.cv, true)}
                type="file"
                accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (!file) return;
                  setCvName(file.name);
                  // A file chosen answers "attach your CV"; one too big or of another type is said at once. The other
                  // fields' errors stay: a new CV does not mend the e-mail.
                  const problem = cvFileProblem(file);
                  setErrors(({ cv: _, ...rest }) => (problem ? { ...rest, cv: localise(problem) } : rest));
                }}
              />
              {cvName ? t("public.apply.cvChange") : t("public.apply.cvChoose")}
            </label>
            <span className="cv-name muted small">{cvName ? <OwnText text={cvName} /> : t("public.apply.cvNone")}</span>
          </div>
        </FormField>
        <FormField id="apply-note" label={t("public.apply.note")} error={errors.note} hint={t("public.apply.noteHint", { max: NOTE_MAX })}>
          <textarea id="apply-note" name="note" className="form-input" aria-describedby={fieldDescribedBy("apply-note", errors.note, true)} rows={6} maxLength={NOTE_MAX} dir="auto" />
        </FormField>
        <FormField id="apply-links" label={t("public.apply.links")} error={errors.links} hint={t("public.apply.linksHint")}>
          <input id="apply-links" name="links" className="form-input" aria-describedby={fieldDescribedBy("apply-links", errors.links, true)} maxLength={2600} dir="ltr" />
        </FormField>
        {config.data?.turnstileSiteKey && <Turnstile siteKey={config.data.turnstileSiteKey} onToken={setTurnstileToken} />}
        <p className="muted small">{t("public.apply.privacy")}</p>
        <button type="submit" className="button button-primary button-large" disabled={sending}>
          {sending ? t("public.apply.sending") : t("public.apply.submit")}
        </button>
      </form>
    </div>
  );
}

/**
 * What became of an application: its heading and sentence, the way to the candidate's applications (named by the
 * caller; none for a visitor who is not signed in), and back to the jobs.
 */
function Outcome({ title, text, toApplications }: { title: string; text: string; toApplications: string | null }) {
  const { t } = useI18n();
  // It takes the place of a long form: on a phone the page stayed scrolled to the form's end, the short card's heading
  // under the sticky header (the 29th reading). The outcome opens at the top, as a page does.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <div className="container page page-center">
      <div className="card message-card" role="status">
        <h1>{title}</h1>
        <p className="muted">{text}</p>
        {toApplications && (
          <Link className="button button-primary" to="/applications">
            {toApplications}
          </Link>
        )}
        <Link className="button button-ghost" to="/jobs">
          {t("public.browseJobs")}
        </Link>
      </div>
    </div>
  );
}
