// "Save" on every job card and job page (issue 26): a toggle (aria-pressed), kept in this browser until sign-in
// and in the account after (web/savedJobs.ts).
import type { PublicJob } from "@rules/search";
import { useI18n } from "../i18n";
import { useSavedJobs } from "../savedJobs";
import { Icon } from "./Icon";

export function SaveButton({ job, className = "button button-ghost button-small save-button" }: { job: PublicJob; className?: string }) {
  const { t } = useI18n();
  const { isSaved, toggle } = useSavedJobs();
  const saved = isSaved(job.id);
  return (
    <button type="button" className={className} aria-pressed={saved} aria-label={t(saved ? "public.save.unsaveLabel" : "public.save.saveLabel", { title: job.title })} onClick={() => toggle(job)}>
      <Icon name="bookmark" />
      <span aria-hidden="true">{t(saved ? "public.save.saved" : "public.save.save")}</span>
    </button>
  );
}
