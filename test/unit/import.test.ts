// npm run seed -- --file: invalid rows are reported by index with the reason, and nothing is written.
import { describe, expect, it } from "vitest";
import { validateImport } from "../../worker/jobs/importSchema";
import { deriveJobRow } from "../../worker/jobs/derive";

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
    const r = validateImport([{ ...good, id }, { ...good, id }], 0);
    expect(r.ok).toBe(false);
  });
  it("imported descriptions are sanitised on the way in", () => {
    const r = validateImport([{ ...good, description: '<p onclick="x()">Hi</p><script>alert(1)</script>' }], 0);
    if (!r.ok) throw new Error("should be valid");
    const row = deriveJobRow(r.jobs[0]!, 0);
    expect(row.description).toBe("<p>Hi</p>");
  });
});
