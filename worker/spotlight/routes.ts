// /api/spotlight: the subscriber's company and jobs (through its SPOTLIGHT Durable Object), the
// subscription checkout and its verification, publishing the local preview after subscribing, the live
// dashboard's WebSocket, and posting from the wizard without paying.
//
// Access: onboarding (creating the company, uploading preview jobs, checkout) needs a signed-in user;
// the live dashboard's routes also need an active subscription (or the account flag). Every route that
// names a company checks that the signed-in user owns it, and the object checks again.
import { accountLanguageStatement } from "../auth/store";
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { companyAnalytics } from "../analytics/read";
import { requireUser, requireVerifiedUser } from "../auth/middleware";
import { fulfilCheckoutSession } from "../checkout/fulfil";
import { requestLocale } from "../http/locale";
import { appOrigin } from "../lib/appUrl";
import { localePath } from "../rules/i18n";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { ownersPostsAtCompanyCount } from "../jobs/store";
import { deliverSoon } from "../mail/deliverSoon";
import { spotlightLineName } from "../orders/lineItems";
import { createOrderStatement, orderBySession, orderStatus, setCheckoutSession, supersedeOtherSpotlightStatement, supersededSpotlightSessions } from "../orders/store";
import { CHECKOUT_MESSAGES } from "../rules/billing";
import { paymentProvider } from "../payments/provider";
import { CURRENCY, SPOTLIGHT_MONTHLY_CENTS } from "../rules/pricing";
import { SPOTLIGHT_MESSAGES, companySlug } from "../rules/spotlight";
import { previewJobSchema, spotlightJobSchema, spotlightProfileSchema } from "../rules/spotlightSchema";
import type { SpotlightMe, SpotlightState } from "../rules/spotlight";
import type { SessionUser } from "../rules/auth";
import { spotlightPostRoutes } from "./postJob";
import { unwrap } from "./result";
import { companyIdTaken, companyOfOwner, companyOwner, insertCompany, subscriptionAndCompany } from "./store";
import { entitlementUntil } from "./subscription";
import { logError } from "../lib/log";
import { STALE_EDIT } from "../rules/posting";

type C = Context<AppEnv>;

function stub(c: C, companyId: string) {
  return c.env.SPOTLIGHT.getByName(companyId);
}

async function ownCompanyId(c: C, userId: string): Promise<string | null> {
  return (await companyOfOwner(c.env.DB, userId))?.id ?? null;
}

/** The signed-in owner of :companyId (404 when there is no such company, 403 when it is someone else's). */
async function owner(c: C, companyId: string): Promise<SessionUser> {
  const user = await requireUser(c, SPOTLIGHT_MESSAGES.notAuthenticated);
  const ownerId = await companyOwner(c.env.DB, companyId);
  if (!ownerId) throw new HttpError(404, SPOTLIGHT_MESSAGES.companyNotFound);
  if (ownerId !== user.id) throw new HttpError(403, SPOTLIGHT_MESSAGES.notOwner);
  return user;
}

/** The owner, with an active subscription: the live dashboard's condition. */
async function liveOwner(c: C, companyId: string): Promise<SessionUser> {
  const user = await owner(c, companyId);
  if (!user.isSpotlightUser) throw new HttpError(403, SPOTLIGHT_MESSAGES.noSubscription);
  return user;
}

/** The user's company, made on first use with an id from its name (unique among listed and Spotlight companies). */
async function ensureCompany(c: C, user: SessionUser, company: string): Promise<string> {
  const existing = await ownCompanyId(c, user.id);
  if (existing) return existing;
  const base = companySlug(company);
  for (let n = 1; n <= 50; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (await companyIdTaken(c.env.DB, id)) continue;
    try {
      await insertCompany(c.env.DB, id, user.id, company);
    } catch {
      const mine = await ownCompanyId(c, user.id); // a concurrent request made it first
      if (mine) return mine;
      continue; // someone else took this id
    }
    unwrap(await stub(c, id).setup(id, user.id, user.email));
    return id;
  }
  throw new HttpError(409, "Please choose a different company name");
}

const companyParam = z.object({ companyId: z.string().min(1).max(100) });
/** The dashboard's saves (profile, job): the state's version on show (decision 0250; left out, the last save wins). */
const stateVersion = z.number({ error: STALE_EDIT }).int(STALE_EDIT).min(0, STALE_EDIT).optional();
const profileSave = spotlightProfileSchema.extend({ version: stateVersion });
const jobParam = companyParam.extend({ jobId: z.string().min(1).max(100) });
// `submissionId`: the dashboard's form, once per opening (as the wizard's): sent twice, or 10 times at once, it makes one job.
const jobBody = z.object({ job: spotlightJobSchema, published: z.boolean().optional().default(true), submissionId: z.string().trim().min(8).max(100).optional() });
const previewBody = z.object({
  company: spotlightProfileSchema.optional(),
  // Each job is checked by the object; a bad one is skipped, never fatal to the rest.
  jobs: z.array(z.record(z.string(), z.unknown())).max(200).optional().default([]),
});

export const spotlightRoutes = new Hono<AppEnv>()
  .get("/me", async (c) => {
    const user = await requireUser(c, SPOTLIGHT_MESSAGES.notAuthenticated);
    const { subscription: s, company: co } = await subscriptionAndCompany(c.env.DB, user.id);
    const emulator = !c.env.STRIPE_SECRET_KEY;
    return c.json({
      isSpotlightUser: user.isSpotlightUser,
      subscription: s
        ? {
            id: s.id,
            status: s.status,
            currentPeriodEnd: s.current_period_end ? new Date(s.current_period_end).toISOString() : null,
            cancelAtPeriodEnd: s.cancel_at_period_end === 1,
            endedAt: s.ended_at ? new Date(s.ended_at).toISOString() : null,
          }
        : null,
      // Posts made without Spotlight (before subscribing) show on the company page too: the dashboard counts them.
      company: co ? { id: co.id, company: co.company, published: co.published === 1, otherPosts: await ownersPostsAtCompanyCount(c.env.DB, co.id) } : null,
      manageUrl: s && emulator ? `/api/emulator/subscriptions/${encodeURIComponent(s.id)}` : null,
    } satisfies SpotlightMe);
  })
  // Onboarding's company step (and the profile of a company that has no subscription yet).
  .post("/company", validate("json", spotlightProfileSchema), async (c) => {
    const user = await requireUser(c, SPOTLIGHT_MESSAGES.notAuthenticated);
    const profile = c.req.valid("json");
    const companyId = await ensureCompany(c, user, profile.company);
    const state = unwrap(await stub(c, companyId).saveProfile(user.id, profile));
    return c.json({ companyId, state });
  })
  .post("/company/preview-jobs", validate("json", z.object({ jobs: z.array(z.record(z.string(), z.unknown())).max(200) })), async (c) => {
    const user = await requireUser(c, SPOTLIGHT_MESSAGES.notAuthenticated);
    const companyId = await ownCompanyId(c, user.id);
    if (!companyId) throw new HttpError(404, SPOTLIGHT_MESSAGES.noCompany);
    const { imported, skipped } = unwrap(await stub(c, companyId).importPreviewJobs(user.id, c.req.valid("json").jobs as never));
    return c.json({ imported, skipped });
  })
  // Subscription checkout: $2,999 a month, priced here; the client sends nothing that is trusted.
  .post("/checkout", validate("json", z.object({ previewJobCount: z.number().int().min(0).max(1000).optional().default(0) })), async (c) => {
    const user = await requireVerifiedUser(c, SPOTLIGHT_MESSAGES.notAuthenticated);
    if (user.isSpotlightUser) throw new HttpError(409, SPOTLIGHT_MESSAGES.alreadySubscribed);
    const companyId = await ownCompanyId(c, user.id);
    if (!companyId) throw new HttpError(404, SPOTLIGHT_MESSAGES.noCompany);
    const orderId = crypto.randomUUID();
    const now = Date.now();
    // One subscription per account: this checkout supersedes the account's open ones, in the same batch.
    await c.env.DB.batch([
      createOrderStatement(
        c.env.DB,
        { id: orderId, userId: user.id, kind: "spotlight", items: { plan: "spotlight", companyId }, amountCents: SPOTLIGHT_MONTHLY_CENTS, customerEmail: user.email, locale: requestLocale(c) },
        now,
      ),
      supersedeOtherSpotlightStatement(c.env.DB, user.id, orderId, now),
      accountLanguageStatement(c.env.DB, user.id, requestLocale(c), now),
    ]);
    const origin = appOrigin(c);
    const locale = requestLocale(c);
    const session = await paymentProvider(c.env, c.req.url)
      .createCheckoutSession({
        mode: "subscription",
        currency: CURRENCY,
        lineItems: [{ name: spotlightLineName(locale), unitAmountCents: SPOTLIGHT_MONTHLY_CENTS, quantity: 1, recurring: "month" }],
        customerEmail: user.email,
        clientReferenceId: orderId,
        // `locale`: the subscriber's language, for the return pages and Stripe's own page.
        metadata: { kind: "spotlight", type: "spotlight_subscription", orderId, userId: user.id, companyId, previewJobCount: String(c.req.valid("json").previewJobCount), locale },
        successUrl: `${origin}${localePath(locale, "/spotlight-subscription-success?session_id={CHECKOUT_SESSION_ID}")}`,
        cancelUrl: `${origin}${localePath(locale, "/spotlight/onboarding?cancelled=1")}`,
        idempotencyKey: `order:${orderId}`,
      })
      .catch((e: unknown) => {
        logError("spotlight.checkout_create_failed", e);
        throw new HttpError(502, SPOTLIGHT_MESSAGES.paymentFailed);
      });
    await setCheckoutSession(c.env.DB, orderId, session.id);
    // As for job checkouts: read after this session is recorded, so exactly one stays payable.
    const provider = paymentProvider(c.env, c.req.url);
    await Promise.all(
      (await supersededSpotlightSessions(c.env.DB, user.id)).map((id) =>
        provider.expireCheckoutSession(id).catch((e: unknown) => logError("spotlight.expire_superseded_failed", e, { sessionId: id })),
      ),
    );
    if ((await orderStatus(c.env.DB, orderId)) === "superseded") throw new HttpError(409, CHECKOUT_MESSAGES.superseded, undefined, "superseded");
    return c.json({ id: session.id, url: session.url });
  })
  // The success page's check: runs the same idempotent fulfilment as the webhook, then reports.
  .get("/verify", validate("query", z.object({ session_id: z.string().max(300).optional() })), async (c) => {
    const user = await requireUser(c, SPOTLIGHT_MESSAGES.notAuthenticated);
    const sessionId = c.req.valid("query").session_id;
    let paymentStatus = "paid";
    if (sessionId) {
      const order = await orderBySession(c.env.DB, sessionId);
      if (!order || order.user_id !== user.id || order.kind !== "spotlight") throw new HttpError(404, "No session information found");
      const session = await paymentProvider(c.env, c.req.url).retrieveCheckoutSession(sessionId);
      const result = await fulfilCheckoutSession(c.env, session, appOrigin(c));
      if (result.fulfilledNow) deliverSoon(c);
      paymentStatus = result.status;
    }
    const until = await entitlementUntil(c.env.DB, user.id);
    const status = until ? "active" : paymentStatus === "pending" ? "pending" : "failed";
    return c.json({ status, companyId: await ownCompanyId(c, user.id), activeUntil: until ? new Date(until).toISOString() : null });
  })
  // publish_preview_spotlight_jobs: after subscribing, the local preview is uploaded and published.
  .post("/publish-preview", validate("json", previewBody), async (c) => {
    const user = await requireUser(c, SPOTLIGHT_MESSAGES.notAuthenticated);
    if (!user.isSpotlightUser) throw new HttpError(403, SPOTLIGHT_MESSAGES.noSubscription);
    const body = c.req.valid("json");
    let companyId = await ownCompanyId(c, user.id);
    if (!companyId) {
      if (!body.company) throw new HttpError(404, SPOTLIGHT_MESSAGES.noCompany);
      companyId = await ensureCompany(c, user, body.company.company);
      unwrap(await stub(c, companyId).saveProfile(user.id, body.company));
    }
    const s = stub(c, companyId);
    const parsed = body.jobs.map((j) => previewJobSchema.safeParse(j)).flatMap((r) => (r.success ? [r.data] : []));
    if (parsed.length) unwrap(await s.importPreviewJobs(user.id, parsed));
    const { count } = unwrap(await s.publishPreviewJobs(user.id));
    return c.json({ count, companyId });
  })
  // ---- the live dashboard ----------------------------------------------------------------------
  .get("/companies/:companyId", validate("param", companyParam), async (c) => {
    const { companyId } = c.req.valid("param");
    const user = await liveOwner(c, companyId);
    return c.json({ state: unwrap(await stub(c, companyId).getState(user.id)) });
  })
  // Advanced Analytics: page views and, per job, views, clicks, click rate and applies for 30 days.
  .get("/companies/:companyId/analytics", validate("param", companyParam), async (c) => {
    const { companyId } = c.req.valid("param");
    await liveOwner(c, companyId);
    return c.json(await companyAnalytics(c.env.DB, companyId, Date.now()));
  })
  .put("/companies/:companyId/profile", validate("param", companyParam), validate("json", profileSave), async (c) => {
    const { companyId } = c.req.valid("param");
    const user = await liveOwner(c, companyId);
    const { version, ...profile } = c.req.valid("json");
    return c.json({ state: unwrap(await stub(c, companyId).saveProfile(user.id, profile, version)) });
  })
  .post("/companies/:companyId/jobs", validate("param", companyParam), validate("json", jobBody), async (c) => {
    const { companyId } = c.req.valid("param");
    const user = await liveOwner(c, companyId);
    const { job, published, submissionId } = c.req.valid("json");
    const { id, state } = unwrap(await stub(c, companyId).createJob(user.id, job, published, submissionId ?? null));
    return c.json({ id, state }, 201);
  })
  .put("/companies/:companyId/jobs/:jobId", validate("param", jobParam), validate("json", z.object({ job: spotlightJobSchema, version: stateVersion })), async (c) => {
    const { companyId, jobId } = c.req.valid("param");
    const user = await liveOwner(c, companyId);
    const { job, version } = c.req.valid("json");
    return c.json({ state: unwrap(await stub(c, companyId).updateJob(user.id, jobId, job, version)) });
  })
  .post("/companies/:companyId/jobs/:jobId/publish", validate("param", jobParam), async (c) => setJobPublished(c, true))
  .post("/companies/:companyId/jobs/:jobId/unpublish", validate("param", jobParam), async (c) => setJobPublished(c, false))
  .delete("/companies/:companyId/jobs/:jobId", validate("param", jobParam), async (c) => {
    const { companyId, jobId } = c.req.valid("param");
    const user = await liveOwner(c, companyId);
    return c.json({ state: unwrap(await stub(c, companyId).deleteJob(user.id, jobId)) });
  })
  .post("/companies/:companyId/publish", validate("param", companyParam), async (c) => {
    const { companyId } = c.req.valid("param");
    const user = await liveOwner(c, companyId);
    return c.json({ state: unwrap(await stub(c, companyId).publishCompany(user.id)) });
  })
  .post("/companies/:companyId/unpublish", validate("param", companyParam), async (c) => {
    const { companyId } = c.req.valid("param");
    const user = await liveOwner(c, companyId);
    return c.json({ state: unwrap(await stub(c, companyId).unpublishCompany(user.id)) });
  })
  // Realtime: the object accepts the socket (hibernation API) and sends the whole state on connect.
  .get("/companies/:companyId/socket", validate("param", companyParam), async (c) => {
    const { companyId } = c.req.valid("param");
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, "Expected a WebSocket upgrade");
    // Browsers always send Origin on WebSocket requests: refuse other sites using the visitor's cookies.
    const origin = c.req.header("Origin");
    const own = new Set([new URL(c.req.url).origin, c.env.APP_URL ? new URL(c.env.APP_URL).origin : ""]);
    if (origin && !own.has(origin)) throw new HttpError(403, "This request did not come from this site, so it was refused.");
    const user = await owner(c, companyId);
    const headers = new Headers(c.req.raw.headers);
    headers.set("X-Spotlight-Actor", user.id);
    return stub(c, companyId).fetch(new Request(c.req.raw.url, { headers }));
  })
  .route("/", spotlightPostRoutes);

async function setJobPublished(c: C, published: boolean) {
  const { companyId, jobId } = c.req.param() as { companyId: string; jobId: string };
  const user = await liveOwner(c, companyId);
  const state: SpotlightState = unwrap(await stub(c, companyId).setJobPublished(user.id, jobId, published));
  return c.json({ state });
}
