// The /post wizard's draft: form data, step, purchase choices and the submission id, kept in the tab's
// sessionStorage so it survives a reload and a cancelled checkout. The logo is
// kept as its uploaded URL. Pure helpers plus the few storage calls; no React.
import { DEFAULT_EQUITY } from "@rules/equity";
import { DEFAULT_STAGE, ENHANCEMENTS, JOB_TYPES, PLANS } from "@rules/lists";
import type { Enhancement, JobType, Plan } from "@rules/lists";
import type { CheckoutJobRequest, JobDetailsInput } from "@rules/posting";
import { MAX_POSTS, MIN_POSTS, SOLD_BUNDLES } from "@rules/pricing";
import type { JobOrderChoice, SoldBundle } from "@rules/pricing";

export type Step = 0 | 1 | 2;
/** The steps' names in the catalogue. */
export const STEPS = ["posting.step.details", "posting.step.preview", "posting.step.payment"] as const;

export interface JobForm {
  title: string;
  company: string;
  logo: string;
  website: string;
  location: string;
  stage: string;
  category: string;
  type: JobType;
  salary: string;
  equity: string;
  /** The equity slider's position (0 to 40); the equity text follows it. */
  equityPercent: number;
  tags: string[];
  description: string;
  applicationLink: string;
  applicationEmail: string;
  /** "Receive applications on Startup Jobs" (issue 26). */
  applications: boolean;
}

export interface PurchaseChoice {
  plan: Plan;
  enhancements: Enhancement[];
  /** A sold bundle replaces the individual plan and enhancements. */
  selectedBundle: SoldBundle["id"] | null;
  /** 'Buy multiple job posts': quantity counts only when this is on. */
  multiple: boolean;
  quantity: number;
  email: string;
}

export interface PostingDraft {
  form: JobForm;
  step: Step;
  purchase: PurchaseChoice;
  submissionId: string;
}

export const DRAFT_KEY = "sj.postingDraft";
const LAST_JOB_KEY = "sj.lastPostedJobId";
export const DEFAULT_MULTIPLE_QUANTITY = 5;

export function emptyForm(): JobForm {
  return {
    title: "",
    company: "",
    logo: "",
    website: "",
    location: "",
    stage: DEFAULT_STAGE,
    category: "",
    type: "full-time",
    salary: "",
    equity: DEFAULT_EQUITY,
    equityPercent: 0,
    tags: [],
    description: "",
    applicationLink: "",
    applicationEmail: "",
    applications: false,
  };
}

export function defaultPurchase(): PurchaseChoice {
  return { plan: "standard", enhancements: [], selectedBundle: null, multiple: false, quantity: 1, email: "" };
}

/** A random id for one posting, so a doubled submit creates one job (the server keys on it). */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

export function newDraft(): PostingDraft {
  return { form: emptyForm(), step: 0, purchase: defaultPurchase(), submissionId: newSubmissionId() };
}

const str = (v: unknown, fallback = ""): string => (typeof v === "string" ? v : fallback);

/** The slider position for an equity text: its first number, within 0 to 40. */
export function equityPercentOf(equity: string): number {
  const n = Number.parseFloat(/\d+(?:\.\d+)?/.exec(equity)?.[0] ?? "0");
  return Number.isFinite(n) ? Math.min(40, Math.max(0, Math.round(n))) : 0;
}

/** Form data from anywhere (storage, navigation state), reduced to known fields of the right types. */
export function toJobForm(raw: unknown, base: JobForm = emptyForm()): JobForm {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const type = str(r.type, base.type) as JobType;
  const equity = str(r.equity, base.equity);
  return {
    title: str(r.title, base.title),
    company: str(r.company, base.company),
    logo: str(r.logo, base.logo),
    website: str(r.website, base.website),
    location: str(r.location, base.location),
    stage: str(r.stage, base.stage) || DEFAULT_STAGE,
    category: str(r.category, base.category),
    type: JOB_TYPES.includes(type) ? type : "full-time",
    salary: str(r.salary, base.salary),
    equity,
    equityPercent: typeof r.equityPercent === "number" ? r.equityPercent : equityPercentOf(equity),
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === "string") : base.tags,
    description: str(r.description, base.description),
    applicationLink: str(r.applicationLink, base.applicationLink),
    applicationEmail: str(r.applicationEmail, base.applicationEmail),
    applications: typeof r.applications === "boolean" ? r.applications : base.applications,
  };
}

function toPurchase(raw: unknown): PurchaseChoice {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const d = defaultPurchase();
  const quantity = typeof r.quantity === "number" && Number.isInteger(r.quantity) ? Math.min(MAX_POSTS, Math.max(MIN_POSTS, r.quantity)) : d.quantity;
  return {
    plan: PLANS.includes(r.plan as Plan) ? (r.plan as Plan) : d.plan,
    enhancements: Array.isArray(r.enhancements) ? (r.enhancements.filter((e) => ENHANCEMENTS.includes(e as Enhancement)) as Enhancement[]) : d.enhancements,
    selectedBundle: SOLD_BUNDLES.some((b) => b.id === r.selectedBundle) ? (r.selectedBundle as SoldBundle["id"]) : null,
    multiple: r.multiple === true,
    quantity,
    email: str(r.email),
  };
}

export function toStep(v: unknown): Step {
  return v === 1 || v === 2 ? v : 0;
}

export function loadDraft(): PostingDraft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return null;
    const r = JSON.parse(raw) as Record<string, unknown>;
    const submissionId = str(r.submissionId);
    return { form: toJobForm(r.form), step: toStep(r.step), purchase: toPurchase(r.purchase), submissionId: submissionId.length >= 8 ? submissionId : newSubmissionId() };
  } catch {
    return null;
  }
}

export function saveDraft(draft: PostingDraft): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the wizard still works, only without surviving a reload
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}

/** The job as the API takes it (the slider position is only for the form). */
export function jobInput(form: JobForm): JobDetailsInput {
  const { equityPercent: _slider, ...job } = form;
  return job;
}

/** What is bought: a bundle alone, or a plan with enhancements for 1 (or, with 'multiple', n) posts. */
export function purchaseRequest(p: PurchaseChoice): CheckoutJobRequest["purchase"] {
  if (p.selectedBundle) return { plan: null, enhancements: [], selectedBundle: p.selectedBundle, quantity: 1, email: p.email };
  return { plan: p.plan, enhancements: [...p.enhancements], selectedBundle: null, quantity: p.multiple ? p.quantity : 1, email: p.email };
}

export function orderChoice(p: PurchaseChoice): JobOrderChoice {
  const r = purchaseRequest(p);
  return { plan: r.plan as Plan | null, enhancements: r.enhancements as Enhancement[], bundleId: r.selectedBundle as SoldBundle["id"] | null, quantity: r.quantity };
}

/** The job id of the last checkout started in this tab, for /job-posting-success without parameters. */
export function rememberPostedJob(jobId: string): void {
  try {
    sessionStorage.setItem(LAST_JOB_KEY, jobId);
  } catch {
    // best effort
  }
}

export function lastPostedJobId(): string | null {
  try {
    return sessionStorage.getItem(LAST_JOB_KEY);
  } catch {
    return null;
  }
}
