// The Hono app: the JSON API under /api/*, one resource per mounted router.
import { Hono } from "hono";
import { benchRoutes } from "./bench/routes";
import { companiesRoutes } from "./companies/routes";
import type { AppEnv } from "./env";
import { notFound, onError } from "./http/errors";
import { jobsRoutes } from "./jobs/routes";

export const app = new Hono<AppEnv>()
  .get("/api/health", (c) => c.json({ ok: true }))
  .route("/api/jobs", jobsRoutes)
  .route("/api/companies", companiesRoutes)
  .route("/api/bench", benchRoutes);

app.onError(onError);
app.notFound(notFound);

export type App = typeof app;
