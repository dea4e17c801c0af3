// The frame every Settings form shares (change the e-mail, change the password, delete the account): a panel with
// its heading and explanation, the form's fields, what happened (done, or the server's message), and the submit
// button, which says it is working while the request runs.
import type { FormEvent, ReactNode } from "react";
import { useI18n } from "../../i18n";

interface Props {
  /** The panel's id stem: `${id}-heading` labels it. */
  id: string;
  heading: string;
  text: ReactNode;
  onSubmit: (e: FormEvent) => void;
  working: boolean;
  submit: string;
  /** The notice once it succeeded (role status), or nothing. */
  done?: ReactNode;
  /** The failure to show (role alert), or nothing. */
  failed?: string | null;
  danger?: boolean;
  children: ReactNode;
}

export function SettingsForm({ id, heading, text, onSubmit, working, submit, done, failed, danger = false, children }: Props) {
  const { t } = useI18n();
  return (
    <section className="card dash-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {text}
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        {children}
        {done && (
          <p className="notice-success" role="status">
            {done}
          </p>
        )}
        {failed && (
          <p className="form-alert" role="alert">
            {failed}
          </p>
        )}
        <div className="settings-actions">
          <button type="submit" className={`button ${danger ? "button-danger" : "button-primary"}`} disabled={working}>
            {working ? t("account.settings.working") : submit}
          </button>
        </div>
      </form>
    </section>
  );
}
