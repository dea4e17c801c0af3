// The posting form's rules (step 0, the job details, and step 2, the purchase), with their exact
// messages. The wizard validates with these schemas in the browser; the server runs them again.
import { z } from "zod";
import { toMailto, toWebUrl } from "./apply";
import { EQUITY_PERCENT_MAX, displayEquity, equityTextProblem } from "./equity";
import { DESCRIPTION_MAX_HTML, DESCRIPTION_MIN, ENHANCEMENTS, JOB_TYPES, PLANS } from "./lists";
import { MAX_POSTS, MIN_POSTS, SOLD_BUNDLES } from "./pricing";
import { salaryTextProblem } from "./salary";
import { m } from "./serverMessages";
import { htmlToText } from "./text";

export { DESCRIPTION_MAX_HTML, DESCRIPTION_MIN };

/** Whitespace-only counts as empty. */
/** A required text, trimmed. Empty, it says only that (`abort`): not also that its format is wrong (the 26th session). */
const required = (message: string, max = 200) =>
  z
    .string({ error: message })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: message, abort: true }).max(max, m("server.common.maxChars", { max })));

export const MESSAGES = {
  title: m("server.posting.title"),
  company: m("server.posting.company"),
  location: m("server.posting.location"),
  salary: m("server.posting.salary"),
  salaryFormat: m("server.posting.salaryFormat"),
  salaryReversed: m("server.posting.salaryReversed"),
  salaryRange: m("server.posting.salaryRange"),
  equity: m("server.posting.equity"),
  equityFormat: m("server.posting.equityFormat"),
  equityReversed: m("server.posting.equityReversed"),
  equityMax: m("server.posting.equityMax", { max: EQUITY_PERCENT_MAX }),
  stage: m("server.posting.stage"),
  category: m("server.posting.category"),
  description: m("server.posting.description"),
  descriptionMin: m("server.posting.descriptionMin", { min: DESCRIPTION_MIN }),
  website: m("server.common.url"),
  tags: m("server.posting.tags"),
  logo: m("server.posting.logo"),
  planOrBundle: m("server.posting.planOrBundle"),
  email: m("server.posting.email"),
  emailFormat: m("server.common.emailInvalid"),
  signInToPost: m("server.posting.signInToPost"),
  logoType: m("server.posting.logoType"),
  logoSize: m("server.posting.logoSize"),
  logoFailed: m("server.posting.logoFailed"),
  posts: m("server.posting.posts", { min: MIN_POSTS, max: MAX_POSTS }),
} as const;

const SALARY_PROBLEM = { reversed: MESSAGES.salaryReversed, single: MESSAGES.salaryRange, format: MESSAGES.salaryFormat } as const;
const EQUITY_PROBLEM = { over100: MESSAGES.equityMax, reversed: MESSAGES.equityReversed, format: MESSAGES.equityFormat } as const;

/** A salary range, with a message that says what is wrong: high to low, one amount, or another format. */
export function checkSalaryText(text: string, ctx: z.RefinementCtx): void {
  const problem = salaryTextProblem(text);
  if (problem) ctx.addIssue({ code: "custom", message: SALARY_PROBLEM[problem] });
}

/** An equity range or "No equity", with a message that says what is wrong: over 100%, high to low, or another format. */
export function checkEquityText(text: string, ctx: z.RefinementCtx): void {
  const problem = equityTextProblem(text);
  if (problem) ctx.addIssue({ code: "custom", message: EQUITY_PROBLEM[problem] });
}

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The logo formats accepted (checked by content on the server); SVG is not one, since it can carry script. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/**
 * An optional website, as a job's and a Spotlight company's forms take it: trimmed; "" when empty; else
 * https:// added when missing, and it must parse as http(s) (`message` otherwise). `text` caps its raw length.
 */
export function optionalWebsite(message: string, text: z.ZodString = z.string()) {
  return text
    .optional()
    .default("")
    .transform((s) => s.trim())
    .refine((s) => s === "" || toWebUrl(s) !== null, message)
    .transform((s) => (s === "" ? "" : toWebUrl(s)!));
}

/** Website: optional; https:// added when missing; must parse as http(s). */
const website = optionalWebsite(MESSAGES.website);

/** Application Link: optional; an http(s) URL (https:// added when missing), never javascript: or prose. */
const applicationLink = z
  .string()
  .max(500, m("server.common.maxChars", { max: 500 }))
  .optional()
  .default("")
  .transform((s) => s.trim())
  .refine((s) => s === "" || toWebUrl(s) !== null, MESSAGES.website)
  .transform((s) => (s === "" ? "" : toWebUrl(s)!));

/** Application Email: optional; an e-mail address. */
const applicationEmail = z
  .string()
  .max(254, MESSAGES.emailFormat)
  .optional()
  .default("")
  .transform((s) => s.trim())
  .refine((s) => s === "" || z.email().safeParse(s).success, MESSAGES.emailFormat);

/** A logo is a URL we serve (/api/logos/...), a bundled path (/logos/...) or an http(s) URL. */
const logo = z
  .string({ error: MESSAGES.logo })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, MESSAGES.logo).max(500))
  .refine((s) => /^\/(api\/logos|logos)\/[\w./-]+$/.test(s) || toWebUrl(s) !== null, MESSAGES.logo);

export const jobDetailsSchema = z.object({
  title: required(MESSAGES.title),
  company: required(MESSAGES.company),
  logo,
  website,
  location: required(MESSAGES.location),
  stage: required(MESSAGES.stage, 50),
  category: required(MESSAGES.category, 100),
  type: z.enum(JOB_TYPES, { error: m("server.posting.type") }).default("full-time"),
  salary: required(MESSAGES.salary, 100).superRefine(checkSalaryText),
  equity: required(MESSAGES.equity, 100).superRefine(checkEquityText).transform(displayEquity),
  tags: z
    .array(z.string().trim().min(1).max(50), { error: MESSAGES.tags })
    .min(1, MESSAGES.tags)
    .max(30, m("server.posting.tagsMax", { max: 30 })),
  description: z
    .string({ error: MESSAGES.description })
    .max(DESCRIPTION_MAX_HTML, m("server.posting.descriptionLong"))
    .refine((s) => htmlToText(s).length > 0, MESSAGES.description)
    .refine((s) => htmlToText(s).length === 0 || htmlToText(s).length >= DESCRIPTION_MIN, MESSAGES.descriptionMin),
  applicationLink,
  applicationEmail,
  /** "Receive applications on Startup Jobs" (issue 26): Apply opens the board's application form. */
  applications: z.boolean().optional().default(false),
});

export type JobDetails = z.infer<typeof jobDetailsSchema>;
export type JobDetailsInput = z.input<typeof jobDetailsSchema>;

export const emailSchema = z
  .string({ error: MESSAGES.email })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, MESSAGES.email).max(254, MESSAGES.emailFormat).pipe(z.email(MESSAGES.emailFormat)));

/** Step 2: what is being bought (never an amount) and the confirmation e-mail. */
export const purchaseSchema = z
  .object({
    plan: z.enum(PLANS).nullable().optional(),
    enhancements: z.array(z.enum(ENHANCEMENTS)).max(ENHANCEMENTS.length).default([]),
    selectedBundle: z
      .enum(SOLD_BUNDLES.map((b) => b.id) as [string, ...string[]])
      .nullable()
      .optional(),
    quantity: z.number({ error: MESSAGES.posts }).int(MESSAGES.posts).min(MIN_POSTS, MESSAGES.posts).max(MAX_POSTS, MESSAGES.posts).default(1),
    email: emailSchema,
  })
  .refine((p) => Boolean(p.plan || p.selectedBundle), { message: MESSAGES.planOrBundle, path: ["plan"] });

export const checkoutJobSchema = z.object({
  job: jobDetailsSchema,
  purchase: purchaseSchema,
  submissionId: z.string().trim().min(8).max(100),
});
/** The body of POST /api/checkout/job (the web builds its `purchase` in web/postingDraft.ts). */
export type CheckoutJobRequest = z.input<typeof checkoutJobSchema>;

export const creditPostSchema = z.object({
  job: jobDetailsSchema,
  email: emailSchema.optional(),
  submissionId: z.string().trim().min(8).max(100),
  /** Which of the employer's credits to spend; without it, the one bought first. */
  grantId: z.string().trim().min(1, m("server.posting.grantIdEmpty")).max(100).optional(),
});

/** Editing a job: its fields, with the posting rules. */
export const jobUpdateSchema = jobDetailsSchema.pick({ title: true, company: true, location: true, category: true, salary: true, equity: true, description: true }).extend({
  // The edit form's one field takes either target: an http(s) URL or an e-mail address.
  apply_url: z
    .string()
    .trim()
    .max(500, m("server.posting.applyUrlLong"))
    .optional()
    .default("")
    // Its message names both (the twentieth reading: «hr@afaq» was told «يُرجى إدخال رابط صالح»).
    .refine((s) => s === "" || toWebUrl(s) !== null || toMailto(s) !== null, m("server.posting.applyTarget")),
  /** "Receive applications on Startup Jobs" (issue 26); left out, the job keeps its choice. */
  applications: z.boolean({ error: m("server.posting.applicationsBoolean") }).optional(),
  /**
   * The job's `updated_at` as the edit form loaded it (decision 0250): the edit applies only while the job is
   * still that version, else 409 `stale` (STALE_EDIT). Left out (older clients), the last save wins.
   */
  version: z
    .string({ error: m("server.dashboard.staleEdit") })
    .max(64, m("server.dashboard.staleEdit"))
    .optional(),
});

/** A save from a version of the job that is no longer its own (another tab or window saved since). */
export const STALE_EDIT = m("server.dashboard.staleEdit");

/** Repost with no posts left (the dashboard then offers Purchase Posts). */
export const NO_POSTS_MESSAGE = m("server.posting.noPosts");
export const CANNOT_REPOST_ACTIVE = m("server.posting.cannotRepostActive");

/** Video links in the editor are normalised to embed links (YouTube, Vimeo). */
export function videoEmbedUrl(url: string): string | null {
  const u = url.trim();
  let m = /^(?:https?:\/\/)?(?:www\.|m\.)?youtube\.com\/watch\?(?:.*&)?v=([\w-]{6,})/.exec(u);
  if (m) return `https://www.youtube.com/embed/${m[1]}`;
  m = /^(?:https?:\/\/)?youtu\.be\/([\w-]{6,})/.exec(u);
  if (m) return `https://www.youtube.com/embed/${m[1]}`;
  m = /^(?:https?:\/\/)?(?:www\.)?youtube\.com\/(?:embed|shorts)\/([\w-]{6,})/.exec(u);
  if (m) return `https://www.youtube.com/embed/${m[1]}`;
  m = /^(?:https?:\/\/)?(?:www\.)?vimeo\.com\/(\d+)/.exec(u);
  if (m) return `https://player.vimeo.com/video/${m[1]}`;
  m = /^(?:https?:\/\/)?player\.vimeo\.com\/video\/(\d+)/.exec(u);
  if (m) return `https://player.vimeo.com/video/${m[1]}`;
  return null;
}

/** The first issue message for each field, for showing next to the inputs. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const key = i.path.map(String).join(".") || "form";
    out[key] ??= i.message;
  }
  return out;
}
