// An operator's takedown (issue 23, item 7): "Removed by the board" is a state of its own on the job,
// with its reason, that only an operator lifts (worker/admin). The columns (migration 0017):
//   removed_at, removed_reason    when and why
//   removed_by                    'operator' (an unpublish or a delete in the console) or 'account' (taken
//                                 down with its disabled account, item 9; enabling the account may lift it)
//   removed_was_published         whether the job was live then: a restore puts back what the owner chose
// The owner's Activate, repost and edit refuse a removed job (409 removed_by_board); search never shows it
// (it is unpublished, or deleted). The statements are the jobs store's (worker/jobs/store.ts).
import { conflict } from "../lib/errors";
import { m } from "../rules/serverMessages";

export const REMOVED_BY_BOARD = m("server.posting.removedByBoard");

/** A removed job (or one an operator deleted) refuses the owner's Activate, repost and edit. */
export function refuseRemoved(row: { removed_at: number | null; deleted_at?: number | null }): void {
  if (row.removed_at !== null || (row.deleted_at ?? null) !== null) throw conflict(REMOVED_BY_BOARD, "removed_by_board");
}

/** Holds while the job is not taken down (the guard of an unpublish's audit row and e-mail). Unqualified column. */
export const NOT_REMOVED_SQL = "(removed_at IS NULL AND deleted_at IS NULL)";

/** Holds while the job is not deleted (a delete's guard). */
export const NOT_DELETED_SQL = "(deleted_at IS NULL)";

/**
 * What a restore can give back: a takedown or a delete, or a refunded job that had gone live (kept as a
 * courtesy). Not a draft nobody paid for, not a job its owner switched off, and not a live job.
 */
export const RESTORABLE_SQL =
  "(removed_at IS NOT NULL OR deleted_at IS NOT NULL OR (published = 0 AND published_at IS NOT NULL AND payment_status = 'refunded' AND (review IS NULL OR review = 'approved')))";

/** The same rule in TypeScript, for the console's answer before it writes. */
export function restorable(row: {
  removed_at: number | null;
  deleted_at: number | null;
  published: number;
  published_at: number | null;
  payment_status: string | null;
  review: string | null;
}): boolean {
  if (row.removed_at !== null || row.deleted_at !== null) return true;
  return row.published === 0 && row.published_at !== null && row.payment_status === "refunded" && (row.review === null || row.review === "approved");
}

/** A guard over one job's row (a statement written only while `condition` holds for it). */
export function jobGuard(jobId: string, condition: string): { sql: string; params: unknown[] } {
  return { sql: `EXISTS (SELECT 1 FROM jobs WHERE id = ? AND ${condition})`, params: [jobId] };
}
