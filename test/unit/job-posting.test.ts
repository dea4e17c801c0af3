// Google for Jobs structured data: JobPosting checked against Google's required properties (title,
// description, datePosted, hiringOrganization, jobLocation — or TELECOMMUTE with
// applicantLocationRequirements) and the recommended ones (validThrough, baseSalary, employmentType,
// directApply, identifier), for an on-site job, a remote job and a job without a salary.
import { describe, expect, it } from "vitest";
import { employmentType, jobPostingJsonLd, jsonLdScript } from "../../worker/discovery/jobPosting";
import type { JobPostingSource } from "../../worker/discovery/jobPosting";
import { placeOf, remoteCountries } from "../../worker/discovery/places";

const SITE = "https://jobs.example";
const T = Date.UTC(2030, 4, 1, 9);

function job(overrides: Partial<JobPostingSource> = {}): JobPostingSource {
  return {
    id: "3f2a9c1e-0000-4000-8000-000000000001",
    title: "Senior Backend Engineer",
    company: "Tabby",
    description: "<p>Build <strong>payments</strong> for millions.</p>",
    location: "Dubai, UAE",
    salary: "$120k - $160k",
    type: "full-time",
    logo: "/logos/tabby.svg",
    website: "tabby.ai",
    created_at: T - 1000,
    published_at: T,
    expires_at: T + 30 * 86_400_000,
    ...overrides,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const GOOGLE_EMPLOYMENT_TYPES = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER", "PER_DIEM", "OTHER"];

/** Google's rules for a JobPosting, as a list of problems (empty when valid). */
function googleProblems(ld: Record<string, any>): string[] {
  const problems: string[] = [];
  if (ld["@context"] !== "https://schema.org/" || ld["@type"] !== "JobPosting") problems.push("not a schema.org JobPosting");
  if (typeof ld.title !== "string" || !ld.title) problems.push("title is required");
  if (typeof ld.description !== "string" || !/<[a-z]/i.test(ld.description)) problems.push("description (HTML) is required");
  if (!ISO_DATE.test(ld.datePosted ?? "")) problems.push("datePosted (ISO 8601) is required");
  const org = ld.hiringOrganization;
  if (org?.["@type"] !== "Organization" || !org.name) problems.push("hiringOrganization with a name is required");
  if (org?.sameAs !== undefined && !/^https?:\/\//.test(org.sameAs)) problems.push("hiringOrganization.sameAs must be a URL");
  if (org?.logo !== undefined && !/^https?:\/\//.test(org.logo)) problems.push("hiringOrganization.logo must be an absolute URL");
  const remote = ld.jobLocationType === "TELECOMMUTE";
  if (!ld.jobLocation && !remote) problems.push("jobLocation is required unless the job is remote");
  if (ld.jobLocation) {
    const a = ld.jobLocation.address;
    if (ld.jobLocation["@type"] !== "Place" || a?.["@type"] !== "PostalAddress") problems.push("jobLocation must be a Place with a PostalAddress");
    if (!/^[A-Z]{2}$/.test(a?.addressCountry ?? "")) problems.push("addressCountry (ISO 3166-1 alpha-2) is recommended");
  }
  if (remote) {
    const req = [ld.applicantLocationRequirements].flat().filter(Boolean);
    if (!req.length || req.some((r: any) => !["Country", "State", "AdministrativeArea"].includes(r["@type"]) || !r.name)) problems.push("remote jobs need applicantLocationRequirements");
  }
  if (!ISO_DATE.test(ld.validThrough ?? "")) problems.push("validThrough is recommended");
  if (!GOOGLE_EMPLOYMENT_TYPES.includes(ld.employmentType)) problems.push("employmentType must be one of Google's values");
  if (typeof ld.directApply !== "boolean") problems.push("directApply is recommended");
  if (ld.identifier?.["@type"] !== "PropertyValue" || !ld.identifier.name || !ld.identifier.value) problems.push("identifier is recommended");
  if (ld.baseSalary !== undefined) {
    const s = ld.baseSalary;
    const v = s.value ?? {};
    if (s["@type"] !== "MonetaryAmount" || !/^[A-Z]{3}$/.test(s.currency ?? "")) problems.push("baseSalary must be a MonetaryAmount with a currency");
    if (v["@type"] !== "QuantitativeValue" || !(v.minValue <= v.maxValue) || !["HOUR", "DAY", "WEEK", "MONTH", "YEAR"].includes(v.unitText))
      problems.push("baseSalary.value must be a QuantitativeValue with min ≤ max and a unitText");
  }
  return problems;
}

describe("JobPosting JSON-LD", () => {
  it("an on-site job: valid, with a PostalAddress, its country, the salary as a yearly range and every recommended property", () => {
    const ld = jobPostingJsonLd(job(), SITE, "Startup Jobs") as Record<string, any>;
    expect(googleProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      title: "Senior Backend Engineer",
      description: "<p>Build <strong>payments</strong> for millions.</p>",
      datePosted: new Date(T).toISOString(),
      validThrough: new Date(T + 30 * 86_400_000).toISOString(),
      employmentType: "FULL_TIME",
      directApply: false,
      identifier: { "@type": "PropertyValue", name: "Startup Jobs", value: "3f2a9c1e-0000-4000-8000-000000000001" },
      hiringOrganization: { "@type": "Organization", name: "Tabby", sameAs: "https://tabby.ai/", logo: "https://jobs.example/logos/tabby.svg" },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Dubai", addressCountry: "AE" } },
      baseSalary: { "@type": "MonetaryAmount", currency: "USD", value: { "@type": "QuantitativeValue", minValue: 120_000, maxValue: 160_000, unitText: "YEAR" } },
    });
    expect(ld.jobLocationType).toBeUndefined();
  });

  it("a remote job: TELECOMMUTE with applicantLocationRequirements, and no jobLocation needed", () => {
    const ld = jobPostingJsonLd(job({ location: "Remote (MENA)", type: "contract" }), SITE, "Startup Jobs") as Record<string, any>;
    expect(googleProblems(ld)).toEqual([]);
    expect(ld.jobLocationType).toBe("TELECOMMUTE");
    expect(ld.jobLocation).toBeUndefined();
    expect(ld.applicantLocationRequirements).toContainEqual({ "@type": "Country", name: "AE" });
    expect(ld.applicantLocationRequirements).toContainEqual({ "@type": "Country", name: "SA" });
    expect(ld.employmentType).toBe("CONTRACTOR");

    const us = jobPostingJsonLd(job({ location: "Remote (US)" }), SITE, "Startup Jobs") as Record<string, any>;
    expect(us.applicantLocationRequirements).toEqual([{ "@type": "Country", name: "US" }]);
    const anywhere = jobPostingJsonLd(job({ location: "Remote" }), SITE, "Startup Jobs") as Record<string, any>;
    expect(googleProblems(anywhere)).toEqual([]);
    expect(anywhere.applicantLocationRequirements).toEqual({ "@type": "AdministrativeArea", name: "Worldwide" });
  });

  it("a hybrid job has both its office and TELECOMMUTE", () => {
    const ld = jobPostingJsonLd(job({ location: "Riyadh, Saudi Arabia (Remote)" }), SITE, "Startup Jobs") as Record<string, any>;
    expect(googleProblems(ld)).toEqual([]);
    expect(ld.jobLocation.address).toMatchObject({ addressLocality: "Riyadh", addressCountry: "SA" });
    expect(ld.jobLocationType).toBe("TELECOMMUTE");
    expect(ld.applicantLocationRequirements).toEqual([{ "@type": "Country", name: "SA" }]);
  });

  it("a job without a salary: still valid, with no baseSalary", () => {
    for (const salary of ["", "Competitive", "$40 - $60"]) {
      const ld = jobPostingJsonLd(job({ salary }), SITE, "Startup Jobs") as Record<string, any>;
      expect(googleProblems(ld)).toEqual([]);
      expect(ld.baseSalary).toBeUndefined();
    }
  });

  it("employmentType: the board's types map to Google's values, anything else is OTHER", () => {
    expect(["full-time", "part-time", "contract", "internship", "freelance", "", "Seasonal"].map(employmentType)).toEqual([
      "FULL_TIME",
      "PART_TIME",
      "CONTRACTOR",
      "INTERN",
      "CONTRACTOR",
      "OTHER",
      "OTHER",
    ]);
  });

  it("logos and websites that are not http(s) are left out", () => {
    const ld = jobPostingJsonLd(job({ logo: "javascript:alert(1)", website: "" }), SITE, "Startup Jobs") as Record<string, any>;
    expect(ld.hiringOrganization).toEqual({ "@type": "Organization", name: "Tabby" });
  });

  it("the script text cannot close its element", () => {
    const text = jsonLdScript({ description: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ description: "</script><script>alert(1)</script>" });
  });
});

describe("locations to countries", () => {
  it.each([
    ["Dubai, UAE", "Dubai", "AE"],
    ["Abu Dhabi, UAE", "Abu Dhabi", "AE"],
    ["Riyadh, Saudi Arabia", "Riyadh", "SA"],
    ["Doha, Qatar", "Doha", "QA"],
    ["Manama, Bahrain", "Manama", "BH"],
    ["Kuwait City, Kuwait", "Kuwait City", "KW"],
    ["Muscat, Oman", "Muscat", "OM"],
    ["Cairo, Egypt", "Cairo", "EG"],
    ["London, UK", "London", "GB"],
    ["New York, NY", "New York", "US"],
    ["San Francisco, CA", "San Francisco", "US"],
    ["Toronto, Canada", "Toronto", "CA"],
    ["Singapore", "Singapore", "SG"],
    ["Dubai", "Dubai", "AE"],
  ])("%s → %s, %s", (location, locality, country) => {
    expect(placeOf(location)).toMatchObject({ locality, country });
  });

  it("remote regions name the countries applicants may live in", () => {
    expect(remoteCountries("Remote (Europe)")).toContain("DE");
    expect(remoteCountries("Remote (Worldwide)")).toEqual([]);
    expect(placeOf("Remote")).toBeNull();
  });
});
