// The labelled rich-text description field with its error, shared by the posting wizard, the edit screen
// and the Spotlight job form. The editor (Tiptap, its own chunk) loads after the form has rendered: until then a
// read-only placeholder of the same size stands in its place, so the form shows at once and nothing shifts.
import { Suspense, lazy } from "react";
import { useI18n } from "../i18n";
import { EditorPlaceholder } from "./EditorParts";
import { fieldDescribedBy } from "./FormField";

const DescriptionEditor = lazy(() => import("./DescriptionEditor").then((m) => ({ default: m.DescriptionEditor })));

interface Props {
  id: string;
  label?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}

export function DescriptionField({ id, label, value, onChange, error }: Props) {
  const { t, localise } = useI18n();
  return (
    <div className={`form-field${error ? " has-error" : ""}`}>
      <span className="form-label" id={`${id}-label`}>
        {label ?? t("posting.description.label")}
        <span className="form-required" aria-hidden="true">
          {" "}
          *
        </span>
      </span>
      <Suspense fallback={<EditorPlaceholder id={id} labelId={`${id}-label`} value={value} invalid={Boolean(error)} describedBy={fieldDescribedBy(id, error)} />}>
        <DescriptionEditor id={id} labelId={`${id}-label`} value={value} onChange={onChange} invalid={Boolean(error)} describedBy={fieldDescribedBy(id, error)} />
      </Suspense>
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {localise(error)}
        </p>
      )}
    </div>
  );
}
