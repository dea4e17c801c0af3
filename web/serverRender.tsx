// The public pages' first screen, rendered on the worker (docs/decisions/0400-server-rendering.md): the same
// components the browser runs, with the data the page's HTML also carries for hydration (web/pageData.ts), in the
// page's language, signed out (these pages are edge-cached for everyone; the header's account area fills in when
// the browser has read the session). The worker reaches this module as "@web/render" (vite.config.ts) and puts
// the HTML into the app's <div id="root">; web/main.tsx hydrates it.
//
// The routes are the public screens of web/App.tsx, imported directly: the browser loads JobDetail and
// CompanyPage lazily, inside Layout's Suspense boundary, which hydrates them when their chunk has arrived.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createIntl, createIntlCache } from "react-intl";
import type { IntlShape } from "react-intl";
import { Route, Routes, StaticRouter } from "react-router";
import { LOCALE_PREFIX, intlLocale } from "@rules/i18n";
import type { Locale } from "@rules/i18n";
import { ar } from "@rules/locales/ar";
import { en } from "@rules/locales/en";
import serverEnglish from "@rules/locales/en/server.json";
import { AuthProvider } from "./auth";
import { Layout } from "./components/Layout";
import { I18nProvider, knowServerEnglish, makeI18n, renderingIn } from "./i18n";
import type { I18n } from "./i18n";
import { PageDataContext } from "./pageData";
import { CompanyPage } from "./screens/CompanyPage";
import { Home } from "./screens/Home";
import { JobDetail } from "./screens/JobDetail";
import { Jobs } from "./screens/Jobs";

const CATALOGUES: Record<Locale, Record<string, string>> = { en, ar };
knowServerEnglish(serverEnglish);
const cache = createIntlCache();
const pages = new Map<Locale, { intl: IntlShape; i18n: I18n }>();

/** The page's messages in `locale`: every catalogue, as text (the worker keeps the ICU parser). */
function messagesIn(locale: Locale): { intl: IntlShape; i18n: I18n } {
  let page = pages.get(locale);
  if (!page) {
    const intl = createIntl(
      {
        locale: intlLocale(locale),
        defaultLocale: "en-US",
        messages: CATALOGUES[locale],
        // A message missing from a catalogue is a bug the tests catch (test/unit/catalogues.test.ts).
        onError: (err) => console.error(`i18n: ${err.message}`),
      },
      cache,
    );
    page = { intl, i18n: makeI18n(intl, locale) };
    pages.set(locale, page);
  }
  return page;
}

export interface RenderInput {
  locale: Locale;
  /** The page's path with its query, as the visitor asked for it (/ar/jobs?type=full-time). */
  url: string;
  /** The page's data by island id (rules/firstPage.ts): what the HTML also carries. */
  data: Readonly<Record<string, unknown>>;
}

/** The HTML of the app's root for a public page: synchronous, so nothing of another request's render can interleave. */
export function renderApp({ locale, url, data }: RenderInput): string {
  const page = messagesIn(locale);
  // No retries and no refetching: on the server a query only ever shows its initial data.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return renderingIn(page.i18n, () =>
    renderToString(
      <StrictMode>
        <I18nProvider server={page}>
          <QueryClientProvider client={queryClient}>
            <PageDataContext.Provider value={data}>
              <StaticRouter location={url} basename={LOCALE_PREFIX[locale] || undefined}>
                <AuthProvider>
                  <Routes>
                    <Route element={<Layout />}>
                      <Route index element={<Home />} />
                      <Route path="jobs" element={<Jobs />} />
                      <Route path="jobs/:id" element={<JobDetail />} />
                      <Route path="company/:id" element={<CompanyPage variant="company" />} />
                      <Route path="company/:id/spotlight" element={<CompanyPage variant="spotlight" />} />
                    </Route>
                  </Routes>
                </AuthProvider>
              </StaticRouter>
            </PageDataContext.Provider>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
}
