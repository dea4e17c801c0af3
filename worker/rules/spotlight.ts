// Spotlight: stages, the
// company profile and Spotlight job rules with their exact messages, the state the live dashboard shows,
// and the texts and constants of its screens. Shared by the SPOTLIGHT Durable Object, the API and the web app.
import { z } from "zod";
import { toWebUrl } from "./apply";
import { DEFAULT_STAGE, JOB_TYPES } from "./lists";
import { displayEquity, isEquityRange } from "./equity";
import { DESCRIPTION_MAX_HTML, DESCRIPTION_MIN, MESSAGES as POSTING_MESSAGES } from "./posting";
import type { PublicJob } from "./search";
import { htmlToText } from "./text";

export const SPOTLIGHT_STAGES = ["Pre-Seed", "Seed", "Series A", "Series B", "Series C+", "Public", "Bootstrapped"] as const;
/** The onboarding's stage list omits Pre-Seed. */
export const ONBOARDING_STAGES = SPOTLIGHT_STAGES.filter((s) => s !== "Pre-Seed");
export { DEFAULT_STAGE };
export const DEFAULT_CATEGORY = "Engineering";

export const COMPANY_MIN = 2;
/** "Under 100 characters": at most 99. */
export const TAGLINE_LIMIT = 100;
export const SUCCESS_REDIRECT_MS = 5_000;
/** Most Spotlight jobs one company keeps (live, preview and expired, deleted ones not counted). */
export const MAX_SPOTLIGHT_JOBS = 200;

export const SPOTLIGHT_MESSAGES = {
  companyRequired: "Company name is required",
  companyMin: `Company name must be at least ${COMPANY_MIN} characters`,
  taglineMax: `Tagline must be less than ${TAGLINE_LIMIT} characters`,
  emailRequired: "Email is required",
  emailFormat: "Invalid email format",
  website: "Please enter a valid URL",
  logo: "Please upload an image file",
  title: "Job title is required",
  location: "Location is required",
  salary: "Salary range is required",
  description: "Job description is required",
  descriptionMin: `Job description must be at least ${DESCRIPTION_MIN} characters`,
  tags: "At least one skill is required",
  // Sign-in and access
  notSpotlightAccount: "This account is not a Spotlight account",
  noUser: "No user returned from sign in",
  noSubscription: "No active subscription found",
  noCompany: "No company profile found",
  notAuthenticated: "Not authenticated",
  companyNotFound: "Company profile not found",
  notOwner: "You do not have permission to change this company",
  alreadySubscribed: "You already have an active Spotlight subscription",
  tooManyJobs: `A Spotlight company can keep at most ${MAX_SPOTLIGHT_JOBS} jobs`,
  jobNotFound: "Job not found",
  // Failures shown by the screens
  paymentFailed: "Payment processing failed",
  signupFailed: "Failed to process signup",
  saveCompanyFailed: "Failed to save company information",
  uploadLogoFailed: "Failed to upload logo",
  updateCompanyFailed: "Failed to update company information",
  publishFailed: "Failed to publish company",
  saveJobFailed: "Failed to save job",
  noData: "No data returned",
  loadFailed: "Failed to load company data",
  activationFailed: "Failed to activate your subscription. Please contact support.",
  verifyIssue: "There was an issue verifying your subscription.",
  offline: "No internet connection. Please reconnect and try again.",
  // Company pages
  companyNotFoundPage: "Company not found",
  noJobs: "No jobs found",
  notifyRequired: "Email is required",
  notifyThanks: "Thanks! We'll notify you about new jobs.",
  notifyConfirm: "Please check your inbox and confirm your e-mail address.",
  previewNote: "This job goes live automatically once your subscription is active.",
} as const;

const trimmed = (empty: string, max: number) =>
  z
    .string({ error: empty })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, empty).max(max, `Must be at most ${max} characters`));

const optionalUrl = z
  .string()
  .max(500, SPOTLIGHT_MESSAGES.website)
  .optional()
  .default("")
  .transform((s) => s.trim())
  .refine((s) => s === "" || toWebUrl(s) !== null, SPOTLIGHT_MESSAGES.website)
  .transform((s) => (s === "" ? "" : toWebUrl(s)!));

/** A logo we serve (/api/logos/...), a bundled one (/logos/...), an http(s) URL, or none. */
const logo = z
  .string()
  .max(500)
  .optional()
  .default("")
  .transform((s) => s.trim())
  .refine((s) => s === "" || /^\/(api\/logos|logos)\/[\w./-]+$/.test(s) || toWebUrl(s) !== null, SPOTLIGHT_MESSAGES.logo);

export const companyNameSchema = z
  .string({ error: SPOTLIGHT_MESSAGES.companyRequired })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, SPOTLIGHT_MESSAGES.companyRequired).min(COMPANY_MIN, SPOTLIGHT_MESSAGES.companyMin).max(100, "Company name must be at most 100 characters"));

export const taglineSchema = z
  .string()
  .optional()
  .default("")
  .transform((s) => s.trim())
  .pipe(z.string().max(TAGLINE_LIMIT - 1, SPOTLIGHT_MESSAGES.taglineMax));

const stage = z
  .string()
  .optional()
  .default(DEFAULT_STAGE)
  .transform((s) => s.trim() || DEFAULT_STAGE)
  .refine((s) => s === DEFAULT_STAGE || (SPOTLIGHT_STAGES as readonly string[]).includes(s), "Please choose a company stage from the list");

/** The company profile (company, logo, tagline, stage, website, and the e-mail applications go to). */
export const spotlightProfileSchema = z.object({
  company: companyNameSchema,
  logo,
  tagline: taglineSchema,
  stage,
  website: optionalUrl,
  email: z
    .string()
    .optional()
    .default("")
    .transform((s) => s.trim().toLowerCase())
    .refine((s) => s === "" || z.email().safeParse(s).success, SPOTLIGHT_MESSAGES.emailFormat),
});
export type SpotlightProfileInput = z.input<typeof spotlightProfileSchema>;
export type SpotlightProfileData = z.output<typeof spotlightProfileSchema>;

/** The Spotlight job form: title, location, salary range, description (100+ characters), skills. */
export const spotlightJobSchema = z.object({
  title: trimmed(SPOTLIGHT_MESSAGES.title, 200),
  category: z
    .string()
    .optional()
    .default(DEFAULT_CATEGORY)
    .transform((s) => s.trim() || DEFAULT_CATEGORY)
    .pipe(z.string().max(100)),
  type: z.enum(JOB_TYPES, { error: "Job type is required" }).optional().default("full-time"),
  location: trimmed(SPOTLIGHT_MESSAGES.location, 200),
  salary: trimmed(SPOTLIGHT_MESSAGES.salary, 100),
  equity: z
    .string()
    .max(100)
    .optional()
    .default("")
    .transform((s) => s.trim())
    .refine((s) => s === "" || isEquityRange(s), POSTING_MESSAGES.equityFormat)
    .transform((s) => (s === "" ? "" : displayEquity(s))),
  description: z
    .string({ error: SPOTLIGHT_MESSAGES.description })
    .max(DESCRIPTION_MAX_HTML, "Job description is too long")
    .refine((s) => htmlToText(s).length > 0, SPOTLIGHT_MESSAGES.description)
    .refine((s) => htmlToText(s).length === 0 || htmlToText(s).length >= DESCRIPTION_MIN, SPOTLIGHT_MESSAGES.descriptionMin),
  website: optionalUrl,
  tags: z.array(z.string().trim().min(1).max(50), { error: SPOTLIGHT_MESSAGES.tags }).min(1, SPOTLIGHT_MESSAGES.tags).max(30, "At most 30 skills"),
});
export type SpotlightJobInput = z.input<typeof spotlightJobSchema>;
export type SpotlightJobData = z.output<typeof spotlightJobSchema>;

/** A preview job from local storage, uploaded after sign-up: the form plus its generated id and time. */
export const previewJobSchema = spotlightJobSchema.extend({
  id: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/, "Invalid job id"),
  created_at: z.union([z.string(), z.number()]).optional(),
});
export type PreviewJobInput = z.input<typeof previewJobSchema>;

export type SpotlightJobStatus = "preview" | "live" | "expired";

/** One Spotlight job as the object shows it. */
export interface SpotlightJob extends SpotlightJobData {
  id: string;
  published: boolean;
  status: SpotlightJobStatus;
  views: number;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface SpotlightProfile extends SpotlightProfileData {
  published: boolean;
}

/** Everything the live dashboard shows; sent whole over the WebSocket after every change. */
export interface SpotlightState {
  companyId: string;
  profile: SpotlightProfile | null;
  jobs: SpotlightJob[];
  /** Whether the subscription is active now (live jobs are public only then). */
  active: boolean;
  activeUntil: string | null;
  /** Increases with every change, so a client can tell a newer state from an older one. */
  version: number;
}

export interface SpotlightSubscriptionView {
  id: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** When a canceled or expired subscription ended (ISO); null while it runs. */
  endedAt?: string | null;
}

/** GET /api/spotlight/me */
export interface SpotlightMe {
  isSpotlightUser: boolean;
  subscription: SpotlightSubscriptionView | null;
  company: { id: string; company: string; published: boolean } | null;
  /** Present locally only: the payment emulator's page for managing the subscription. */
  manageUrl: string | null;
}

/** A company header on /company/:id. */
export interface CompanyHeader {
  id: string;
  company: string;
  logo: string;
  tagline: string;
  website: string;
  stage: string;
}

/** A job on a company page: the public job plus its Published/Draft state and Spotlight status. */
export interface CompanyJob extends PublicJob {
  published: boolean;
  /** Spotlight jobs only (null for other posts); the owner can act on these from the company page. */
  spotlight_status: SpotlightJobStatus | null;
}

/** GET /api/companies/:id */
export interface CompanyPageResponse {
  company: CompanyHeader & { published: boolean; spotlight: boolean };
  jobs: CompanyJob[];
  /** True when the signed-in user owns this Spotlight company: drafts are shown, with actions. */
  owner: boolean;
}

export const SPOTLIGHT_BENEFITS = [
  { title: "Unlimited Job Postings", text: "Post as many jobs as you need, with no credits to buy." },
  { title: "Premium Visibility", text: "Your company page and jobs stand out across the board." },
  { title: "Advanced Analytics", text: "See how candidates find and view your jobs." },
] as const;

export const TOUR_STEPS = [
  { title: "Company profile", text: "Add your company name, logo, tagline and stage. This is the header of your company page." },
  { title: "Post a job", text: "Add your open positions. In preview mode they are kept in this browser only." },
  { title: "Go live", text: "Subscribe to Spotlight and your preview jobs are published automatically." },
] as const;

/** 'job has' / 'jobs have' been published and are now live (the subscription success page). */
export function publishedJobsText(count: number): string {
  return count === 1 ? "1 job has been published and is now live." : `${count} jobs have been published and are now live.`;
}

/** 'Hiring for N positions' (singular for one). */
export function hiringFor(count: number): string {
  return `Hiring for ${count} ${count === 1 ? "position" : "positions"}`;
}

/** A company id from its name: lower-case letters, digits and dashes ('Acme Labs!' → 'acme-labs'). */
export function companySlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return slug.length >= 2 ? slug : "company";
}

/** The first message per field, e.g. { title: 'Job title is required' }. */
export function spotlightFieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) out[i.path.map(String).join(".") || "form"] ??= i.message;
  return out;
}
