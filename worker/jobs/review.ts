// Optional moderation (MODERATION=on, issue 12): a new paid or credit post waits for an operator's
// approval before it is visible. This module is the one place that knows the review state of a job:
//   jobs.review  NULL        not moderated (MODERATION off, Spotlight, seed/import): as before
//                'waiting'   paid or posted with a credit while MODERATION=on: unpublished, no published_at
//                'approved'  published by an operator: live for 30 days from the approval
//                'rejected'  refused by an operator (refunded, or its credit given back): never public
// Fulfilment (worker/checkout/fulfil.ts) and credit posts (worker/credits/routes.ts) take their publish
// columns from publishState(); activation, repost, restore and a new checkout refuse a job under review
// (PUBLISHABLE_SQL). Approve and reject are the operator console's (worker/admin/routes.ts), written by
// the jobs store (worker/jobs/store.ts approveStatements, rejectStatement).
import type { Env } from "../env";
import { JOB_LIFETIME_DAYS } from "../rules/lists";

export type Review = "waiting" | "approved" | "rejected";

import { DAY } from "../rules/time";

/** MODERATION=on (worker/config.ts accepts only on or off). */
export function moderationOn(env: Pick<Env, "MODERATION">): boolean {
  return env.MODERATION?.trim().toLowerCase() === "on";
}

export interface PublishState {
  published: 0 | 1;
  publishedAt: number | null;
  expiresAt: number;
  review: "waiting" | null;
}

/** The publish columns of a new paid or credit post: live now (30 days), or waiting for review. */
export function publishState(env: Pick<Env, "MODERATION">, now = Date.now()): PublishState {
  return moderationOn(env)
    ? { published: 0, publishedAt: null, expiresAt: now + JOB_LIFETIME_DAYS * DAY, review: "waiting" }
    : { published: 1, publishedAt: now, expiresAt: now + JOB_LIFETIME_DAYS * DAY, review: null };
}

/**
 * A job its owner may publish: not waiting for review, not rejected, and not taken down by the board
 * (worker/jobs/takedown.ts). Unqualified columns.
 */
export const PUBLISHABLE_SQL = "((review IS NULL OR review = 'approved') AND removed_at IS NULL AND deleted_at IS NULL)";

export const WAITING_FOR_REVIEW = "This job is waiting for review. It will be published once it is approved.";
export const REJECTED_IN_REVIEW = "This job was not approved and cannot be published.";
export const NOT_WAITING = "This job is not waiting for review.";

/** Holds while the job is waiting for review: written before the state changes in the same batch, it lets exactly one of concurrent requests act. */
export function waitingGuard(jobId: string): { sql: string; params: unknown[] } {
  return { sql: "EXISTS (SELECT 1 FROM jobs WHERE id = ? AND review = 'waiting')", params: [jobId] };
}
