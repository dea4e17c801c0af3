// A worker whose configuration is missing or contradictory answers every request (but the health
// probes) with 503 and the one error that names the variable, instead of failing later and quietly
// (e-mail that never leaves, payments that cannot be fulfilled). worker/config.ts has the rules.
import { createMiddleware } from "hono/factory";
import { configProblemOnce } from "../config";
import type { AppEnv } from "../env";
import { m } from "../rules/serverMessages";

export const configGuard = createMiddleware<AppEnv>(async (c, next) => {
  const problem = configProblemOnce(c.env, c.req.url);
  if (problem) return c.json({ error: m("server.http.configError", { problem }), code: "config_invalid" }, 503);
  await next();
});
