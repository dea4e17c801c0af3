// Saved jobs (issue 26): the shapes both sides share. A save is a job id, when it was saved, and the job's
// fingerprint then; the fingerprint covers what a candidate reads (title, company, location, pay, type,
// description), so /saved says "changed since you saved it" only when one of those changed.
import type { PublicJob } from "./search";

/** How many saves a browser hands over at sign-in, and how many /saved lists. */
export const SAVED_MAX = 200;

type Fingerprinted = Pick<PublicJob, "title" | "company" | "location" | "salary" | "type" | "description">;

/** FNV-1a (32 bits, hex) over the fields a candidate reads. */
export function jobFingerprint(job: Fingerprinted): string {
  const text = JSON.stringify([job.title, job.company, job.location, job.salary, job.type, job.description]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** A save kept in the browser before sign-in (and handed over at sign-in); validated by ./savedSchema.ts. */
export interface BrowserSave {
  jobId: string;
  savedAt: number;
  /** The job's fingerprint when it was saved, or "" when the browser did not know it. */
  fingerprint: string;
}

/** live: listed and open; expired: its listing ended; removed: deleted, unpublished or gone. */
export type SavedStatus = "live" | "expired" | "removed";

export interface SavedJob {
  jobId: string;
  savedAt: string;
  title: string;
  company: string;
  status: SavedStatus;
  /** The job's title, company, location, pay, type or description changed since it was saved. */
  changed: boolean;
  /** The job as the public API shows it, while it is live or expired; null once removed. */
  job: PublicJob | null;
}
