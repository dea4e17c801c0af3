// The pay filter (issue 26; worker/jobs/payFilter.ts, worker/rules/search.ts): GET /api/jobs?minSalary=N&currency=AED
// &period=month. A job matches when the top of its range, converted, is at or above the minimum; jobs without a
// salary only with includeNoSalary; bad values are 400s; one D1 round trip; rows written before the columns are read.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { parseTrips } from "../../worker/db/session";
import { readMinSalary } from "../../worker/rules/searchParams";
import { parseUnreadSalaries } from "../../worker/jobs/store";
import { runScheduledTasks } from "../../worker/scheduled";
import { addJobs, clearJobs, get, search, titles } from "../support/jobs";

beforeEach(clearJobs);

const sorted = async (params: Record<string, string | number>) => (await titles(params)).sort();

describe("a job matches when the top of its range, converted, is at or above the minimum", () => {
  beforeEach(async () => {
    await addJobs(
      { title: "aed-20k-month", salary: "15,000-20,000 AED monthly" },
      { title: "usd-150k", salary: "$120k - $150k" },
      { title: "sar-20k-month", salary: "٢٠٬٠٠٠ ريال شهريًا" },
      { title: "usd-200k-plus", salary: "$200k+" },
      { title: "none", salary: "" },
      { title: "competitive", salary: "Competitive" },
    );
  });

  it("the boundary: exactly the top matches, one more does not (same currency and period)", async () => {
    expect(await sorted({ minSalary: 20000, currency: "AED", period: "month" })).toContain("aed-20k-month");
    expect(await sorted({ minSalary: 20001, currency: "AED", period: "month" })).not.toContain("aed-20k-month");
    expect(await sorted({ minSalary: 150000 })).toEqual(["usd-150k", "usd-200k-plus"]);
    expect(await sorted({ minSalary: 150001 })).toEqual(["usd-200k-plus"]);
    // The top, not the bottom, of the range: 15,000 is the bottom.
    expect(await sorted({ minSalary: 18000, currency: "AED", period: "month" })).toContain("aed-20k-month");
  });

  it("converts across currencies and periods with the rate table", async () => {
    // 20,000 AED a month ≈ $65,351 a year; 20,000 SAR a month = $64,000 a year; $150k a year ≈ 45,906 AED a month.
    expect(await sorted({ minSalary: 64000 })).toEqual(["aed-20k-month", "sar-20k-month", "usd-150k", "usd-200k-plus"]);
    expect(await sorted({ minSalary: 65000, currency: "USD", period: "year" })).toEqual(["aed-20k-month", "usd-150k", "usd-200k-plus"]);
    expect(await sorted({ minSalary: 65400 })).not.toContain("aed-20k-month");
    expect(await sorted({ minSalary: 64500 })).not.toContain("sar-20k-month");
    expect(await sorted({ minSalary: 45000, currency: "AED", period: "month" })).toEqual(["usd-150k", "usd-200k-plus"]);
    expect(await sorted({ minSalary: 5000, currency: "usd", period: "month" })).toEqual(["aed-20k-month", "sar-20k-month", "usd-150k", "usd-200k-plus"]);
  });

  it("jobs without a salary are left out when a minimum is set, unless includeNoSalary", async () => {
    expect(await sorted({ minSalary: 1 })).not.toContain("none");
    expect(await sorted({ minSalary: 1, includeNoSalary: "true" })).toEqual(["aed-20k-month", "competitive", "none", "sar-20k-month", "usd-150k", "usd-200k-plus"]);
    // Without a minimum every job is listed, and the total counts them.
    expect((await search({})).total).toBe(6);
    expect((await search({ minSalary: 150000 })).total).toBe(2);
    expect((await search({ minSalary: 150000, includeNoSalary: "true" })).total).toBe(4);
  });

  it("the API says each job's structured pay, or null when its text does not read", async () => {
    const jobs = (await search({})).jobs;
    expect(jobs.find((j) => j.title === "aed-20k-month")!.pay).toEqual({ min: 15000, max: 20000, currency: "AED", period: "month" });
    expect(jobs.find((j) => j.title === "competitive")!.pay).toBeNull();
    expect(jobs.find((j) => j.title === "competitive")!.salary).toBe("Competitive");
  });

  it("stays one D1 round trip", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get("/api/jobs", { minSalary: 20000, currency: "AED", period: "month", includeNoSalary: "true" });
      expect(res.status).toBe(200);
      const t = parseTrips(res.headers.get("Server-Timing"))!;
      expect(t.queries + t.batches).toBe(1);
    }
  });
});

describe("a bad pay value is a 400 with {error} and changes nothing", () => {
  for (const [params, pattern] of [
    [{ minSalary: "abc" }, /minSalary/],
    [{ minSalary: "-5" }, /minSalary/],
    [{ minSalary: "0" }, /minSalary/],
    [{ minSalary: "99999999999" }, /minSalary/],
    // Not amounts, though Number() reads them (the edge audit): hexadecimal, an exponent, a unit, a decimal comma.
    [{ minSalary: "0x10" }, /minSalary/],
    [{ minSalary: "1e5" }, /minSalary/],
    [{ minSalary: "20k" }, /minSalary/],
    [{ minSalary: "1,000.000" }, /minSalary/],
    [{ minSalary: "20.000" }, /minSalary/],
    [{ minSalary: "1000", currency: "XYZ" }, /currency/],
    [{ minSalary: "1000", period: "week" }, /period/],
    [{ minSalary: "1000", includeNoSalary: "maybe" }, /includeNoSalary/],
  ] as [Record<string, string>, RegExp][]) {
    it(JSON.stringify(params), async () => {
      const res = await get("/api/jobs", params);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(pattern);
    });
  }

  it("Arabic digits in the minimum are read", async () => {
    await addJobs({ title: "aed", salary: "AED 20,000 monthly" });
    expect(await titles({ minSalary: "٢٠٬٠٠٠", currency: "AED", period: "month" })).toEqual(["aed"]);
  });

  it("a minimum grouped by commas or spaces is the thousands it says; a point before three digits is refused, never read as 20", async () => {
    for (const typed of ["20000", "20,000", "20 000", "٢٠٬٠٠٠", "20,000.00"]) {
      expect(readMinSalary(typed), typed).toBe(20000);
    }
    expect(readMinSalary("1500.5")).toBe(1500.5);
    expect(readMinSalary("1 000 000")).toBe(1_000_000);
    // "20.000" groups thousands in much of Europe and the Gulf, and is twenty elsewhere: it is asked again, not guessed.
    expect(readMinSalary("20.000")).toBeNull();
    expect(readMinSalary("٢٠٫٠٠٠")).toBeNull();
    const res = await get("/api/jobs", { minSalary: "20.000", currency: "AED", period: "month" });
    expect(res.status).toBe(400);
    // On the API: twenty thousand dirhams a month finds the job that pays 20,000 and not the one that pays 25.
    await addJobs({ title: "twenty-thousand", salary: "AED 20,000 monthly" }, { title: "twenty-five", salary: "AED 25 monthly" });
    expect(await titles({ minSalary: "20 000", currency: "AED", period: "month" })).toContain("twenty-thousand");
    expect(await titles({ minSalary: "20 000", currency: "AED", period: "month" })).not.toContain("twenty-five");
  });
});

describe("rows written before structured salaries are read by the scheduled task", () => {
  it("parse-salaries reads unread rows once, 500 a run, and is idempotent", async () => {
    await addJobs({ title: "old", salary: "AED 30,000 monthly" }, { title: "old-free-text", salary: "Competitive" });
    // As migration 0020a leaves existing rows: columns empty, not yet read.
    await env.DB.prepare("UPDATE jobs SET salary_min = NULL, salary_max = NULL, salary_currency = NULL, salary_period = NULL, salary_top_usd = NULL, salary_parsed = 0").run();
    expect(await titles({ minSalary: 1 })).toEqual([]);
    const report = await runScheduledTasks(env, Date.now(), ["parse-salaries"]);
    expect(report["parse-salaries"]).toBe(2);
    expect(await titles({ minSalary: 30000, currency: "AED", period: "month" })).toEqual(["old"]);
    expect(await parseUnreadSalaries(env.DB)).toBe(0);
  });
});
