// Sitemaps, robots.txt, the RSS 2.0 and JSON Feed 1.1 feeds: well-formed, parsed here, filtered like
// /api/jobs, cached at the edge and correct right after a job changes.
import { env, exports } from "cloudflare:workers";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { DAY, addJobs, clearJobs } from "../support/jobs";

beforeEach(clearJobs);

function get(path: string): Promise<Response> {
  return exports.default.fetch(`http://localhost${path}`);
}

async function xml(path: string): Promise<any> {
  const res = await get(path);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return new XMLParser({ ignoreAttributes: false, isArray: (name) => ["url", "sitemap", "item", "category"].includes(name) }).parse(text);
}

describe("robots.txt and sitemaps", () => {
  it("robots.txt points at the sitemap index", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Sitemap: http://localhost:8787/sitemap.xml");
    expect(text).toContain("Disallow: /api/");
  });

  it("/sitemap.xml is an index of the pages, jobs and companies sitemaps, each well-formed", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO companies (id, company) VALUES ('acme', 'Acme & Sons')").run();
    const [live] = await addJobs({ title: "Live" });
    await addJobs({ title: "Draft", published: 0, publishedAt: null }, { title: "Expired", createdAt: Date.now() - 40 * DAY, expiresAt: Date.now() - DAY });
    const index = await xml("/sitemap.xml");
    const locs: string[] = index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(locs).toEqual(["http://localhost:8787/sitemap-pages.xml", "http://localhost:8787/sitemap-jobs-1.xml", "http://localhost:8787/sitemap-companies-1.xml"]);
    const jobs = await xml("/sitemap-jobs-1.xml");
    expect(jobs.urlset.url.map((u: { loc: string }) => u.loc)).toEqual([`http://localhost:8787/jobs/${live}`]);
    expect(jobs.urlset.url[0].lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const companies = await xml("/sitemap-companies-1.xml");
    expect(companies.urlset.url.map((u: { loc: string }) => u.loc)).toContain("http://localhost:8787/company/acme");
    const pages = await xml("/sitemap-pages.xml");
    expect(pages.urlset.url.map((u: { loc: string }) => u.loc)).toEqual([
      "http://localhost:8787/",
      "http://localhost:8787/jobs",
      "http://localhost:8787/advertise",
      "http://localhost:8787/contact",
      "http://localhost:8787/privacy",
    ]);
    expect((await get("/sitemap-jobs-2.xml")).status).toBe(404);
  });
});

describe("RSS feed", () => {
  it("/feed.xml is RSS 2.0 with the latest jobs, newest first, escaped", async () => {
    const [older, newer] = await addJobs(
      { title: "Older <Role>", company: "A & B", createdAt: Date.now() - 2 * DAY, tags: ["Go"] },
      { title: "Newer Role", company: "C", createdAt: Date.now() - DAY, description: "<p>Great & <em>fun</em> work, with enough text here.</p>" },
    );
    const feed = await xml("/feed.xml");
    expect(feed.rss["@_version"]).toBe("2.0");
    const channel = feed.rss.channel;
    expect(channel.title).toBe("Startup Jobs: latest jobs");
    expect(channel.link).toBe("http://localhost:8787/jobs");
    const items = channel.item;
    expect(items.map((i: { title: string }) => i.title)).toEqual(["Newer Role at C", "Older <Role> at A & B"]);
    expect(items[0].link).toBe(`http://localhost:8787/jobs/${newer}`);
    expect(items[0].guid["#text"]).toBe(`http://localhost:8787/jobs/${newer}`);
    expect(new Date(items[0].pubDate).getTime()).toBeGreaterThan(new Date(items[1].pubDate).getTime());
    expect(items[0].description).toContain("<em>fun</em>");
    expect(items[1].category).toContain("Go");
    expect(items[1].link).toBe(`http://localhost:8787/jobs/${older}`);
  });

  it("filtered by the same parameters as /api/jobs", async () => {
    await addJobs({ title: "Rust Engineer", location: "Remote (Europe)" }, { title: "Rust Engineer Onsite", location: "Dubai, UAE" }, { title: "Designer", location: "Remote" });
    const feed = await xml("/feed.xml?keywords=rust&remote=true");
    expect(feed.rss.channel.item.map((i: { title: string }) => i.title)).toEqual([expect.stringMatching(/^Rust Engineer at /)]);
    expect(feed.rss.channel.item).toHaveLength(1);
    expect(feed.rss.channel.title).toBe('Startup Jobs: "rust" · Remote only');
    expect((await get("/feed.xml?sort=nope")).status).toBe(400);
  });
});

describe("JSON feed", () => {
  it("/feed.json is JSON Feed 1.1 with the latest jobs", async () => {
    const [id] = await addJobs({ title: "Data Scientist", company: "Sary", tags: ["Python"], category: "Data Science" });
    const res = await get("/feed.json?tags=Python");
    expect(res.headers.get("Content-Type")).toContain("application/feed+json");
    const feed = (await res.json()) as { version: string; title: string; feed_url: string; home_page_url: string; items: Record<string, unknown>[] };
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.feed_url).toBe("http://localhost:8787/feed.json?tags=Python");
    expect(feed.home_page_url).toBe("http://localhost:8787/jobs?tags=Python");
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({
      id,
      url: `http://localhost:8787/jobs/${id}`,
      title: "Data Scientist at Sary",
      authors: [{ name: "Sary" }],
      tags: ["Data Science", "Python"],
      image: `http://localhost:8787/og/jobs/${id}.png`,
    });
    expect(Date.parse(feed.items[0]!.date_published as string)).not.toBeNaN();
  });
});

// The edge cache in front of feeds and sitemaps (fresh for 60 seconds) is tested with the other public reads
// in edge-cache.test.ts; these tests run with it off.
describe("expiry", () => {
  it("a job that expires leaves the sitemap without any write", async () => {
    const soon = Date.now() + 1500;
    const [lasting] = await addJobs({ title: "Lasting" });
    await addJobs({ title: "Expiring", expiresAt: soon });
    expect((await xml("/sitemap-jobs-1.xml")).urlset.url).toHaveLength(2);
    await new Promise((r) => setTimeout(r, soon - Date.now() + 50));
    const urls = (await xml("/sitemap-jobs-1.xml")).urlset.url.map((u: { loc: string }) => u.loc);
    expect(urls).toEqual([`http://localhost:8787/jobs/${lasting}`]);
  });
});

describe("routing", () => {
  it("wrangler's run_worker_first globs send /jobs/:id to the worker but leave the /jobs listing to the app", async () => {
    // Same rule as workers-shared's asset router: each pattern is a glob on the whole path, * = anything.
    const toml = (await import("../../wrangler.toml?raw")).default as string;
    const patterns = JSON.parse(toml.match(/run_worker_first = (\[.*\])/)![1]!) as string[];
    const matches = (path: string) =>
      patterns.some((p) =>
        new RegExp(
          `^${p
            .split("*")
            .map((s) => s.replace(/[-/\\^$+?.()|[\]{}]/g, "\\$&"))
            .join(".*")}$`,
        ).test(path),
      );
    expect(matches("/jobs")).toBe(false);
    expect(matches("/jobs/abc")).toBe(true);
    expect(matches("/jobs/abc/edit")).toBe(true);
    expect(matches("/company/stripe")).toBe(true);
    expect(matches("/contact")).toBe(false);
    // The home page too, so every HTML page gets the worker's per-response CSP (issue 12).
    expect(matches("/")).toBe(true);
    for (const p of ["/sitemap.xml", "/sitemap-jobs-1.xml", "/robots.txt", "/feed.xml", "/feed.json", "/og/jobs/x.png", "/api/jobs"]) expect(matches(p)).toBe(true);
  });
});
