// An Apply control. The server resolves where it goes (job.apply, worker/rules/apply.ts): a web page in a
// new tab or a mail composition. With nowhere to go it is disabled. Every click is counted.
import { Link } from "react-router";
import { applyButtonLabel, applyDetailLabel } from "@rules/apply";
import { recordApplyClick } from "../beacons";
import { useI18n } from "../i18n";
import type { PublicJob } from "@rules/search";

interface Props {
  job: PublicJob;
  label: string;
  className?: string;
}

const SAFE_HREF = /^(https?:|mailto:)/i;

/** Whether candidates apply by e-mail: the apply rule's labels agree ('Apply via Email') only then. */
export function appliesByEmail(job: PublicJob): boolean {
  return applyButtonLabel(job) === applyDetailLabel(job);
}

export function ApplyButton({ job, label, className = "button button-primary" }: Props) {
  const { t } = useI18n();
  // The employer receives applications on the board (issue 26): Apply opens the application form.
  if (job.applications) {
    return (
      <Link
        className={className}
        to={`/jobs/${encodeURIComponent(job.id)}/apply`}
        onClick={(e) => {
          e.stopPropagation();
          recordApplyClick(job.id);
        }}
      >
        {label}
      </Link>
    );
  }
  const target = job.apply && SAFE_HREF.test(job.apply.href) ? job.apply : null;
  if (!target) {
    return (
      <button type="button" className={className} disabled title={t("public.job.noApplyLink")}>
        {label}
      </button>
    );
  }
  const newTab = target.kind === "url";
  return (
    <a
      className={className}
      href={target.href}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noopener noreferrer" : undefined}
      onClick={(e) => {
        e.stopPropagation(); // applying must not toggle the card around it
        recordApplyClick(job.id);
      }}
    >
      {label}
      {newTab && <span className="sr-only">{t("public.job.newTab")}</span>}
    </a>
  );
}
