// /dashboard/settings: the e-mail (confirmed or not), name and company saved to the account for real; change
// the e-mail or the password, Sign Out here or everywhere, passkeys, download my data and delete my account (issue 23).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../auth";
import { SIGNED_OUT_EVERYWHERE } from "../../authRedirect";
import { ApiRequestError, api, call } from "../../client";
import { FormField, fieldDescribedBy } from "../../components/FormField";
import { Spinner } from "../../components/Spinner";
import { ApplicationNoticeSettings } from "../../components/settings/ApplicationNoticeSettings";
import { MailLanguageSettings } from "../../components/settings/MailLanguageSettings";
import { EmailSettings } from "../../components/settings/EmailSettings";
import { LeaveSettings } from "../../components/settings/LeaveSettings";
import { PasskeySettings } from "../../components/settings/PasskeySettings";
import { PasswordSettings } from "../../components/settings/PasswordSettings";
import { useI18n } from "../../i18n";
import { keys, freshEachVisit } from "../../queryKeys";
import { useDocumentTitle } from "../../useDocumentTitle";

type Status = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "error"; detail: string };

export function DashboardSettings() {
  const { t } = useI18n();
  useDocumentTitle(t("account.settings.title"));
  const { user, signOut, refresh } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(user?.email ?? "");
  const [name, setName] = useState(user?.name ?? "");
  const [company, setCompany] = useState(user?.company ?? "");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [signingOut, setSigningOut] = useState<"here" | "everywhere" | null>(null);

  // The saved values, fresh from the server (the session may be older than the last save); on a failure
  // the session's copy stays in the form.
  const account = useQuery({ queryKey: keys.account, queryFn: ({ signal }) => call(api.account.$get(undefined, { init: { signal } })), ...freshEachVisit });
  const loaded = !account.isPending;
  // A field the owner has typed in keeps what they typed: the server's copy can arrive after they started (the form
  // opens with the session's copy at once), and a save would then send the old value back.
  const typed = useRef({ name: false, company: false });
  const typing = (field: "name" | "company", set: (value: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    typed.current[field] = true;
    set(e.target.value);
  };
  useEffect(() => {
    if (!account.data) return;
    setEmail(account.data.email);
    if (!typed.current.name) setName(account.data.name);
    if (!typed.current.company) setCompany(account.data.company);
  }, [account.data]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setStatus({ kind: "saving" });
    try {
      const saved = await call(api.account.$patch({ json: { name, company } }));
      queryClient.setQueryData(keys.account, saved);
      setName(saved.name);
      setCompany(saved.company);
      setStatus({ kind: "saved" });
      void refresh(); // the greeting and the session pick up the new name
    } catch (err) {
      setStatus({ kind: "error", detail: err instanceof ApiRequestError && err.status === 400 ? (err.issues?.[0]?.message ?? "") : "" });
    }
  };

  // Leave the protected page first, so the guard does not send us to /sign-in on the way out.
  const onSignOut = async (where: "here" | "everywhere") => {
    setSigningOut(where);
    if (where === "everywhere") {
      try {
        await call(api.account["sign-out-everywhere"].$post());
      } catch {
        setSigningOut(null);
        setStatus({ kind: "error", detail: "" });
        return;
      }
    }
    navigate("/", { replace: true, state: where === "everywhere" ? SIGNED_OUT_EVERYWHERE : undefined });
    await signOut().catch(() => {});
  };

  const saving = status.kind === "saving";
  return (
    <div className="dash-page">
      <header className="dash-page-header">
        <h1>{t("account.settings.heading")}</h1>
        {/* A candidate has no job posts for the company name to show on (the fifth reading). */}
        <p className="muted">{t(user && !user.employer ? "account.settings.leadCandidate" : "account.settings.lead")}</p>
      </header>

      <section className="card dash-panel" aria-labelledby="account-heading">
        <h2 id="account-heading">{t("account.settings.account")}</h2>
        {!loaded && <Spinner label={t("account.settings.loading")} />}
        <form className="form settings-form" onSubmit={save} noValidate>
          <FormField id="settings-email" label={t("account.settings.email")} hint={t("account.settings.emailHint")}>
            <input
              id="settings-email"
              className="form-input settings-readonly"
              type="email"
              dir="ltr"
              value={email}
              readOnly
              aria-readonly="true"
              aria-describedby={fieldDescribedBy("settings-email", undefined, true)}
            />
            <span className={user?.emailVerified ? "settings-badge settings-badge-ok" : "settings-badge"}>
              {user?.emailVerified ? t("account.settings.verified") : t("account.settings.unverified")}
            </span>
          </FormField>
          <FormField id="settings-name" label={t("account.settings.name")}>
            <input id="settings-name" className="form-input" dir="auto" value={name} maxLength={100} autoComplete="name" onChange={typing("name", setName)} />
          </FormField>
          <FormField id="settings-company" label={t("account.settings.company")}>
            <input id="settings-company" className="form-input" dir="auto" value={company} maxLength={200} autoComplete="organization" onChange={typing("company", setCompany)} />
          </FormField>
          {status.kind === "saved" && (
            <p className="notice-success" role="status">
              {t("account.settings.saved")}
            </p>
          )}
          {status.kind === "error" && (
            <p className="form-alert" role="alert">
              {t("account.settings.failed")}
              {status.detail && <span className="notice-detail small">{status.detail}</span>}
            </p>
          )}
          <div className="settings-actions">
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? t("account.settings.saving") : t("account.settings.save")}
            </button>
          </div>
        </form>
      </section>

      <section className="card dash-panel" aria-labelledby="session-heading">
        <h2 id="session-heading">{t("account.settings.session")}</h2>
        <p className="muted">{t("account.settings.sessionText")}</p>
        <div className="settings-actions">
          <button type="button" className="button button-outline" onClick={() => void onSignOut("here")} disabled={signingOut !== null}>
            {signingOut === "here" ? t("account.settings.signingOut") : t("account.settings.signOut")}
          </button>
        </div>
        <p className="muted">{t("account.settings.everywhereText")}</p>
        <div className="settings-actions">
          <button type="button" className="button button-outline" onClick={() => void onSignOut("everywhere")} disabled={signingOut !== null}>
            {signingOut === "everywhere" ? t("account.settings.signingOut") : t("account.settings.everywhere")}
          </button>
        </div>
      </section>

      {user?.employer && <ApplicationNoticeSettings saved={account.data?.applicationNotices} />}
      <MailLanguageSettings saved={account.data?.locale} />
      <EmailSettings />
      <PasswordSettings />
      <PasskeySettings />
      <LeaveSettings />
    </div>
  );
}
