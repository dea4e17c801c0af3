import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { LOCALE_PREFIX, splitLocalePath } from "@rules/i18n";
import { App, preloadFirstScreen } from "./App";
import { AuthProvider } from "./auth";
import { I18nProvider, boardLocale, loadCatalogue } from "./i18n";
import { queryClient } from "./queryClient";
import "./styles/index.css";

// Arabic pages only: a face drawn for Arabic, with Latin glyphs too (issue 25; web/arabicFont.ts, used by
// web/styles/base.css under :lang(ar)). An English page never loads it.
if (boardLocale === "ar")
  void import("./arabicFont").then(
    (m) => m.registerArabicFont(),
    () => {},
  );

// Arabic pages live under /ar: the router's basename adds the prefix to every link and navigation.
const app = (
  <StrictMode>
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={LOCALE_PREFIX[boardLocale] || undefined}>
          <AuthProvider>
            <App />
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>
);

// The public pages come rendered by the worker (web/serverRender.tsx, from the data the page carries, web/pageData.ts):
// React hydrates them. Every other page's root is empty, and React renders it.
// A page that opens on a lazy screen loads that screen first (preloadFirstScreen): its HTML is hydrated, never replaced.
// The screen's chunks are preloaded by the page (worker/discovery/pages.ts); if one fails, React renders the page
// anew and loads the screen again, behind the spinner.
Promise.all([loadCatalogue(), preloadFirstScreen(splitLocalePath(window.location.pathname).path)?.catch(() => {})]).then(() => {
  const root = document.getElementById("root")!;
  // A hydration mismatch is a bug (the browser tests fail on the console error): React renders that part anew.
  // Hydration runs as a transition, so React works through the page in slices of a few milliseconds and yields to
  // the browser between them, instead of one task as long as the whole page (a default-lane hydration is not
  // sliced); the server's HTML is on screen meanwhile. React Router's and Next.js's own entries do the same.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app, { onRecoverableError: (error) => console.error("hydration:", error) }));
  else createRoot(root).render(app);
});
