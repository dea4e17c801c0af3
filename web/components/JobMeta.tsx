// A job's location (fallback Remote), salary and relative posted time, as cards show them.
import { relativeTime } from "../../worker/rules/time";
import { Icon } from "./Icon";

interface Props {
  job: { location: string; salary: string; created_at: string };
  /** Company pages say 'Posted 3d ago' (employer-and-spotlight.md §2); the board says '3d ago'. */
  postedPrefix?: boolean;
}

export function JobMeta({ job, postedPrefix = false }: Props) {
  return (
    <ul className="job-meta">
      <li>
        <Icon name="pin" />
        {job.location || "Remote"}
      </li>
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
