// The signed-in user's credits (the balance and every usable grant), and posting a job with one: the
// grant the employer chose, else the one bought first, published at once with that grant's plan and
// enhancements (or, with MODERATION=on, waiting for review: worker/jobs/review.ts). The spend is atomic: two concurrent posts with one credit left give exactly one job.
import { requestLocale } from "../http/locale";
import { Hono } from "hono";
import { requireUser, requireVerifiedUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { publishState } from "../jobs/review";
import { alreadyPosted, commitPosting, postedJobRow, publishJob } from "../jobs/publish";
import { jobPostedWithCredit, refuseHeldSubmission, submissionTaken, unpaidSubmissionJob } from "../jobs/store";
import { deliverSoon } from "../mail/deliverSoon";
import { MESSAGES, creditPostSchema } from "../rules/posting";
import { openJobOrders } from "../orders/store";
import { appOrigin } from "../lib/appUrl";
import { paymentProvider } from "../payments/provider";
import { creditBalance, creditsLeftSql, grantContents, ownsGrant, spendCreditStatements, spentGuard, usableGrants } from "./ledger";
import { logError } from "../lib/log";
import { postSpotlightJob } from "../spotlight/wizardPost";

export const NO_CREDITS_MESSAGE = "You have no job posts left. Purchase more posts to publish this job.";

export const creditRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = await requireUser(c, "You must be signed in to see your credits");
  return c.json(await creditBalance(c.env.DB, user.id));
});

export const CREDIT_NOT_FOUND = "Credit not found";
export const CREDIT_USED_UP = "This credit has no posts left or has expired. Choose another credit or buy more posts.";

export const creditPostRoutes = new Hono<AppEnv>().post("/with-credit", validate("json", creditPostSchema), async (c) => {
  const user = await requireVerifiedUser(c, MESSAGES.signInToPost);
  // A subscriber's post is a Spotlight job, and spends no credit (issue 22 item 10).
  if (user.isSpotlightUser) return postSpotlightJob(c, user, c.req.valid("json"));
  const { job, email, submissionId, grantId } = c.req.valid("json");
  // A draft of theirs the board holds (an operator's unpublish or delete, decision 0350) is never replaced: its mark stays.
  await refuseHeldSubmission(c.env.DB, submissionId, user.id);
  // A submission whose card checkout was started but never paid (the employer went back to Use Credits)
  // is posted with a credit in place of that checkout: same job row, its open sessions superseded.
  if (await submissionTaken(c.env.DB, submissionId, user.id)) throw alreadyPosted();
  const unpaid = await unpaidSubmissionJob(c.env.DB, submissionId, user.id);
  const openOrders = unpaid ? await openJobOrders(c.env.DB, unpaid.id, ["pending", "superseded"]) : [];
  const now = Date.now();
  if (grantId && !(await ownsGrant(c.env.DB, grantId, user.id))) throw new HttpError(404, CREDIT_NOT_FOUND);
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
    const row = postedJobRow(
      job,
      { userId: user.id, email: email ?? user.email },
      {
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
      },
      now,
    );
    const publishing = await publishJob(
      c.env,
      {
        via: "credit",
        row,
        userId: user.id,
        guard: spentGuard(useId),
        useId,
        grant: { bundle: grant.bundle, left: creditsLeftSql(user.id, now) },
        replacing: unpaid?.id ?? null,
        supersede: openOrders.map((o) => o.id),
        appUrl: origin,
        mailTo: row.email ?? user.email,
        owner: user,
        locale: requestLocale(c),
      },
      now,
    );
    try {
      await commitPosting(c.env.DB, [...spendCreditStatements(c.env.DB, useId, user.id, row.id, "post", now, { grantId: grant.id }), ...publishing.statements]);
    } catch (e) {
      // The board took the draft down after the check above: the batch left it (and the credit) as they were.
      await refuseHeldSubmission(c.env.DB, submissionId, user.id);
      throw e;
    }
    // Published by this request only if its own credit use exists (the row id may be the unpaid checkout's).
    const created = await jobPostedWithCredit(c.env.DB, row.id, useId);
    if (!created) continue;
    await publishing.published();
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
