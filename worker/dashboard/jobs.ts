// The owner's view of jobs: status, analytics and the edit shape. The rows come from the dashboard's
// store (worker/dashboard/store.ts), which enforces ownership in SQL.
import { presentJob } from "../jobs/present";
import type { PublicJobRow } from "../jobs/present";
import { ownerReasonOf } from "../rules/admin";
import type { OwnerReason } from "../rules/admin";
import { clickRate } from "../rules/analytics";
import type { DailyPoint } from "../rules/analytics";
import type { PublicJob } from "../rules/search";

/**
 * waiting / rejected: MODERATION=on, the operator's review (worker/jobs/review.ts); removed: taken down by the board
 * (worker/jobs/takedown.ts); refunded: a refund took it back (worker/jobs/store.ts unpublishRefundedJobStatements), so
 * only a repost, paid for again, publishes it.
 */
export type JobStatus = "active" | "expired" | "inactive" | "waiting" | "rejected" | "removed" | "refunded";

export interface DashboardJob extends PublicJob {
  updated_at: string;
  published: boolean;
  status: JobStatus;
  is_duplicate: boolean;
  analytics: { views: number; clicks: number; clickRate: number; applies: number };
  /** "Removed by the board": when and why (only an operator lifts it); null otherwise. */
  /** Taken down: the operator's reason as typed, or the catalogue's words for ownerReason when they chose one. */
  removal: { reason: string; ownerReason: OwnerReason | null; at: string } | null;
  /** A Spotlight job: managed on /spotlight/live, with its last 30 days (Advanced Analytics). */
  spotlight?: { status: "preview" | "live" | "expired"; manageUrl: string; daily: DailyPoint[] };
}

export interface DashboardJobRow extends PublicJobRow {
  updated_at: number;
  published: number;
  is_duplicate: number;
  review: string | null;
  removed_at: number | null;
  removed_reason: string | null;
  removed_reason_code: string | null;
  deleted_at: number | null;
  payment_status: string | null;
  views: number | null;
  apply_clicks: number | null;
  applies: number | null;
}

/** Removed = taken down by the board; Active = published and not expired; Expired = expires_at passed; Inactive = unpublished; Waiting/Rejected = in review; Refunded = unpublished by a refund. */
export function jobStatus(
  row: { published: number; expires_at: number | null; review?: string | null; removed_at?: number | null; deleted_at?: number | null; payment_status?: string | null },
  now = Date.now(),
): JobStatus {
  if ((row.removed_at ?? null) !== null || (row.deleted_at ?? null) !== null) return "removed";
  if (row.review === "waiting" || row.review === "rejected") return row.review;
  if (!row.published) return row.payment_status === "refunded" ? "refunded" : "inactive";
  return row.expires_at !== null && row.expires_at <= now ? "expired" : "active";
}

export function presentDashboardJob(row: DashboardJobRow, now = Date.now()): DashboardJob {
  const views = row.views ?? 0;
  const clicks = row.apply_clicks ?? 0;
  return {
    ...presentJob(row),
    updated_at: new Date(row.updated_at).toISOString(),
    published: row.published === 1,
    status: jobStatus(row, now),
    is_duplicate: row.is_duplicate === 1,
    analytics: { views, clicks, clickRate: clickRate(views, clicks), applies: row.applies ?? 0 },
    removal:
      row.removed_at !== null || row.deleted_at !== null
        ? { reason: row.removed_reason ?? "", ownerReason: ownerReasonOf(row.removed_reason_code), at: new Date(row.removed_at ?? row.deleted_at!).toISOString() }
        : null,
  };
}

export interface SpotlightDashboardJobRow extends DashboardJobRow {
  spotlight_status: "preview" | "live" | "expired";
}

export const SPOTLIGHT_MANAGE_URL = "/spotlight/live";

export function presentSpotlightDashboardJob(row: SpotlightDashboardJobRow, daily: DailyPoint[], now = Date.now()): DashboardJob {
  const job = presentDashboardJob(row, now);
  const status: JobStatus = row.published && jobStatus(row, now) === "active" ? "active" : row.spotlight_status === "expired" ? "expired" : "inactive";
  return { ...job, status, spotlight: { status: row.spotlight_status, manageUrl: SPOTLIGHT_MANAGE_URL, daily } };
}
