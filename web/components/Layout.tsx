// The frame around every screen: header, the screen, footer. Scrolls to the top on a new page (not on Back).
import { useEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { Header } from "./Header";

export function Layout() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // Back and Forward (POP) return to where the page was: the job list restores its own position.
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">© {new Date().getFullYear()} Startup Jobs · Top startup jobs across the Middle East and the world</div>
      </footer>
    </>
  );
}
