// The listing pages' HTML carries their first page of results (issue 14, rules/firstPage.ts): exactly what
// GET /api/jobs answers for the page's canonical query, so the first results need no second request.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { FIRST_PAGE_ID, PAGE_COMPANY_ID, PAGE_JOB_ID } from "../../worker/rules/firstPage";
import type { FirstPage, PageJob } from "../../worker/rules/firstPage";
import { call, signUp } from "../support/auth";
import { addJobs } from "../support/jobs";

async function carried<T>(path: string, id: string, status = 200): Promise<T | null> {
  const res = await call(path);
  expect(res.status, path).toBe(status);
  const html = await res.text();
  const m = html.match(new RegExp(`<script type="application/json" id="${id}"[^>]*>(.*?)</script>`, "s"));
  return m ? (JSON.parse(m[1]!) as T) : null;
}

const firstPage = (path: string) => carried<FirstPage>(path, FIRST_PAGE_ID);

describe("the first page of results in the listing pages' HTML", () => {
  it("/ and /jobs carry what the API answers for their query, in both languages", async () => {
    await addJobs({ title: "Inline Platform Engineer", tags: ["Go"] }, { title: "Inline Designer" });
    for (const [path, query, api] of [
      ["/", "", "/api/jobs"],
      ["/ar", "", "/api/jobs"],
      ["/jobs?keywords=inline%20platform", "keywords=inline+platform", "/api/jobs?keywords=inline+platform"],
      ["/ar/jobs?sort=salary-high&tags=Go", "tags=Go&sort=salary-high", "/api/jobs?tags=Go&sort=salary-high"],
    ] as const) {
      const page = await firstPage(path);
      expect(page, path).not.toBeNull();
      expect(page!.query, path).toBe(query);
      expect(page!.listing, path).toEqual(await (await call(api)).json());
    }
    expect((await firstPage("/jobs?keywords=inline%20platform"))!.listing.jobs.map((j) => j.title)).toEqual(["Inline Platform Engineer"]);
  });

  it("/ar/jobs sorted by company carries what the API answers in Arabic: Arabic names first (issue 25)", async () => {
    await addJobs({ title: "Latin Co Role", company: "Anghami" }, { title: "Arabic Co Role", company: "كريم" });
    const page = await firstPage("/ar/jobs?sort=company-asc");
    const api = await (await call("/api/jobs?sort=company-asc", { headers: { "Accept-Language": "ar" } })).json();
    expect(page!.listing).toEqual(api);
    const ours = (companies: string[]) => companies.filter((c) => c === "Anghami" || c === "كريم");
    expect(ours(page!.listing.jobs.map((j) => j.company))).toEqual(["كريم", "Anghami"]);
    expect(ours((await firstPage("/jobs?sort=company-asc"))!.listing.jobs.map((j) => j.company))).toEqual(["Anghami", "كريم"]);
  });

  it("text from a job cannot close the script element", async () => {
    await addJobs({ title: "Evil </script><script>alert(1)</script> Role" });
    const res = await call("/jobs?keywords=evil");
    const html = await res.text();
    expect(html).not.toContain("</script><script>alert(1)");
    const page = await firstPage("/jobs?keywords=evil");
    expect(page!.listing.jobs[0]!.title).toBe("Evil </script><script>alert(1)</script> Role");
  });

  it("values the search does not know are left out of the query, as the app leaves them out", async () => {
    expect((await firstPage("/jobs?sort=sideways&type=everything"))!.query).toBe("");
    const long = await firstPage(`/jobs?keywords=${"x".repeat(500)}`);
    expect(long!.listing).toEqual(await (await call(`/api/jobs?${long!.query}`)).json());
  });

  it("other pages carry none", async () => {
    expect(await firstPage("/post")).toBeNull();
    expect(await firstPage("/contact")).toBeNull();
  });
});

describe("the job in a job's page", () => {
  it("a live job's page carries the job as GET /api/jobs/:id answers it, in both languages", async () => {
    const [id] = await addJobs({ title: "Carried </script> Role", tags: ["Go"] });
    const api = await (await call(`/api/jobs/${id}`)).json();
    expect(await carried<PageJob>(`/jobs/${id}`, PAGE_JOB_ID)).toEqual(api);
    expect(await carried<PageJob>(`/ar/jobs/${id}`, PAGE_JOB_ID)).toEqual(api);
  });

  it("a gone or unknown job's page carries none", async () => {
    const [id] = await addJobs({ title: "Deleted Role" });
    await env.DB.prepare("UPDATE jobs SET deleted_at = ? WHERE id = ?").bind(Date.now(), id).run();
    expect(await carried(`/jobs/${id}`, PAGE_JOB_ID, 410)).toBeNull();
    expect(await carried("/jobs/never-was", PAGE_JOB_ID, 404)).toBeNull();
  });
});

describe("the company in a company's page", () => {
  it("carries the page as GET /api/companies/:id answers a visitor, but never to a signed-in request", async () => {
    await env.DB.prepare("INSERT INTO companies (id, company, tagline) VALUES ('carried-co', 'Carried Co', 'We carry')").run();
    await addJobs({ title: "Carried Co Role", company: "Carried Co", companyId: "carried-co" });
    const api = await (await call("/api/companies/carried-co")).json();
    expect(await carried("/company/carried-co", PAGE_COMPANY_ID)).toEqual(api);
    expect(await carried("/ar/company/carried-co", PAGE_COMPANY_ID)).toEqual(api);
    const s = await signUp();
    const res = await call("/company/carried-co", { cookie: s.cookie });
    expect(await res.text()).not.toContain(`id="${PAGE_COMPANY_ID}"`);
    expect(await carried("/company/nobody-here", PAGE_COMPANY_ID, 404)).toBeNull();
  });
});

describe("the preloads of a page's first screen", () => {
  // The build preloads first screens' chunks, each marked with its language and page (vite.config.ts,
  // FIRST_SCREENS); the worker keeps a page's own.
  const built = `<!doctype html><html lang="en"><head><title>Startup Jobs</title>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/listing-en-1.js" data-locale="en">
<link rel="modulepreload" crossorigin href="/assets/listing-ar-2.js" data-locale="ar">
<link rel="modulepreload" crossorigin href="/assets/JobDetail-3.js" data-page="job">
<link rel="modulepreload" crossorigin href="/assets/screens-en-4.js" data-locale="en" data-page="job">
<link rel="modulepreload" crossorigin href="/assets/screens-ar-5.js" data-locale="ar" data-page="job">
<link rel="modulepreload" crossorigin href="/assets/CompanyPage-6.js" data-page="company">
<link rel="modulepreload" crossorigin href="/assets/screens-en-4.js" data-locale="en" data-page="company">
</head><body><div id="root"></div></body></html>`;
  const withBuild = { ...env, ASSETS: { fetch: async () => new Response(built, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } as unknown as Fetcher };
  /** The page's preloads: its modulepreload links, or on a server-rendered page the after-paint loader's list (decision 0041). */
  const preloaded = (html: string) => {
    const loader = /const go=\(\)=>\{if\(s\+\+\)return;for\(const h of (\[[^\]]*\])\)/.exec(html);
    const listed: string[] = loader ? (JSON.parse(loader[1]!) as string[]) : [];
    return [...Array.from(html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g), (m) => m[1]), ...listed.map((h) => h.replace("/assets/", ""))];
  };
  const preloads = async (path: string) => {
    const { appPage } = await import("../../worker/discovery/pages");
    const html = await (await appPage(withBuild, new Request(`https://board.example${path}`))).text();
    expect(html, path).not.toContain("data-locale");
    return preloaded(html);
  };

  it("a server-rendered page asks for its scripts after its first paint; a page the browser renders, at once", async () => {
    const { appPage } = await import("../../worker/discovery/pages");
    const rendered = await (await appPage(withBuild, new Request("https://board.example/jobs"))).text();
    expect(rendered).not.toContain('<script type="module" crossorigin src=');
    expect(rendered).not.toContain('<link rel="modulepreload"');
    expect(rendered).toContain('<script type="module">let s=0;');
    expect(rendered).toContain('import("/assets/index.js")};requestAnimationFrame(()=>setTimeout(go));setTimeout(go,300)</script></body>');
    // The locale data Intl loads on its first use (about 17 ms, 70 ms on a slow phone) is loaded in the loader's own
    // task, not in the long one that runs the app's modules (decision 0042).
    expect(rendered).toContain('const x=document.documentElement.lang;Intl.NumberFormat.supportedLocalesOf(x);Intl.DateTimeFormat.supportedLocalesOf(x);import("/assets/index.js")');
    // The loader comes after the page's data, at the end of the body, once.
    expect(rendered.split("requestAnimationFrame").length).toBe(2);
    const post = await (await appPage(withBuild, new Request("https://board.example/post"))).text();
    expect(post).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(post).not.toContain("requestAnimationFrame");
  });

  it("a listing page preloads the listing's messages in its language only", async () => {
    for (const path of ["/", "/jobs", "/post"]) expect(await preloads(path), path).toEqual(["listing-en-1.js"]);
    for (const path of ["/ar", "/ar/jobs"]) expect(await preloads(path), path).toEqual(["listing-ar-2.js"]);
  });

  it("a job's page and a company's page preload their screen too, in their language", async () => {
    expect(await preloads("/jobs/some-job")).toEqual(["listing-en-1.js", "JobDetail-3.js", "screens-en-4.js"]);
    expect(await preloads("/ar/jobs/some-job")).toEqual(["listing-ar-2.js", "JobDetail-3.js", "screens-ar-5.js"]);
    expect(await preloads("/company/acme")).toEqual(["listing-en-1.js", "CompanyPage-6.js", "screens-en-4.js"]);
    expect(await preloads("/company/acme/spotlight")).toEqual(["listing-en-1.js", "CompanyPage-6.js", "screens-en-4.js"]);
    // The worker's own job page (with its tags and carried job) is built on the same shell.
    const [id] = await addJobs({ title: "Preloaded Job" });
    const { jobPage } = await import("../../worker/discovery/pages");
    const html = await (await jobPage(withBuild, new Request(`https://board.example/jobs/${id}`), id!)).text();
    expect(html).toContain("Preloaded Job");
    expect(preloaded(html)).toEqual(["listing-en-1.js", "JobDetail-3.js", "screens-en-4.js"]);
  });
});
