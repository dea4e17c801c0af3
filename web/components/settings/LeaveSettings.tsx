// Settings: "Download my data" (a JSON file from /api/account/export) and "Delete my account" (asks for the
// password; what is erased and what is kept is said before it is done).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../auth";
import { ACCOUNT_DELETED } from "../../authRedirect";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { freshEachVisit, keys } from "../../queryKeys";
import { useCredits } from "../../useCredits";
import { PasswordField } from "../PasswordField";
import { SettingsForm } from "./SettingsForm";
import { useSettingsAction } from "./useSettingsAction";

export function LeaveSettings() {
  const { t } = useI18n();
  const { signOut, user } = useAuth();
  // Credits are paid for, and not refunded with the account (decision 0301): said before it is deleted, with the count.
  const { credits } = useCredits(Boolean(user));
  const unused = credits?.totalPostsRemaining ?? 0;
  // The applications sent to an employer's jobs close with the account (decision 0213): said, with the count.
  const counts = useQuery({
    queryKey: keys.applicationCounts,
    queryFn: async () => (await call(api.dashboard.applications.counts.$get())).counts,
    enabled: Boolean(user?.employer),
    ...freshEachVisit,
  });
  const received = Object.values(counts.data ?? {}).reduce((n, c) => n + c, 0);
  const navigate = useNavigate();
  const [currentPassword, setCurrent] = useState("");
  const { state, run, changes, working, fieldError } = useSettingsAction<true>(["currentPassword"]);

  const onDelete = async (e: FormEvent) => {
    e.preventDefault();
    const done = await run(async () => {
      await call(api.account.delete.$post({ json: { currentPassword } }));
      return true as const;
    });
    if (!done) return;
    // Leave the protected page first, then forget the session here.
    navigate("/", { replace: true, state: ACCOUNT_DELETED });
    await signOut().catch(() => {});
  };

  return (
    <>
      <section className="card dash-panel" aria-labelledby="data-heading">
        <h2 id="data-heading">{t("account.settings.data")}</h2>
        <p className="muted">{t("account.settings.dataText")}</p>
        <div>
          <a className="button button-outline" href="/api/account/export" download>
            {t("account.settings.download")}
          </a>
        </div>
      </section>

      <SettingsForm
        id="delete"
        heading={t("account.settings.delete")}
        text={
          <>
            <p className="muted">{t("account.settings.deleteText")}</p>
            {/* What a candidate loses: no jobs or subscription, but their applications and CVs (worker/account/deletion.ts). */}
            <p>{t(user && !user.employer ? "account.settings.deleteWarningCandidate" : "account.settings.deleteWarning")}</p>
            {unused > 0 && <p data-delete-credits>{t("account.settings.deleteCredits", { count: unused })}</p>}
            {received > 0 && <p data-delete-applications>{t("account.settings.deleteApplications", { count: received })}</p>}
          </>
        }
        onSubmit={onDelete}
        working={working}
        submit={t("account.settings.deleteSubmit")}
        failed={state.kind === "error" ? `${t("account.settings.deleteFailed")} ${state.message}` : null}
        danger
      >
        <PasswordField
          id="settings-delete-password"
          label={t("account.settings.deleteConfirm")}
          value={currentPassword}
          onChange={changes("currentPassword", setCurrent)}
          error={fieldError("currentPassword")}
        />
      </SettingsForm>
    </>
  );
}
