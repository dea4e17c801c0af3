// /dashboard: the greeting by first name, the post balance and my jobs.
import { givenName } from "@rules/names";
import { useAuth } from "../../auth";
import { BundleCard } from "../../components/dashboard/BundleCard";
import { DashboardJobList } from "../../components/dashboard/DashboardJobList";
import { SpotlightSummaryCard } from "../../components/dashboard/SpotlightSummaryCard";
import { useI18n } from "../../i18n";
import { useCredits } from "../../useCredits";
import { useDocumentTitle } from "../../useDocumentTitle";

/** The given name (a compound one whole: «عبد الله»), or the e-mail's local part when there is no name. */
export function firstName(user: { name: string; email: string } | null): string {
  return givenName(user?.name ?? "") || user?.email.split("@")[0] || "";
}

export function DashboardOverview() {
  const { t, rich } = useI18n();
  useDocumentTitle(t("account.overview.title"));
  const { user } = useAuth();
  const { credits, error, reload } = useCredits(Boolean(user));

  return (
    <div className="dash-page">
      <header className="dash-page-header">
        <h1>{rich("account.overview.welcome", { name: <bdi dir="auto">{firstName(user)}</bdi> })}</h1>
        <p className="muted">{user?.isSpotlightUser ? t("account.overview.leadSpotlight") : t("account.overview.lead")}</p>
      </header>
      {user?.isSpotlightUser ? <SpotlightSummaryCard /> : <BundleCard credits={credits} error={error} onRefresh={() => void reload(true)} />}
      <DashboardJobList credits={credits} unlimitedPosts={user?.isSpotlightUser} onChanged={() => void reload(true)} />
    </div>
  );
}
