// Worker entry: the API (Hono) for /api/*; static assets (the React app) are served by the platform
// with single-page-application fallback, so the router shows its own 404 page.
import { app } from "./app";
import type { Env } from "./env";

export { SpotlightCompany } from "./spotlight/SpotlightCompany";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
