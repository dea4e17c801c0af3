// /dashboard and its children: a sidebar with Overview,
// My Job Posts, Billing and Settings beside the chosen page. On small screens the sidebar is a row of tabs.
import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";
import { Spinner } from "../../components/Spinner";
import { VerifyEmailNotice } from "../../components/VerifyEmailNotice";
import { useAuth } from "../../auth";
import { useI18n } from "../../i18n";
import type { MessageId } from "../../i18n";

interface DashLink {
  to: string;
  label: MessageId;
  end: boolean;
}

const LINKS: DashLink[] = [
  { to: "/dashboard", label: "account.dashboard.overview", end: true },
  { to: "/dashboard/jobs", label: "account.dashboard.jobs", end: false },
  { to: "/dashboard/billing", label: "account.dashboard.billing", end: false },
  { to: "/dashboard/settings", label: "account.dashboard.settings", end: false },
];

export function DashboardLayout() {
  const { t } = useI18n();
  const { user } = useAuth();
  // Subscribers also find their Spotlight dashboard here.
  const links: DashLink[] = user?.isSpotlightUser ? [...LINKS, { to: "/spotlight/live", label: "account.dashboard.spotlight", end: false }] : LINKS;
  // A candidate reaches Settings from the header (decision 0606): the employer's tabs would be empty pages for them.
  const candidate = user !== null && !user.employer;
  return (
    <div className={candidate ? "container page dashboard dashboard-candidate" : "container page dashboard"}>
      {!candidate && (
        <aside className="dash-sidebar">
          <nav aria-label={t("account.dashboard.nav")}>
            <ul>
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className="dash-nav-link">
                    {t(l.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      )}
      <div className="dash-main">
        <VerifyEmailNotice />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
