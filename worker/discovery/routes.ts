// What the worker serves outside /api for crawlers and link previews (wrangler.toml run_worker_first):
// job and company pages with meta tags and JSON-LD, sitemaps, robots.txt, RSS and JSON feeds, and
// share-card images. Every other path under /jobs/ and /company/ (e.g. /jobs/:id/edit) is the app.
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { validate } from "../http/validate";
import { localiseErrorsIn } from "../http/locale";
import type { PublicJobRow } from "../jobs/present";
import { searchJobs } from "../jobs/search";
import { appUrl } from "../lib/appUrl";
import { logError } from "../lib/log";
import { dirOf, localePath, splitLocalePath } from "../rules/i18n";
import { t } from "../lib/i18n";
import type { Locale } from "../rules/i18n";
import { normaliseSearch, searchQuerySchema, toSearchParams } from "../rules/search";
import { FRESH_SECONDS, edgeCache } from "../http/edgeCache";
import { FEED_DEFAULT_LIMIT, feedDescription, feedTitle, jsonFeed, rssFeed } from "./feeds";
import type { FeedMeta } from "./feeds";
import { describeFiltersIn, localeUrl, siteName } from "./locale";
import { appPage, companyPage, jobPage, jobPageState } from "./pages";
import { loadCompanyForPage, loadJobForPage } from "./store";
import { loadCardLogo } from "./shareCardLogo";
import { shareCardSvg } from "./shareCardSvg";
import type { ShareCardData } from "./shareCardSvg";
import { companiesSitemap, jobsSitemap, pagesSitemap, robotsTxt, sitemapIndex, xmlResponse } from "./sitemaps";

/** Sitemaps and feeds: readers and crawlers may keep them as long as the edge does (worker/http/edgeCache.ts). */
const DISCOVERY_CACHE_CONTROL = `public, max-age=${FRESH_SECONDS}`;
const SHARE_CARD_TTL = 7 * 24 * 60 * 60;

function executionCtx(c: Context<AppEnv>): ExecutionContext | null {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return null;
  }
}

/** The app itself (index.html for client routes), as the platform would have served it. */
function passToApp(c: Context<AppEnv>): Promise<Response> {
  return appPage(c.env, c.req.raw);
}

const idParam = z.object({ id: z.string().min(1).max(100) });

/** The language of a feed or sitemap: that of its path (/feed.xml English, /ar/feed.xml Arabic). */
function feedLocale(c: Context<AppEnv>): Locale {
  return splitLocalePath(new URL(c.req.url).pathname).locale;
}

async function feedRows(c: Context<AppEnv>, raw: z.infer<typeof searchQuerySchema>, now: number) {
  const req = { ...normaliseSearch(raw, feedLocale(c)), cursor: null, limit: raw.limit ?? FEED_DEFAULT_LIMIT };
  const { rows } = await searchJobs<PublicJobRow & Record<string, unknown>>(c.env.DB, req, now);
  const query = toSearchParams(req).toString();
  const summary = describeFiltersIn(feedLocale(c), req);
  const all = describeFiltersIn("en", req) === "All jobs";
  return { rows, query, summary, all };
}

function feedMeta(c: Context<AppEnv>, path: string, query: string, summary: string, all: boolean): FeedMeta {
  const locale = feedLocale(c);
  return {
    title: feedTitle(summary, locale, all),
    description: feedDescription(summary, locale, all),
    homeUrl: localeUrl(c.env, locale, query ? `/jobs?${query}` : "/jobs"),
    feedUrl: localeUrl(c.env, locale, query ? `${path}?${query}` : path),
    jobUrl: (id) => localeUrl(c.env, locale, `/jobs/${encodeURIComponent(id)}`),
    imageUrl: (id) => appUrl(c.env, localePath(locale, `/og/jobs/${encodeURIComponent(id)}.png`)),
    locale,
  };
}

/** A discovery answer (feed, sitemap, robots.txt), cacheable by readers as long as by the edge. */
function discovery(res: Response): Response {
  res.headers.set("Cache-Control", DISCOVERY_CACHE_CONTROL);
  return res;
}

/** RSS, the feed's handler for /feed.xml and /ar/feed.xml. */
async function rssHandler(c: Context<AppEnv>, raw: z.infer<typeof searchQuerySchema>): Promise<Response> {
  const now = Date.now();
  const { rows, query, summary, all } = await feedRows(c, raw, now);
  return discovery(new Response(rssFeed(rows, feedMeta(c, "/feed.xml", query, summary, all), now), { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } }));
}

async function jsonFeedHandler(c: Context<AppEnv>, raw: z.infer<typeof searchQuerySchema>): Promise<Response> {
  const { rows, query, summary, all } = await feedRows(c, raw, Date.now());
  return discovery(new Response(JSON.stringify(jsonFeed(rows, feedMeta(c, "/feed.json", query, summary, all))), { headers: { "Content-Type": "application/feed+json; charset=utf-8" } }));
}

// Sitemaps: /sitemap*.xml list the English pages, /ar/sitemap*.xml the Arabic ones.
async function sitemapIndexHandler(c: Context<AppEnv>): Promise<Response> {
  return discovery(xmlResponse(await sitemapIndex(c.env, Date.now(), feedLocale(c))));
}

function pagesSitemapHandler(c: Context<AppEnv>): Response {
  return discovery(xmlResponse(pagesSitemap(c.env, feedLocale(c))));
}

async function pagedSitemapHandler(c: Context<AppEnv>): Promise<Response> {
  const m = (c.req.param("file") ?? "").match(/^sitemap-(jobs|companies)-(\d+)\.xml$/)!;
  const page = Number(m[2]);
  const locale = feedLocale(c);
  const body = page < 1 ? null : m[1] === "jobs" ? await jobsSitemap(c.env, page, Date.now(), locale) : await companiesSitemap(c.env, page, locale);
  return body === null ? xmlResponse('<?xml version="1.0" encoding="UTF-8"?>\n<error>No such sitemap page</error>\n', 404) : discovery(xmlResponse(body));
}

export const discoveryRoutes = new Hono<AppEnv>()
  .get("/jobs/:id", validate("param", idParam), (c) => jobPage(c.env, c.req.raw, c.req.valid("param").id))
  .get("/jobs/*", passToApp)
  .get("/company/:id", validate("param", idParam), (c) => companyPage(c.env, c.req.raw, c.req.valid("param").id))
  .get("/company/:id/spotlight", validate("param", idParam), (c) => companyPage(c.env, c.req.raw, c.req.valid("param").id, "spotlight"))
  .get("/company/*", passToApp)
  // The same pages in Arabic (the page reads its language from the /ar prefix).
  .get("/ar/jobs/:id", validate("param", idParam), (c) => jobPage(c.env, c.req.raw, c.req.valid("param").id))
  .get("/ar/jobs/*", passToApp)
  .get("/ar/company/:id", validate("param", idParam), (c) => companyPage(c.env, c.req.raw, c.req.valid("param").id))
  .get("/ar/company/:id/spotlight", validate("param", idParam), (c) => companyPage(c.env, c.req.raw, c.req.valid("param").id, "spotlight"))
  .get("/ar/company/*", passToApp)
  .get("/robots.txt", (c) => discovery(c.text(robotsTxt(c.env))))
  .get("/sitemap.xml", sitemapIndexHandler)
  .get("/ar/sitemap.xml", sitemapIndexHandler)
  .get("/sitemap-pages.xml", pagesSitemapHandler)
  .get("/ar/sitemap-pages.xml", pagesSitemapHandler)
  .get("/:file{sitemap-(?:jobs|companies)-[0-9]{1,6}\\.xml}", pagedSitemapHandler)
  .get("/ar/:file{sitemap-(?:jobs|companies)-[0-9]{1,6}\\.xml}", pagedSitemapHandler)
  .get("/feed.xml", validate("query", searchQuerySchema), (c) => rssHandler(c, c.req.valid("query")))
  // The Arabic feeds' errors (a bad filter) in Arabic, as their path says (worker/http/locale.ts).
  .use("/ar/feed.xml", localiseErrorsIn("ar"))
  .use("/ar/feed.json", localiseErrorsIn("ar"))
  .get("/ar/feed.xml", validate("query", searchQuerySchema), (c) => rssHandler(c, c.req.valid("query")))
  .get("/feed.json", validate("query", searchQuerySchema), (c) => jsonFeedHandler(c, c.req.valid("query")))
  .get("/ar/feed.json", validate("query", searchQuerySchema), (c) => jsonFeedHandler(c, c.req.valid("query")))
  .get("/og/jobs/:file{[^/]{1,104}\\.(?:png|svg)}", jobCard)
  .get("/ar/og/jobs/:file{[^/]{1,104}\\.(?:png|svg)}", jobCard)
  .get("/og/company/:file{[^/]{1,104}\\.(?:png|svg)}", companyCard)
  .get("/ar/og/company/:file{[^/]{1,104}\\.(?:png|svg)}", companyCard);

/** A job's share card, in the language of its path (/og/… English, /ar/og/… Arabic: what /ar pages point at). */
async function jobCard(c: Context<AppEnv>): Promise<Response> {
  const file = c.req.param("file") ?? "";
  const id = decodeURIComponent(file.slice(0, -4));
  const locale = feedLocale(c);
  const job = await loadJobForPage(c.env.DB, id);
  if (!job || jobPageState(job, Date.now()) !== "live") return c.json({ error: "Job not found" }, 404);
  // The card changes only with the job: its updated_at keys the cached image.
  return shareCard(c, `${localePath(locale, "/og/jobs/")}${encodeURIComponent(id)}.${formatOf(file)}?u=${job.updated_at}`, formatOf(file), async () => ({
    title: job.title,
    company: job.company,
    location: job.location,
    salary: job.salary,
    logo: await loadCardLogo(c.env, job.logo, new URL(c.req.url).origin),
    siteName: siteName(locale),
    hiring: t(locale, "discovery.card.hiring"),
    dir: dirOf(locale),
  }));
}

async function companyCard(c: Context<AppEnv>): Promise<Response> {
  const file = c.req.param("file") ?? "";
  const id = decodeURIComponent(file.slice(0, -4));
  const locale = feedLocale(c);
  const company = await loadCompanyForPage(c.env.DB, id, Date.now());
  if (!company) return c.json({ error: "Company not found" }, 404);
  const positions = t(locale, "discovery.card.openPositions", { count: company.live_jobs });
  return shareCard(c, `${localePath(locale, "/og/company/")}${encodeURIComponent(id)}.${formatOf(file)}?u=${company.updated_at}.${company.live_jobs}`, formatOf(file), async () => ({
    title: company.tagline || positions,
    company: company.company,
    location: company.tagline ? positions : "",
    salary: "",
    logo: await loadCardLogo(c.env, company.logo, new URL(c.req.url).origin),
    siteName: siteName(locale),
    hiring: t(locale, "discovery.card.hiring"),
    dir: dirOf(locale),
  }));
}

function formatOf(file: string): "png" | "svg" {
  return file.endsWith(".svg") ? "svg" : "png";
}

/** A share card as PNG (or SVG), from the edge cache when this exact version was drawn before. */
async function shareCard(c: Context<AppEnv>, keyPath: string, format: "png" | "svg", data: () => Promise<ShareCardData>): Promise<Response> {
  const cache = edgeCache();
  const key = new Request(`${new URL(c.req.url).origin}${keyPath}`);
  const hit = await cache?.match(key);
  if (hit) return hit;
  const card = await data();
  let body: string | Uint8Array;
  if (format === "svg") body = shareCardSvg(card);
  else {
    const { CardFontsMissing, cardFonts, renderCard } = await import("./shareCard");
    try {
      body = await renderCard(card, await cardFonts(c.env.ASSETS, new URL(c.req.url).origin));
    } catch (err) {
      if (!(err instanceof CardFontsMissing)) throw err;
      // A deploy without its static assets: say so in the logs, and let the crawler come back (nothing is cached).
      logError("share_card.fonts_missing", err);
      return c.json({ error: "Share image unavailable, try again later" }, 503, { "Retry-After": "300" });
    }
  }
  const res = new Response(body as BodyInit, {
    headers: { "Content-Type": format === "svg" ? "image/svg+xml" : "image/png", "Cache-Control": `public, max-age=86400, s-maxage=${SHARE_CARD_TTL}` },
  });
  const put = cache?.put(key, res.clone()).catch(() => {});
  if (put) executionCtx(c)?.waitUntil(put);
  return res;
}
