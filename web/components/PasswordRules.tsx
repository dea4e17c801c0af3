// The password rules as a checklist, each ticked as it is met while the password is typed: sign-up, Spotlight's
// onboarding, /reset-password and Settings' new password. A refused password marks the rules still unmet, all of
// them at once (the twentieth reading: one rule per attempt on /reset-password and in Settings).
import { PASSWORD_RULES } from "@rules/password";
import { useI18n } from "../i18n";

/**
 * Whether a password's error is one of the rules (the checklist says it, not a line under the field): the schema's
 * English, or the server's answer in the page's language (`localise`).
 */
export function isPasswordRule(message: string | undefined, localise: (text: string) => string = (text) => text): boolean {
  return message !== undefined && PASSWORD_RULES.some((r) => r.message === message || localise(r.message) === message);
}

interface Props {
  /** The list's id: the password input's aria-describedby. */
  id: string;
  password: string;
  /** The password was refused: the rules not yet met are marked. */
  refused: boolean;
}

export function PasswordRules({ id, password, refused }: Props) {
  const { t, localise } = useI18n();
  return (
    <ul className="password-rules" id={id} aria-label={t("account.signUp.passwordRules")}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.message} className={met ? "is-met" : refused ? "is-unmet" : ""} data-met={met}>
            <span className="rule-mark" aria-hidden="true">
              {met ? "✓" : "•"}
            </span>
            {localise(rule.message)}
            <span className="sr-only">{` ${met ? t("account.signUp.ruleDone") : t("account.signUp.ruleNotYet")}`}</span>
          </li>
        );
      })}
    </ul>
  );
}
