// /sitemap.xml (an index) and its paged sitemaps: the site's pages, every live job, every company.
// The Arabic pages have their own index, /ar/sitemap.xml, of the same sitemaps under /ar (robots.txt names
// both); every URL entry in either lists the page in both languages (xhtml:link hreflang alternates).
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import { localePath } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import { alternates, localeUrl } from "./locale";
import { sitemapCompanies, sitemapCounts, sitemapJobs } from "./store";
import { escapeXml } from "./xml";

/** Google accepts up to 50,000 URLs per sitemap; smaller pages stay quick to build. */
export const SITEMAP_PAGE_SIZE = 10_000;
const STATIC_PATHS = ["/", "/jobs", "/advertise", "/contact", "/privacy"];

/** One <url> per path, in `locale`, with the path's hreflang alternates. */
function urlset(env: Pick<Env, "APP_URL">, locale: Locale, entries: { path: string; lastmod?: number }[]): string {
  const urls = entries
    .map((e) => {
      const links = alternates(env, e.path)
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
        .join("");
      return `<url><loc>${escapeXml(localeUrl(env, locale, e.path))}</loc>${e.lastmod ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : ""}${links}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

export function xmlResponse(body: string, status = 200): Response {
  return new Response(body, { status, headers: { "Content-Type": "application/xml; charset=utf-8" } });
}

export async function sitemapIndex(env: Env, now: number, locale: Locale = "en"): Promise<string> {
  const { jobs, companies } = await sitemapCounts(env.DB, now);
  const entries: { loc: string; lastmod: number | null }[] = [{ loc: localeUrl(env, locale, "/sitemap-pages.xml"), lastmod: null }];
  for (let p = 1; p <= Math.max(1, Math.ceil(jobs.n / SITEMAP_PAGE_SIZE)); p++) entries.push({ loc: localeUrl(env, locale, `/sitemap-jobs-${p}.xml`), lastmod: jobs.t });
  for (let p = 1; p <= Math.max(1, Math.ceil(companies.n / SITEMAP_PAGE_SIZE)); p++) entries.push({ loc: localeUrl(env, locale, `/sitemap-companies-${p}.xml`), lastmod: companies.t });
  const items = entries.map((e) => `<sitemap><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : ""}</sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

export function pagesSitemap(env: Env, locale: Locale = "en"): string {
  return urlset(
    env,
    locale,
    STATIC_PATHS.map((path) => ({ path })),
  );
}

/** One page of live jobs (1-based), or null past the last page. */
export async function jobsSitemap(env: Env, page: number, now: number, locale: Locale = "en"): Promise<string | null> {
  const results = await sitemapJobs(env.DB, now, SITEMAP_PAGE_SIZE, (page - 1) * SITEMAP_PAGE_SIZE);
  if (!results.length && page > 1) return null;
  return urlset(
    env,
    locale,
    results.map((r) => ({ path: `/jobs/${encodeURIComponent(r.id)}`, lastmod: r.updated_at })),
  );
}

export async function companiesSitemap(env: Env, page: number, locale: Locale = "en"): Promise<string | null> {
  const results = await sitemapCompanies(env.DB, SITEMAP_PAGE_SIZE, (page - 1) * SITEMAP_PAGE_SIZE);
  if (!results.length && page > 1) return null;
  return urlset(
    env,
    locale,
    results.map((r) => ({ path: `/company/${encodeURIComponent(r.id)}`, lastmod: r.updated_at })),
  );
}

export function robotsTxt(env: Env): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /dashboard",
    "Disallow: /dev/",
    // The same private pages under the Arabic prefix (issue 25).
    `Disallow: ${localePath("ar", "/dashboard")}`,
    `Disallow: ${localePath("ar", "/dev/")}`,
    "",
    `Sitemap: ${appUrl(env, "/sitemap.xml")}`,
    `Sitemap: ${localeUrl(env, "ar", "/sitemap.xml")}`,
    "",
  ].join("\n");
}
