// The frame around every screen: header, the screen, footer. Scrolls to the top on a new page (not on Back).
import { Suspense, useEffect, useLayoutEffect, useState } from "react";
import { Link, Outlet, useLocation, useNavigationType } from "react-router";
import { localePath, prefersArabic } from "@rules/i18n";
import { rememberLocale, rememberedLocale, useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { useSavedSync } from "../savedJobs";
import { Header } from "./Header";
import { PageSpinner } from "./Spinner";
import { ACCOUNT_DELETED, SIGNED_OUT_EVERYWHERE, SIGNED_UP } from "../authRedirect";

/** On an English page, a visitor whose browser prefers Arabic is offered the Arabic board (never redirected). */
function LanguageOffer() {
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  // Decided after the page is shown: the server renders the page without the offer, and so must hydration.
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (locale === "en" && rememberedLocale() === null && prefersArabic(navigator.languages ?? [navigator.language])) setOpen(true);
  }, [locale]);
  if (!open) return null;
  return (
    <aside className="language-offer" lang="ar" dir="rtl" aria-label={t("common.language.switchTo")}>
      <div className="container language-offer-inner">
        <span>{t("common.language.offer")}</span>
        <a className="button button-primary" href={localePath("ar", `${pathname}${search}`)} hrefLang="ar" onClick={() => rememberLocale("ar")}>
          {t("common.language.offerAccept")}
        </a>
        <button
          type="button"
          className="button button-ghost"
          lang="en"
          dir="ltr"
          onClick={() => {
            rememberLocale("en");
            setOpen(false);
          }}
        >
          {t("common.language.offerDismiss")}
        </button>
      </div>
    </aside>
  );
}

export function Layout() {
  const { locale, t } = useI18n();
  const { pathname, state } = useLocation();
  const navigationType = useNavigationType();
  const notice = ({ [SIGNED_UP]: "account.signUp.created", [ACCOUNT_DELETED]: "account.settings.deleted", [SIGNED_OUT_EVERYWHERE]: "account.settings.signedOutEverywhere" } as const)[
    state as string
  ] as MessageId | undefined;
  // Saves kept in this browser move into the account when the visitor signs in (issue 26).
  useSavedSync();
  useEffect(() => {
    // Back and Forward (POP) return to where the page was: the job list restores its own position.
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  useLayoutEffect(() => {
    // The Arabic face that a first visit loaded while idle is used from the next page on, as that page is shown
    // (web/arabicFont.ts; the module is already loaded by then).
    if (locale === "ar" && pathname) void import("../arabicFont").then((m) => m.applyLoadedArabicFont());
  }, [locale, pathname]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t("common.skipToContent")}
      </a>
      <LanguageOffer />
      <Header />
      <main id="main" tabIndex={-1}>
        {/* "Welcome! Your account is created.", once, on the page a sign-up leads to (issue 25: nothing said it); "Your
            account has been deleted." and "You are signed out on every device.", on the home page a deletion or Sign out
            everywhere leads to (the eleventh reading: nothing said them). */}
        {notice && (
          <div className="container signed-up-notice">
            <p className="notice-success" role="status">
              {t(notice)}
            </p>
          </div>
        )}
        {/* Screens other than the listing are loaded when visited (web/App.tsx). */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <div className="container">
          {t("common.footer", { year: String(new Date().getFullYear()) })} · <Link to="/privacy">{t("common.nav.privacy")}</Link>
        </div>
      </footer>
    </>
  );
}
