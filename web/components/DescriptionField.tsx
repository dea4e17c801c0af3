// The labelled rich-text description field with its error, shared by the posting wizard, the edit screen
// and the Spotlight job form. The editor (Tiptap, its own chunk, ~127 KB gzip) is not part of the form's first
// render: it loads once the field comes near the screen or the visitor starts using the page (a focus, a tap or
// click), and until it is there a read-only placeholder of the same size stands in its place, so the form shows
// at once and nothing shifts.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { useI18n } from "../i18n";
import { EditorPlaceholder } from "./EditorParts";
import { fieldDescribedBy } from "./FormField";

const DescriptionEditor = lazy(() => import("./DescriptionEditor").then((m) => ({ default: m.DescriptionEditor })));

/** True once the element is within 300 px of the screen or the page has had a focus, a tap or a click. */
function useWanted(ref: RefObject<HTMLElement | null>): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: "300px" });
    if (ref.current) seen.observe(ref.current);
    document.addEventListener("focusin", want);
    document.addEventListener("pointerdown", want);
    return () => {
      seen.disconnect();
      document.removeEventListener("focusin", want);
      document.removeEventListener("pointerdown", want);
    };
  }, [wanted, ref]);
  return wanted;
}

interface Props {
  id: string;
  label?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

export function DescriptionField({ id, label, value, onChange, error }: Props) {
  const { t, localise } = useI18n();
  const slot = useRef<HTMLDivElement>(null);
  const wanted = useWanted(slot);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const placeholder = <EditorPlaceholder id={id} labelId={`${id}-label`} value={value} invalid={Boolean(error)} describedBy={fieldDescribedBy(id, error)} onActivate={() => setFocusOnLoad(true)} />;
  return (
    <div className={`form-field${error ? " has-error" : ""}`}>
      <span className="form-label" id={`${id}-label`}>
        {label ?? t("posting.description.label")}
        <span className="form-required" aria-hidden="true">
          {" "}
          *
        </span>
      </span>
      <div ref={slot}>
        {wanted ? (
          <Suspense fallback={placeholder}>
            <DescriptionEditor id={id} labelId={`${id}-label`} value={value} onChange={onChange} invalid={Boolean(error)} describedBy={fieldDescribedBy(id, error)} autoFocus={focusOnLoad} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {localise(error)}
        </p>
      )}
    </div>
  );
}
