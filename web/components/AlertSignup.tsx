// 'Email me jobs like these' on /jobs: saves the current filters (the URL) as a job alert for an e-mail
// address. The server mails a confirmation link (double opt-in) before any digest is sent.
import { useEffect, useId, useState } from "react";
import type { FormEvent } from "react";
import { ALERT_MESSAGES, describeFilterParts } from "@rules/alerts";
import { ApiRequestError, api, call } from "../client";
import { useI18n } from "../i18n";
import { useUrlFilters } from "../useUrlFilters";
import { FormField, fieldDescribedBy } from "./FormField";

/**
 * The address's schema (and zod with it) loads when the form opens, not with the listing, which must stay
 * light (issue 14); sending waits for it if it has not arrived yet.
 */
const loadSchema = () => import("@rules/alertsSchema");

/**
 * The typed place as the alert's e-mails name it, in the page's script: «Dubai» typed on /ar is «دبي», «دبي» on an
 * English page "Dubai" (placeIn, the search's place table). The table comes with the address's schema, loaded on demand;
 * until it has come, and for a place it does not know, the summary shows the place as typed.
 */
function usePlaceInPageScript(location: string, locale: string): string {
  const [named, setNamed] = useState<[string, string] | []>([]);
  useEffect(() => {
    if ((locale === "ar" ? /[a-z]/i : /\p{Script=Arabic}/u).test(location))
      loadSchema().then(
        ({ placeIn }) => setNamed([location, placeIn(locale, location)]),
        () => {},
      );
  }, [location, locale]);
  // A name that came late, for a place typed before, is not this one's.
  return named[0] === location ? (named[1] as string) : location;
}

/** An example address: the same in every language. */
const EMAIL_EXAMPLE = "you@example.com";

type Status = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; message: string } | { kind: "error"; message: string };

export function AlertSignup() {
  const { t, rich, localise, value, money, locale, dir } = useI18n();
  const id = useId();
  const { filters } = useUrlFilters();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [error, setError] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const location = usePlaceInPageScript(filters.location, locale);
  const summary = describeFilterParts(
    { ...filters, location },
    (tag) => value("tag", tag),
    locale === "ar" ? "، " : ", ",
    (amount, currency) => money(amount * 100, currency, { whole: true }),
  )
    .map(localise)
    // The «·» stays with the part before it: at 390 px the box's second line began with one (the 29th reading).
    .join("\u00a0· ");
  const emailId = `${id}-email`;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      setStatus({ kind: "error", message: navigator.onLine ? ALERT_MESSAGES.failed : ALERT_MESSAGES.offline });
      return;
    }
    const parsed = schema.alertEmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ALERT_MESSAGES.emailFormat);
      return;
    }
    if (!navigator.onLine) {
      setStatus({ kind: "error", message: ALERT_MESSAGES.offline });
      return;
    }
    setStatus({ kind: "saving" });
    try {
      // The alert keeps the filters, not the sort or the time window: it is about new jobs.
      const { message } = await call(api.alerts.$post({ json: { email: parsed.data, query: window.location.search } }));
      setStatus({ kind: "saved", message });
    } catch (err) {
      const message = err instanceof ApiRequestError && err.status > 0 && err.status < 500 ? err.message : ALERT_MESSAGES.failed;
      setStatus({ kind: "error", message });
    }
  }

  return (
    <section className="card alert-signup" aria-labelledby={`${id}-title`}>
      <div className="alert-signup-head">
        <div>
          <h2 id={`${id}-title`}>{t("public.alert.title")}</h2>
          {/* The summary in the page's direction, its values isolated inside it: with no dir its first letter set it,
              so «React» first laid the Arabic parts out left to right («عن: الوسوم: الهندسة · «React»»; a reading). */}
          <p className="muted small">{rich("public.alert.digestFor", { summary: <bdi dir={dir}>{summary}</bdi> })}</p>
        </div>
        {!open && status.kind !== "saved" && (
          <button
            type="button"
            className="button button-primary alert-open"
            aria-expanded={open}
            onClick={() => {
              setOpen(true);
              void loadSchema().catch(() => {}); // sending says so if it cannot load
            }}
          >
            {t("public.alert.open")}
          </button>
        )}
      </div>
      {status.kind === "saved" ? (
        <p className="form-notice" role="status">
          {status.message}
        </p>
      ) : (
        open && (
          <form className="alert-signup-form" noValidate onSubmit={onSubmit}>
            <FormField id={emailId} label={t("public.alert.email")} error={error ? localise(error) : error} className="alert-email">
              <input
                id={emailId}
                className="form-input"
                type="email"
                dir="ltr"
                autoComplete="email"
                placeholder={EMAIL_EXAMPLE}
                value={email}
                aria-invalid={Boolean(error)}
                aria-describedby={fieldDescribedBy(emailId, error)}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError("");
                }}
                autoFocus
              />
            </FormField>
            <button type="submit" className="button button-primary alert-submit" disabled={status.kind === "saving"}>
              {status.kind === "saving" ? t("public.saving") : t("public.alert.create")}
            </button>
            {status.kind === "error" && (
              <p className="form-alert" role="alert">
                {localise(status.message)}
              </p>
            )}
          </form>
        )
      )}
    </section>
  );
}
