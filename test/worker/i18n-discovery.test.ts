// Issue 13: the pages, sitemaps and feeds the worker serves outside the app, in Arabic under /ar, and
// every HTML page naming its other language (hreflang alternates, og:locale).
import { env, exports } from "cloudflare:workers";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeEach, describe, expect, it } from "vitest";
import { DAY, addJobs, clearJobs } from "../support/jobs";

beforeEach(clearJobs);

const SITE = "http://localhost:8787";

function page(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(`http://localhost${path}`, init);
}

function ldJson(html: string): Record<string, unknown>[] {
  return Array.from(html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g), (m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

function meta(html: string, attr: "name" | "property", key: string): string | null {
  const m = html.match(new RegExp(`<meta ${attr}="${key.replace(/[:]/g, "\\:")}" content="([^"]*)"`));
  return m ? m[1]! : null;
}

function metas(html: string, property: string): string[] {
  return Array.from(html.matchAll(new RegExp(`<meta property="${property.replace(/[:]/g, "\\:")}" content="([^"]*)"`, "g")), (m) => m[1]!);
}

function hreflangs(html: string): Record<string, string> {
  return Object.fromEntries(Array.from(html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g), (m) => [m[1]!, m[2]!]));
}

function canonicals(html: string): string[] {
  return Array.from(html.matchAll(/<link rel="canonical" href="([^"]+)">/g), (m) => m[1]!);
}

async function xml(path: string): Promise<any> {
  const res = await page(path);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return new XMLParser({ ignoreAttributes: false, isArray: (name) => ["url", "sitemap", "item", "category", "xhtml:link"].includes(name) }).parse(text);
}

describe("job pages in both languages", () => {
  it("the English job page names its Arabic twin and says it is en_US", async () => {
    const [id] = await addJobs({ title: "Platform Engineer", company: "Acme", location: "Dubai, UAE" });
    const html = await (await page(`/jobs/${id}`)).text();
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(hreflangs(html)).toEqual({ en: `${SITE}/jobs/${id}`, ar: `${SITE}/ar/jobs/${id}`, "x-default": `${SITE}/jobs/${id}` });
    expect(canonicals(html)).toEqual([`${SITE}/jobs/${id}`]);
    expect(meta(html, "property", "og:locale")).toBe("en_US");
    expect(metas(html, "og:locale:alternate")).toEqual(["ar_AR"]);
    expect(meta(html, "property", "og:site_name")).toBe("Startup Jobs");
  });

  it("/ar/jobs/:id is the Arabic page: lang and dir, title, Open Graph, Twitter and JSON-LD in Arabic, its own URL canonical", async () => {
    const [id] = await addJobs({ title: "Platform Engineer", company: "Acme", location: "Dubai, UAE", description: "" });
    const res = await page(`/ar/jobs/${id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain("<title>Platform Engineer لدى Acme | وظائف الشركات الناشئة</title>");
    expect(meta(html, "property", "og:title")).toBe("Platform Engineer لدى Acme | وظائف الشركات الناشئة");
    expect(meta(html, "name", "twitter:title")).toBe("Platform Engineer لدى Acme | وظائف الشركات الناشئة");
    expect(meta(html, "property", "og:site_name")).toBe("وظائف الشركات الناشئة");
    expect(meta(html, "property", "og:locale")).toBe("ar_AR");
    expect(metas(html, "og:locale:alternate")).toEqual(["en_US"]);
    expect(meta(html, "property", "og:url")).toBe(`${SITE}/ar/jobs/${id}`);
    expect(meta(html, "name", "description")).toBe("Platform Engineer لدى Acme، Dubai, UAE.");
    expect(canonicals(html)).toEqual([`${SITE}/ar/jobs/${id}`]);
    expect(hreflangs(html)).toEqual({ en: `${SITE}/jobs/${id}`, ar: `${SITE}/ar/jobs/${id}`, "x-default": `${SITE}/jobs/${id}` });
    const [ld] = ldJson(html);
    expect(ld).toMatchObject({ "@type": "JobPosting", title: "Platform Engineer", url: `${SITE}/ar/jobs/${id}`, description: "<p>Platform Engineer لدى Acme</p>" });
    expect((ld!.identifier as { name: string }).name).toBe("وظائف الشركات الناشئة");
  });

  it("an unknown or expired job under /ar says so in Arabic, with noindex and no JSON-LD", async () => {
    const [expired] = await addJobs({ title: "Old", createdAt: Date.now() - 40 * DAY, expiresAt: Date.now() - 10 * DAY });
    const gone = await page(`/ar/jobs/${expired}`);
    expect(gone.status).toBe(410);
    const missing = await page("/ar/jobs/does-not-exist");
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain("<title>الوظيفة غير موجودة | وظائف الشركات الناشئة</title>");
    expect(meta(html, "name", "description")).toBe("ربما انتهت مدة الإعلان أو حذفه صاحب العمل.");
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(ldJson(html)).toEqual([]);
    expect(ldJson(await gone.text())).toEqual([]);
  });

  it("/ar/company/:id is in Arabic, with its plural", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO companies (id, company) VALUES ('acme', 'Acme')").run();
    await addJobs({ title: "One", company: "Acme", companyId: "acme" }, { title: "Two", company: "Acme", companyId: "acme" });
    const html = await (await page("/ar/company/acme")).text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain("<title>وظائف Acme | وظائف الشركات الناشئة</title>");
    expect(meta(html, "name", "description")).toBe("Acme على منصة «وظائف الشركات الناشئة». وظيفتان شاغرتان.");
    expect(hreflangs(html)).toEqual({ en: `${SITE}/company/acme`, ar: `${SITE}/ar/company/acme`, "x-default": `${SITE}/company/acme` });
  });
});

describe("app pages in both languages", () => {
  it("a plain app page carries the hreflang alternates and its canonical URL", async () => {
    const html = await (await page("/advertise")).text();
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
    expect(hreflangs(html)).toEqual({ en: `${SITE}/advertise`, ar: `${SITE}/ar/advertise`, "x-default": `${SITE}/advertise` });
    expect(canonicals(html)).toEqual([`${SITE}/advertise`]);
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="Startup Jobs: latest jobs" href="${SITE}/feed.xml">`);
  });

  it("the privacy page is an indexed page in both languages, with its alternates", async () => {
    for (const [path, canonical] of [
      ["/privacy", `${SITE}/privacy`],
      ["/ar/privacy", `${SITE}/ar/privacy`],
    ]) {
      const res = await page(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(hreflangs(html)).toEqual({ en: `${SITE}/privacy`, ar: `${SITE}/ar/privacy`, "x-default": `${SITE}/privacy` });
      expect(canonicals(html)).toEqual([canonical]);
      expect(html).not.toContain('name="robots"');
    }
  });

  it("an Arabic app page has the Arabic default title and description", async () => {
    const res = await page("/ar/jobs");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain("<title>وظائف الشركات الناشئة</title>");
    expect(meta(html, "name", "description")).toBe("أفضل وظائف الشركات الناشئة في الشرق الأوسط والعالم.");
    expect(hreflangs(html)).toEqual({ en: `${SITE}/jobs`, ar: `${SITE}/ar/jobs`, "x-default": `${SITE}/jobs` });
    expect(canonicals(html)).toEqual([`${SITE}/ar/jobs`]);
    expect(html).toContain(`<link rel="alternate" type="application/rss+xml" title="وظائف الشركات الناشئة: أحدث الوظائف" href="${SITE}/ar/feed.xml">`);
    const home = await (await page("/ar")).text();
    expect(hreflangs(home)).toEqual({ en: `${SITE}/`, ar: `${SITE}/ar`, "x-default": `${SITE}/` });
  });
});

describe("the remembered language", () => {
  it("the bare home page follows the locale cookie to /ar with its query; other pages, and unknown values, do not", async () => {
    const home = await page("/?keywords=go", { headers: { Cookie: "theme=x; locale=ar" }, redirect: "manual" });
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/ar?keywords=go");
    expect((await page("/jobs", { headers: { Cookie: "locale=ar" }, redirect: "manual" })).status).toBe(200);
    for (const cookie of ["locale=en", "locale=xx", "xlocale=ar"]) expect((await page("/", { headers: { Cookie: cookie }, redirect: "manual" })).status, cookie).toBe(200);
  });
});

describe("sitemaps in both languages", () => {
  it("every English entry lists both languages; /ar/sitemap.xml lists the Arabic URLs; robots.txt names both indexes", async () => {
    const [live] = await addJobs({ title: "Live" });
    const jobs = await xml("/sitemap-jobs-1.xml");
    const [entry] = jobs.urlset.url;
    expect(entry.loc).toBe(`${SITE}/jobs/${live}`);
    const links = entry["xhtml:link"].map((l: Record<string, string>) => [l["@_hreflang"], l["@_href"], l["@_rel"]]);
    expect(links).toEqual([
      ["en", `${SITE}/jobs/${live}`, "alternate"],
      ["ar", `${SITE}/ar/jobs/${live}`, "alternate"],
      ["x-default", `${SITE}/jobs/${live}`, "alternate"],
    ]);
    expect(jobs.urlset["@_xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");

    const index = await xml("/ar/sitemap.xml");
    expect(index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc)).toEqual([`${SITE}/ar/sitemap-pages.xml`, `${SITE}/ar/sitemap-jobs-1.xml`, `${SITE}/ar/sitemap-companies-1.xml`]);
    const arJobs = await xml("/ar/sitemap-jobs-1.xml");
    expect(arJobs.urlset.url.map((u: { loc: string }) => u.loc)).toEqual([`${SITE}/ar/jobs/${live}`]);
    expect(arJobs.urlset.url[0]["xhtml:link"]).toHaveLength(3);
    const arPages = await xml("/ar/sitemap-pages.xml");
    expect(arPages.urlset.url.map((u: { loc: string }) => u.loc)).toEqual([`${SITE}/ar`, `${SITE}/ar/jobs`, `${SITE}/ar/advertise`, `${SITE}/ar/contact`, `${SITE}/ar/privacy`]);
    expect((await page("/ar/sitemap-jobs-2.xml")).status).toBe(404);

    const robots = await (await page("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots).toContain(`Sitemap: ${SITE}/ar/sitemap.xml`);
  });
});

describe("feeds in both languages", () => {
  it("/ar/feed.xml is in Arabic with links to the /ar pages; /feed.xml stays English", async () => {
    const [id] = await addJobs({ title: "Rust Engineer", company: "Acme" });
    const rss = await xml("/ar/feed.xml");
    const channel = rss.rss.channel;
    expect(channel.language).toBe("ar");
    expect(channel.title).toBe("وظائف الشركات الناشئة: أحدث الوظائف");
    expect(channel.description).toBe("أحدث الوظائف على منصة «وظائف الشركات الناشئة».");
    expect(channel.link).toBe(`${SITE}/ar/jobs`);
    expect(channel.item[0].link).toBe(`${SITE}/ar/jobs/${id}`);
    expect(channel.item[0].title).toBe("Rust Engineer لدى Acme");

    const english = (await xml("/feed.xml")).rss.channel;
    expect(english.language).toBe("en");
    expect(english.title).toBe("Startup Jobs: latest jobs");
    expect(english.item[0].link).toBe(`${SITE}/jobs/${id}`);
  });

  it("a filtered Arabic feed describes its filters in Arabic; /ar/feed.json says ar", async () => {
    const [id] = await addJobs({ title: "Rust Engineer", company: "Acme", location: "Remote" });
    const channel = (await xml("/ar/feed.xml?keywords=rust&remote=true")).rss.channel;
    expect(channel.title).toBe("وظائف الشركات الناشئة — «\u2068rust\u2069» · عن بُعد فقط");
    expect(channel.description).toBe("أحدث الوظائف المطابقة لبحثك على منصة «وظائف الشركات الناشئة»: «\u2068rust\u2069» · عن بُعد فقط.");
    const english = (await xml("/feed.xml?keywords=rust&remote=true")).rss.channel;
    expect(english.title).toBe('Startup Jobs: "rust" · Remote only');
    const json = (await (await page("/ar/feed.json")).json()) as { language: string; items: { url: string }[]; home_page_url: string };
    expect(json.language).toBe("ar");
    expect(json.home_page_url).toBe(`${SITE}/ar/jobs`);
    expect(json.items[0]!.url).toBe(`${SITE}/ar/jobs/${id}`);
  });
});
