// Worker entry: the API (Hono) for /api/*; static assets (the React app) are served by the platform, and
// every other path reaches the worker, which answers the app's HTML: 200 for the app's routes, else 404.
import { app } from "./app";
import type { Env } from "./env";
import { scheduled } from "./scheduled";

export { SpotlightCompany } from "./spotlight/SpotlightCompany";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(scheduled(controller, env)),
} satisfies ExportedHandler<Env>;
