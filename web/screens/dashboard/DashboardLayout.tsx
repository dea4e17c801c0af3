// /dashboard and its children: a sidebar with Overview,
// My Job Posts, Billing and Settings beside the chosen page. On small screens the sidebar is a row of tabs.
import { NavLink, Outlet } from "react-router";
import { useAuth } from "../../auth";

const LINKS = [
  { to: "/dashboard", label: "Overview", end: true },
  { to: "/dashboard/jobs", label: "My Job Posts", end: false },
  { to: "/dashboard/billing", label: "Billing", end: false },
  { to: "/dashboard/settings", label: "Settings", end: false },
];

export function DashboardLayout() {
  const { user } = useAuth();
  // Subscribers also find their Spotlight dashboard here.
  const links = user?.isSpotlightUser ? [...LINKS, { to: "/spotlight/live", label: "Spotlight", end: false }] : LINKS;
  return (
    <div className="container page dashboard">
      <aside className="dash-sidebar">
        <nav aria-label="Dashboard">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className="dash-nav-link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="dash-main">
        <Outlet />
      </div>
    </div>
  );
}
