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
    expect(en).toContain("No jobs found");
    const ar = renderApp({ locale: "ar", url: "/ar/jobs", data: { [FIRST_PAGE_ID]: emptyListing } });
    expect(ar).toContain('href="/ar/jobs"');
    expect(ar).not.toContain("No jobs found");
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
