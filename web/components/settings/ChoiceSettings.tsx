// One setting chosen from a few, with its own form and Save button: how the employer hears of applications
// (ApplicationNoticeSettings) and the language of the account's e-mails (MailLanguageSettings).
import { useEffect, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { useI18n } from "../../i18n";
import { useSettingsAction } from "./useSettingsAction";

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
  /** The label's language, when it is not the page's (a language named in itself). */
  lang?: string;
}

interface Props<T extends string> {
  id: string;
  heading: string;
  text: string;
  options: readonly Choice<T>[];
  /** The account's choice, once it has loaded. */
  saved: T | undefined;
  save: (choice: T) => Promise<T>;
  submit: string;
  done: (choice: T) => ReactNode;
}

export function ChoiceSettings<T extends string>({ id, heading, text, options, saved, save, submit, done }: Props<T>) {
  const { t } = useI18n();
  const [choice, setChoice] = useState<T>(saved ?? options[0]!.value);
  const { state, run, working } = useSettingsAction<T>();
  useEffect(() => {
    if (saved) setChoice(saved);
  }, [saved]);
  // Until the account's choice has loaded, nothing can be chosen: a choice made meanwhile was overwritten when it
  // arrived (CI's run of the digest test clicked «A daily digest» in that moment, and the radio went back).
  const locked = working || saved === undefined;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    await run(() => save(choice));
  };

  return (
    <section className="card dash-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <form className="form settings-form" onSubmit={onSubmit} noValidate>
        <fieldset className="settings-choices" aria-describedby={`${id}-text`}>
          <legend className="muted" id={`${id}-text`}>
            {text}
          </legend>
          {options.map((o) => (
            <label key={o.value} className="settings-choice">
              <input type="radio" name={id} value={o.value} checked={choice === o.value} onChange={() => setChoice(o.value)} disabled={locked} />
              <span>
                <span className="settings-choice-label" lang={o.lang}>
                  {o.label}
                </span>
                {o.hint && <span className="muted small">{o.hint}</span>}
              </span>
            </label>
          ))}
        </fieldset>
        {state.kind === "done" && (
          <p className="notice-success" role="status">
            {done(state.result)}
          </p>
        )}
        {state.kind === "error" && (
          <p className="form-alert" role="alert">
            {state.message}
          </p>
        )}
        <div className="settings-actions">
          <button type="submit" className="button button-primary" disabled={locked}>
            {working ? t("account.settings.working") : submit}
          </button>
        </div>
      </form>
    </section>
  );
}
