// Site header: brand, Find Jobs, Contact, Dashboard (signed in only), Spotlight
// (subscribers only), Sign In (signed out only) and Post a Job. Below 1024px the links move into a toggled menu.
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useAuth } from "../auth";

interface NavItem {
  to: string;
  label: string;
}

function navItems(signedIn: boolean, loaded: boolean, spotlight = false): NavItem[] {
  const items: NavItem[] = [
    { to: "/jobs", label: "Find Jobs" },
    { to: "/contact", label: "Contact" },
  ];
  if (loaded && signedIn) items.push({ to: "/dashboard", label: "Dashboard" });
  // A Spotlight subscriber's way back to their live dashboard.
  if (loaded && signedIn && spotlight) items.push({ to: "/spotlight/live", label: "Spotlight" });
  if (loaded && !signedIn) items.push({ to: "/sign-in", label: "Sign In" });
  return items;
}

export function Header() {
  const { loaded, user } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navItems(Boolean(user), loaded, Boolean(user?.isSpotlightUser));

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  // NavLink marks the active link with aria-current="page": by prefix, and the brand (end) only on "/".
  const links = items.map((item) => (
    <NavLink key={item.to} to={item.to} className="nav-link">
      {item.label}
    </NavLink>
  ));

  return (
    <header className="site-header">
      <div className="container header-bar">
        <NavLink to="/" end className="brand">
          <span className="brand-mark" aria-hidden="true">
            SJ
          </span>
          Startup Jobs
        </NavLink>
        <nav className="nav-desktop" aria-label="Main">
          {links}
          <Link to="/post" className="button button-primary nav-cta">
            Post a Job
          </Link>
        </nav>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" data-open={menuOpen} />
        </button>
      </div>
      {menuOpen && (
        // A click on any link closes the menu, also one to the page already shown.
        <nav id="mobile-menu" className="nav-mobile" aria-label="Main" onClick={(e) => (e.target as Element).closest("a") && setMenuOpen(false)}>
          <div className="container nav-mobile-inner">
            {links}
            <Link to="/post" className="button button-primary nav-cta">
              Post a Job
            </Link>
          </div>
        </nav>
      )}
    </header>
  );
}
