// On a dashboard job card (issue 26): how many applications the job received on the board, linked to its inbox.
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { freshEachVisit, keys } from "../../queryKeys";

export function ApplicationsLink({ jobId }: { jobId: string }) {
  const { t } = useI18n();
  const counts = useQuery({ queryKey: keys.applicationCounts, queryFn: async () => (await call(api.dashboard.applications.counts.$get())).counts, ...freshEachVisit });
  const count = counts.data?.[jobId] ?? 0;
  if (!count) return null;
  return (
    <Link className="button button-outline button-small dash-job-applications" to={`/dashboard/applications?jobId=${encodeURIComponent(jobId)}`}>
      {t("account.applications.count", { count })}
    </Link>
  );
}
