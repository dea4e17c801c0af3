// The preview dashboard's guided tour: three steps — company profile, post
// a job, go live — shown once; the seen flag is kept in this browser. Each step points at its part of
// the page (data-tour="profile" | "jobs" | "golive").
import { useEffect, useState } from "react";
import { TOUR_STEPS } from "@rules/spotlight";
import { useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";

const TARGETS = ["profile", "jobs", "golive"] as const;

/** The tour's steps in the page's language (the English is TOUR_STEPS in worker/rules/spotlight.ts). */
const STEP_TEXT: readonly { title: MessageId; text: MessageId }[] = [
  { title: "spotlight.tour.profile.title", text: "spotlight.tour.profile.text" },
  { title: "spotlight.tour.job.title", text: "spotlight.tour.job.text" },
  { title: "spotlight.tour.live.title", text: "spotlight.tour.live.text" },
];

interface Props {
  onDone: () => void;
}

export function GuidedTour({ onDone }: Props) {
  const { t } = useI18n();
  const [step, setStep] = useState(0);
  const current = STEP_TEXT[step]!;
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
      <p className="guided-tour-step small">{t("spotlight.tour.step", { step: step + 1, total: TOUR_STEPS.length })}</p>
      <h2 id="tour-title">{t(current.title)}</h2>
      <p id="tour-text" className="muted">
        {t(current.text)}
      </p>
      <div className="guided-tour-dots" aria-hidden="true">
        {TOUR_STEPS.map((s, i) => (
          <span key={s.title} className={i === step ? "is-active" : undefined} />
        ))}
      </div>
      <div className="guided-tour-actions">
        <button type="button" className="button button-ghost button-small" onClick={onDone}>
          {t("spotlight.tour.skip")}
        </button>
        <span className="guided-tour-nav">
          {step > 0 && (
            <button type="button" className="button button-outline button-small" onClick={() => setStep(step - 1)}>
              {t("spotlight.tour.back")}
            </button>
          )}
          <button type="button" className="button button-primary button-small" onClick={() => (last ? onDone() : setStep(step + 1))} autoFocus>
            {last ? t("spotlight.tour.done") : t("spotlight.tour.next")}
          </button>
        </span>
      </div>
    </div>
  );
}
