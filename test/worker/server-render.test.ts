// The public pages' first screen comes from the server (issue 24): the worker renders the React app's screen into
// the HTML's root, from the same data the page carries for hydration, in the page's language, signed out.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { call, signUp } from "../support/auth";
import { addJobs } from "../support/jobs";

/** The server-rendered content of the page's <div id="root"> (empty when the browser is to render it). */
async function rootOf(path: string, init: { cookie?: string } = {}, status = 200): Promise<string> {
  const res = await call(path, init);
  expect(res.status, path).toBe(status);
  const html = await res.text();
  const m = html.match(/<div id="root">([\s\S]*?)<\/div>\s*(?:<script|<\/body>)/);
  expect(m, `${path} has a root`).not.toBeNull();
  return m![1]!;
}

describe("the listing pages are rendered on the server", () => {
  it("/ and /jobs: the header, the filters, the first page of cards and the Pinned strip, with plain links", async () => {
    const [sticky, plain] = await addJobs({ title: "Rendered Sticky Engineer", company: "Pin Co", enhancements: ["sticky"] }, { title: "Rendered Plain Designer", company: "Plain Co" });
    for (const path of ["/", "/jobs"]) {
      const root = await rootOf(path);
      expect(root, path).toContain('class="site-header"');
      expect(root, path).toContain(">Startup Jobs<");
      expect(root, path).toContain("Find Jobs");
      // The filters' button (the narrow layout: the server cannot know the width) and the sort.
      expect(root, path).toContain('aria-haspopup="dialog"');
      expect(root, path).toMatch(/<select[^>]*>/);
      expect(root, path).toContain('class="pinned-strip"');
      expect(root, path).toContain("Rendered Sticky Engineer");
      expect(root, path).toContain("Rendered Plain Designer");
      // Links a visitor without JavaScript can follow.
      expect(root, path).toContain(`href="/jobs/${sticky}"`);
      expect(root, path).toContain(`href="/jobs/${plain}"`);
      expect(root, path).toMatch(/jobs? available/i);
    }
    // The hero's search on the home page only.
    expect(await rootOf("/")).toContain("<form");
  });

  it("the query's results: /jobs?keywords=… renders only the matching jobs", async () => {
    await addJobs({ title: "Queried Rust Wizard" }, { title: "Unrelated Florist" });
    const root = await rootOf("/jobs?keywords=rust%20wizard");
    expect(root).toContain("Queried Rust Wizard");
    expect(root).not.toContain("Unrelated Florist");
  });

  it("in Arabic under /ar: the catalogue's words and links under /ar", async () => {
    const [id] = await addJobs({ title: "مهندس برمجيات مرسوم", company: "شركة الخادم" });
    for (const path of ["/ar", "/ar/jobs"]) {
      const root = await rootOf(path);
      expect(root, path).toContain("مهندس برمجيات مرسوم");
      expect(root, path).toContain(`href="/ar/jobs/${id}"`);
      expect(root, path).toContain("الوظائف");
      expect(root, path).not.toContain("Find Jobs");
    }
  });

  it("a poster's text keeps the direction of most of its letters: a salary «15000-20000 AED شهريًا» is isolated right to left", async () => {
    await addJobs({ title: "مهندس بيانات بالدرهم", company: "طلبات", location: "Dubai, UAE", salary: "15000-20000 AED شهريًا" });
    const root = await rootOf("/ar/jobs?keywords=%D8%A8%D8%A7%D9%84%D8%AF%D8%B1%D9%87%D9%85");
    expect(root).toContain("مهندس بيانات بالدرهم");
    // First-strong (dir="auto") would take the Latin "AED" and lay it out left to right, «شهريًا» read first.
    expect(root).toContain('<bdi dir="rtl">15000-20000 AED شهريًا</bdi>');
    expect(root).toContain('<bdi dir="auto">Dubai, UAE</bdi>');
  });

  it("signed-in state is never rendered on the server: a signed-in request gets the visitor's header", async () => {
    const s = await signUp();
    const root = await rootOf("/jobs", { cookie: s.cookie });
    expect(root).toContain('class="site-header"');
    expect(root).not.toContain('href="/dashboard"');
    // Neither is Sign In: the header's account area waits for the session, in the browser.
    expect(root).not.toContain('href="/sign-in"');
  });
});

describe("a job's page is rendered on the server", () => {
  it("its title, company, facts, description and Apply, in both languages", async () => {
    const [id] = await addJobs({
      title: "Server Rendered Analyst",
      company: "Fizz Co",
      description: "<p>Analyse <strong>everything</strong> on the edge.</p>",
      applyUrl: "https://fizz.example/apply",
    });
    const root = await rootOf(`/jobs/${id}`);
    expect(root).toMatch(/<h1[^>]*><bdi[^>]*>Server Rendered Analyst<\/bdi><\/h1>/);
    expect(root).toContain("Fizz Co");
    expect(root).toContain("Analyse <strong>everything</strong> on the edge.");
    expect(root).toContain('href="https://fizz.example/apply"');
    const ar = await rootOf(`/ar/jobs/${id}`);
    expect(ar).toMatch(/<h1[^>]*><bdi[^>]*>Server Rendered Analyst<\/bdi><\/h1>/);
    expect(ar).toContain('href="/ar/jobs"');
  });

  it("a gone or unknown job's page is left to the browser (its status says what it is)", async () => {
    expect(await rootOf("/jobs/never-was", {}, 404)).toBe("");
  });
});

describe("a company's page and a Spotlight company's page are rendered on the server", () => {
  it("the company and its jobs, to a visitor, in both languages; an owner's own view is the browser's", async () => {
    await env.DB.prepare("INSERT INTO companies (id, company, tagline) VALUES ('rendered-co', 'Rendered Co', 'We render on the edge')").run();
    await addJobs({ title: "Rendered Co Engineer", company: "Rendered Co", companyId: "rendered-co" });
    for (const path of ["/company/rendered-co", "/ar/company/rendered-co", "/company/rendered-co/spotlight", "/ar/company/rendered-co/spotlight"]) {
      const root = await rootOf(path);
      expect(root, path).toContain("Rendered Co");
      expect(root, path).toContain("We render on the edge");
      expect(root, path).toContain("Rendered Co Engineer");
    }
    const s = await signUp();
    expect(await rootOf("/company/rendered-co", { cookie: s.cookie })).toBe("");
  });
});
