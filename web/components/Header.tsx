// Site header: brand, Find Jobs, Contact, Saved jobs, My applications and Settings (candidates), Dashboard (employers), Spotlight
// (subscribers only), Sign In (signed out only) and Post a Job. Below 1024px the links move into a toggled menu.
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { localePath } from "@rules/i18n";
import { useAuth } from "../auth";
import type { AuthUser } from "../auth";
import { rememberLocale, useI18n } from "../i18n";
import type { MessageId } from "../i18n";

interface NavItem {
  to: string;
  label: MessageId;
}

/** What fits the account (decision 0605): Saved jobs for everyone, My applications and Settings for a candidate, the dashboard for an employer. */
function navItems(loaded: boolean, user: AuthUser | null): NavItem[] {
  const items: NavItem[] = [
    { to: "/jobs", label: "common.nav.findJobs" },
    { to: "/contact", label: "common.nav.contact" },
    // A candidate's shortlist, kept in the browser until sign-in (issue 26).
    { to: "/saved", label: "common.nav.saved" },
  ];
  if (!loaded) return items;
  if (!user) return [...items, { to: "/sign-in", label: "common.nav.signIn" }];
  // One account can be a candidate and an employer: an employer sees My applications once they applied somewhere.
  if (!user.employer || user.hasApplications) items.push({ to: "/applications", label: "common.nav.applications" });
  // Settings (and Sign out there) are the dashboard's for an employer; a candidate has no dashboard link, so its own.
  if (user.employer) items.push({ to: "/dashboard", label: "common.nav.dashboard" });
  else items.push({ to: "/dashboard/settings", label: "common.nav.settings" });
  // A Spotlight subscriber's way back to their live dashboard.
  if (user.isSpotlightUser) items.push({ to: "/spotlight/live", label: "common.nav.spotlight" });
  return items;
}

/**
 * The link a page belongs to when it is not the one its path starts with: a job's edit page is the dashboard's (the
 * 25th reading: «ابحث عن وظيفة» was marked on /ar/jobs/<id>/edit, by the prefix /jobs).
 */
function sectionOf(pathname: string): string | null {
  return /^\/jobs\/[^/]+\/edit\/?$/.test(pathname) ? "/dashboard" : null;
}

/** The same page in the other language: a full page load, and the choice is remembered for the home page. */
function LanguageSwitch() {
  const { locale, t } = useI18n();
  const { pathname, search, hash } = useLocation();
  // The link names the other language in that language (lang set), so a screen reader reads it as such.
  const other = locale === "ar" ? "en" : "ar";
  return (
    <a className="nav-link language-switch" href={localePath(other, `${pathname}${search}${hash}`)} hrefLang={other} lang={other} onClick={() => rememberLocale(other)}>
      {t("common.language.switchTo")}
    </a>
  );
}

export function Header() {
  const { t } = useI18n();
  const { loaded, user } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navItems(loaded, user);

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  // NavLink marks the active link with aria-current="page": by prefix, and the brand (end) only on "/"; a page that
  // belongs to another link (sectionOf) marks that one.
  const section = sectionOf(pathname);
  const links = items.map((item) =>
    section ? (
      <Link key={item.to} to={item.to} className="nav-link" aria-current={item.to === section ? "page" : undefined}>
        {t(item.label)}
      </Link>
    ) : (
      <NavLink key={item.to} to={item.to} className="nav-link">
        {t(item.label)}
      </NavLink>
    ),
  );

  return (
    <header className="site-header">
      <div className="container header-bar">
        <NavLink to="/" end className="brand">
          <span className="brand-mark" aria-hidden="true">
            {t("common.brandMark")}
          </span>
          <span className="brand-name">{t("common.siteName")}</span>
        </NavLink>
        <nav className="nav-desktop" aria-label={t("common.nav.main")}>
          {links}
          <LanguageSwitch />
          <Link to="/post" className="button button-primary nav-cta">
            {t("common.nav.postJob")}
          </Link>
        </nav>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t("common.nav.closeMenu") : t("common.nav.openMenu")}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-icon" aria-hidden="true" data-open={menuOpen} />
        </button>
      </div>
      {menuOpen && (
        // A click on any link closes the menu, also one to the page already shown.
        <nav id="mobile-menu" className="nav-mobile" aria-label={t("common.nav.main")} onClick={(e) => (e.target as Element).closest("a") && setMenuOpen(false)}>
          <div className="container nav-mobile-inner">
            {links}
            <LanguageSwitch />
            <Link to="/post" className="button button-primary nav-cta">
              {t("common.nav.postJob")}
            </Link>
          </div>
        </nav>
      )}
    </header>
  );
}
