// The listing pages' HTML carries their first page of results (issue 14, rules/firstPage.ts): exactly what
// GET /api/jobs answers for the page's canonical query, so the first results need no second request.
import { describe, expect, it } from "vitest";
import { FIRST_PAGE_ID } from "../../worker/rules/firstPage";
import type { FirstPage } from "../../worker/rules/firstPage";
import { call } from "../support/auth";
import { addJobs } from "../support/jobs";

async function firstPage(path: string): Promise<FirstPage | null> {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const m = html.match(new RegExp(`<script type="application/json" id="${FIRST_PAGE_ID}"[^>]*>(.*?)</script>`, "s"));
  return m ? (JSON.parse(m[1]!) as FirstPage) : null;
}

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
