// Editing a Spotlight job from the company page (the owner's Edit): the job form in a dialog. Loaded on
// demand, since the form carries the rich-text editor.
import type { SpotlightJobData, SpotlightJobInput } from "@rules/spotlight";
import { useI18n } from "../../i18n";
import { Dialog } from "./Dialog";
import { SpotlightJobForm, jobValues } from "./SpotlightJobForm";

interface Props {
  job: Partial<SpotlightJobInput>;
  onSave: (job: SpotlightJobData) => Promise<void>;
  onClose: () => void;
}

export default function JobEditDialog({ job, onSave, onClose }: Props) {
  const { t } = useI18n();
  return (
    <Dialog title={t("spotlight.job.editTitle")} onClose={onClose} wide>
      <SpotlightJobForm idPrefix="company-edit" initial={jobValues(job)} submitLabel={t("spotlight.job.saveChanges")} onCancel={onClose} onSubmit={(j) => onSave(j)} />
    </Dialog>
  );
}
