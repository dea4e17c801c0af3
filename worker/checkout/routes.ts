// Card checkout for job posts (credits and Spotlight add their own kinds): the client sends what it
// wants to buy, never an amount; the server validates, prices, records the order and opens a Stripe
// Checkout Session (or the local emulator's). GET /verify is the success page's check.
import { Hono } from "hono";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/middleware";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { deriveJobRow } from "../jobs/derive";
import { jobInputFromDetails } from "../jobs/posting";
import { insertJobStatements, refreshGroupsStatements } from "../jobs/write";
import { appOrigin as appBase } from "../lib/appUrl";
import { deliverSoon } from "../mail/deliverSoon";
import { paymentProvider } from "../payments/provider";
import { CURRENCY, PricingError, SOLD_BUNDLES, priceCredits, priceJobOrder } from "../rules/pricing";
import { MESSAGES, checkoutJobSchema } from "../rules/posting";
import { fulfilCheckoutSession } from "./fulfil";
import type { OrderItems, OrderRow } from "./fulfil";
import type { PostedJobRow } from "./posted";
import { logError } from "../lib/log";

/**
 * Line items that add up to exactly the server's total. Without a discount, each product at list price;
 * with a bulk discount, one line for the whole order, because per-unit discounted cents need not add up
 * to the rounded total.
 */
export function checkoutLineItems(priced: { lineItems: { name: string; unitAmount: number; quantity: number }[]; discountRate: number; totalCents: number; quantity: number }) {
  if (!priced.discountRate) return priced.lineItems.map((l) => ({ name: l.name, unitAmountCents: l.unitAmount * 100, quantity: l.quantity }));
  const names = priced.lineItems.map((l) => l.name).join(" + ");
  return [{ name: `${names} × ${priced.quantity} (${Math.round(priced.discountRate * 100)}% bulk discount)`, unitAmountCents: priced.totalCents, quantity: 1 }];
}

/** The one app URL (worker/lib/appUrl.ts) for return pages and mail links. */
export function appOrigin(c: { env: { APP_URL?: string }; req: { url: string } }): string {
  return appBase(c.env, c.req.url);
}

export const checkoutRoutes = new Hono<AppEnv>()
  .post("/job", validate("json", checkoutJobSchema), async (c) => {
    const user = await requireUser(c, MESSAGES.signInToPost);
    const { job, purchase, submissionId } = c.req.valid("json");
    let priced;
    try {
      priced = priceJobOrder({ plan: purchase.plan, enhancements: purchase.enhancements, bundleId: purchase.selectedBundle as never, quantity: purchase.quantity });
    } catch (e) {
      if (e instanceof PricingError) throw new HttpError(400, e.message);
      throw e;
    }
    const existing = await c.env.DB.prepare("SELECT id, user_id, published, review FROM jobs WHERE submission_id = ?").bind(submissionId).first<{ id: string; user_id: string; published: number; review: string | null }>();
    if (existing && existing.user_id !== user.id) throw new HttpError(409, "This submission belongs to another account. Please start a new posting.");
    if (existing?.published || existing?.review) throw new HttpError(409, "This job has already been posted."); // review: paid, under moderation

    const now = Date.now();
    const jobId = existing?.id ?? crypto.randomUUID();
    const bundle = SOLD_BUNDLES.find((b) => b.id === priced.bundleId);
    const row = deriveJobRow(
      jobInputFromDetails(job, { userId: user.id, email: purchase.email }, {
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
      }),
      now,
    );
    const orderId = crypto.randomUUID();
    const items: OrderItems = { posts: priced.posts, bundleId: priced.bundleId, bundleName: bundle?.name ?? null, plan: priced.plan, enhancements: priced.enhancements };
    const writeJob = existing
      ? [c.env.DB.prepare("DELETE FROM jobs WHERE id = ? AND published = 0").bind(jobId), ...insertJobStatements(c.env.DB, [row])]
      : insertJobStatements(c.env.DB, [row]);
    // A new checkout for the same posting supersedes the earlier ones that are still open.
    const { results: superseded } = existing
      ? await c.env.DB.prepare("SELECT id, checkout_session_id FROM orders WHERE job_id = ? AND fulfilled_at IS NULL AND status = 'pending'").bind(jobId).all<{ id: string; checkout_session_id: string | null }>()
      : { results: [] };
    try {
      await c.env.DB.batch([
        ...writeJob,
        ...refreshGroupsStatements(c.env.DB, [row.dedupeKey]),
        c.env.DB.prepare("INSERT INTO orders (id, user_id, kind, job_id, items, amount, currency, customer_email, status, created_at, updated_at) VALUES (?, ?, 'job', ?, ?, ?, ?, ?, 'pending', ?, ?)").bind(
          orderId, user.id, jobId, JSON.stringify(items), priced.totalCents, CURRENCY, purchase.email, now, now,
        ),
        ...superseded.map((o) => c.env.DB.prepare("UPDATE orders SET status = 'superseded', updated_at = ? WHERE id = ? AND fulfilled_at IS NULL AND status = 'pending'").bind(now, o.id)),
      ]);
    } catch (e) {
      // The posting was paid for (and published) between the check above and this write.
      if (String(e).includes("UNIQUE")) throw new HttpError(409, "This job has already been posted.");
      throw e;
    }

    const provider = paymentProvider(c.env, c.req.url);
    // The superseded sessions can no longer be paid; a payment that still arrives for one is refunded
    // by fulfilment if this posting was paid for first.
    await Promise.all(
      superseded
        .filter((o) => o.checkout_session_id)
        .map((o) => provider.expireCheckoutSession(o.checkout_session_id!).catch((e: unknown) => logError("checkout.expire_superseded_failed", e, { sessionId: o.checkout_session_id }))),
    );
    const origin = appOrigin(c);
    const session = await provider.createCheckoutSession({
      mode: "payment",
      currency: CURRENCY,
      lineItems: checkoutLineItems(priced),
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
      },
      successUrl: `${origin}/job-posting-success?job_id=${jobId}&session_id={CHECKOUT_SESSION_ID}&submission_id=${encodeURIComponent(submissionId)}&reload_dashboard=true`,
      cancelUrl: `${origin}/job-posting-cancel?job_id=${jobId}&submission_id=${encodeURIComponent(submissionId)}`,
      idempotencyKey: `order:${orderId}`,
    }).then(
      (s) => s,
      (e: unknown) => {
        logError("checkout.session_create_failed", e);
        throw new HttpError(502, "Failed to create checkout session. Please try again.");
      },
    );
    await c.env.DB.prepare("UPDATE orders SET checkout_session_id = ?, updated_at = ? WHERE id = ?").bind(session.id, Date.now(), orderId).run();
    return c.json({ id: session.id, url: session.url, jobId, orderId });
  })
  .post(
    "/credits",
    validate("json", z.object({ bundleId: z.string().max(50).nullable().optional(), customQuantity: z.number().nullable().optional() }).strip()),
    async (c) => {
      const user = await requireUser(c, "You must be signed in to purchase job credits");
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
      await c.env.DB.prepare(
        "INSERT INTO orders (id, user_id, kind, items, amount, currency, customer_email, status, created_at, updated_at) VALUES (?, ?, 'credits', ?, ?, ?, ?, 'pending', ?, ?)",
      )
        .bind(orderId, user.id, JSON.stringify(items), priced.totalCents, CURRENCY, user.email, now, now)
        .run();
      const origin = appOrigin(c);
      const session = await paymentProvider(c.env, c.req.url)
        .createCheckoutSession({
          mode: "payment",
          currency: CURRENCY,
          lineItems: priced.discountRate
            ? [{ name: `${priced.credits} job post credits (${Math.round(priced.discountRate * 100)}% bulk discount)`, unitAmountCents: priced.totalCents, quantity: 1 }]
            : priced.lineItems.map((l) => ({ name: l.name, unitAmountCents: l.unitAmount * 100, quantity: l.quantity })),
          customerEmail: user.email,
          clientReferenceId: orderId,
          metadata: { kind: "credits", orderId, jobId: "", bundleName: priced.bundleName, jobCount: String(priced.credits), userId: user.id, email: user.email, custom: String(priced.bundleId === null) },
          successUrl: `${origin}/credit-purchase-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${origin}/buy-credits?cancelled=1`,
          idempotencyKey: `order:${orderId}`,
        })
        .catch((e: unknown) => {
          logError("checkout.session_create_failed", e);
          throw new HttpError(502, "Failed to create checkout session. Please try again.");
        });
      await c.env.DB.prepare("UPDATE orders SET checkout_session_id = ?, updated_at = ? WHERE id = ?").bind(session.id, Date.now(), orderId).run();
      return c.json({ id: session.id, url: session.url, orderId });
    },
  )
  .get("/verify", validate("query", z.object({ session_id: z.string().min(1, "session_id is required").max(300) })), async (c) => {
    // Only the signed-in owner: anyone else, signed out included, gets the same 404 as an unknown session.
    const user = await currentUser(c);
    const sessionId = c.req.valid("query").session_id;
    const order = await c.env.DB.prepare("SELECT * FROM orders WHERE checkout_session_id = ?").bind(sessionId).first<OrderRow>();
    if (!user || !order || order.user_id !== user.id) throw new HttpError(404, "No session information found");
    let status: string = order.fulfilled_at ? "paid" : order.status;
    if (!order.fulfilled_at) {
      const session = await paymentProvider(c.env, c.req.url).retrieveCheckoutSession(sessionId);
      const result = await fulfilCheckoutSession(c.env, session, appOrigin(c));
      status = result.status;
      if (result.fulfilledNow) deliverSoon(c);
    }
    const items = JSON.parse(order.items) as OrderItems;
    const job = order.job_id
      ? await c.env.DB.prepare("SELECT id, title, company, category, location, email, created_at, published, job_count, review FROM jobs WHERE id = ?").bind(order.job_id).first<PostedJobRow>()
      : null;
    if (order.kind === "job" && !job) throw new HttpError(404, "Job not found");
    // A completed checkout whose payment has not cleared yet: a bank transfer, which can take days.
    const processing = status === "awaiting_payment" || (status === "pending" && (await c.env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(order.id).first<{ status: string }>())?.status === "awaiting_payment");
    return c.json({
      status: status === "awaiting_payment" ? "pending" : status,
      paymentProcessing: processing,
      kind: order.kind,
      ...(job ? { job: { ...job, published: job.published === 1, created_at: new Date(Number(job.created_at)).toISOString() } } : {}),
      ...(order.kind === "credits" ? { credits: { bundle: items.bundleName ?? "Standard", credits: items.credits ?? 1 } } : {}),
    });
  });
