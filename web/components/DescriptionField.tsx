// The labelled rich-text description field with its error, shared by the posting wizard, the edit screen
// and the Spotlight job form.
import { useI18n } from "../i18n";
import { DescriptionEditor } from "./DescriptionEditor";
import { fieldDescribedBy } from "./FormField";

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
      <DescriptionEditor id={id} labelId={`${id}-label`} value={value} onChange={onChange} invalid={Boolean(error)} describedBy={fieldDescribedBy(id, error)} />
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {localise(error)}
        </p>
      )}
    </div>
  );
}
