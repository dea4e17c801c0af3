// npm run seed -- --file: invalid rows are reported by index with the reason, and nothing is written;
// the original app's jobs are taken as they are. npm run seed -- --jobs N: N distinct, visible jobs.
import { describe, expect, it } from "vitest";
import { validateImport } from "../../worker/jobs/importSchema";
import { dedupeKey, deriveJobRow } from "../../worker/jobs/derive";
import { demoJobs, generatedJobs } from "../../worker/cli/jobs-data";

const good = { title: "Engineer", company: "Acme", description: "<p>Build things</p>", tags: ["Go"], location: "Remote" };

describe("validateImport", () => {
  it("accepts rows in the API's job shape", () => {
    const r = validateImport([good, { ...good, title: "Designer", type: "contract", plan: "premium", enhancements: ["featured"] }], Date.now());
    expect(r.ok).toBe(true);
  });
  it("reports every invalid row by index with its reason", () => {
    const r = validateImport([good, { ...good, title: "" }, good, { ...good, type: "gig" }, { ...good, website: "javascript:alert(1)" }, "nope"], Date.now());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.index)).toEqual([1, 3, 4, 5]);
    expect(r.errors[0]!.reason).toContain("title");
    expect(r.errors[1]!.reason).toContain("type");
    expect(r.errors[2]!.reason).toContain("website");
  });
  it("rejects a file that is not an array, and duplicate ids", () => {
    expect(validateImport({ jobs: [] }, 0).ok).toBe(false);
    const id = "5f1d7a0e-8c5b-4e7e-9a41-1f0f3d0c9b11";
    const r = validateImport(
      [
        { ...good, id },
        { ...good, id },
      ],
      0,
    );
    expect(r.ok).toBe(false);
  });
  it("imported descriptions are sanitised on the way in", () => {
    const r = validateImport([{ ...good, description: '<p onclick="x()">Hi</p><script>alert(1)</script>' }], 0);
    if (!r.ok) throw new Error("should be valid");
    const row = deriveJobRow(r.jobs[0]!, 0);
    expect(row.description).toBe("<p>Hi</p>");
  });

  it("takes the original app's jobs as they are: published false, deleted_at, is_duplicate and expires_at are honoured", () => {
    const r = validateImport(
      [
        { ...good, title: "Draft", published: false },
        { ...good, title: "Gone", published: true, deleted_at: "2026-01-02T00:00:00.000Z" },
        { ...good, title: "Copy", published: true, is_duplicate: true, duplicate_of: "5f1d7a0e-8c5b-4e7e-9a41-1f0f3d0c9b11" },
        { ...good, title: "Ends", published: true, created_at: "2026-01-01T00:00:00.000Z", expires_at: "2026-01-10T00:00:00.000Z" },
      ],
      0,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const [draft, gone, copy, ends] = r.jobs.map((j) => deriveJobRow(j, 0));
    expect(draft).toMatchObject({ published: 0, publishedAt: null, deletedAt: null });
    expect(gone).toMatchObject({ published: 1, deletedAt: Date.parse("2026-01-02T00:00:00.000Z") });
    expect(copy).toMatchObject({ published: 0, isDuplicate: 1, duplicateOf: "5f1d7a0e-8c5b-4e7e-9a41-1f0f3d0c9b11" });
    expect(ends).toMatchObject({ published: 1, expiresAt: Date.parse("2026-01-10T00:00:00.000Z") });
  });

  it("types in any case are the board's own: 'Full-time' is full-time", () => {
    const r = validateImport(
      [
        { ...good, type: "Full-time" },
        { ...good, type: "PART TIME" },
        { ...good, type: "Contract" },
      ],
      0,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.jobs.map((j) => j.type)).toEqual(["full-time", "part-time", "contract"]);
  });

  it("the original's nulls and owner, payment and counter fields are accepted (not carried); its application fields are kept", () => {
    const r = validateImport(
      [
        {
          ...good,
          salary: null,
          website: null,
          logo: null,
          enhancements: null,
          plan: "Premium",
          clerk_user_id: "user_2abc",
          views: 12,
          payment_status: "completed",
          amount_paid: 39900,
          applicationLink: "https://acme.example/apply",
          applicationEmail: "jobs@acme.example",
        },
      ],
      0,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.jobs[0]).toMatchObject({ salary: "", website: "", plan: "premium", enhancements: [], applyUrl: "https://acme.example/apply", applicationEmail: "jobs@acme.example" });
    expect(r.jobs[0]).not.toHaveProperty("views");
  });

  it("a field it does not know is reported by row, not dropped silently", () => {
    const r = validateImport([good, { ...good, salary_max: 150000 }, { ...good, remote: true, headcount: 2 }], 0);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { index: 1, reason: 'unknown field "salary_max"' },
      { index: 2, reason: 'unknown fields "remote", "headcount"' },
    ]);
  });

  it("seed and import rows never store a tag twice ('HR, HR')", () => {
    const r = validateImport([{ ...good, tags: ["HR", "Recruiting", "hr", " HR "] }], 0);
    if (!r.ok) throw new Error("should be valid");
    expect(JSON.parse(deriveJobRow(r.jobs[0]!, 0).tags!)).toEqual(["HR", "Recruiting"]);
  });
});

describe("the demo data and the generator", () => {
  it("--jobs N makes N jobs whose title and company never repeat, so none collapses as a duplicate", () => {
    const jobs = generatedJobs(150_000, Date.UTC(2030, 0, 1));
    expect(new Set(jobs.map((j) => dedupeKey(j.title, j.company))).size).toBe(150_000);
    expect(generatedJobs(3, 0)).toEqual(generatedJobs(3, 0));
  });

  it("seed jobs have no duplicate tags ('HR, HR')", () => {
    for (const job of demoJobs(Date.UTC(2030, 0, 1))) {
      const tags = JSON.parse(deriveJobRow(job, 0).tags!) as string[];
      expect(new Set(tags.map((t) => t.toLowerCase())).size, `${job.title}: ${tags.join(", ")}`).toBe(tags.length);
    }
  });
});
