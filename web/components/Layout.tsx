// The frame around every screen: header, the screen, footer. Scrolls to the top on a new page.
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Header } from "./Header";

export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

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
