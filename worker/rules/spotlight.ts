// Spotlight: stages, the
// company profile and Spotlight job rules with their exact messages, the state the live dashboard shows,
// and the texts and constants of its screens. Shared by the SPOTLIGHT Durable Object, the API and the web app.
import { normaliseDigits } from "./digits";
import { DEFAULT_STAGE, DESCRIPTION_MIN } from "./lists";
import type { PublicJob } from "./search";
import { m } from "./serverMessages";
import type { SpotlightJobData, SpotlightProfileData } from "./spotlightSchema";

// The schemas are in ./spotlightSchema.ts (zod): a company's page, a visitor's first screen, imports this
// module for its messages without loading zod (issue 14).
export type { PreviewJobInput, SpotlightJobData, SpotlightJobInput, SpotlightProfileData, SpotlightProfileInput } from "./spotlightSchema";

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
  companyRequired: m("server.posting.company"),
  companyMin: m("server.spotlight.companyMin", { min: COMPANY_MIN }),
  taglineMax: m("server.spotlight.taglineMax", { max: TAGLINE_LIMIT }),
  emailRequired: m("server.common.emailRequired"),
  emailFormat: m("server.common.emailFormat"),
  website: m("server.common.url"),
  logo: m("server.spotlight.logo"),
  title: m("server.posting.title"),
  location: m("server.posting.location"),
  salary: m("server.posting.salary"),
  description: m("server.posting.description"),
  descriptionMin: m("server.posting.descriptionMin", { min: DESCRIPTION_MIN }),
  tags: m("server.posting.tags"),
  // Sign-in and access
  notSpotlightAccount: m("server.spotlight.notSpotlightAccount"),
  noUser: m("server.spotlight.noUser"),
  noSubscription: m("server.spotlight.noSubscription"),
  noCompany: m("server.spotlight.noCompany"),
  companyPrivate: m("server.spotlight.companyPrivate"),
  notAuthenticated: m("server.spotlight.notAuthenticated"),
  companyNotFound: m("server.spotlight.companyNotFound"),
  notOwner: m("server.spotlight.notOwner"),
  alreadySubscribed: m("server.spotlight.alreadySubscribed"),
  tooManyJobs: m("server.spotlight.tooManyJobs", { max: MAX_SPOTLIGHT_JOBS }),
  jobNotFound: m("server.common.jobNotFound"),
  // Failures shown by the screens
  paymentFailed: m("server.spotlight.paymentFailed"),
  signupFailed: m("server.spotlight.signupFailed"),
  saveCompanyFailed: m("server.spotlight.saveCompanyFailed"),
  uploadLogoFailed: m("server.spotlight.uploadLogoFailed"),
  updateCompanyFailed: m("server.spotlight.updateCompanyFailed"),
  publishFailed: m("server.spotlight.publishFailed"),
  saveJobFailed: m("server.spotlight.saveJobFailed"),
  noData: m("server.spotlight.noData"),
  loadFailed: m("server.spotlight.loadFailed"),
  activationFailed: m("server.spotlight.activationFailed"),
  verifyIssue: m("server.spotlight.verifyIssue"),
  offline: m("server.common.offline"),
  // Company pages
  companyNotFoundPage: m("server.common.companyNotFound"),
  noJobs: m("server.spotlight.noJobs"),
  notifyRequired: m("server.common.emailRequired"),
  // Apostrophes cannot be in server.json (ICU quoting): the web's catalogue says this one.
  notifyThanks: m("server.spotlight.notifyThanks"),
  notifyConfirm: m("server.spotlight.notifyConfirm"),
  previewNote: m("server.spotlight.previewNote"),
} as const;

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
  /** otherPosts: the company page's public jobs posted without Spotlight (by card or credit, before subscribing). */
  company: { id: string; company: string; published: boolean; otherPosts: number } | null;
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

export const TOUR_STEPS = [
  { title: m("server.spotlight.tour.profile"), text: m("server.spotlight.tour.profileText") },
  { title: m("server.spotlight.tour.post"), text: m("server.spotlight.tour.postText") },
  { title: m("server.spotlight.tour.live"), text: m("server.spotlight.tour.liveText") },
] as const;

/** A company id from its name: lower-case letters, digits and dashes ('Acme Labs!' → 'acme-labs'). */
export function companySlug(name: string): string {
  // Letters of any script stay (issue 25): "أفق للتقنية" is /company/افق-للتقنية (percent-encoded in URLs), not
  // "company"; marks go (Latin accents, Arabic tashkeel and decomposed hamza), digits are ASCII.
  const slug = normaliseDigits(name)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
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
