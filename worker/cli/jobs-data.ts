// Demo data for `npm start` (about 60 jobs) and the deterministic load generator (`--jobs N`).
import type { JobInput } from "../jobs/derive";
import { DAY, HOUR } from "../rules/time";
import { COMPANIES, LOCATIONS, ROLES, TYPES, describe, describeShort, rng, salaryText } from "./catalogue";

/** Stable ids, so reseeding and tests see the same jobs: 00000000-0000-4000-8000-<12 hex>. */
export function seedJobId(prefix: number, n: number): string {
  return `00000000-0000-4000-8${prefix.toString(16).padStart(3, "0")}-${n.toString(16).padStart(12, "0")}`;
}

/** The popular filter tags (Engineering, Remote, Startup, ...) are real tags on demo jobs. */
const CATEGORY_TAG: Record<string, string> = {
  Engineering: "Engineering",
  Product: "Product",
  Design: "Design",
  Marketing: "Marketing",
  Sales: "Sales",
  Operations: "Operations",
  Finance: "Finance",
  HR: "HR",
  "Customer Success": "Customer Support",
  "Data Science": "Data",
};

function demoTags(skills: string[], category: string, location: string, stage: string): string[] {
  const tags = [...skills, CATEGORY_TAG[category] ?? category];
  if (category === "Engineering" || category === "Data Science") tags.push("Technical");
  if (location.toLowerCase().includes("remote")) tags.push("Remote");
  if (stage === "Seed" || stage === "Series A") tags.push("Startup");
  return tags;
}

export function demoJobs(now: number): JobInput[] {
  const out: JobInput[] = [];
  for (let n = 0; n < 60; n++) {
    const company = COMPANIES[n % COMPANIES.length]!;
    const role = ROLES[(n * 7) % ROLES.length]!;
    const location = LOCATIONS[(n * 5) % LOCATIONS.length]!;
    // Spread over timeframes: a few today, some this week, the rest this month.
    const age = n < 8 ? n * 2 * HOUR + 20 * 60 * 1000 : n < 25 ? (n - 6) * 0.35 * DAY : (n - 20) * 0.6 * DAY;
    const created = now - Math.round(age);
    const enhancements: string[] = [];
    if (n % 9 === 0) enhancements.push("featured");
    if (n % 11 === 3) enhancements.push("sticky");
    if (n % 7 === 2) enhancements.push("highlight");
    if (n % 13 === 5) enhancements.push("company-profile");
    const applyByEmail = n % 6 === 4;
    out.push({
      id: seedJobId(1, n),
      title: role.title,
      company: company.name,
      companyId: company.page ? company.id : null,
      location,
      salary: n % 10 === 7 ? "" : salaryText(role, n),
      equity: n % 3 === 0 ? "0.1% - 0.5%" : n % 3 === 1 ? "0% - 2%" : "",
      stage: company.stage,
      category: role.category,
      type: TYPES[n % TYPES.length]!,
      description: describe(role, company, location, n),
      website: company.website,
      tags: demoTags(role.tags, role.category, location, company.stage),
      logo: `/logos/${company.id}.svg`,
      applyUrl: applyByEmail ? `jobs@${company.website.replace(/^https:\/\//, "")}` : `${company.website}/careers`,
      email: `hiring@${company.website.replace(/^https:\/\//, "")}`,
      plan: n % 5 === 1 ? "premium" : "standard",
      enhancements,
      createdAt: created,
      published: 1,
      publishedAt: created,
      paymentStatus: "completed",
      source: "seed",
    });
  }
  return out;
}

const NAME_A = [
  "Nimbus",
  "Falcon",
  "Oasis",
  "Dune",
  "Cedar",
  "Pearl",
  "Atlas",
  "Nova",
  "Zephyr",
  "Mosaic",
  "Harbor",
  "Summit",
  "Orbit",
  "Saffron",
  "Lumen",
  "Vertex",
  "Sable",
  "Cobalt",
  "Juniper",
  "Quartz",
];
const NAME_B = [
  "Labs",
  "Pay",
  "Health",
  "Logistics",
  "AI",
  "Commerce",
  "Robotics",
  "Energy",
  "Learning",
  "Security",
  "Mobility",
  "Foods",
  "Capital",
  "Cloud",
  "Analytics",
  "Studio",
  "Works",
  "Systems",
  "Markets",
  "Bio",
];
const TEAMS = ["Payments", "Growth", "Platform", "Checkout", "Risk", "Search", "Identity", "Mobile", "Data Platform", "Marketplace", "Onboarding", "Billing", "Infrastructure", "Partnerships", "Core"];

/** Distinct (company, role, team) combinations: 400 companies × 23 roles × 15 teams. */
const COMBINATIONS = NAME_A.length * NAME_B.length * ROLES.length * TEAMS.length;
/** A step coprime to COMBINATIONS (a prime that divides none of its factors), so n → n × STEP mod
 *  COMBINATIONS visits every combination once before any repeats, scattered rather than in order. */
const STEP = 7919;

/** The n-th generated job's company, role and team: never the same title and company twice, so no two
 *  generated jobs collapse as duplicates. Past every combination, the company name gets a number. */
function generatedIdentity(n: number) {
  let k = ((n % COMBINATIONS) * STEP) % COMBINATIONS;
  const round = Math.floor(n / COMBINATIONS);
  const team = TEAMS[k % TEAMS.length]!;
  k = Math.floor(k / TEAMS.length);
  const role = ROLES[k % ROLES.length]!;
  k = Math.floor(k / ROLES.length);
  const b = NAME_B[k % NAME_B.length]!;
  const a = NAME_A[Math.floor(k / NAME_B.length)]!;
  return { name: round ? `${a} ${b} ${round + 1}` : `${a} ${b}`, role, team };
}

/** N generated jobs, the same for the same N and start time: for load tests and benchmarks. Every one
 * is visible: titles and companies never repeat (generatedIdentity), so duplicate collapsing hides none. */
export function generatedJobs(count: number, now: number): JobInput[] {
  const random = rng(42);
  const out: JobInput[] = new Array(count);
  for (let n = 0; n < count; n++) {
    const brand = COMPANIES[Math.floor(random() * COMPANIES.length)]!;
    const { name, role, team } = generatedIdentity(n);
    const company = { ...brand, name, id: name.toLowerCase().replace(/\s+/g, "-"), page: false };
    const location = LOCATIONS[Math.floor(random() * LOCATIONS.length)]!;
    const created = now - Math.floor(random() * 29 * DAY);
    const r = random();
    const enhancements = r < 0.05 ? ["featured"] : r < 0.08 ? ["highlight"] : r < 0.1 ? ["sticky"] : [];
    out[n] = {
      id: seedJobId(2, n),
      title: `${role.title}, ${team}`,
      company: company.name,
      companyId: null,
      location,
      salary: salaryText(role, n),
      equity: "0% - 2%",
      stage: brand.stage,
      category: role.category,
      type: TYPES[n % TYPES.length]!,
      description: describeShort(role, company, n),
      website: `https://${company.id}.example`,
      tags: role.tags,
      logo: "",
      applyUrl: `https://${company.id}.example/careers/${n}`,
      email: "",
      plan: random() < 0.1 ? "premium" : "standard",
      enhancements,
      createdAt: created,
      published: 1,
      publishedAt: created,
      source: "seed",
    };
  }
  return out;
}
