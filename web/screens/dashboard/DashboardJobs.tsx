// /dashboard/jobs: my job posts (the list the edit screen and the post-success pages come back to).
import { useAuth } from "../../auth";
import { DashboardJobList } from "../../components/dashboard/DashboardJobList";
import { useI18n } from "../../i18n";
import { useCredits } from "../../useCredits";
import { useDocumentTitle } from "../../useDocumentTitle";

export function DashboardJobs() {
  const { t } = useI18n();
  useDocumentTitle(t("account.jobs.title"));
  const { user } = useAuth();
  const { credits, reload } = useCredits(Boolean(user));
  return (
    <div className="dash-page">
      <DashboardJobList titleLevel="h1" credits={credits} unlimitedPosts={user?.isSpotlightUser} onChanged={() => void reload(true)} />
    </div>
  );
}
