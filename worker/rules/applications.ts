// Applying on the board (issue 26): the application form's rules, the statuses an employer sets, and the shapes
// both sides share. The CV's type is read from its bytes on the server (worker/applications/cv.ts).
import { z } from "zod";
import { toWebUrl } from "./apply";
import { m } from "./serverMessages";

export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const NOTE_MAX = 3000;
export const LINKS_MAX = 5;
/** How many applications the inbox's bulk change takes at once. */
export const BULK_MAX = 200;
/** A selection in requests the server takes: "Select all" in an inbox of up to 1,000 sends them BULK_MAX at a time. */
export function bulkBatches(ids: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += BULK_MAX) batches.push(ids.slice(i, i + BULK_MAX));
  return batches;
}
export const APPLICATION_STATUSES = ["new", "reviewing", "shortlisted", "rejected", "hired"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/**
 * Why an application was closed (decision 0213): its job is gone for good, deleted by its owner, or with its owner's
 * account. Its CV is deleted then; its candidate is told, and still sees it, marked closed.
 */
export const CLOSED_REASONS = ["job_deleted", "account_deleted"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];
export const closedReasonOf = (value: string | null | undefined): ClosedReason | null => ((CLOSED_REASONS as readonly (string | null | undefined)[]).includes(value) ? (value as ClosedReason) : null);
/** Applications and their CVs are deleted this long after the job closes (the scheduled "purge-applications"). */
export const APPLICATION_RETENTION_DAYS = 180;
/**
 * How an employer hears of applications (decision 0604): an e-mail for each one (the default), or one daily
 * digest of the last day's, sent by the scheduled "application-digests". A setting of the account.
 */
export const APPLICATION_NOTICES = ["each", "digest"] as const;
export type ApplicationNotices = (typeof APPLICATION_NOTICES)[number];
export const applicationNoticesSchema = z.object({
  applicationNotices: z.enum(APPLICATION_NOTICES, { error: m("server.applications.notices", { values: APPLICATION_NOTICES.join(", ") }) }),
});
/** A digest names at most this many candidates; the rest are counted. */
export const DIGEST_MAX_LISTED = 50;
/** A CV link works this long. */
export const CV_LINK_TTL_MS = 5 * 60 * 1000;

/**
 * What is wrong with the CV chosen, or null: none, over 5 MB, or not named as a PDF or a Word document. The browser
 * says it when the file is picked (the twentieth reading); the server reads the type from the bytes.
 */
export function cvFileProblem(file: { name: string; size: number } | null | undefined): string | null {
  if (!file || file.size === 0) return m("server.applications.cv");
  if (file.size > CV_MAX_BYTES) return m("server.applications.cvSize");
  if (!/\.(pdf|docx)$/i.test(file.name)) return m("server.applications.cvType");
  return null;
}

/** The form's text fields (the CV is checked apart, by its bytes). */
export const applicationFieldsSchema = z.object({
  name: z
    .string({ error: m("server.applications.name") })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, m("server.applications.name"))
        .max(200, m("server.common.maxChars", { max: 200 })),
    ),
  email: z
    .string({ error: m("server.applications.email") })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, m("server.applications.email"))
        .max(254, m("server.common.emailInvalid"))
        .pipe(z.email(m("server.common.emailInvalid"))),
    ),
  note: z
    .string()
    .max(NOTE_MAX, m("server.applications.noteMax", { max: NOTE_MAX }))
    .optional()
    .default("")
    .transform((s) => s.trim()),
  links: z
    .string()
    .optional()
    .default("")
    .transform((s) =>
      s
        .split(/\s+/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .refine((l) => l.length <= LINKS_MAX, m("server.applications.linksMax", { max: LINKS_MAX }))
    .refine((l) => l.every((x) => x.length <= 500 && toWebUrl(x) !== null), m("server.applications.link"))
    .transform((l) => l.map((x) => toWebUrl(x)!)),
  turnstileToken: z.string().max(4096).optional(),
});

/** The employer's change to one or more applications: a status, private notes, and the rejection e-mail. */
export const inboxChangeSchema = z
  .object({
    ids: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(BULK_MAX, m("server.applications.idsMax", { max: BULK_MAX })),
    status: z.enum(APPLICATION_STATUSES, { error: m("server.applications.status", { values: APPLICATION_STATUSES.join(", ") }) }).optional(),
    notes: z
      .string()
      .max(NOTE_MAX, m("server.applications.noteMax", { max: NOTE_MAX }))
      .optional(),
    /** With status "rejected": send the candidate the polite rejection e-mail. */
    sendRejection: z.boolean().optional().default(false),
  })
  .refine((v) => v.status !== undefined || v.notes !== undefined, m("server.applications.nothingToChange"));

/** An application as its candidate sees it (the employer's notes are never in it). */
export interface CandidateApplication {
  id: string;
  jobId: string;
  jobTitle: string;
  company: string;
  status: ApplicationStatus;
  createdAt: string;
  cvName: string;
  /** The job is still listed. */
  jobOpen: boolean;
  /** Closed, and why: its job is gone for good and its CV deleted (decision 0213); null while it is open. */
  closed: ClosedReason | null;
}

/** An application as the job's owner sees it in the inbox. */
export interface InboxApplication {
  id: string;
  name: string;
  email: string;
  note: string;
  links: string[];
  status: ApplicationStatus;
  notes: string;
  cvName: string;
  cvType: string;
  cvSize: number;
  createdAt: string;
}
