// The signed-in user's credits (the balance and every usable grant), and posting a job with one: the
// grant the employer chose, else the one bought first, published at once with that grant's plan and
// enhancements (or, with MODERATION=on, waiting for review: worker/jobs/review.ts). The spend is atomic: two concurrent posts with one credit left give exactly one job.
import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { deriveJobRow } from "../jobs/derive";
import { publishState } from "../jobs/review";
import { insertJobWhen, jobInputFromDetails, markDuplicatesStatements, recentDuplicateIds, recordDuplicateWindow } from "../jobs/posting";
import { deliverSoon } from "../mail/deliverSoon";
import { jobConfirmationMail } from "../mail/templates";
import { MESSAGES, creditPostSchema } from "../rules/posting";
import { enqueueMailWhen } from "../checkout/guard";
import { appOrigin } from "../checkout/routes";
import { paymentProvider } from "../payments/provider";
import { creditBalance, grantContents, spendCreditStatements, spentGuard, usableGrants } from "./ledger";
import { logError } from "../lib/log";

export const NO_CREDITS_MESSAGE = "You have no job posts left. Purchase more posts to publish this job.";

export const creditRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = await requireUser(c, "You must be signed in to see your credits");
  return c.json(await creditBalance(c.env.DB, user.id));
});

export const CREDIT_NOT_FOUND = "Credit not found";
export const CREDIT_USED_UP = "This credit has no posts left or has expired. Choose another credit or buy more posts.";

export const creditPostRoutes = new Hono<AppEnv>().post("/with-credit", validate("json", creditPostSchema), async (c) => {
  const user = await requireUser(c, MESSAGES.signInToPost);
  const { job, email, submissionId, grantId } = c.req.valid("json");
  // A submission whose card checkout was started but never paid (the employer went back to Use Credits)
  // is posted with a credit in place of that checkout: same job row, its open sessions superseded.
  const taken = await c.env.DB.prepare(
    `SELECT j.id FROM jobs j WHERE j.submission_id = ? AND (j.published = 1 OR j.user_id IS NOT ? OR j.deleted_at IS NOT NULL
       OR EXISTS (SELECT 1 FROM orders o WHERE o.job_id = j.id AND o.fulfilled_at IS NOT NULL) OR EXISTS (SELECT 1 FROM credit_uses u WHERE u.job_id = j.id))`,
  ).bind(submissionId, user.id).first();
  if (taken) throw new HttpError(409, "This job has already been posted.");
  const unpaid = await c.env.DB.prepare("SELECT id FROM jobs WHERE submission_id = ? AND published = 0 AND user_id = ?").bind(submissionId, user.id).first<{ id: string }>();
  const { results: openOrders } = unpaid
    ? await c.env.DB.prepare("SELECT id, checkout_session_id FROM orders WHERE job_id = ? AND fulfilled_at IS NULL AND status IN ('pending', 'superseded')").bind(unpaid.id).all<{ id: string; checkout_session_id: string | null }>()
    : { results: [] };
  const now = Date.now();
  if (grantId) {
    const own = await c.env.DB.prepare("SELECT id FROM bundle_purchases WHERE id = ? AND user_id = ?").bind(grantId, user.id).first();
    if (!own) throw new HttpError(404, CREDIT_NOT_FOUND);
  }
  const origin = appOrigin(c);
  // The job is published with the spent grant's plan and enhancements, whatever the browser sends. The
  // grant is read first (so the row is derived with its plan), and the spend is conditioned on exactly
  // that grant; when a concurrent post took its last credit, the next one bought is tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const grants = await usableGrants(c.env.DB, user.id, now);
    const grant = grantId ? grants.find((g) => g.id === grantId) : grants[0];
    if (!grant) throw new HttpError(409, grantId ? CREDIT_USED_UP : NO_CREDITS_MESSAGE);
    const contents = grantContents(grant);
    const useId = crypto.randomUUID();
    // Live now, or waiting for an operator's review with MODERATION=on (worker/jobs/review.ts).
    const publish = publishState(c.env, now);
    const row = deriveJobRow(
      jobInputFromDetails(job, { userId: user.id, email: email ?? user.email }, {
        ...(unpaid ? { id: unpaid.id } : {}),
        customerEmail: user.email,
        submissionId,
        plan: contents.plan,
        enhancements: contents.enhancements,
        published: publish.published,
        publishedAt: publish.publishedAt,
        expiresAt: publish.expiresAt,
        review: publish.review,
        createdAt: now,
        paymentStatus: "completed",
        creditSource: "credit",
      }),
      now,
    );
    const guard = spentGuard(useId);
    const dupJob = { id: row.id, userId: user.id, dedupeKey: row.dedupeKey };
    const windowIds = await recentDuplicateIds(c.env.DEDUPE, user.id, row.dedupeKey);
    const mail = jobConfirmationMail({
      jobId: row.id, title: row.title, company: row.company, jobCount: 1, bundle: null, jobUrl: `${origin}/jobs/${row.id}`, dashboardUrl: `${origin}/dashboard/jobs`,
      waitingForReview: publish.review === "waiting",
    });
    try {
      await c.env.DB.batch([
        ...spendCreditStatements(c.env.DB, useId, user.id, row.id, "post", now, { grantId: grant.id }),
        ...(unpaid ? [c.env.DB.prepare(`DELETE FROM jobs WHERE id = ? AND published = 0 AND ${guard.sql}`).bind(unpaid.id, ...guard.params)] : []),
        insertJobWhen(c.env.DB, row, guard),
        ...openOrders.map((o) => c.env.DB.prepare(`UPDATE orders SET status = 'superseded', updated_at = ? WHERE id = ? AND fulfilled_at IS NULL AND ${guard.sql}`).bind(now, o.id, ...guard.params)),
        c.env.DB.prepare(`UPDATE jobs SET bundle_id = (SELECT grant_id FROM credit_uses WHERE id = ?), credit_source = (SELECT b.kind FROM credit_uses u JOIN bundle_purchases b ON b.id = u.grant_id WHERE u.id = ?) WHERE id = ?`).bind(useId, useId, row.id),
        ...markDuplicatesStatements(c.env.DB, dupJob, guard, now, windowIds),
        enqueueMailWhen(c.env.DB, { key: `job_confirmation:${row.id}`, kind: "job_confirmation", to: row.email ?? user.email, ...mail }, guard, now),
      ]);
    } catch (e) {
      if (String(e).includes("UNIQUE")) throw new HttpError(409, "This job has already been posted.");
      throw e;
    }
    // Published by this request only if its own credit use exists (the row id may be the unpaid checkout's).
    const created = await c.env.DB.prepare("SELECT id, title, company, category, location, plan, enhancements, created_at, review FROM jobs WHERE id = ? AND EXISTS (SELECT 1 FROM credit_uses WHERE id = ? AND job_id = jobs.id)")
      .bind(row.id, useId)
      .first<{ id: string; title: string; company: string; category: string; location: string; plan: string; enhancements: string; created_at: number; review: string | null }>();
    if (!created) continue;
    await recordDuplicateWindow(c.env.DEDUPE, dupJob);
    // The superseded card sessions can no longer be paid; a payment that still arrives is refunded.
    const provider = openOrders.some((o) => o.checkout_session_id) ? paymentProvider(c.env, c.req.url) : null;
    await Promise.all(
      openOrders
        .filter((o) => o.checkout_session_id)
        .map((o) => provider!.expireCheckoutSession(o.checkout_session_id!).catch((e: unknown) => logError("checkout.expire_superseded_failed", e, { sessionId: o.checkout_session_id }))),
    );
    deliverSoon(c);
    return c.json({ job: { ...created, enhancements: JSON.parse(String(created.enhancements)) as string[], created_at: new Date(Number(created.created_at)).toISOString() } }, 201);
  }
  throw new HttpError(409, NO_CREDITS_MESSAGE);
});
