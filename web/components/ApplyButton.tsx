// An Apply control. The server resolves where it goes (job.apply, worker/rules/apply.ts): a web page in a
// new tab or a mail composition. With nowhere to go it is disabled. Every click is counted.
import { recordApplyClick } from "../beacons";
import type { PublicJob } from "@rules/search";

interface Props {
  job: PublicJob;
  label: string;
  className?: string;
}

const SAFE_HREF = /^(https?:|mailto:)/i;

export function ApplyButton({ job, label, className = "button button-primary" }: Props) {
  const target = job.apply && SAFE_HREF.test(job.apply.href) ? job.apply : null;
  if (!target) {
    return (
      <button type="button" className={className} disabled title="This listing has no application link">
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
      {newTab && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}
