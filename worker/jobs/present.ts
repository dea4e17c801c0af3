// Rows to the public API's job shape (worker/rules/search.ts PublicJob). Private columns (buyer e-mail,
// owner, payment) never leave the worker; the apply target is resolved here by the shared rule.
import { resolveApply } from "../rules/apply";
import { displayEquity } from "../rules/equity";
import type { PublicJob } from "../rules/search";
import { isCurrency } from "../rules/rates";

export interface PublicJobRow {
  id: string;
  title: string;
  company: string;
  company_id: string | null;
  tagline: string;
  location: string;
  salary: string;
  equity: string;
  stage: string;
  category: string;
  type: string;
  description: string;
  website: string;
  tags: string;
  logo: string;
  apply_url: string;
  email: string;
  plan: string;
  enhancements: string;
  created_at: number;
  published_at: number | null;
  expires_at: number | null;
  // The structured salary (issue 26): absent from rows read without these columns.
  salary_min?: number | null;
  salary_max?: number | null;
  salary_currency?: string | null;
  salary_period?: string | null;
  applications?: number;
}

/** The structured salary of a row, or null when its text did not read (or the row was read without it). */
function payOf(row: PublicJobRow): PublicJob["pay"] {
  if (!row.salary_min || !isCurrency(row.salary_currency) || (row.salary_period !== "year" && row.salary_period !== "month")) return null;
  return { min: row.salary_min, max: row.salary_max ?? null, currency: row.salary_currency, period: row.salary_period };
}

function parseList(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

const iso = (t: number | null) => (t === null || t === undefined ? null : new Date(t).toISOString());

export function presentJob(row: PublicJobRow): PublicJob {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    company_id: row.company_id,
    tagline: row.tagline,
    location: row.location,
    salary: row.salary,
    pay: payOf(row),
    equity: displayEquity(row.equity),
    stage: row.stage,
    category: row.category,
    type: row.type,
    description: row.description,
    website: row.website,
    tags: parseList(row.tags),
    logo: row.logo,
    apply_url: row.apply_url,
    apply: resolveApply(row),
    applications: Boolean(row.applications),
    plan: row.plan,
    enhancements: parseList(row.enhancements),
    created_at: new Date(row.created_at).toISOString(),
    published_at: iso(row.published_at),
    expires_at: iso(row.expires_at),
  };
}
