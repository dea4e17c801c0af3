// Spotlight's schemas (zod): the company profile and a Spotlight job, with their exact messages from
// ./spotlight.ts. The API, the SPOTLIGHT Durable Object and the Spotlight forms validate with these; the
// company page, a visitor's first screen, imports ./spotlight.ts only, so zod stays out of its load (issue 14).
import { z } from "zod";
import { toWebUrl } from "./apply";
import { displayEquity } from "./equity";
import { DEFAULT_STAGE, DESCRIPTION_MAX_HTML, DESCRIPTION_MIN, JOB_TYPES } from "./lists";
import { checkEquityText, optionalWebsite } from "./posting";
import { m } from "./serverMessages";
import { COMPANY_MIN, DEFAULT_CATEGORY, SPOTLIGHT_MESSAGES, SPOTLIGHT_STAGES, TAGLINE_LIMIT } from "./spotlight";
import { htmlToText } from "./text";

const trimmed = (empty: string, max: number) =>
  z
    .string({ error: empty })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, empty).max(max, m("server.common.maxChars", { max })));

const optionalUrl = optionalWebsite(SPOTLIGHT_MESSAGES.website, z.string().max(500, SPOTLIGHT_MESSAGES.website));

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
  .pipe(
    z
      .string()
      .min(1, SPOTLIGHT_MESSAGES.companyRequired)
      .min(COMPANY_MIN, SPOTLIGHT_MESSAGES.companyMin)
      .max(100, m("server.spotlight.companyMax", { max: 100 })),
  );

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
  .refine((s) => s === DEFAULT_STAGE || (SPOTLIGHT_STAGES as readonly string[]).includes(s), m("server.spotlight.stage"));

/** The company profile (company, logo, tagline, stage, website, and the e-mail applications go to). */
export const spotlightProfileSchema = z.object({
  company: companyNameSchema,
  logo,
  tagline: taglineSchema,
  stage,
  website: optionalUrl,
  // An address is at most 254 characters (as a job's application e-mail): a longer one is no address.
  email: z
    .string()
    .max(254, SPOTLIGHT_MESSAGES.emailFormat)
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
  type: z
    .enum(JOB_TYPES, { error: m("server.posting.type") })
    .optional()
    .default("full-time"),
  location: trimmed(SPOTLIGHT_MESSAGES.location, 200),
  salary: trimmed(SPOTLIGHT_MESSAGES.salary, 100),
  equity: z
    .string()
    .max(100)
    .optional()
    .default("")
    .transform((s) => s.trim())
    .superRefine((s, ctx) => {
      if (s !== "") checkEquityText(s, ctx);
    })
    .transform((s) => (s === "" ? "" : displayEquity(s))),
  description: z
    .string({ error: SPOTLIGHT_MESSAGES.description })
    .max(DESCRIPTION_MAX_HTML, m("server.posting.descriptionLong"))
    .refine((s) => htmlToText(s).length > 0, SPOTLIGHT_MESSAGES.description)
    .refine((s) => htmlToText(s).length === 0 || htmlToText(s).length >= DESCRIPTION_MIN, SPOTLIGHT_MESSAGES.descriptionMin),
  website: optionalUrl,
  tags: z
    .array(z.string().trim().min(1).max(50), { error: SPOTLIGHT_MESSAGES.tags })
    .min(1, SPOTLIGHT_MESSAGES.tags)
    .max(30, m("server.posting.tagsMax", { max: 30 })),
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
    .regex(/^[\w-]+$/, m("server.spotlight.jobId")),
  created_at: z.union([z.string(), z.number()]).optional(),
});
export type PreviewJobInput = z.input<typeof previewJobSchema>;
