// Settings: how the employer hears of applications (issue 26, decision 0604): an e-mail for each application (the
// default) or one daily digest. The choice is the account's, saved by PUT /api/account/application-notices.
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import type { ApplicationNotices } from "@rules/applications";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { useSettingsAction } from "./useSettingsAction";

export function ApplicationNoticeSettings({ saved }: { saved: ApplicationNotices | undefined }) {
  const { t } = useI18n();
  const [choice, setChoice] = useState<ApplicationNotices>(saved ?? "each");
  const { state, run, working } = useSettingsAction<ApplicationNotices>();
  useEffect(() => {
    if (saved) setChoice(saved);
  }, [saved]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    await run(async () => (await call(api.account["application-notices"].$put({ json: { applicationNotices: choice } }))).applicationNotices);
  };

  const options = [
    { value: "each", label: t("account.settings.noticesEach"), hint: t("account.settings.noticesEachHint") },
    { value: "digest", label: t("account.settings.noticesDigest"), hint: t("account.settings.noticesDigestHint") },
  ] as const;
  return (
    <section className="card dash-panel" aria-labelledby="notices-heading">
      <h2 id="notices-heading">{t("account.settings.notices")}</h2>
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        <fieldset className="settings-choices" aria-describedby="notices-text">
          <legend className="muted" id="notices-text">
            {t("account.settings.noticesText")}
          </legend>
          {options.map((o) => (
            <label key={o.value} className="settings-choice">
              <input type="radio" name="application-notices" value={o.value} checked={choice === o.value} onChange={() => setChoice(o.value)} disabled={working} />
              <span>
                <span className="settings-choice-label">{o.label}</span>
                <span className="muted small">{o.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {state.kind === "done" && (
          <p className="notice-success" role="status">
            {t("account.settings.noticesSaved", { choice: state.result })}
          </p>
        )}
        {state.kind === "error" && (
          <p className="form-alert" role="alert">
            {state.message}
          </p>
        )}
        <div className="settings-actions">
          <button type="submit" className="button button-primary" disabled={working}>
            {working ? t("account.settings.working") : t("account.settings.noticesSave")}
          </button>
        </div>
      </form>
    </section>
  );
}
