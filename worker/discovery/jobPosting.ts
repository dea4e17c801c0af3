// Google for Jobs structured data (schema.org JobPosting) for a job detail page, following Google's
// required properties (title, description, datePosted, hiringOrganization, jobLocation — or, for remote
// work, jobLocationType TELECOMMUTE with applicantLocationRequirements) and the recommended ones
// (validThrough, baseSalary, employmentType, directApply, identifier).
import { toWebUrl } from "../rules/apply";
import { salaryRange } from "../rules/salary";
import { isRemoteLocation, placeOf, remoteCountries } from "./places";

export interface JobPostingSource {
  id: string;
  title: string;
  company: string;
  description: string; // sanitised HTML
  location: string;
  salary: string;
  type: string;
  logo: string;
  website: string;
  created_at: number;
  published_at: number | null;
  expires_at: number;
}

/** Google's employmentType values for the board's stored types. */
export const EMPLOYMENT_TYPES: Record<string, string> = {
  "full-time": "FULL_TIME",
  "part-time": "PART_TIME",
  contract: "CONTRACTOR",
  freelance: "CONTRACTOR",
  internship: "INTERN",
  temporary: "TEMPORARY",
  volunteer: "VOLUNTEER",
};

export function employmentType(type: string): string {
  return EMPLOYMENT_TYPES[type.trim().toLowerCase()] ?? "OTHER";
}

/** A logo as an absolute http(s) URL: site paths are made absolute, other schemes are dropped. */
export function absoluteUrl(value: string, siteUrl: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (v.startsWith("/") && !v.startsWith("//")) return `${siteUrl.replace(/\/+$/, "")}${v}`;
  return /^https?:\/\//i.test(v) ? toWebUrl(v) : null;
}

/** Salaries read as yearly amounts only when they look yearly (e.g. '$100k - $150k', not '$40 - $60'). */
const MIN_YEARLY = 1000;

/** The page's own URL (the /ar one on the Arabic page) and the description used when the employer wrote none, in the page's language. */
export interface JobPostingOptions {
  pageUrl?: string;
  fallbackDescription?: string;
}

export function jobPostingJsonLd(job: JobPostingSource, siteUrl: string, siteName: string, options: JobPostingOptions = {}): Record<string, unknown> {
  const pageUrl = options.pageUrl ?? `${siteUrl.replace(/\/+$/, "")}/jobs/${encodeURIComponent(job.id)}`;
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: job.description || options.fallbackDescription || `<p>${job.title} at ${job.company}</p>`,
    datePosted: new Date(job.published_at ?? job.created_at).toISOString(),
    validThrough: new Date(job.expires_at).toISOString(),
    employmentType: employmentType(job.type),
    identifier: { "@type": "PropertyValue", name: siteName, value: job.id },
    url: pageUrl,
    // Candidates apply on the employer's site or by e-mail, not on this page.
    directApply: false,
  };

  const org: Record<string, unknown> = { "@type": "Organization", name: job.company };
  const website = toWebUrl(job.website);
  if (website) org.sameAs = website;
  const logo = absoluteUrl(job.logo, siteUrl);
  if (logo) org.logo = logo;
  ld.hiringOrganization = org;

  const place = placeOf(job.location);
  if (place) {
    const address: Record<string, unknown> = { "@type": "PostalAddress", addressCountry: place.country };
    if (place.locality) address.addressLocality = place.locality;
    if (place.region) address.addressRegion = place.region;
    ld.jobLocation = { "@type": "Place", address };
  }
  // The card shows an empty location as 'Remote', so it is remote here too.
  const remote = !job.location.trim() || isRemoteLocation(job.location);
  if (!place && !remote) {
    ld.jobLocation = { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: job.location.trim() } };
  }
  if (remote) {
    ld.jobLocationType = "TELECOMMUTE";
    const countries = remoteCountries(job.location);
    ld.applicantLocationRequirements = countries.length ? countries.map((code) => ({ "@type": "Country", name: code })) : { "@type": "AdministrativeArea", name: "Worldwide" };
  }

  const range = salaryRange(job.salary);
  if (range && range.min >= MIN_YEARLY) {
    ld.baseSalary = {
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", minValue: range.min, maxValue: range.max, unitText: "YEAR" },
    };
  }
  return ld;
}

/** JSON for a <script type="application/ld+json">: nothing in it can close the script element. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
