// Which credit a repost spends (issue 22 item 8): a repost renews what it pays for this time, so the
// renewed job carries the plan and enhancements of the credit spent. The repost dialog and the repost
// route pick the same default: a credit whose contents match the job's current package, else the spec's
// order (a bundle's credits first, then individual posts, oldest bought first).
import { z } from "zod";
import { type Enhancement, type Plan, PLANS } from "./lists";
import { m } from "./serverMessages";

/** POST /api/dashboard/jobs/:id/repost: optionally, which of the owner's credits to spend. */
export const repostSchema = z.object({
  grantId: z
    .string({ error: m("server.repost.grantId") })
    .max(100, m("server.repost.grantId"))
    .optional(),
});

export const REPOST_MESSAGES = {
  noSuchCredit: m("server.repost.noSuchCredit"),
} as const;

export interface RepostCredit {
  id: string;
  /** "bundle" (a bundle's credits) or "individual" (the extra posts of a multi-post purchase). */
  bundle: string;
  plan: Plan;
  enhancements: readonly Enhancement[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The credit a repost of `job` spends unless the owner picks another; `credits` are in the ledger's spend order (oldest first). */
export function defaultRepostCredit<C extends RepostCredit>(credits: readonly C[], job: { plan: string; enhancements: readonly string[] }): C | null {
  const match = credits.find((c) => c.plan === job.plan && sameSet(c.enhancements, job.enhancements));
  return match ?? credits.find((c) => c.bundle !== "individual") ?? credits[0] ?? null;
}

/**
 * What a repost paid with `pkg` takes from `job`: its plan when the package's is lower (Premium → Standard), and each
 * enhancement the package does not include. The repost dialog says it before the owner reposts (the 25th reading: a
 * Premium job with Highlight came back Standard, and only «the plan and enhancements of what you pay with» said so).
 */
export function repostDrops(job: { plan: string; enhancements: readonly string[] }, pkg: { plan: string; enhancements: readonly string[] }): { plan: Plan | null; enhancements: Enhancement[] } {
  const rank = (plan: string) => PLANS.indexOf(plan as Plan);
  return {
    plan: rank(pkg.plan) < rank(job.plan) ? (job.plan as Plan) : null,
    enhancements: job.enhancements.filter((e) => !pkg.enhancements.includes(e)) as Enhancement[],
  };
}

/** What a Spotlight subscription renews for free: its own posts' package (worker/spotlight/projection.ts). Anything beyond is paid for. */
export const SPOTLIGHT_PACKAGE: { plan: Plan; enhancements: Enhancement[] } = { plan: "premium", enhancements: ["company-profile"] };
