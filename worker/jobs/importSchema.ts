// A job in the public API's shape (worker/rules/search.ts PublicJob), as accepted by
// `npm run seed -- --file jobs.json`. Every row is checked before anything is written.
import { z } from "zod";
import { toWebUrl } from "../rules/apply";
import { ENHANCEMENTS, JOB_TYPES, PLANS } from "../rules/lists";
import type { JobInput } from "./derive";

const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO date");
const webUrl = z.string().refine((s) => s === "" || toWebUrl(s) !== null, "must be an http(s) URL");

export const importJobSchema = z
  .object({
    id: z.uuid("id must be a UUID").optional(),
    title: z.string().trim().min(1, "title is required").max(200),
    company: z.string().trim().min(1, "company is required").max(200),
    company_id: z.string().max(100).nullable().optional(),
    tagline: z.string().max(300).optional(),
    location: z.string().max(200).default(""),
    salary: z.string().max(100).default(""),
    equity: z.string().max(100).default(""),
    stage: z.string().max(50).default("Not Specified"),
    category: z.string().max(100).default(""),
    type: z.union([z.enum(JOB_TYPES), z.literal("")], { error: `type must be one of ${JOB_TYPES.join(", ")}` }).default(""),
    description: z.string().trim().min(1, "description is required").max(100_000),
    website: webUrl.default(""),
    tags: z.array(z.string().trim().min(1).max(50)).max(30).default([]),
    logo: z.string().max(500).refine((s) => s === "" || s.startsWith("/") || toWebUrl(s) !== null, "logo must be a path or an http(s) URL").default(""),
    apply_url: z.string().max(500).default(""),
    email: z.union([z.email("email must be an e-mail address"), z.literal("")]).default(""),
    plan: z.enum(PLANS, { error: `plan must be one of ${PLANS.join(", ")}` }).default("standard"),
    enhancements: z.array(z.enum(ENHANCEMENTS, { error: `enhancements must be among ${ENHANCEMENTS.join(", ")}` })).default([]),
    created_at: isoDate.optional(),
    published_at: isoDate.nullable().optional(),
    expires_at: isoDate.nullable().optional(),
  })
  .strip();

export type ImportJob = z.infer<typeof importJobSchema>;

export function importJobToInput(job: ImportJob, now: number): JobInput {
  const createdAt = job.created_at ? Date.parse(job.created_at) : now;
  const publishedAt = job.published_at ? Date.parse(job.published_at) : createdAt;
  return {
    id: job.id ?? crypto.randomUUID(),
    title: job.title,
    company: job.company,
    companyId: job.company_id ?? null,
    tagline: job.tagline,
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
    applyUrl: job.apply_url,
    email: job.email,
    plan: job.plan,
    enhancements: job.enhancements,
    createdAt,
    published: 1,
    publishedAt,
    ...(job.expires_at ? { expiresAt: Date.parse(job.expires_at) } : {}),
    source: "import",
  };
}

export interface RowError {
  index: number;
  reason: string;
}

/** Validates every row; returns the inputs, or every bad row with its index and reason. */
export function validateImport(data: unknown, now: number): { ok: true; jobs: JobInput[] } | { ok: false; errors: RowError[] } {
  if (!Array.isArray(data)) return { ok: false, errors: [{ index: -1, reason: "the file must hold a JSON array of jobs" }] };
  const errors: RowError[] = [];
  const jobs: JobInput[] = [];
  const ids = new Set<string>();
  data.forEach((row, index) => {
    const parsed = importJobSchema.safeParse(row);
    if (!parsed.success) {
      errors.push({ index, reason: parsed.error.issues.map((i) => `${i.path.join(".") || "row"}: ${i.message}`).join("; ") });
      return;
    }
    const input = importJobToInput(parsed.data, now);
    if (ids.has(input.id)) errors.push({ index, reason: `id: ${input.id} appears twice in the file` });
    ids.add(input.id);
    jobs.push(input);
  });
  return errors.length ? { ok: false, errors } : { ok: true, jobs };
}
