// Job management for the signed-in owner: list, read, update, activate/deactivate, repost, delete.
// Signed out: 401 with the spec's 'You must be logged in to … a job'. Not yours: 404, never changed.
// The SQL is the stores': reads in worker/dashboard/store.ts, every write in worker/jobs/store.ts.
import { REJECTED_IN_REVIEW, WAITING_FOR_REVIEW } from "../jobs/review";
import { Hono } from "hono";
import { z } from "zod";
import { deleteJobStatsStatements } from "../analytics/count";
import { finishClosings } from "../applications/closing";
import { closeJobApplicationsStatement } from "../applications/store";
import { emptySeries, spotlightJobSeries } from "../analytics/read";
import { requireUser } from "../auth/middleware";
import { creditBalance, creditsLeftSql, spendCreditStatements, spentGuard } from "../credits/ledger";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { publishJob } from "../jobs/publish";
import type { Publication } from "../jobs/publish";
import { requestLocale } from "../http/locale";
import { appOrigin } from "../lib/appUrl";
import { deliverSoon } from "../mail/deliverSoon";
import { expireJobCheckouts } from "../checkout/expire";
import { jobEditStatement } from "../jobs/editHistoryStore";
import { postingPaid } from "../orders/store";
import { resolveApply } from "../rules/apply";
import { PAID_JOB_MESSAGES } from "../rules/billing";
import { m } from "../rules/serverMessages";
import { paymentProvider } from "../payments/provider";
import { deleteOwnedJob, editJob, repostableGuard, setPublished as storeSetPublished } from "../jobs/store";
import { CANNOT_REPOST_ACTIVE, NO_POSTS_MESSAGE, STALE_EDIT, jobUpdateSchema } from "../rules/posting";
import { REPOST_MESSAGES, SPOTLIGHT_PACKAGE, defaultRepostCredit, repostSchema } from "../rules/repost";
import { refuseRemoved } from "../jobs/takedown";
import { jobStatus, presentDashboardJob, presentSpotlightDashboardJob } from "./jobs";
import { releaseLogo } from "../uploads/purge";
import { ownedJob, ownersJobs } from "./store";
import { logosInUse } from "../uploads/inUse";

const idParam = z.object({ id: z.string().min(1).max(100) });

async function mine(c: Parameters<typeof requireUser>[0], message: string) {
  const user = await requireUser(c, message);
  const { id } = c.req.param() as { id: string };
  const row = await ownedJob(c.env.DB, id, user.id);
  if (!row) throw new HttpError(404, "Job not found");
  return { user, row };
}

export const dashboardRoutes = new Hono<AppEnv>()
  .get("/jobs", async (c) => {
    const user = await requireUser(c, "You must be logged in to see your jobs");
    const { own, spotlight: spotlightRows } = await ownersJobs(c.env.DB, user.id);
    const now = Date.now();
    const jobs = own.map((r) => presentDashboardJob(r, now));
    // A subscriber's Spotlight jobs too, with their last 30 days (managed on /spotlight/live).
    if (spotlightRows.length) {
      const { days, series } = await spotlightJobSeries(c.env.DB, spotlightRows[0]!.company_id!, now);
      jobs.push(...spotlightRows.map((r) => presentSpotlightDashboardJob(r, series.get(r.id) ?? emptySeries(days), now)));
      jobs.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    }
    return c.json({ jobs });
  })
  .get("/jobs/:id", validate("param", idParam), async (c) => {
    const { row } = await mine(c, "You must be logged in to edit a job");
    return c.json({ job: presentDashboardJob(row) });
  })
  .patch("/jobs/:id", validate("param", idParam), validate("json", jobUpdateSchema), async (c) => {
    const { user, row } = await mine(c, "You must be logged in to edit a job");
    refuseRemoved(row);
    const u = c.req.valid("json");
    const now = Date.now();
    // The version the form loaded (decision 0250): a save from an older one changes nothing.
    const version = u.version === undefined ? undefined : Date.parse(u.version);
    if (version !== undefined && version !== row.updated_at) throw new HttpError(409, STALE_EDIT, undefined, "stale");
    const edit = {
      title: u.title,
      company: u.company,
      location: u.location,
      category: u.category,
      salary: u.salary,
      equity: u.equity,
      description: u.description,
      applyUrl: u.apply_url,
      applications: u.applications ?? Boolean(row.applications),
    };
    // A job needs a way to apply: the board's form, or where its Apply button goes (the link, else the website or
    // e-mail). An edit that changes how candidates apply may not leave none; one that leaves it as it was is not refused.
    const changesApply = edit.applications !== Boolean(row.applications) || edit.applyUrl !== row.apply_url;
    if (changesApply && !edit.applications && !resolveApply({ apply_url: edit.applyUrl, website: row.website, email: row.email })) {
      throw new HttpError(400, m("server.applications.noWayToApply"), [{ path: "apply_url", message: m("server.applications.noWayToApply") }]);
    }
    // A paid job stays the job that was paid for (issue 22 item 15): its company is fixed, and every edit
    // is kept in its history for the operator.
    const paid = await postingPaid(c.env.DB, row.id);
    if (paid && edit.company.trim() !== row.company.trim()) throw new HttpError(409, PAID_JOB_MESSAGES.companyFixed, undefined, "company_fixed");
    const before = {
      title: row.title,
      company: row.company,
      location: row.location,
      category: row.category,
      salary: row.salary,
      equity: row.equity,
      description: row.description,
      applyUrl: row.apply_url,
      applications: Boolean(row.applications),
    };
    const history = paid ? [jobEditStatement(c.env.DB, { jobId: row.id, userId: user.id, before, after: edit, version }, now)] : [];
    const saved = await editJob(c.env.DB, row.id, user.id, edit, now, history, version);
    if (!saved) throw new HttpError(404, "Job not found");
    if (saved === "stale") throw new HttpError(409, STALE_EDIT, undefined, "stale");
    return c.json({ job: presentDashboardJob((await ownedJob(c.env.DB, row.id, user.id))!) });
  })
  .post("/jobs/:id/activate", validate("param", idParam), async (c) => setPublished(c, true))
  .post("/jobs/:id/deactivate", validate("param", idParam), async (c) => setPublished(c, false))
  .post("/jobs/:id/repost", validate("param", idParam), validate("json", repostSchema), async (c) => {
    const { user, row } = await mine(c, "You must be logged in to repost a job");
    const { grantId } = c.req.valid("json");
    const now = Date.now();
    refuseRemoved(row);
    if (jobStatus(row, now) === "active") throw new HttpError(409, CANNOT_REPOST_ACTIVE);
    refuseUnderReview(row);
    const useId = crypto.randomUUID();
    // A repost renews what it pays for this time (issue 22 items 8, 9): the credit the owner picked, else
    // for a Spotlight subscriber Spotlight's own package (free), else the default credit (one matching the
    // job's package, else a bundle's first).
    const free = user.isSpotlightUser && !grantId;
    let renewed: { plan: string; enhancements: readonly string[] } = SPOTLIGHT_PACKAGE;
    let spendGrant: string | undefined;
    let paidWith: Extract<Publication, { via: "repost" }>["paidWith"] = { spotlight: true };
    if (!free) {
      const grants = (await creditBalance(c.env.DB, user.id, now)).grants;
      const credit = grantId ? grants.find((g) => g.id === grantId) : defaultRepostCredit(grants, { plan: row.plan, enhancements: JSON.parse(row.enhancements) as string[] });
      if (grantId && !credit) throw new HttpError(404, REPOST_MESSAGES.noSuchCredit);
      if (!credit) throw new HttpError(409, NO_POSTS_MESSAGE, undefined, "no_posts");
      renewed = { plan: credit.plan, enhancements: credit.enhancements };
      spendGrant = credit.id;
      paidWith = { credit: { bundle: credit.bundle, left: creditsLeftSql(user.id, now) } };
    }
    // "Only an expired or inactive job can be reposted" is checked inside the batch, by the spend itself
    // and by the publish: of simultaneous reposts, exactly one spends and publishes.
    const reposting = repostableGuard(row.id, user.id, now);
    const guard = free ? reposting : spentGuard(useId);
    const publishing = await publishJob(c.env, { via: "repost", jobId: row.id, userId: user.id, guard, renewed, paidWith, job: row, appUrl: appOrigin(c), owner: user, locale: requestLocale(c) }, now);
    const spend = free ? [] : spendCreditStatements(c.env.DB, useId, user.id, row.id, "repost", now, { when: reposting, grantId: spendGrant });
    let results: D1Result[];
    try {
      results = await c.env.DB.batch([...spend, ...publishing.statements]);
    } catch (e) {
      // Two reposts in the same millisecond: the credit_uses key refuses the second, which spent nothing.
      if (String(e).includes("UNIQUE")) throw new HttpError(409, CANNOT_REPOST_ACTIVE);
      throw e;
    }
    const reposted = (results[spend.length]?.meta.changes ?? 0) > 0;
    const after = (await ownedJob(c.env.DB, row.id, user.id))!;
    if (!reposted) {
      if (jobStatus(after, now) === "active") throw new HttpError(409, CANNOT_REPOST_ACTIVE); // another repost won
      throw new HttpError(409, NO_POSTS_MESSAGE, undefined, "no_posts");
    }
    deliverSoon(c);
    const balance = await creditBalance(c.env.DB, user.id, now);
    return c.json({ job: presentDashboardJob(after, now), bundleRemaining: balance.bundlePostsRemaining, totalPostsRemaining: balance.totalPostsRemaining });
  })
  .delete("/jobs/:id", validate("param", idParam), async (c) => {
    const { user, row } = await mine(c, "You must be logged in to delete a job");
    // Permanent: the row goes (search forgets it at once through the triggers), and its counters with it. Its
    // applications close in the same batch (decision 0213): then their CVs go and their candidates are told, once.
    const now = Date.now();
    await deleteOwnedJob(c.env.DB, row.id, user.id, [...deleteJobStatsStatements(c.env.DB, row.id), closeJobApplicationsStatement(c.env.DB, row.id, now)]);
    if (await finishClosings(c.env, { jobId: row.id }, now)) deliverSoon(c);
    // Its checkouts can no longer be paid (issue 22 item 7).
    await expireJobCheckouts(c.env, () => paymentProvider(c.env, c.req.url), row.id);
    // Its uploaded logo goes too, unless another job or company shows it.
    await releaseLogo(c.env.LOGOS, row.logo, (keys) => logosInUse(c.env.DB, keys));
    return c.json({ ok: true });
  });

export const NOT_PAID_MESSAGE = "This job has not been paid for. Complete the payment or post it with a credit to publish it.";
/** A refund took the job back (the console's "its owner can bring it back only by reposting it"): only a repost, paid for again, publishes it. */
export const REFUNDED_MESSAGE = "This job's payment was refunded, so it cannot be activated again. Repost it with a credit to publish it again.";

/** A job waiting for review (MODERATION=on) or rejected in review: only an operator decides (worker/jobs/review.ts). */
function refuseUnderReview(row: { review: string | null }): void {
  if (row.review === "waiting") throw new HttpError(409, WAITING_FOR_REVIEW, undefined, "waiting_for_review");
  if (row.review === "rejected") throw new HttpError(409, REJECTED_IN_REVIEW, undefined, "rejected");
}

async function setPublished(c: Parameters<typeof requireUser>[0], published: boolean) {
  const { user, row } = await mine(c, "You must be logged in to update a job");
  refuseRemoved(row);
  refuseUnderReview(row);
  const now = Date.now();
  if (published && row.payment_status === "refunded") throw new HttpError(409, REFUNDED_MESSAGE, undefined, "refunded");
  // Activation turns on only a job that was paid for (and not refunded since); the condition is part of the write.
  const changed = await storeSetPublished(c.env.DB, row.id, user.id, published, now);
  if (published && !changed) throw new HttpError(409, NOT_PAID_MESSAGE, undefined, "not_paid");
  return c.json({ job: presentDashboardJob((await ownedJob(c.env.DB, row.id, user.id))!, now) });
}
