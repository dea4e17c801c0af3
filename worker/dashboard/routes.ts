// Job management for the signed-in owner: list, read, update, activate/deactivate, repost, delete.
// Signed out: 401 with the spec's 'You must be logged in to … a job'. Not yours: 404, never changed.
import { PUBLISHABLE_SQL, REJECTED_IN_REVIEW, WAITING_FOR_REVIEW } from "../jobs/review";
import { Hono } from "hono";
import { z } from "zod";
import { deleteJobStatsStatements } from "../analytics/count";
import { emptySeries, spotlightJobSeries } from "../analytics/read";
import { requireUser } from "../auth/middleware";
import { spendCreditStatements, spentGuard, creditBalance } from "../credits/ledger";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { deriveJobRow } from "../jobs/derive";
import { REFRESH_DUPLICATE_GROUP_SQL } from "../jobs/duplicates";
import { JOB_LIFETIME_DAYS } from "../rules/lists";
import { CANNOT_REPOST_ACTIVE, NO_POSTS_MESSAGE, jobUpdateSchema } from "../rules/posting";
import { LOGO_PREFIX } from "../uploads/routes";
import { DASHBOARD_JOB_SQL, SPOTLIGHT_DASHBOARD_JOB_SQL, jobStatus, ownedJob, presentDashboardJob, presentSpotlightDashboardJob } from "./jobs";
import type { DashboardJobRow, SpotlightDashboardJobRow } from "./jobs";
import { DAY } from "../rules/time";

const idParam = z.object({ id: z.string().min(1).max(100) });


async function mine(c: Parameters<typeof requireUser>[0], message: string) {
  const user = await requireUser(c, message);
  const { id } = c.req.param() as { id: string };
  const row = await ownedJob(c.env.DB, id, user.id);
  if (!row) throw new HttpError(404, "Job not found");
  return { user, row };
}

/** Removes an uploaded logo from R2 unless another job or company still shows it. */
async function releaseLogo(env: AppEnv["Bindings"], logo: string): Promise<void> {
  const prefix = `/api/logos/${LOGO_PREFIX}`;
  if (!logo.startsWith(prefix)) return;
  const inUse = await env.DB.prepare(
    "SELECT 1 FROM jobs WHERE logo = ? UNION ALL SELECT 1 FROM companies WHERE logo = ? UNION ALL SELECT 1 FROM spotlight_companies WHERE logo = ? LIMIT 1",
  )
    .bind(logo, logo, logo)
    .first();
  if (!inUse) await env.LOGOS.delete(logo.slice("/api/logos/".length));
}

export const dashboardRoutes = new Hono<AppEnv>()
  .get("/jobs", async (c) => {
    const user = await requireUser(c, "You must be logged in to see your jobs");
    const [own, spot] = await c.env.DB.batch([
      c.env.DB.prepare(`${DASHBOARD_JOB_SQL} WHERE j.user_id = ? AND j.is_duplicate = 0 ORDER BY j.updated_at DESC LIMIT 500`).bind(user.id),
      c.env.DB.prepare(SPOTLIGHT_DASHBOARD_JOB_SQL).bind(user.id),
    ]);
    const now = Date.now();
    const jobs = (own!.results as DashboardJobRow[]).map((r) => presentDashboardJob(r, now));
    // A subscriber's Spotlight jobs too, with their last 30 days (managed on /spotlight/live).
    const spotlightRows = spot!.results as SpotlightDashboardJobRow[];
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
    const u = c.req.valid("json");
    const now = Date.now();
    const full = await c.env.DB.prepare("SELECT * FROM jobs WHERE id = ? AND user_id = ?").bind(row.id, user.id).first<Record<string, unknown>>();
    if (!full) throw new HttpError(404, "Job not found");
    const derived = deriveJobRow(
      {
        id: row.id,
        title: u.title,
        company: u.company,
        location: u.location,
        category: u.category,
        salary: u.salary,
        equity: u.equity,
        description: u.description,
        applyUrl: u.apply_url,
        type: String(full.type),
        tags: JSON.parse(String(full.tags)) as string[],
        plan: String(full.plan),
        enhancements: JSON.parse(String(full.enhancements)) as string[],
        createdAt: Number(full.created_at),
        publishedAt: full.published_at as number | null,
        expiresAt: Number(full.expires_at),
        published: Number(full.published),
      },
      now,
    );
    await c.env.DB.batch([
      c.env.DB.prepare(
        `UPDATE jobs SET title = ?, company = ?, location = ?, category = ?, salary = ?, equity = ?, description = ?, description_text = ?,
           tagline = ?, apply_url = ?, dedupe_key = ?, company_key = ?, is_remote = ?, salary_high_key = ?, salary_low_key = ?, updated_at = ?
         WHERE id = ? AND user_id = ?`,
      ).bind(
        derived.title, derived.company, derived.location, derived.category, derived.salary, derived.equity, derived.description, derived.descriptionText,
        derived.tagline, derived.applyUrl, derived.dedupeKey, derived.companyKey, derived.isRemote, derived.salaryHighKey, derived.salaryLowKey, now,
        row.id, user.id,
      ),
      c.env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(String(full.dedupe_key)),
      c.env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(derived.dedupeKey),
    ]);
    return c.json({ job: presentDashboardJob((await ownedJob(c.env.DB, row.id, user.id))!) });
  })
  .post("/jobs/:id/activate", validate("param", idParam), async (c) => setPublished(c, true))
  .post("/jobs/:id/deactivate", validate("param", idParam), async (c) => setPublished(c, false))
  .post("/jobs/:id/repost", validate("param", idParam), async (c) => {
    const { user, row } = await mine(c, "You must be logged in to repost a job");
    const now = Date.now();
    if (jobStatus(row, now) === "active") throw new HttpError(409, CANNOT_REPOST_ACTIVE);
    refuseUnderReview(row);
    const useId = crypto.randomUUID();
    const free = user.isSpotlightUser; // Spotlight subscribers post without limit
    // "Only an expired or inactive job can be reposted" is checked inside the batch, by the spend itself
    // and by the publish: of simultaneous reposts, exactly one spends and publishes.
    const reposting = { sql: `EXISTS (SELECT 1 FROM jobs WHERE id = ? AND user_id = ? AND (published = 0 OR expires_at <= ?) AND ${PUBLISHABLE_SQL})`, params: [row.id, user.id, now] };
    const guard = free ? reposting : spentGuard(useId);
    const dedupe = await c.env.DB.prepare("SELECT dedupe_key FROM jobs WHERE id = ?").bind(row.id).first<{ dedupe_key: string }>();
    let results: D1Result[];
    try {
      results = await c.env.DB.batch([
        ...(free ? [] : spendCreditStatements(c.env.DB, useId, user.id, row.id, "repost", now, { when: reposting })),
        // The plan and enhancements are the job's own: a repost keeps what the job was bought with.
        c.env.DB.prepare(
          `UPDATE jobs SET published = 1, published_at = ?, expires_at = ?, is_duplicate = 0, duplicate_of = NULL, updated_at = ?
           WHERE id = ? AND user_id = ? AND ${guard.sql}`,
        ).bind(now, now + JOB_LIFETIME_DAYS * DAY, now, row.id, user.id, ...guard.params),
        c.env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(dedupe!.dedupe_key),
      ]);
    } catch (e) {
      // Two reposts in the same millisecond: the credit_uses key refuses the second, which spent nothing.
      if (String(e).includes("UNIQUE")) throw new HttpError(409, CANNOT_REPOST_ACTIVE);
      throw e;
    }
    const reposted = (results[free ? 0 : 2]?.meta.changes ?? 0) > 0;
    const after = (await ownedJob(c.env.DB, row.id, user.id))!;
    if (!reposted) {
      if (jobStatus(after, now) === "active") throw new HttpError(409, CANNOT_REPOST_ACTIVE); // another repost won
      throw new HttpError(409, NO_POSTS_MESSAGE, undefined, "no_posts");
    }
    const balance = await creditBalance(c.env.DB, user.id, now);
    return c.json({ job: presentDashboardJob(after, now), bundleRemaining: balance.bundlePostsRemaining, totalPostsRemaining: balance.totalPostsRemaining });
  })
  .delete("/jobs/:id", validate("param", idParam), async (c) => {
    const { user, row } = await mine(c, "You must be logged in to delete a job");
    const dedupe = await c.env.DB.prepare("SELECT dedupe_key FROM jobs WHERE id = ?").bind(row.id).first<{ dedupe_key: string }>();
    // Permanent: the row goes (search forgets it at once through the triggers).
    await c.env.DB.batch([
      c.env.DB.prepare("DELETE FROM jobs WHERE id = ? AND user_id = ?").bind(row.id, user.id),
      ...deleteJobStatsStatements(c.env.DB, row.id),
      c.env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(dedupe!.dedupe_key),
    ]);
    await releaseLogo(c.env, row.logo);
    return c.json({ ok: true });
  });

export const NOT_PAID_MESSAGE = "This job has not been paid for. Complete the payment or post it with a credit to publish it.";

/** Paid for: a completed card payment, a credit spent on it, or a Spotlight subscription. */
const PAID_SQL = "(payment_status = 'completed' OR source = 'spotlight' OR EXISTS (SELECT 1 FROM credit_uses u WHERE u.job_id = jobs.id))";

/** A job waiting for review (MODERATION=on) or rejected in review: only an operator decides (worker/jobs/review.ts). */
function refuseUnderReview(row: { review: string | null }): void {
  if (row.review === "waiting") throw new HttpError(409, WAITING_FOR_REVIEW, undefined, "waiting_for_review");
  if (row.review === "rejected") throw new HttpError(409, REJECTED_IN_REVIEW, undefined, "rejected");
}

async function setPublished(c: Parameters<typeof requireUser>[0], published: boolean) {
  const { user, row } = await mine(c, "You must be logged in to update a job");
  refuseUnderReview(row);
  const now = Date.now();
  const dedupe = await c.env.DB.prepare("SELECT dedupe_key FROM jobs WHERE id = ?").bind(row.id).first<{ dedupe_key: string }>();
  // Activation turns on only a job that was paid for; the condition is part of the write.
  const [update] = await c.env.DB.batch([
    c.env.DB.prepare(`UPDATE jobs SET published = ?, published_at = COALESCE(published_at, ?), updated_at = ? WHERE id = ? AND user_id = ?${published ? ` AND ${PAID_SQL} AND ${PUBLISHABLE_SQL}` : ""}`).bind(
      published ? 1 : 0, now, now, row.id, user.id,
    ),
    c.env.DB.prepare(REFRESH_DUPLICATE_GROUP_SQL).bind(dedupe!.dedupe_key),
  ]);
  if (published && !update?.meta.changes) throw new HttpError(409, NOT_PAID_MESSAGE, undefined, "not_paid");
  return c.json({ job: presentDashboardJob((await ownedJob(c.env.DB, row.id, user.id))!, now) });
}
