// /auth-success follows only a path on this site.
import { describe, expect, it } from "vitest";
import { refreshBackoffMs, safeRedirectPath } from "../../worker/rules/auth";

describe("safeRedirectPath", () => {
  it.each([
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https:evil.example", "/"],
    ["https://evil.example/x", "/"],
    ["http://localhost/dashboard", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/dashboard/jobs?updated=1#top", "/dashboard/jobs?updated=1#top"],
    ["/post", "/post"],
    ["/\t/evil.example", "/"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe("refresh backoff", () => {
  it("doubles from 200 ms", () => {
    expect([0, 1, 2, 3].map(refreshBackoffMs)).toEqual([200, 400, 800, 1600]);
  });
});
