// Feeds of the latest jobs, RSS 2.0 (/feed.xml) and JSON Feed 1.1 (/feed.json), filtered by the same
// query parameters as /api/jobs and found by the same search code.
// /ar/feed.xml and /ar/feed.json are the same feeds in Arabic: channel text from the catalogue and
// links to the /ar pages (issue 13).
import type { PublicJobRow } from "../jobs/present";
import { t } from "../lib/i18n";
import type { Locale } from "../rules/i18n";
import { htmlToText, shortDescription } from "../rules/text";
import { listLabel, siteName } from "./locale";
import { escapeXml } from "./xml";

export const FEED_DEFAULT_LIMIT = 50;

export interface FeedMeta {
  title: string;
  description: string;
  /** The /jobs page with the same filters. */
  homeUrl: string;
  feedUrl: string;
  jobUrl: (id: string) => string;
  imageUrl: (id: string) => string;
  /** The feed's language (English unless said). */
  locale?: Locale;
}

function tagsOf(row: PublicJobRow): string[] {
  try {
    const v: unknown = JSON.parse(row.tags);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/** The job's category and tags as the feed's language names them (value.category.*, value.tag.*; issue 25). */
function categoriesOf(row: PublicJobRow, locale: Locale = "en"): string[] {
  return [listLabel(locale, "category", row.category, row.category), ...tagsOf(row).map((tag) => listLabel(locale, "tag", tag, tag))].filter(Boolean);
}

function itemTitle(row: PublicJobRow, locale: Locale = "en"): string {
  return t(locale, "discovery.job.heading", { title: row.title, company: row.company });
}

function published(row: PublicJobRow): number {
  return row.published_at ?? row.created_at;
}

export function rssFeed(rows: PublicJobRow[], meta: FeedMeta, now: number): string {
  const items = rows.map((r) => {
    const url = meta.jobUrl(r.id);
    const categories = categoriesOf(r, meta.locale)
      .map((c) => `<category>${escapeXml(c)}</category>`)
      .join("");
    const summary = [r.location, r.salary].filter(Boolean).join(" · ");
    const description = `${summary ? `<p>${escapeXml(summary)}</p>` : ""}${r.description}`;
    return [
      "<item>",
      `<title>${escapeXml(itemTitle(r, meta.locale))}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `<pubDate>${new Date(published(r)).toUTCString()}</pubDate>`,
      `<description>${escapeXml(description)}</description>`,
      categories,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(meta.title)}</title>`,
    `<link>${escapeXml(meta.homeUrl)}</link>`,
    `<description>${escapeXml(meta.description)}</description>`,
    `<language>${meta.locale ?? "en"}</language>`,
    `<lastBuildDate>${new Date(rows[0] ? published(rows[0]) : now).toUTCString()}</lastBuildDate>`,
    `<atom:link href="${escapeXml(meta.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function jsonFeed(rows: PublicJobRow[], meta: FeedMeta): Record<string, unknown> {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: meta.title,
    home_page_url: meta.homeUrl,
    feed_url: meta.feedUrl,
    description: meta.description,
    language: meta.locale ?? "en",
    items: rows.map((r) => ({
      id: r.id,
      url: meta.jobUrl(r.id),
      title: itemTitle(r, meta.locale),
      content_html: r.description,
      summary: shortDescription(r.description) || htmlToText(r.tagline),
      image: meta.imageUrl(r.id),
      date_published: new Date(published(r)).toISOString(),
      authors: [{ name: r.company }],
      tags: categoriesOf(r, meta.locale),
      _job: { company: r.company, location: r.location, salary: r.salary, type: r.type, expires_at: r.expires_at === null ? null : new Date(r.expires_at).toISOString() },
    })),
  };
}

/** The feed's title; `all`: no filters (the summary then says so). */
export function feedTitle(summary: string, locale: Locale = "en", all = summary === "All jobs"): string {
  return all ? t(locale, "discovery.feed.allTitle", { siteName: siteName(locale) }) : t(locale, "discovery.feed.filteredTitle", { siteName: siteName(locale), summary });
}

export function feedDescription(summary: string, locale: Locale = "en", all = summary === "All jobs"): string {
  return all ? t(locale, "discovery.feed.allDescription", { siteName: siteName(locale) }) : t(locale, "discovery.feed.filteredDescription", { siteName: siteName(locale), summary });
}
