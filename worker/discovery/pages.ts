// The HTML the worker serves for /jobs/:id and /company/:id: the built single-page app (index.html from
// ASSETS) with the title, description, canonical URL, Open Graph and Twitter tags, and for a live job
// its JobPosting JSON-LD, so crawlers and link previews see them without running JavaScript. A job that
// has expired or was deleted answers 410, one that never was (or is not published) 404; both keep the
// app's HTML, so a person still sees the app's own 'Job Not Found' page, and carry no JSON-LD.
// The same pages under /ar are in Arabic (issue 13): text from the catalogue, og:locale ar_AR, and every
// HTML page, app or not, names its other language with hreflang alternates.
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { t } from "../lib/i18n";
import { isAppRoute, isPrivateRoute } from "../rules/appRoutes";
import { LOCALES, LOCALE_COOKIE, OG_LOCALE, dirOf, isLocale, localePath, splitLocalePath } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import { htmlToText } from "../rules/text";
import { feedTitle } from "./feeds";
import { jobPostingJsonLd, jsonLdScript } from "./jobPosting";
import { alternates, localeUrl, siteName } from "./locale";
import { presentJob } from "../jobs/present";
import { PAGE_COMPANY_ID, PAGE_JOB_ID } from "../rules/firstPage";
import { companyWithJobs, publicCompanyPage } from "../companies/store";
import { carriesIdentity, readCookie } from "../db/session";
import type { PageJob } from "../rules/firstPage";
import { dataScript, firstPageData, isListingPage } from "./listingPage";
import { FIRST_PAGE_ID, firstScreen } from "../rules/firstPage";
import { logError } from "../lib/log";
import { loadJobForPage } from "./store";
import { spotlightJobGone } from "../spotlight/store";
import type { JobPageRow } from "./store";

export const SITE_NAME = "Startup Jobs";
const DEFAULT_DESCRIPTION = "Top startup jobs across the Middle East and the world.";

/** Used when ASSETS has no built app (worker tests, a broken deploy): enough for crawlers. */
const FALLBACK_DOCUMENT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${SITE_NAME}</title><meta name="description" content="${DEFAULT_DESCRIPTION}"></head><body><div id="root"></div></body></html>`;

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  imageAlt?: string;
  ogType: "website" | "article";
  noindex?: boolean;
  jsonLd?: unknown;
  /** Data for the app's first screen (rules/firstPage.ts): written as JSON in a script element with this id. */
  data?: { id: string; value: unknown };
  /** The page's language (English unless said). */
  locale?: Locale;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Meta description: the visible text, at most 160 characters, cut at a word. */
export function metaDescription(html: string, fallback = DEFAULT_DESCRIPTION): string {
  const text = htmlToText(html);
  if (!text) return fallback;
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 100 ? cut.lastIndexOf(" ") : 157)}...`;
}

export function headTags(meta: PageMeta): string {
  const locale = meta.locale ?? "en";
  const tags = [
    `<meta name="description" content="${escapeAttr(meta.description)}">`,
    `<link rel="canonical" href="${escapeAttr(meta.canonical)}">`,
    meta.noindex ? `<meta name="robots" content="noindex">` : "",
    `<meta property="og:site_name" content="${escapeAttr(siteName(locale))}">`,
    `<meta property="og:locale" content="${OG_LOCALE[locale]}">`,
    ...LOCALES.filter((l) => l !== locale).map((l) => `<meta property="og:locale:alternate" content="${OG_LOCALE[l]}">`),
    `<meta property="og:type" content="${meta.ogType}">`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:url" content="${escapeAttr(meta.canonical)}">`,
    meta.image ? `<meta property="og:image" content="${escapeAttr(meta.image)}">` : "",
    meta.image ? `<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">` : "",
    meta.image && meta.imageAlt ? `<meta property="og:image:alt" content="${escapeAttr(meta.imageAlt)}">` : "",
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}">`,
    `<meta name="twitter:title" content="${escapeAttr(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeAttr(meta.description)}">`,
    meta.image ? `<meta name="twitter:image" content="${escapeAttr(meta.image)}">` : "",
    meta.jsonLd ? `<script type="application/ld+json">${jsonLdScript(meta.jsonLd)}</script>` : "",
  ];
  return tags.filter(Boolean).join("\n");
}

function linkTags(env: Pick<Env, "APP_URL">, locale: Locale, path: string): string {
  return [
    `<link rel="canonical" href="${escapeAttr(localeUrl(env, locale, path))}">`,
    ...alternates(env, path).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttr(a.href)}">`),
    // The latest jobs as a feed, in the page's language.
    `<link rel="alternate" type="application/rss+xml" title="${escapeAttr(feedTitle("", locale, true))}" href="${escapeAttr(localeUrl(env, locale, "/feed.xml"))}">`,
  ].join("\n");
}

/**
 * index.html of the built app (or the fallback document), in the language of the request's path:
 * `<html lang dir>` set here, so there is no flash; the canonical URL and the hreflang alternates of the
 * page in each language; for an Arabic page the default title and description from the Arabic catalogue; the
 * preloads of the page's own first screen in its language only.
 */
async function appShell(env: Pick<Env, "ASSETS" | "APP_URL">, request: Request, unindexed = false): Promise<Response> {
  const { locale, path } = splitLocalePath(new URL(request.url).pathname);
  let rewriter = new HTMLRewriter()
    .on("html", {
      element: (el) => {
        el.setAttribute("lang", locale);
        el.setAttribute("dir", dirOf(locale));
      },
    })
    .on('link[rel="canonical"], link[rel="alternate"][hreflang], link[rel="alternate"][type="application/rss+xml"]', { element: (el) => void el.remove() })
    // The build preloads first screens' chunks, each marked with its language and page (vite.config.ts,
    // FIRST_SCREENS), and adds the Arabic face's script for Arabic pages (decision 0045): the page keeps its own.
    .on("link[data-locale], link[data-page], script[data-locale]", {
      element: (el) => {
        const only = { locale: el.getAttribute("data-locale"), page: el.getAttribute("data-page") };
        if ((only.locale && only.locale !== locale) || (only.page && only.page !== firstScreen(path))) return void el.remove();
        el.removeAttribute("data-locale");
        el.removeAttribute("data-page");
      },
    })
    // A path the app has no page for names no canonical URL and no alternates (issue 25): it is not a page. Nor does
    // a page that is not for search engines (rules/appRoutes.ts, ROUTES): a dashboard, a token's page.
    .on("head", { element: (el) => void el.append(unindexed ? '<meta name="robots" content="noindex">' : linkTags(env, locale, path), { html: true }) });
  if (locale !== "en") {
    rewriter = rewriter
      .on("title", { element: (el) => void el.setInnerContent(siteName(locale)) })
      .on('meta[name="description"]', { element: (el) => void el.setAttribute("content", t(locale, "common.metaDescription")) });
  }
  return rewriter.transform(await builtShell(env, request));
}

async function builtShell(env: Pick<Env, "ASSETS">, request: Request): Promise<Response> {
  try {
    if (env.ASSETS) {
      const res = await env.ASSETS.fetch(new Request(new URL("/", request.url), { headers: { Accept: "text/html" } }));
      if (res.ok && (res.headers.get("Content-Type") ?? "").includes("text/html")) return res;
    }
  } catch {
    // fall through
  }
  return new Response(FALLBACK_DOCUMENT, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** The home page for a visitor who chose Arabic with the switcher (the `locale` cookie): /ar. Only the bare home page is redirected; a shared link opens as shared. */
function rememberedLocaleRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.pathname !== "/") return null;
  const chosen = readCookie(request, LOCALE_COOKIE) ?? undefined;
  if (!isLocale(chosen) || chosen === "en") return null;
  return new Response(null, { status: 302, headers: { Location: `${localePath(chosen, "/")}${url.search}`, "Cache-Control": "private, no-store", Vary: "Cookie" } });
}

/**
 * The app's index.html for a path that is not a file: 200 for a path the app has a screen for
 * (rules/appRoutes.ts), 404 for any other (the app shows its own 404 page). Assets never get here:
 * the platform serves them first (wrangler.toml not_found_handling = "none").
 */
export async function appPage(env: Pick<Env, "ASSETS" | "APP_URL" | "DB">, request: Request): Promise<Response> {
  const remembered = rememberedLocaleRedirect(request);
  if (remembered) return remembered;
  const url = new URL(request.url);
  // The listing pages carry their first page of results, read while the shell is fetched, and are rendered with it.
  const { path } = splitLocalePath(url.pathname);
  const status = isAppRoute(path) ? 200 : 404;
  const [built, firstPage] = await Promise.all([
    appShell(env, request, status === 404 || isPrivateRoute(path)),
    request.method === "GET" && isListingPage(url.pathname) ? firstPageData(env, url) : Promise.resolve(null),
  ]);
  const shell = firstPage ? await withScreen(built, request, { [FIRST_PAGE_ID]: firstPage }) : built;
  const headers = new Headers(shell.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  headers.delete("Content-Length");
  headers.delete("ETag");
  // Only the bare home page depends on the remembered choice.
  if (url.pathname === "/") headers.set("Vary", "Cookie");
  return new Response(request.method === "HEAD" ? null : shell.body, { status, headers });
}

/**
 * The page's first screen rendered with React on the worker (web/serverRender.tsx, "@web/render"), from `data`,
 * which the page also carries, one JSON script element per entry, for the browser to hydrate from: the same
 * values on both sides. A render that fails leaves the root empty, and the browser renders the page itself.
 */
async function withScreen(shell: Response, request: Request, data: Record<string, unknown>): Promise<Response> {
  const html = await renderScreen(request, data);
  const scripts: { main: string | null; preloads: string[] } = { main: null, preloads: [] };
  let rewriter = new HTMLRewriter().on("div#root", { element: (el) => void (html && el.setInnerContent(html, { html: true })) }).on("body", {
    element: (el) =>
      void el.append(
        Object.entries(data)
          .map(([id, value]) => dataScript(id, value))
          .join(""),
        { html: true },
      ),
  });
  if (html) {
    // The page is on screen without its scripts: they are asked for once it has been painted (afterPaintLoader),
    // so they do not share the first round trips with the HTML and the stylesheet (decision 0041).
    rewriter = rewriter
      .on('script[type="module"][src]', {
        element: (el) => {
          scripts.main = el.getAttribute("src");
          el.remove();
        },
      })
      .on('link[rel="modulepreload"][href]', {
        element: (el) => {
          scripts.preloads.push(el.getAttribute("href")!);
          el.remove();
        },
      })
      .on("body", { element: (el) => el.onEndTag((end) => void (scripts.main && end.before(afterPaintLoader(scripts.main, scripts.preloads), { html: true }))) });
  }
  return rewriter.transform(shell);
}

/**
 * The inline module that loads a server-rendered page's scripts after its first paint: the preloads, then the
 * app's entry, a frame after the first frame (or after 300 ms where frames do not run, as in a hidden tab).
 * It first asks Intl about the page's language, so the locale data Intl loads on its first use (70 ms on a slow
 * phone) is loaded in this small task and not in the long one that evaluates the app's modules (decision 0042).
 */
function afterPaintLoader(main: string, preloads: string[]): string {
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
  return `<script type="module">let s=0;const go=()=>{if(s++)return;for(const h of ${json(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}const x=document.documentElement.lang;Intl.NumberFormat.supportedLocalesOf(x);Intl.DateTimeFormat.supportedLocalesOf(x);import(${json(main)})};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,300)</script>`;
}

async function renderScreen(request: Request, data: Record<string, unknown>): Promise<string | null> {
  const url = new URL(request.url);
  try {
    const { renderApp } = await import("@web/render");
    return renderApp({ locale: splitLocalePath(url.pathname).locale, url: `${url.pathname}${url.search}`, data });
  } catch (error) {
    logError("server render failed", error, { path: url.pathname });
    return null;
  }
}

/** The app's HTML with these tags: <title> replaced, any description/canonical/og/twitter tags it had replaced. */
export async function renderPage(env: Pick<Env, "ASSETS" | "APP_URL">, request: Request, meta: PageMeta, status = 200): Promise<Response> {
  const shell = await appShell(env, request);
  const rewritten = new HTMLRewriter()
    .on("title", { element: (el) => void el.setInnerContent(meta.title) })
    .on('meta[name="description"], link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], meta[name="robots"]', {
      element: (el) => void el.remove(),
    })
    .on("head", { element: (el) => void el.append(headTags(meta), { html: true }) })
    .transform(shell);
  const page = meta.data ? await withScreen(rewritten, request, { [meta.data.id]: meta.data.value }) : rewritten;
  const headers = new Headers(page.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "public, max-age=0, must-revalidate");
  headers.delete("ETag");
  headers.delete("Content-Length");
  return new Response(page.body, { status, headers });
}

// ---- job pages ---------------------------------------------------------------------------------

export type JobPageState = "live" | "gone" | "missing";

export function jobPageState(job: JobPageRow | null, now: number): JobPageState {
  if (!job) return "missing";
  if (job.deleted_at !== null || (job.published === 1 && job.expires_at <= now)) return "gone";
  return job.published === 1 ? "live" : "missing";
}

export async function jobPage(env: Env, request: Request, id: string): Promise<Response> {
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  const site = siteName(locale);
  const now = Date.now();
  const job = await loadJobForPage(env.DB, id);
  // A Spotlight job that left the board has no row in `jobs` any more, but it was here: gone, not missing.
  const state = job ? jobPageState(job, now) : (await spotlightJobGone(env.DB, id)) ? "gone" : "missing";
  const canonical = localeUrl(env, locale, `/jobs/${encodeURIComponent(id)}`);
  if (!job || state !== "live") {
    return renderPage(
      env,
      request,
      {
        title: t(locale, "discovery.job.notFoundTitle", { siteName: site }),
        description: t(locale, "discovery.job.notFoundDescription"),
        canonical,
        image: null,
        ogType: "website",
        noindex: true,
        locale,
      },
      state === "gone" ? 410 : 404,
    );
  }
  const names = { title: job.title, company: job.company };
  return renderPage(env, request, {
    title: t(locale, "discovery.job.title", { ...names, siteName: site }),
    description: metaDescription(job.description, job.location ? t(locale, "discovery.job.summaryAt", { ...names, location: job.location }) : t(locale, "discovery.job.summary", names)),
    canonical,
    // The share card in the page's language (an Arabic page points at the Arabic card).
    image: appUrl(env, localePath(locale, `/og/jobs/${encodeURIComponent(job.id)}.png`)),
    imageAlt: t(locale, "discovery.job.heading", names),
    ogType: "article",
    jsonLd: jobPostingJsonLd(job, appUrl(env, "/"), site, { pageUrl: canonical, fallbackDescription: `<p>${t(locale, "discovery.job.heading", names)}</p>` }),
    // The job as GET /api/jobs/:id answers it: the page shows it without asking.
    data: { id: PAGE_JOB_ID, value: { job: presentJob(job) } satisfies PageJob },
    locale,
  });
}

// ---- company pages -----------------------------------------------------------------------------

/**
 * A company's page, /company/:id, or its Spotlight page, /company/:id/spotlight (the same screen and data, its own
 * canonical URL). An unknown company's Spotlight page stays the app's page, as before it was rendered here.
 */
export async function companyPage(env: Env, request: Request, id: string, variant: "company" | "spotlight" = "company"): Promise<Response> {
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  const site = siteName(locale);
  // The page's meta tags and, for a visitor, the page itself as GET /api/companies/:id answers: one round trip.
  const read = await companyWithJobs(env.DB, id, Date.now());
  const company = read.company && { ...read.company, live_jobs: read.liveJobs };
  const canonical = localeUrl(env, locale, `/company/${encodeURIComponent(id)}${variant === "spotlight" ? "/spotlight" : ""}`);
  if (!company && variant === "spotlight") return appPage(env, request);
  if (!company) {
    return renderPage(
      env,
      request,
      {
        title: t(locale, "discovery.company.notFoundTitle", { siteName: site }),
        description: t(locale, "discovery.company.notFound"),
        canonical,
        image: null,
        ogType: "website",
        noindex: true,
        locale,
      },
      404,
    );
  }
  const hiring = t(locale, "discovery.company.hiring", { count: company.live_jobs });
  return renderPage(env, request, {
    title: t(locale, "discovery.company.title", { company: company.company, siteName: site }),
    description: company.tagline
      ? t(locale, "discovery.company.withTagline", { tagline: company.tagline, hiring })
      : t(locale, "discovery.company.description", { company: company.company, siteName: site, hiring }),
    canonical,
    image: appUrl(env, localePath(locale, `/og/company/${encodeURIComponent(company.id)}.png`)),
    imageAlt: company.company,
    ogType: "website",
    locale,
    // An owner's screen is their own (drafts too): only a visitor's is carried.
    ...(carriesIdentity(request) ? {} : { data: { id: PAGE_COMPANY_ID, value: publicCompanyPage({ ...read, company: read.company! }) } }),
  });
}
