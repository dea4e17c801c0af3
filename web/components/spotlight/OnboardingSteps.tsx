// The onboarding's steps: account, company, payment, success.
import { useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";

export const ONBOARDING_STEPS = [
  { id: "account", label: "spotlight.steps.account" },
  { id: "company", label: "spotlight.steps.company" },
  { id: "payment", label: "spotlight.steps.payment" },
  { id: "success", label: "spotlight.steps.success" },
] as const satisfies readonly { id: string; label: MessageId }[];
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]["id"];

export function OnboardingSteps({ current }: { current: OnboardingStep }) {
  const { t, number } = useI18n();
  const at = ONBOARDING_STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="onboarding-steps" aria-label={t("spotlight.steps.label")}>
      {ONBOARDING_STEPS.map((s, i) => (
        <li key={s.id} className={i < at ? "is-done" : i === at ? "is-current" : undefined} aria-current={i === at ? "step" : undefined}>
          <span className="onboarding-step-number" aria-hidden="true">
            {i < at ? "✓" : number(i + 1)}
          </span>
          {t(s.label)}
        </li>
      ))}
    </ol>
  );
}
