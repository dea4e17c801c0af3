// /contact: name, email, subject and message, all
// required; the subject may be preselected with ?subject=…; the reply promise; the spec's messages for
// a failed send and for no connection. The same schema checks the form here and on the server.
import { useEffect, useId, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { CONTACT_MESSAGES, CONTACT_MESSAGE_MAX, CONTACT_REPLY_PROMISE, CONTACT_SUBJECTS, contactSchema, subjectFromParam } from "@rules/contact";
import { ApiRequestError, api, call } from "../client";
import { FormField, fieldDescribedBy } from "../components/FormField";
import { Turnstile } from "../components/Turnstile";
import { useI18n } from "../i18n";
import { keys } from "../queryKeys";
import { useDocumentTitle } from "../useDocumentTitle";

type Field = "name" | "email" | "subject" | "message";
type Errors = Partial<Record<Field, string>>;
type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "error"; message: string; offerEmail: boolean };

const FALLBACK_SUPPORT_EMAIL = "support@startupjobs.example";

function fieldErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = (typeof issue.path === "string" ? issue.path : String(issue.path[0] ?? "")) as Field;
    if (["name", "email", "subject", "message"].includes(key) && !out[key]) out[key] = issue.message;
  }
  return out;
}

export function Contact() {
  const { t, rich, localise, number, value: valueLabel } = useI18n();
  useDocumentTitle(t("public.contact.title"));
  const id = useId();
  const [params] = useSearchParams();
  const [values, setValues] = useState({ name: "", email: "", subject: subjectFromParam(params.get("subject")) as string, message: "", website: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [turnstileToken, setTurnstileToken] = useState("");
  const formRef = useRef<HTMLFormElement>(null);

  // The support address and the Turnstile key; without them the fallback address and no challenge.
  const { data: config } = useQuery({ queryKey: keys.contactConfig, queryFn: ({ signal }) => call(api.contact.config.$get({}, { init: { signal } })) });
  // A link to /contact?subject=… while the page is open still preselects.
  useEffect(() => {
    const subject = subjectFromParam(params.get("subject"));
    if (subject) setValues((v) => ({ ...v, subject }));
  }, [params]);

  const supportEmail = config?.supportEmail ?? FALLBACK_SUPPORT_EMAIL;
  const fid = (name: string) => `${id}-${name}`;
  // Rule messages are English (the same schema runs on the server): shown in the page's language.
  const shown: Errors = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? localise(v) : v]));

  function update(name: keyof typeof values, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name as Field]) setErrors((e) => ({ ...e, [name]: undefined }));
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = contactSchema.safeParse({ ...values, ...(turnstileToken ? { turnstileToken } : {}) });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      setErrors(found);
      const first = (["name", "email", "subject", "message"] as const).find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fid(first))}`)?.focus();
      return;
    }
    if (!navigator.onLine) {
      setStatus({ kind: "error", message: CONTACT_MESSAGES.offline, offerEmail: false });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      await call(api.contact.$post({ json: { ...parsed.data, website: values.website } }));
      setStatus({ kind: "sent" });
    } catch (err) {
      const issues = err instanceof ApiRequestError ? (err.issues ?? []) : [];
      if (err instanceof ApiRequestError && err.status === 400 && issues.some((i) => ["name", "email", "subject", "message"].includes(i.path))) {
        setErrors(fieldErrors(issues));
        setStatus({ kind: "idle" });
      } else if (err instanceof ApiRequestError && (err.status === 429 || (err.status === 400 && issues.some((i) => i.path === "turnstileToken")))) {
        setStatus({ kind: "error", message: err.message, offerEmail: true });
      } else if (!navigator.onLine) {
        setStatus({ kind: "error", message: CONTACT_MESSAGES.offline, offerEmail: false });
      } else {
        setStatus({ kind: "error", message: CONTACT_MESSAGES.failed, offerEmail: true });
      }
    }
  }

  return (
    <div className="container page page-narrow">
      <header className="page-intro">
        <h1>{t("public.contact.heading")}</h1>
        <p>{t("public.contact.lead")}</p>
      </header>

      <div className="contact-layout">
        <section className="card contact-card" aria-label={t("public.contact.formLabel")}>
          {status.kind === "sent" ? (
            <div className="form-success" role="status">
              <h2>{t("public.contact.sent")}</h2>
              <p>{localise(CONTACT_MESSAGES.sent)}</p>
              <p className="muted">{localise(CONTACT_REPLY_PROMISE)}</p>
              <button
                type="button"
                className="button button-outline"
                onClick={() => {
                  setValues({ name: "", email: "", subject: "", message: "", website: "" });
                  setStatus({ kind: "idle" });
                }}
              >
                {t("public.contact.sendAnother")}
              </button>
            </div>
          ) : (
            <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
              {status.kind === "error" && (
                <div className="form-alert" role="alert">
                  {localise(status.message)}
                  {status.offerEmail && (
                    <>
                      {" "}
                      <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                    </>
                  )}
                </div>
              )}
              <div className="form-row">
                <FormField id={fid("name")} label={t("public.contact.name")} error={shown.name} required>
                  <input
                    id={fid("name")}
                    className="form-input"
                    name="name"
                    autoComplete="name"
                    value={values.name}
                    aria-invalid={Boolean(errors.name)}
                    aria-describedby={fieldDescribedBy(fid("name"), errors.name)}
                    onChange={(e) => update("name", e.target.value)}
                  />
                </FormField>
                <FormField id={fid("email")} label={t("public.contact.email")} error={shown.email} required>
                  <input
                    id={fid("email")}
                    className="form-input"
                    type="email"
                    dir="ltr"
                    name="email"
                    autoComplete="email"
                    inputMode="email"
                    value={values.email}
                    aria-invalid={Boolean(errors.email)}
                    aria-describedby={fieldDescribedBy(fid("email"), errors.email)}
                    onChange={(e) => update("email", e.target.value)}
                  />
                </FormField>
              </div>
              <FormField id={fid("subject")} label={t("public.contact.subject")} error={shown.subject} required>
                <select
                  id={fid("subject")}
                  className="form-input"
                  name="subject"
                  value={values.subject}
                  aria-invalid={Boolean(errors.subject)}
                  aria-describedby={fieldDescribedBy(fid("subject"), errors.subject)}
                  onChange={(e) => update("subject", e.target.value)}
                >
                  <option value="">{t("public.contact.selectSubject")}</option>
                  {CONTACT_SUBJECTS.map((s) => (
                    <option key={s} value={s}>
                      {valueLabel("subject", s)}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField id={fid("message")} label={t("public.contact.message")} error={shown.message} required>
                <textarea
                  id={fid("message")}
                  className="form-input"
                  name="message"
                  rows={7}
                  value={values.message}
                  aria-invalid={Boolean(errors.message)}
                  aria-describedby={[fieldDescribedBy(fid("message"), errors.message), `${fid("message")}-count`].filter(Boolean).join(" ")}
                  onChange={(e) => update("message", e.target.value)}
                />
                <span id={`${fid("message")}-count`} className={`char-count${values.message.length > CONTACT_MESSAGE_MAX ? " is-over" : ""}`}>
                  {number(values.message.length)} / {number(CONTACT_MESSAGE_MAX)}
                </span>
              </FormField>
              {/* Honeypot: people never see or reach it; bots that fill it get a fake success. */}
              <div className="hp-field" aria-hidden="true">
                <label htmlFor={fid("website")}>{t("public.contact.honeypot")}</label>
                <input id={fid("website")} name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={(e) => update("website", e.target.value)} />
              </div>
              {config?.turnstileSiteKey && <Turnstile siteKey={config.turnstileSiteKey} onToken={setTurnstileToken} />}
              <p className="reply-promise">{localise(CONTACT_REPLY_PROMISE)}</p>
              <button type="submit" className="button button-primary button-large form-submit" disabled={status.kind === "sending"}>
                {status.kind === "sending" ? t("public.contact.sending") : t("public.contact.send")}
              </button>
            </form>
          )}
        </section>

        <aside className="card contact-aside" aria-label={t("public.contact.asideLabel")}>
          <h2>{t("public.contact.preferEmail")}</h2>
          <p className="muted small">
            {/* The reply is promised once, above Send and then in the sent box (a reading found it said twice here). */}
            {rich("public.contact.writeTo", { email: supportEmail, a: (chunks) => <a href={`mailto:${supportEmail}`}>{chunks}</a> })}
          </p>
          <h2>{t("public.contact.hiring")}</h2>
          <p className="muted small">{rich("public.contact.hiringText", { plans: (chunks) => <Link to="/advertise">{chunks}</Link>, post: (chunks) => <Link to="/post">{chunks}</Link> })}</p>
        </aside>
      </div>
    </div>
  );
}
