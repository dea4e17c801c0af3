// Card checkout for job posts (credits and Spotlight add their own kinds): the client sends what it
// wants to buy, never an amount; the server validates, prices, records the order and opens a Stripe
// Checkout Session (or the local emulator's). GET /verify is the success page's check.
import { accountLanguageStatement } from "../auth/store";
import { Hono } from "hono";
import { z } from "zod";
import { currentUser, requireVerifiedUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { alreadyPosted, commitPosting, postedJobRow, publishJob } from "../jobs/publish";
import { jobBySubmission, postedJob, refuseHeldSubmission } from "../jobs/store";
import { refuseRemoved } from "../jobs/takedown";
import { requestLocale } from "../http/locale";
import { appOrigin } from "../lib/appUrl";
import { localePath } from "../rules/i18n";
import { deliverSoon } from "../mail/deliverSoon";
import { paymentProvider } from "../payments/provider";
import { automaticRefundKey } from "../payments/refunds";
import { automaticRefundReason } from "../payments/store";
import { CURRENCY, PricingError, SOLD_BUNDLES, priceCredits, priceJobOrder } from "../rules/pricing";
import { MESSAGES, checkoutJobSchema } from "../rules/posting";
import { checkoutLineItems, creditLineItems } from "../orders/lineItems";
import { createOrderStatement, orderById, orderBySession, orderStatus, postingPaid, setCheckoutSession, supersedeOtherPendingStatement, supersededSessions } from "../orders/store";
import type { PaymentProvider } from "../payments/types";
import { CHECKOUT_MESSAGES } from "../rules/billing";
import type { OrderItems } from "../orders/store";
import { fulfilCheckoutSession } from "./fulfil";
import { logError } from "../lib/log";
import { orderSummary } from "../mail/receipts";

/** Makes sessions unpayable; a provider failure is logged (a payment that still arrives is refunded by fulfilment). */
async function expireSessions(provider: PaymentProvider, sessionIds: readonly string[]): Promise<void> {
  await Promise.all(sessionIds.map((id) => provider.expireCheckoutSession(id).catch((e: unknown) => logError("checkout.expire_superseded_failed", e, { sessionId: id }))));
}

export const checkoutRoutes = new Hono<AppEnv>()
  .post("/job", validate("json", checkoutJobSchema), async (c) => {
    const user = await requireVerifiedUser(c, MESSAGES.signInToPost);
    // A subscriber's post is a Spotlight job, and free (issue 22 item 10): never charged for by card.
    if (user.isSpotlightUser) throw new HttpError(409, CHECKOUT_MESSAGES.spotlightCovers, undefined, "spotlight_covers");
    const { job, purchase, submissionId } = c.req.valid("json");
    let priced;
    try {
      priced = priceJobOrder({ plan: purchase.plan, enhancements: purchase.enhancements, bundleId: purchase.selectedBundle as never, quantity: purchase.quantity });
    } catch (e) {
      if (e instanceof PricingError) throw new HttpError(400, e.message);
      throw e;
    }
    const existing = await jobBySubmission(c.env.DB, submissionId);
    if (existing && existing.user_id !== user.id) throw new HttpError(409, "This submission belongs to another account. Please start a new posting.");
    // A draft the board took down (decision 0350) is never replaced by a new checkout: its mark stays.
    if (existing) refuseRemoved(existing);
    if (existing?.published || existing?.review) throw alreadyPosted(); // review: paid, under moderation
    // A paid posting deactivated by its owner (a duplicated tab left at the payment step): never reset to unpaid.
    if (existing && (await postingPaid(c.env.DB, existing.id))) throw new HttpError(409, CHECKOUT_MESSAGES.alreadyPaid, undefined, "already_paid");

    const now = Date.now();
    const jobId = existing?.id ?? crypto.randomUUID();
    const bundle = SOLD_BUNDLES.find((b) => b.id === priced.bundleId);
    const row = postedJobRow(
      job,
      { userId: user.id, email: purchase.email },
      {
        id: jobId,
        customerEmail: user.email,
        plan: priced.plan,
        enhancements: priced.enhancements,
        selectedBundle: priced.bundleId,
        bundle: bundle?.name ?? null,
        jobCount: priced.posts,
        submissionId,
        published: 0,
        publishedAt: null,
        paymentStatus: "pending",
        createdAt: now,
      },
      now,
    );
    const orderId = crypto.randomUUID();
    const items: OrderItems = { posts: priced.posts, bundleId: priced.bundleId, bundleName: bundle?.name ?? null, plan: priced.plan, enhancements: priced.enhancements };
    const publishing = await publishJob(
      c.env,
      {
        via: "checkout",
        row,
        replacing: existing ? jobId : null,
        order: { id: orderId, userId: user.id, kind: "job", jobId, items, amountCents: priced.totalCents, customerEmail: purchase.email, locale: requestLocale(c) },
        supersede: [], // every other pending order of the posting: supersedeOtherPendingStatement below
      },
      now,
    );
    // Every other open checkout of the posting is superseded in the same batch, so of simultaneous
    // checkouts exactly one order stays pending (the last written).
    try {
      await commitPosting(c.env.DB, [...publishing.statements, supersedeOtherPendingStatement(c.env.DB, jobId, orderId, now), accountLanguageStatement(c.env.DB, user.id, requestLocale(c), now)]);
    } catch (e) {
      // The board took the draft down after the check above: the batch left it as it was.
      await refuseHeldSubmission(c.env.DB, submissionId, user.id);
      throw e;
    }

    const provider = paymentProvider(c.env, c.req.url);
    const origin = appOrigin(c);
    const locale = requestLocale(c);
    const session = await provider
      .createCheckoutSession({
        mode: "payment",
        currency: CURRENCY,
        lineItems: checkoutLineItems(priced, locale),
        customerEmail: purchase.email,
        clientReferenceId: orderId,
        metadata: {
          kind: "job",
          orderId,
          jobId,
          jobTitle: row.title.slice(0, 450),
          company: row.company.slice(0, 450),
          plan: priced.plan,
          enhancements: priced.enhancements.join(","),
          clerkUserId: user.id,
          customerEmail: purchase.email,
          submissionId,
          jobCount: String(priced.posts),
          // The buyer's language: the return pages are in it, and fulfilment writes the receipt in it (worker/mail/receipts.ts).
          locale,
        },
        successUrl: `${origin}${localePath(locale, `/job-posting-success?job_id=${jobId}&session_id={CHECKOUT_SESSION_ID}&submission_id=${encodeURIComponent(submissionId)}&reload_dashboard=true`)}`,
        cancelUrl: `${origin}${localePath(locale, `/job-posting-cancel?job_id=${jobId}&submission_id=${encodeURIComponent(submissionId)}`)}`,
        idempotencyKey: `order:${orderId}`,
      })
      .then(
        (s) => s,
        (e: unknown) => {
          logError("checkout.session_create_failed", e);
          throw new HttpError(502, "Failed to create checkout session. Please try again.");
        },
      );
    await setCheckoutSession(c.env.DB, orderId, session.id);
    // The superseded sessions can no longer be paid (a payment that still arrives for one is refunded by
    // fulfilment). Read after this session is recorded: a checkout superseded meanwhile expires its own
    // session here, one that supersedes this one later expires it, so one session stays payable.
    await expireSessions(provider, await supersededSessions(c.env.DB, jobId));
    if ((await orderStatus(c.env.DB, orderId)) === "superseded") throw new HttpError(409, CHECKOUT_MESSAGES.superseded, undefined, "superseded");
    return c.json({ id: session.id, url: session.url, jobId, orderId });
  })
  .post("/credits", validate("json", z.object({ bundleId: z.string().max(50).nullable().optional(), customQuantity: z.number().nullable().optional() }).strip()), async (c) => {
    const user = await requireVerifiedUser(c, "You must be signed in to purchase job credits");
    const choice = c.req.valid("json");
    let priced;
    try {
      priced = priceCredits(choice);
    } catch (e) {
      if (e instanceof PricingError) throw new HttpError(400, e.message);
      throw e;
    }
    const now = Date.now();
    const orderId = crypto.randomUUID();
    const items: OrderItems = { credits: priced.credits, bundleId: priced.bundleId, bundleName: priced.bundleName };
    await c.env.DB.batch([
      createOrderStatement(c.env.DB, { id: orderId, userId: user.id, kind: "credits", items, amountCents: priced.totalCents, customerEmail: user.email, locale: requestLocale(c) }, now),
      accountLanguageStatement(c.env.DB, user.id, requestLocale(c), now),
    ]);
    const origin = appOrigin(c);
    const locale = requestLocale(c);
    const session = await paymentProvider(c.env, c.req.url)
      .createCheckoutSession({
        mode: "payment",
        currency: CURRENCY,
        lineItems: creditLineItems(priced, locale),
        customerEmail: user.email,
        clientReferenceId: orderId,
        metadata: {
          kind: "credits",
          orderId,
          jobId: "",
          bundleName: priced.bundleName,
          jobCount: String(priced.credits),
          userId: user.id,
          email: user.email,
          custom: String(priced.bundleId === null),
          locale,
        },
        successUrl: `${origin}${localePath(locale, "/credit-purchase-success?session_id={CHECKOUT_SESSION_ID}")}`,
        cancelUrl: `${origin}${localePath(locale, "/buy-credits?cancelled=1")}`,
        idempotencyKey: `order:${orderId}`,
      })
      .catch((e: unknown) => {
        logError("checkout.session_create_failed", e);
        throw new HttpError(502, "Failed to create checkout session. Please try again.");
      });
    await setCheckoutSession(c.env.DB, orderId, session.id);
    return c.json({ id: session.id, url: session.url, orderId });
  })
  .get("/verify", validate("query", z.object({ session_id: z.string().min(1, "session_id is required").max(300) })), async (c) => {
    // Only the signed-in owner: anyone else, signed out included, gets the same 404 as an unknown session.
    const user = await currentUser(c);
    const sessionId = c.req.valid("query").session_id;
    const order = await orderBySession(c.env.DB, sessionId);
    if (!user || !order || order.user_id !== user.id) throw new HttpError(404, "No session information found");
    let status: string = order.fulfilled_at ? "paid" : order.status;
    if (!order.fulfilled_at) {
      const session = await paymentProvider(c.env, c.req.url).retrieveCheckoutSession(sessionId);
      const result = await fulfilCheckoutSession(c.env, session, appOrigin(c));
      status = result.status;
      if (result.fulfilledNow) deliverSoon(c);
    }
    const items = JSON.parse(order.items) as OrderItems;
    const job = order.job_id ? await postedJob(c.env.DB, order.job_id) : null;
    // A job deleted before its payment arrived is gone, its checkout expired or its payment refunded: said as such, not
    // as "not found" (only a paid or pending order's job must be there).
    if (order.kind === "job" && !job && (status === "paid" || status === "pending" || status === "awaiting_payment")) throw new HttpError(404, "Job not found");
    // A completed checkout whose payment has not cleared yet: a bank transfer, which can take days.
    const processing = status === "awaiting_payment" || (status === "pending" && (await orderById(c.env.DB, order.id))?.status === "awaiting_payment");
    // A payment given back by itself says why (the success page words it: already paid, deleted, taken down by the board).
    const refundReason = status === "refunded" ? await automaticRefundReason(c.env.DB, automaticRefundKey(order.id)) : null;
    return c.json({
      status: status === "awaiting_payment" ? "pending" : status,
      paymentProcessing: processing,
      kind: order.kind,
      ...(refundReason ? { refundReason } : {}),
      ...(job ? { job: { ...job, published: job.published === 1, created_at: new Date(Number(job.created_at)).toISOString() } } : {}),
      // Named by what it contains ("Premium bundle: 10 Standard posts"), in the request's language (issue 22 item 12).
      ...(order.kind === "credits" ? { credits: { bundle: orderSummary(order, items, null, requestLocale(c)), credits: items.credits ?? 1, custom: !items.bundleId } } : {}),
    });
  });
