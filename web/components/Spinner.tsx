// A loading indicator with a text for screen readers (and optionally for everyone).
import { i18n } from "../i18n";

export function Spinner({ label = i18n().t("common.loading"), showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className={showLabel ? "spinner-label" : "sr-only"}>{label}</span>
    </div>
  );
}

/** The spinner as a whole screen's content. */
export function PageSpinner({ label = i18n().t("common.loading") }: { label?: string }) {
  return (
    <div className="container page">
      <Spinner label={label} />
    </div>
  );
}
