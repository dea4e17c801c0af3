// The Hono app: the JSON API under /api/*, one resource per mounted router.
import { Hono } from "hono";
import { configGuard } from "./http/configGuard";
import { requestLog } from "./http/requestLog";
import { d1Session } from "./http/d1Session";
import { drainRequestBody } from "./http/drainBody";
import { publicCache } from "./http/edgeCache";
import { securityHeaders } from "./http/securityHeaders";
import { healthRoutes } from "./health/routes";
import { csrfMiddleware } from "./auth/middleware";
import { authRoutes } from "./auth/routes";
import { benchRoutes } from "./bench/routes";
import { companiesRoutes } from "./companies/routes";
import type { AppEnv } from "./env";
import { notFound, onError, rejectMalformedPath } from "./http/errors";
import { appPage } from "./discovery/pages";
import { localiseErrors } from "./http/locale";
import { jobsRoutes } from "./jobs/routes";
import { accountRoutes } from "./account/routes";
import { adminRoutes } from "./admin/routes";
import { adminPage } from "./admin/page";
import { dashboardRoutes } from "./dashboard/routes";
import { alertsRoutes } from "./alerts/routes";
import { savedRoutes } from "./saved/routes";
import { applicationRoutes, inboxRoutes, jobApplicationRoutes } from "./applications/routes";
import { billingRoutes } from "./billing/routes";
import { contactRoutes } from "./contact/routes";
import { devRoutes } from "./dev/routes";
import { discoveryRoutes } from "./discovery/routes";
import { checkoutRoutes } from "./checkout/routes";
import { postedJobRoutes } from "./checkout/posted";
import { creditPostRoutes, creditRoutes } from "./credits/routes";
import { emulatorEvents } from "./payments/emulatorEvents";
import { emulatorRoutes } from "./payments/emulatorRoutes";
import { emulatorSubscriptionRoutes } from "./payments/emulatorSubscriptions";
import { spotlightRoutes } from "./spotlight/routes";
import { SPOTLIGHT_EVENTS } from "./spotlight/events";
import { PAYMENT_EVENTS } from "./webhooks/events";
import type { WebhookHandlers } from "./webhooks/events";
import { stripeWebhookRoutes } from "./webhooks/routes";
import { logoRoutes, uploadRoutes } from "./uploads/routes";

/** Which handler answers each Stripe event type: registered here, explicitly, for the webhook route and the admin's replay. */
const webhookHandlers: WebhookHandlers = { ...PAYMENT_EVENTS, ...SPOTLIGHT_EVENTS };
/** The payment emulator delivers its signed events through the app itself, so the real webhook route runs. */
const emulator = emulatorEvents((req, env, ctx) => app.fetch(req, env, ctx));

export const app = new Hono<AppEnv>()
  // First: whatever answers, the request's body is read to its end, so workerd keeps the connection alive.
  .use("*", drainRequestBody)
  .use("*", requestLog)
  .use("*", securityHeaders)
  .use(rejectMalformedPath)
  // Error answers in the request's language (worker/http/locale.ts).
  .use("/api/*", localiseErrors)
  // Liveness and readiness answer even when the configuration is wrong (readiness names the problem).
  .route("/api/health", healthRoutes)
  .use("*", configGuard)
  // One D1 session per request (read replicas; the bookmark keeps a user's own writes in view), counted.
  // After the configuration check, which is made once per isolate on the platform's own env object.
  .use("*", d1Session)
  // Anonymous public reads from the data centre's cache, fresh for 60 seconds; never a signed-in request.
  .use("*", publicCache)
  .use("/api/*", csrfMiddleware)
  .route("/api/auth", authRoutes)
  .route("/api/uploads", uploadRoutes)
  .route("/api/logos", logoRoutes)
  .route("/api/jobs", creditPostRoutes)
  .route("/api/jobs", jobsRoutes)
  .route("/api/jobs", jobApplicationRoutes)
  .route("/api/applications", applicationRoutes)
  .route("/api/checkout", checkoutRoutes)
  .route("/api/checkout", postedJobRoutes)
  .route("/api/credits", creditRoutes)
  .route("/api/dashboard", dashboardRoutes)
  .route("/api/dashboard", inboxRoutes)
  .route("/api/account", accountRoutes)
  .route("/api/billing", billingRoutes)
  .route("/api/stripe", stripeWebhookRoutes(webhookHandlers))
  .route("/api/emulator/subscriptions", emulatorSubscriptionRoutes(emulator))
  .route("/api/emulator", emulatorRoutes(emulator))
  .route("/api/companies", companiesRoutes)
  .route("/api/spotlight", spotlightRoutes)
  .route("/api/bench", benchRoutes)
  .route("/api/contact", contactRoutes)
  .route("/api/alerts", alertsRoutes)
  .route("/api/saved", savedRoutes)
  .route("/api/dev", devRoutes)
  .route("/api/admin", adminRoutes(webhookHandlers))
  .get("/admin", adminPage)
  .get("/admin/", adminPage)
  .get("/ar/admin", adminPage)
  .get("/ar/admin/", adminPage)
  // Outside /api: job and company pages for crawlers, sitemaps, robots.txt, feeds, share cards.
  .route("/", discoveryRoutes);

app.onError(onError);
// A path no route knows: JSON 404 for the API, the app's HTML with status 404 for a page.
app.notFound((c) => (c.req.path.startsWith("/api/") || !["GET", "HEAD"].includes(c.req.method) ? notFound(c) : appPage(c.env, c.req.raw)));

export type App = typeof app;
