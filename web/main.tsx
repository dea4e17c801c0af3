import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { LOCALE_PREFIX } from "@rules/i18n";
import { App } from "./App";
import { AuthProvider } from "./auth";
import { I18nProvider, boardLocale, loadCatalogue } from "./i18n";
import { queryClient } from "./queryClient";
import "./styles/index.css";

// Arabic pages only: a face drawn for Arabic, with Latin glyphs too (issue 25; web/styles/base.css uses it
// under :lang(ar)). Its stylesheets and files load on /ar alone, never on an English page, and the text
// shows at once in the system face until they arrive (font-display: swap).
if (boardLocale === "ar") {
  void Promise.all([import("@fontsource/ibm-plex-sans-arabic/400.css"), import("@fontsource/ibm-plex-sans-arabic/600.css"), import("@fontsource/ibm-plex-sans-arabic/700.css")]).catch(() => {}); // a font that does not load leaves the system face
}

// Arabic pages live under /ar: the router's basename adds the prefix to every link and navigation.
loadCatalogue().then(() =>
  createRoot(document.getElementById("root")!).render(
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
    </StrictMode>,
  ),
);
