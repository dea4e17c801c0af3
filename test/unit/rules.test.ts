// The pure rules both sides share (worker/rules/*).
import { describe, expect, it } from "vitest";
import { applyButtonLabel, applyDetailLabel, resolveApply, toWebUrl } from "../../worker/rules/apply";
import { equityFromSlider, equityRange, formatEquity } from "../../worker/rules/equity";
import { filtersFromParams, toSearchParams } from "../../worker/rules/searchParams";
import { salaryNumbers, salaryRange } from "../../worker/rules/salary";
import { companyInitials, compactNumber, htmlToText, jobsAvailable, shortDescription, taglineFromDescription } from "../../worker/rules/text";
import { relativeTime } from "../../worker/rules/time";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe("relative time buckets", () => {
  it.each([
    [0, "just now"],
    [59 * s, "just now"],
    [60 * s, "1m ago"],
    [59 * m, "59m ago"],
    [60 * m, "1h ago"],
    [23 * h + 59 * m, "23h ago"],
    [24 * h, "1d ago"],
    [6 * d, "6d ago"],
    [7 * d, "1w ago"],
    [27 * d, "3w ago"],
    [28 * d, "1mo ago"],
    [60 * d, "2mo ago"],
    [330 * d, "11mo ago"],
    [360 * d, "1y ago"],
    [365 * d, "1y ago"],
    [800 * d, "2y ago"],
  ])("%i ms ago → %s", (ago, expected) => {
    expect(relativeTime(NOW - ago, NOW)).toBe(expected);
  });
  it("future dates read as just now; bad input as empty", () => {
    expect(relativeTime(NOW + h, NOW)).toBe("just now");
    expect(relativeTime("not a date", NOW)).toBe("");
    expect(relativeTime(null, NOW)).toBe("");
  });
});

describe("apply-link resolution", () => {
  it("uses apply_url when it is a valid web link", () => {
    expect(resolveApply({ apply_url: "https://acme.example/jobs/1", website: "https://w.example", email: "e@x.example" })).toEqual({ href: "https://acme.example/jobs/1", kind: "url" });
    expect(resolveApply({ apply_url: "acme.example/jobs" })).toEqual({ href: "https://acme.example/jobs", kind: "url" });
  });
  it("opens a mail composition when apply_url contains @", () => {
    expect(resolveApply({ apply_url: "jobs@acme.example" })).toEqual({ href: "mailto:jobs@acme.example", kind: "email" });
    expect(resolveApply({ apply_url: "mailto:jobs@acme.example" })).toEqual({ href: "mailto:jobs@acme.example", kind: "email" });
  });
  it("falls back to the website, then the job e-mail, then nothing", () => {
    expect(resolveApply({ apply_url: "not a link", website: "acme.example" })).toEqual({ href: "https://acme.example/", kind: "url" });
    expect(resolveApply({ apply_url: "", website: "", email: "hr@acme.example" })).toEqual({ href: "mailto:hr@acme.example", kind: "email" });
    expect(resolveApply({ apply_url: "", website: "", email: "" })).toBeNull();
    expect(resolveApply({})).toBeNull();
  });
  it("never produces a link other than http, https or mailto", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "ftp://acme.example", "vbscript:x", "//evil.example"]) {
      const r = resolveApply({ apply_url: bad, website: bad });
      expect(r === null || /^(https?:|mailto:)/.test(r.href), bad).toBe(true);
      expect(toWebUrl(bad) === null || toWebUrl(bad)!.startsWith("https://"), bad).toBe(true);
    }
    expect(resolveApply({ apply_url: "javascript:alert(1)" })).toBeNull();
  });
  it("labels: 'Apply via Email' when apply_url contains @", () => {
    expect(applyButtonLabel({ apply_url: "a@b.example" })).toBe("Apply via Email");
    expect(applyButtonLabel({ apply_url: "https://x.example" })).toBe("Apply Now");
    expect(applyDetailLabel({ apply_url: "a@b.example" })).toBe("Apply via Email");
    expect(applyDetailLabel({ apply_url: "" })).toBe("Apply for this Position");
  });
});

describe("salary numbers (the range JSON-LD shows)", () => {
  it("reads k, commas and decimals", () => {
    expect(salaryNumbers("$100k - $150k")).toEqual([100000, 150000]);
    expect(salaryNumbers("$120,000 - $130,000")).toEqual([120000, 130000]);
    expect(salaryNumbers("$1.5m")).toEqual([1500000]);
    expect(salaryNumbers("Competitive")).toEqual([]);
  });
  it("reads 'm' as millions only on its own, never the start of 'monthly'", () => {
    expect(salaryNumbers("AED 64,500 - 82,500 monthly")).toEqual([64500, 82500]);
    expect(salaryNumbers("28,000-37,500 SAR per month")).toEqual([28000, 37500]);
    expect(salaryNumbers("$2m - $3M")).toEqual([2000000, 3000000]);
  });
  it("the range is the lowest and the highest number", () => {
    expect(salaryRange("$150k - $100k")).toEqual({ min: 100000, max: 150000 });
    expect(salaryRange("")).toBeNull();
  });
});

describe("equity ranges from the slider", () => {
  it.each([
    [0, "0% - 2%"],
    [1, "1% - 3%"],
    [10, "10% - 12%"],
    [11, "11% - 16%"],
    [25, "25% - 30%"],
    [26, "26% - 36%"],
    [40, "40% - 50%"],
    [55, "40% - 50%"],
    [-3, "0% - 2%"],
    [0.5, "0.5% - 2.5%"],
  ])("p = %d → %s", (p, text) => {
    expect(equityFromSlider(p)).toBe(text);
  });
  it("0-0 reads 'No equity'", () => {
    expect(formatEquity(0, 0)).toBe("No equity");
    expect(equityRange(10)).toEqual({ low: 10, high: 12 });
  });
});

describe("initials and text helpers", () => {
  it("up to two initials", () => {
    expect(companyInitials("Stripe")).toBe("ST");
    expect(companyInitials("your company inc")).toBe("YC");
    expect(companyInitials("  ")).toBe("?");
    expect(companyInitials(null)).toBe("?");
    expect(companyInitials("شركة ناشئة")).toBe("ش"); // one letter in Arabic (issue 25)
  });
  it("short description: first sentence, or 97 characters plus an ellipsis", () => {
    expect(shortDescription("<p>We build things. Then more.</p>")).toBe("We build things.");
    const long = "a".repeat(150);
    expect(shortDescription(long)).toBe(`${"a".repeat(97)}...`);
  });
  it("tagline preview is the first 100 characters of the description text", () => {
    expect(taglineFromDescription(`<p>${"b".repeat(150)}</p>`)).toBe("b".repeat(100));
    expect(htmlToText("<p>a &amp; b</p><p>c</p>")).toBe("a & b c");
  });
  it("numbers of 1,000 or more shown with K; count heading", () => {
    expect(compactNumber(999)).toBe("999");
    expect(compactNumber(1000)).toBe("1K");
    expect(compactNumber(1540)).toBe("1.5K");
    expect(jobsAvailable(1)).toBe("1 Job Available");
    expect(jobsAvailable(0)).toBe("0 Jobs Available");
  });
});

describe("query parameters", () => {
  it("omit defaults and round-trip", () => {
    const p = toSearchParams({ keywords: " react ", location: "", remote: true, tags: ["a", "b"], type: "", timeframe: "week", sort: "recent" });
    expect(p.toString()).toBe("keywords=react&remote=true&tags=a&tags=b&timeframe=week");
    expect(filtersFromParams(new URLSearchParams("q=go&remote=true&type=Full-time&sort=bogus"))).toEqual({
      keywords: "go",
      location: "",
      remote: true,
      tags: [],
      type: "full-time",
      timeframe: "",
      sort: "recent",
    });
  });
});

describe("salary format (posting step 0)", () => {
  it("accepts ranges and every salary preset, refuses anything else", async () => {
    const { SALARY_FORMAT } = await import("../../worker/rules/salary");
    const { SALARY_PRESETS } = await import("../../worker/rules/formSuggestions");
    for (const ok of ["$100k - $150k", "100k-150k", "$90,000 - $120,000", "$80.5k – $90k", ...SALARY_PRESETS]) expect(SALARY_FORMAT.test(ok), ok).toBe(true);
    for (const bad of ["", "competitive", "$100k", "$100k -", "- $150k", "$200k++", "100k to 150k"]) expect(SALARY_FORMAT.test(bad), bad).toBe(false);
  });
});
