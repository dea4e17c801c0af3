// Apply, or, for a signed-in candidate who applied to this job on the board, the way to that application: a job's
// page and /saved no longer offer "Apply now" for a job already applied to (issue 25). The list is the one
// /applications shows (one query for every job on the screen); nothing is asked for a visitor who is not signed in.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { PublicJob } from "@rules/search";
import { useAuth } from "../auth";
import { applicationsQuery } from "../candidateApplications";
import { useI18n } from "../i18n";
import { ApplyButton } from "./ApplyButton";

export function ApplyOrApplied({ job, label, className }: { job: PublicJob; label: string; className?: string }) {
  const { t } = useI18n();
  const { user } = useAuth();
  const applications = useQuery({ ...applicationsQuery, enabled: Boolean(user) && Boolean(job.applications) });
  if (applications.data?.some((a) => a.jobId === job.id)) {
    return (
      <Link className={className} to="/applications">
        {t("public.job.viewApplication")}
      </Link>
    );
  }
  return <ApplyButton job={job} label={label} className={className} />;
}
