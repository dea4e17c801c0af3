// web/serverRender.tsx, as the worker calls it ("@web/render", declared in worker/discovery/modules.d.ts): a
// public screen's HTML from the page's data, in the page's language, signed out.
import { describe, expect, it } from "vitest";
import { renderApp } from "@web/render";
import { FIRST_PAGE_ID } from "../../worker/rules/firstPage";

const emptyListing = { query: "", listing: { jobs: [], pinned: [], total: 0, nextCursor: null } };

describe("renderApp", () => {
  it("renders the listing's first screen from the data it is given, in English and in Arabic", () => {
    const en = renderApp({ locale: "en", url: "/jobs", data: { [FIRST_PAGE_ID]: emptyListing } });
    expect(en).toContain('class="site-header"');
    expect(en).toContain(">0 Jobs Available<");
    const ar = renderApp({ locale: "ar", url: "/ar/jobs", data: { [FIRST_PAGE_ID]: emptyListing } });
    expect(ar).toContain('href="/ar/jobs"');
    expect(ar).toContain(">لا توجد وظائف متاحة<");
    expect(ar).not.toContain("Jobs Available");
  });

  it("an empty board offers no filters to clear; a search that finds nothing says so once, in its heading (the sixteenth reading)", () => {
    const board = renderApp({ locale: "ar", url: "/ar/jobs", data: { [FIRST_PAGE_ID]: emptyListing } });
    expect(board).not.toContain("مسح خيارات التصفية");
    expect(board).not.toContain("لم نعثر على وظائف");
    const searched = renderApp({ locale: "ar", url: "/ar/jobs?keywords=zzqq", data: { [FIRST_PAGE_ID]: { ...emptyListing, query: "keywords=zzqq" } } });
    expect(searched.match(/لم نعثر على وظائف تطابق بحثك/g)).toHaveLength(1);
    expect(searched).toMatch(/<h1 id="jobs-heading"[^>]*>لم نعثر على وظائف تطابق بحثك</);
    expect(searched).not.toContain("لا توجد وظائف متاحة");
    expect(searched).not.toContain("حسب معايير البحث التي اخترتها");
    expect(searched).toContain("جرّب تعديل خيارات التصفية أو كلمات البحث.");
    expect(searched).toContain("مسح خيارات التصفية");
  });

  it("without the page's data the listing renders its loading state, as the browser would before an answer", () => {
    expect(renderApp({ locale: "en", url: "/", data: {} })).toContain('aria-busy="true"');
  });

  it("two pages in two languages rendered one after the other keep their own language (no state leaks between renders)", () => {
    const ar = renderApp({ locale: "ar", url: "/ar", data: { [FIRST_PAGE_ID]: emptyListing } });
    const en = renderApp({ locale: "en", url: "/", data: { [FIRST_PAGE_ID]: emptyListing } });
    expect(en).toContain(">Startup Jobs<");
    expect(ar).not.toContain(">Startup Jobs<");
  });
});
