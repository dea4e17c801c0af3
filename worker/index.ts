// Worker entry: the API (Hono) for /api/*; static assets (the React app) are served by the platform
// with single-page-application fallback, so the router shows its own 404 page.
import { app } from "./app";
import type { Env } from "./env";
import { scheduled } from "./scheduled";

export { SpotlightCompany } from "./spotlight/SpotlightCompany";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(scheduled(controller, env)),
} satisfies ExportedHandler<Env>;
