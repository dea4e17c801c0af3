// The onboarding's steps: account, company, payment, success.
export const ONBOARDING_STEPS = [
  { id: "account", label: "Account" },
  { id: "company", label: "Company" },
  { id: "payment", label: "Payment" },
  { id: "success", label: "Success" },
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]["id"];

export function OnboardingSteps({ current }: { current: OnboardingStep }) {
  const at = ONBOARDING_STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="onboarding-steps" aria-label="Spotlight sign-up steps">
      {ONBOARDING_STEPS.map((s, i) => (
        <li key={s.id} className={i < at ? "is-done" : i === at ? "is-current" : undefined} aria-current={i === at ? "step" : undefined}>
          <span className="onboarding-step-number" aria-hidden="true">
            {i < at ? "✓" : i + 1}
          </span>
          {s.label}
        </li>
      ))}
    </ol>
  );
}
