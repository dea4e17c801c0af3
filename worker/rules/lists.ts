// The product's fixed lists. One list of categories everywhere. Labels come from the server catalogue
// (value.<list>.<value> in ./locales/en/server.json), so the web shows each list's values in its locale.
import { m } from "./serverMessages";
export const JOB_CATEGORIES = ["Engineering", "Product", "Design", "Marketing", "Sales", "Operations", "Finance", "HR", "Customer Success", "Data Science"] as const;

/** Stored job types; the filter adds "All Types" and "Remote" (see JOB_TYPE_OPTIONS). */
export const JOB_TYPES = ["full-time", "part-time", "contract", "internship", "freelance"] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** The job type select: label shown, value sent as ?type= ("" = All Types, omitted). */
export const JOB_TYPE_OPTIONS = [
  { value: "", label: m("value.type.all") },
  { value: "full-time", label: m("value.type.full-time") },
  { value: "part-time", label: m("value.type.part-time") },
  { value: "contract", label: m("value.type.contract") },
  { value: "internship", label: m("value.type.internship") },
  { value: "freelance", label: m("value.type.freelance") },
  { value: "remote", label: m("value.type.remote") },
] as const;
export const TYPE_FILTER_VALUES = ["full-time", "part-time", "contract", "internship", "freelance", "remote"] as const;

export const TIMEFRAMES = ["day", "week", "month"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const TIMEFRAME_OPTIONS = [
  { value: "", label: m("value.timeframe.any") },
  { value: "day", label: m("value.timeframe.day") },
  { value: "week", label: m("value.timeframe.week") },
  { value: "month", label: m("value.timeframe.month") },
] as const;
export const TIMEFRAME_MS: Record<Timeframe, number> = {
  day: 24 * 60 * 60 * 1000,
  week: 7 * 24 * 60 * 60 * 1000,
  month: 30 * 24 * 60 * 60 * 1000,
};

export const SORTS = ["recent", "relevance", "salary-high", "salary-low", "company-asc", "company-desc"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  recent: m("value.sort.recent"),
  relevance: m("value.sort.relevance"),
  "salary-high": m("value.sort.salary-high"),
  "salary-low": m("value.sort.salary-low"),
  "company-asc": m("value.sort.company-asc"),
  "company-desc": m("value.sort.company-desc"),
};

export const COMPANY_STAGES = ["Seed", "Series A", "Series B", "Series C+", "Public"] as const;
export const DEFAULT_STAGE = "Not Specified";

export const POPULAR_TAGS = ["Engineering", "Design", "Marketing", "Sales", "Product", "Customer Support", "Finance", "Operations", "HR", "Data", "Technical", "Remote", "Startup"] as const;

export const ENHANCEMENTS = ["highlight", "sticky", "featured", "company-profile"] as const;
export type Enhancement = (typeof ENHANCEMENTS)[number];
export const PLANS = ["standard", "premium"] as const;
export type Plan = (typeof PLANS)[number];

/** Search limits (issue 2): page size and the longest keyword text accepted. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
export const SEARCH_TEXT_MAX = 200;
/** A job description: at least this many characters of text, at most this much HTML (rules/posting.ts, rules/spotlightSchema.ts). */
export const DESCRIPTION_MIN = 100;
export const DESCRIPTION_MAX_HTML = 50_000;
export const JOB_LIFETIME_DAYS = 30;
