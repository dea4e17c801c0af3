// A job's location (fallback Remote), job type, salary and relative posted time, as cards show them;
// and the company line: the company's page where one exists, and its stage.
import { Link } from "react-router";
import { DEFAULT_STAGE, JOB_TYPE_OPTIONS } from "@rules/lists";
import { relativeTime } from "@rules/time";
import { Icon } from "./Icon";

interface Props {
  job: { location: string; salary: string; created_at: string; type?: string };
  /** Company pages say 'Posted 3d ago'; the board says '3d ago'. */
  postedPrefix?: boolean;
  /** The board's cards show the job type (Full-time, Contract, …). */
  showType?: boolean;
}

/** 'full-time' → 'Full-time', as the type filter names it; an unknown stored type shows as stored. */
export function jobTypeLabel(type: string): string {
  return JOB_TYPE_OPTIONS.find((o) => o.value && o.value === type.toLowerCase())?.label ?? type;
}

export function JobMeta({ job, postedPrefix = false, showType = false }: Props) {
  return (
    <ul className="job-meta">
      <li dir="auto">
        <Icon name="pin" />
        {job.location || "Remote"}
      </li>
      {showType && job.type && <li className="job-type">{jobTypeLabel(job.type)}</li>}
      {job.salary && (
        <li className="job-salary">
          <Icon name="money" />
          {job.salary}
        </li>
      )}
      <li>
        <Icon name="clock" />
        {postedPrefix && "Posted "}
        <time dateTime={job.created_at}>{relativeTime(job.created_at)}</time>
      </li>
    </ul>
  );
}

/** The company's name, linked to its page where it has one (company_id), and its stage (Seed, Series A…). */
export function JobCompany({ job, className = "job-company" }: { job: { company: string; company_id: string | null; stage: string }; className?: string }) {
  return (
    <p className={className}>
      {job.company_id ? (
        <Link className="company-link" to={`/company/${encodeURIComponent(job.company_id)}`} dir="auto">
          {job.company}
        </Link>
      ) : (
        <span dir="auto">{job.company}</span>
      )}
      {job.stage && job.stage !== DEFAULT_STAGE && <span className="company-stage">{job.stage}</span>}
    </p>
  );
}
