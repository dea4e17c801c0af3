// A job as the original app stored it, or in the public API's shape, as
// accepted by `npm run seed -- --file jobs.json`. Every row is checked before anything is written.
// Jobs are taken as they are: unpublished, deleted and duplicate rows stay so, expiries are kept, and a
// type in any case ("Full-time") is read as the board's own. A field the import does not know is reported
// by row (never dropped silently); the original's owner and payment fields are known but not carried,
// since its accounts and payments do not exist here (IGNORED_FIELDS).
import { z } from "zod";
import { toWebUrl } from "../rules/apply";
import { ENHANCEMENTS, JOB_TYPES, PLANS } from "../rules/lists";
import { m } from "../rules/serverMessages";
import type { JobInput } from "./derive";

const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO date");
/** Text that the original may hold as null. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((s) => (s ?? "").trim());
const webUrl = text(500).refine((s) => s === "" || toWebUrl(s) !== null, "must be an http(s) URL");
/** Any case and spacing: "Full-time", "Full Time" and "FULL_TIME" are full-time. */
const jobType = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s_]+/g, "-")
      : (v ?? ""),
  z.union([z.enum(JOB_TYPES), z.literal("")], { error: m("server.search.type", { values: JOB_TYPES.join(", ") }) }),
);
/** The original's booleans, also as 0/1 or "true"/"false". */
const flag = z.preprocess((v) => (v === 1 || v === "true" || v === "1" ? true : v === 0 || v === "false" || v === "0" ? false : v), z.boolean({ error: m("server.import.flag") }));

export const importJobSchema = z
  .object({
    id: z.uuid("id must be a UUID").optional(),
    title: z.string().trim().min(1, "title is required").max(200),
    company: z.string().trim().min(1, "company is required").max(200),
    company_id: z.string().max(100).nullable().optional(),
    tagline: text(300),
    location: text(200),
    salary: text(100),
    equity: text(100),
    stage: text(50).transform((s) => s || "Not Specified"),
    category: text(100),
    type: jobType.default(""),
    description: z.string().trim().min(1, "description is required").max(100_000),
    website: webUrl,
    tags: z
      .array(z.string().trim().min(1).max(50))
      .max(30)
      .nullish()
      .transform((t) => t ?? []),
    logo: text(500).refine((s) => s === "" || s.startsWith("/") || toWebUrl(s) !== null, "logo must be a path or an http(s) URL"),
    apply_url: text(500),
    applicationLink: text(500),
    applicationEmail: text(254),
    email: z
      .union([z.email("email must be an e-mail address"), z.literal("")])
      .nullish()
      .transform((s) => s ?? ""),
    plan: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : (v ?? "standard")), z.enum(PLANS, { error: m("server.import.plan", { values: PLANS.join(", ") }) })),
    enhancements: z
      .array(z.enum(ENHANCEMENTS, { error: m("server.import.enhancements", { values: ENHANCEMENTS.join(", ") }) }))
      .nullish()
      .transform((e) => e ?? []),
    created_at: isoDate.optional(),
    updated_at: isoDate.nullish(),
    published: flag.optional(),
    published_at: isoDate.nullish(),
    expires_at: isoDate.nullish(),
    deleted_at: isoDate.nullish(),
    is_duplicate: flag.nullish(),
    duplicate_of: z.string().max(100).nullish(),
  })
  .strip();

/** The original's fields the import knows and deliberately leaves out: its accounts, payments, credits and
 *  counters belong to systems this board replaces; the derived public shape's fields are recomputed. */
export const IGNORED_FIELDS = [
  "apply",
  "bundle",
  "bundleId",
  "clerk_user_id",
  "creditSource",
  "customer_email",
  "amount_paid",
  "job_count",
  "payment_intent_id",
  "payment_status",
  "selectedBundle",
  "sourceJobId",
  "submission_id",
  "user_id",
  "views",
] as const;

const KNOWN_FIELDS = new Set<string>([...Object.keys(importJobSchema.shape), ...IGNORED_FIELDS]);

export type ImportJob = z.infer<typeof importJobSchema>;

export function importJobToInput(job: ImportJob, now: number): JobInput {
  const createdAt = job.created_at ? Date.parse(job.created_at) : now;
  const duplicate = job.is_duplicate === true;
  // Published unless the original says otherwise; a duplicate was unpublished when it was marked.
  const published = job.published !== false && !duplicate;
  const publishedAt = job.published_at ? Date.parse(job.published_at) : published ? createdAt : null;
  return {
    id: job.id ?? crypto.randomUUID(),
    title: job.title,
    company: job.company,
    companyId: job.company_id ?? null,
    tagline: job.tagline || undefined,
    location: job.location,
    salary: job.salary,
    equity: job.equity,
    stage: job.stage,
    category: job.category,
    type: job.type,
    description: job.description,
    website: job.website,
    tags: job.tags,
    logo: job.logo,
    // The apply target as the original resolved it: its apply_url, else the application link, else e-mail.
    applyUrl: job.apply_url || job.applicationLink || job.applicationEmail,
    applicationLink: job.applicationLink,
    applicationEmail: job.applicationEmail,
    email: job.email,
    plan: job.plan,
    enhancements: job.enhancements,
    createdAt,
    ...(job.updated_at ? { updatedAt: Date.parse(job.updated_at) } : {}),
    published: published ? 1 : 0,
    publishedAt,
    ...(job.expires_at ? { expiresAt: Date.parse(job.expires_at) } : {}),
    deletedAt: job.deleted_at ? Date.parse(job.deleted_at) : null,
    isDuplicate: duplicate ? 1 : 0,
    duplicateOf: job.duplicate_of ?? null,
    source: "import",
  };
}

export interface RowError {
  index: number;
  reason: string;
}

/** Fields of a row the import does not know, as one reason ('unknown field "x"'), or null. */
function unknownFields(row: unknown): string | null {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return null;
  const unknown = Object.keys(row).filter((k) => !KNOWN_FIELDS.has(k));
  if (!unknown.length) return null;
  return `unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((k) => JSON.stringify(k)).join(", ")}`;
}

/** Validates every row; returns the inputs, or every bad row with its index and reason. */
export function validateImport(data: unknown, now: number): { ok: true; jobs: JobInput[] } | { ok: false; errors: RowError[] } {
  if (!Array.isArray(data)) return { ok: false, errors: [{ index: -1, reason: "the file must hold a JSON array of jobs" }] };
  const errors: RowError[] = [];
  const jobs: JobInput[] = [];
  const ids = new Set<string>();
  data.forEach((row, index) => {
    const parsed = importJobSchema.safeParse(row);
    const reasons = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`);
    const unknown = unknownFields(row);
    if (unknown) reasons.push(unknown);
    if (!parsed.success || reasons.length) {
      errors.push({ index, reason: reasons.join("; ") });
      return;
    }
    const input = importJobToInput(parsed.data, now);
    if (ids.has(input.id)) errors.push({ index, reason: `id: ${input.id} appears twice in the file` });
    ids.add(input.id);
    jobs.push(input);
  });
  return errors.length ? { ok: false, errors } : { ok: true, jobs };
}
