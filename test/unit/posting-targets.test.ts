// The posting form's application target and equity rules (issue 10: items 8 and 9, and "Equity"):
// the Application Link is an http(s) URL, the Application Email an e-mail address, both given means the
// link wins; equity percents are each 0 to 100 with low ≤ high, and 0% - 0% reads 'No equity'.
import { describe, expect, it } from "vitest";
import { applyButtonLabel, applyDetailLabel, emailFallbackNotice, resolveApply } from "../../worker/rules/apply";
import { displayEquity, isEquityRange } from "../../worker/rules/equity";
import { MESSAGES, jobDetailsSchema, jobUpdateSchema } from "../../worker/rules/posting";
import { jobDetails } from "../support/fixtures";

function issuesFor(field: string, overrides: Record<string, unknown>) {
  const r = jobDetailsSchema.safeParse(jobDetails(overrides));
  return r.success ? [] : r.error.issues.filter((i) => i.path.join(".") === field).map((i) => i.message);
}

describe("the Application Link must be an http(s) URL: 'Please enter a valid URL'", () => {
  it.each(["our careers page", "javascript:alert(1)", "JavaScript:alert(document.cookie)", "ftp://acme.example/jobs", "data:text/html,<b>x</b>", "mailto:jobs@acme.example"])(
    "%s is refused with 'Please enter a valid URL'",
    (link) => {
      expect(issuesFor("applicationLink", { applicationLink: link })).toEqual([MESSAGES.website]);
    },
  );

  it("an http(s) link is kept; a bare domain gets https:// like the website field", () => {
    expect(jobDetailsSchema.parse(jobDetails({ applicationLink: "https://acme.example/careers/1" })).applicationLink).toBe("https://acme.example/careers/1");
    expect(jobDetailsSchema.parse(jobDetails({ applicationLink: " acme.example/careers " })).applicationLink).toBe("https://acme.example/careers");
    expect(jobDetailsSchema.parse(jobDetails({ applicationLink: "" })).applicationLink).toBe("");
  });
});

describe("the Application Email must be an e-mail address", () => {
  it.each(["jobs at acme", "jobs@", "@acme.example", "https://acme.example"])("%s is refused with 'Please enter a valid email address'", (email) => {
    expect(issuesFor("applicationEmail", { applicationEmail: email })).toEqual([MESSAGES.emailFormat]);
  });

  it("an address (or nothing) is accepted", () => {
    expect(jobDetailsSchema.parse(jobDetails({ applicationEmail: " jobs@acme.example " })).applicationEmail).toBe("jobs@acme.example");
    expect(jobDetailsSchema.parse(jobDetails({ applicationEmail: "" })).applicationEmail).toBe("");
  });

  it("the edit form's Application URL takes a URL or an e-mail, and refuses anything else with 'Enter a valid link starting with https:// or a valid email address'", () => {
    const base = { title: "T", company: "C", location: "L", category: "Engineering", salary: "$100k - $150k", equity: "1% - 2%", description: `<p>${"x".repeat(120)}</p>` };
    expect(jobUpdateSchema.safeParse({ ...base, apply_url: "jobs@acme.example" }).success).toBe(true);
    expect(jobUpdateSchema.safeParse({ ...base, apply_url: "https://acme.example/apply" }).success).toBe(true);
    const bad = jobUpdateSchema.safeParse({ ...base, apply_url: "javascript:alert(1)" });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(["Enter a valid link starting with https:// or a valid email address"]);
  });
});

describe("apply-by-e-mail is never a surprise", () => {
  it("with both a link and an e-mail, the link wins", () => {
    expect(resolveApply({ apply_url: "https://acme.example/apply", email: "buyer@acme.example" })).toEqual({ href: "https://acme.example/apply", kind: "url" });
  });

  it("the button reads 'Apply via Email' whenever candidates apply by e-mail, including the job e-mail fallback", () => {
    const fallback = { apply_url: "", website: "", email: "buyer@acme.example" };
    const job = { ...fallback, apply: resolveApply(fallback) };
    expect(applyButtonLabel(job)).toBe("Apply via Email");
    expect(applyDetailLabel(job)).toBe("Apply via Email");
    const linked = { apply_url: "https://acme.example/apply", website: "", email: "buyer@acme.example" };
    expect(applyButtonLabel({ ...linked, apply: resolveApply(linked) })).toBe("Apply Now");
    expect(applyDetailLabel({ ...linked, apply: resolveApply(linked) })).toBe("Apply for this Position");
  });

  it("'Candidates will apply by e-mail to x@y. Add an application link or e-mail to change this.' when nothing else is given", () => {
    expect(emailFallbackNotice({ applicationLink: "", applicationEmail: "", website: "" }, "buyer@acme.example")).toBe(
      "Candidates will apply by e-mail to buyer@acme.example. Add an application link or e-mail to change this.",
    );
    expect(emailFallbackNotice({ applicationLink: "https://acme.example/apply", applicationEmail: "", website: "" }, "buyer@acme.example")).toBeNull();
    expect(emailFallbackNotice({ applicationLink: "", applicationEmail: "jobs@acme.example", website: "" }, "buyer@acme.example")).toBeNull();
    expect(emailFallbackNotice({ applicationLink: "", applicationEmail: "", website: "acme.example" }, "buyer@acme.example")).toBeNull();
    expect(emailFallbackNotice({ applicationLink: "", applicationEmail: "", website: "" }, "")).toBeNull();
  });
});

describe("equity: each percent from 0 to 100, low ≤ high, with the equity message", () => {
  it.each([
    ["50% - 150%", MESSAGES.equityMax],
    ["5% - 1%", MESSAGES.equityReversed],
    ["101% - 102%", MESSAGES.equityMax],
    ["1.5% - 1.2%", MESSAGES.equityReversed],
    ["lots", MESSAGES.equityFormat],
  ])("%s is refused, saying what is wrong (the twentieth reading)", (equity, message) => {
    expect(isEquityRange(equity)).toBe(false);
    expect(issuesFor("equity", { equity })).toEqual([message]);
  });

  it.each(["0.5% - 1.0%", "0% - 2%", "1% - 1%", "40% - 50%", "0% - 100%", "No equity"])("%s is accepted", (equity) => {
    expect(isEquityRange(equity)).toBe(true);
    expect(issuesFor("equity", { equity })).toEqual([]);
  });

  it("'0% - 0%' shows 'No equity' everywhere: it is stored and shown so", () => {
    expect(displayEquity("0% - 0%")).toBe("No equity");
    expect(displayEquity("0.0% - 0%")).toBe("No equity");
    expect(displayEquity("0.5% - 1.0%")).toBe("0.5% - 1.0%");
    expect(jobDetailsSchema.parse(jobDetails({ equity: "0% - 0%" })).equity).toBe("No equity");
  });
});
