// Bad input never gives a 500: it gets a 400 { error, issues } naming the parameter.
import { describe, expect, it } from "vitest";
import { encodeCursor } from "../../worker/jobs/search";
import { get } from "../support/jobs";

async function expect400(params: Record<string, string | string[]>, param: string) {
  const res = await get("/api/jobs", params);
  expect(res.status, JSON.stringify(params)).toBe(400);
  const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
  expect(body.error).toContain(param);
  expect(body.issues.map((i) => i.path)).toContain(param);
}

describe("GET /api/jobs bad input", () => {
  it("unknown sort", () => expect400({ sort: "cheapest" }, "sort"));
  it("unknown timeframe", () => expect400({ timeframe: "year" }, "timeframe"));
  it("unknown type", () => expect400({ type: "gig" }, "type"));
  it("limit 0", () => expect400({ limit: "0" }, "limit"));
  it("limit 1000", () => expect400({ limit: "1000" }, "limit"));
  it("limit that is not a number", () => expect400({ limit: "ten" }, "limit"));
  it("limit that is not whole", () => expect400({ limit: "2.5" }, "limit"));
  it("2,000-character keywords", () => expect400({ keywords: "a".repeat(2000) }, "keywords"));
  it("2,000-character location", () => expect400({ location: "a".repeat(2000) }, "location"));
  it("a repeated single-valued parameter", () => expect400({ sort: ["recent", "relevance"] }, "sort"));
  it("remote that is not a boolean", () => expect400({ remote: "maybe" }, "remote"));
  it("a malformed cursor", () => expect400({ cursor: "not-a-cursor!!" }, "cursor"));
  it("a cursor of well-formed base64 but wrong content", () => expect400({ cursor: btoa(JSON.stringify({ a: 1 })) }, "cursor"));
  it("a cursor made for another sort", () => expect400({ sort: "relevance", cursor: encodeCursor("recent", "en", { created_at: 1, id: "x" }) }, "cursor"));
  it("a cursor with wrong value types", () => expect400({ cursor: encodeCursor("recent", "en", { created_at: "yesterday", id: 5 }) }, "cursor"));
});

describe("GET /api/jobs/:id and POST apply-click for unknown ids", () => {
  it("404 { error: 'Job not found' }", async () => {
    const res = await get("/api/jobs/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Job not found" });
  });
  it("an over-long id is a 400, not a 500", async () => {
    const res = await get(`/api/jobs/${"x".repeat(300)}`);
    expect(res.status).toBe(400);
  });
});
