// The preview dashboard's guided tour: three steps — company profile, post
// a job, go live — shown once; the seen flag is kept in this browser. Each step points at its part of
// the page (data-tour="profile" | "jobs" | "golive").
import { useEffect, useState } from "react";
import { TOUR_STEPS } from "@rules/spotlight";

const TARGETS = ["profile", "jobs", "golive"] as const;

interface Props {
  onDone: () => void;
}

export function GuidedTour({ onDone }: Props) {
  const [step, setStep] = useState(0);
  const current = TOUR_STEPS[step]!;
  const last = step === TOUR_STEPS.length - 1;

  useEffect(() => {
    const target = document.querySelector<HTMLElement>(`[data-tour="${TARGETS[step]}"]`);
    target?.classList.add("tour-highlight");
    target?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    return () => target?.classList.remove("tour-highlight");
  }, [step]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onDone();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onDone]);

  return (
    <div className="guided-tour card" role="dialog" aria-modal="false" aria-labelledby="tour-title" aria-describedby="tour-text">
      <p className="guided-tour-step small">
        Step {step + 1} of {TOUR_STEPS.length}
      </p>
      <h2 id="tour-title">{current.title}</h2>
      <p id="tour-text" className="muted">
        {current.text}
      </p>
      <div className="guided-tour-dots" aria-hidden="true">
        {TOUR_STEPS.map((s, i) => (
          <span key={s.title} className={i === step ? "is-active" : undefined} />
        ))}
      </div>
      <div className="guided-tour-actions">
        <button type="button" className="button button-ghost button-small" onClick={onDone}>
          Skip tour
        </button>
        <span className="guided-tour-nav">
          {step > 0 && (
            <button type="button" className="button button-outline button-small" onClick={() => setStep(step - 1)}>
              Back
            </button>
          )}
          <button type="button" className="button button-primary button-small" onClick={() => (last ? onDone() : setStep(step + 1))} autoFocus>
            {last ? "Got it" : "Next"}
          </button>
        </span>
      </div>
    </div>
  );
}
