// The job listing's pure parts (web/jobSearch.ts): the URL filters become the API's query and back
// unchanged, a cursor is added for the next page, and loaded pages merge into one list without repeats.
import { describe, expect, it } from "vitest";
import { mergePages, searchRequest } from "../../web/jobSearch";
import { normaliseSearch, searchQuerySchema, toSearchParams } from "../../worker/rules/search";
import type { JobListResponse, PublicJob, SearchFilters } from "../../worker/rules/search";

const job = (id: string) => ({ id, title: `Job ${id}` }) as PublicJob;
const page = (ids: string[], rest: Partial<JobListResponse> = {}): JobListResponse => ({ jobs: ids.map(job), total: 0, nextCursor: null, pinned: [], ...rest });

describe("searchRequest: the listing's URL query as GET /api/jobs's query", () => {
  it("an empty query asks for everything", () => {
    expect(searchRequest("", null)).toEqual({});
  });

  it("every filter and the sort go as they are, one tag as a string and several as an array", () => {
    expect(searchRequest("keywords=react&location=Berlin&remote=true&tags=go&type=full-time&timeframe=week&sort=salary-high", null)).toEqual({
      keywords: "react",
      location: "Berlin",
      remote: "true",
      tags: "go",
      type: "full-time",
      timeframe: "week",
      sort: "salary-high",
    });
    expect(searchRequest("tags=go&tags=rust&tags=sql", null)).toEqual({ tags: ["go", "rust", "sql"] });
  });

  it("the next page adds the cursor, replacing any cursor the query carried", () => {
    expect(searchRequest("sort=company-asc", "abc")).toEqual({ sort: "company-asc", cursor: "abc" });
    expect(searchRequest("cursor=old&keywords=x", "new")).toEqual({ keywords: "x", cursor: "new" });
    expect(searchRequest("cursor=old", null)).toEqual({});
  });

  it("the server reads the same filters the URL holds (URL filters -> query -> server's search)", () => {
    const filters: SearchFilters & { sort: "salary-low" } = {
      keywords: "senior engineer",
      location: "Remote EU",
      remote: true,
      tags: ["react", "type script"],
      type: "contract",
      timeframe: "month",
      sort: "salary-low",
    };
    const asked = normaliseSearch(searchQuerySchema.parse(searchRequest(toSearchParams(filters).toString(), "c1")));
    expect(asked).toMatchObject({ ...filters, cursor: "c1" });
  });
});

describe("mergePages: the loaded pages as one list", () => {
  it("nothing loaded is an empty list with no next page", () => {
    expect(mergePages([])).toEqual({ jobs: [], pinned: [], total: 0, nextCursor: null });
  });

  it("pages follow each other in order; total and cursor are the last page's; Pinned is the first page's", () => {
    const pinned = [job("p")];
    const merged = mergePages([page(["a", "b"], { total: 5, nextCursor: "c1", pinned }), page(["c", "d"], { total: 6, nextCursor: "c2" })]);
    expect(merged.jobs.map((j) => j.id)).toEqual(["a", "b", "c", "d"]);
    expect(merged).toMatchObject({ total: 6, nextCursor: "c2", pinned });
  });

  it("a job already shown is never shown twice (a job added meanwhile moved the page boundary)", () => {
    const merged = mergePages([page(["a", "b", "c"], { nextCursor: "c1" }), page(["c", "d", "a", "e"])]);
    expect(merged.jobs.map((j) => j.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(merged.nextCursor).toBeNull();
  });
});
