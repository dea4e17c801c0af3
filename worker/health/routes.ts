// Health: GET /api/health is the liveness probe and does nothing (it is also the benchmark's floor);
// GET /api/health/ready checks that every binding answers and says which one did not (503).
import { Hono } from "hono";
import { configProblem } from "../config";
import type { AppEnv, Env } from "../env";
import { logError } from "../lib/log";
import { pingDatabase } from "./store";

type Check = "d1" | "kv" | "r2" | "durableObject";

const READY_TIMEOUT_MS = 3_000;
/** The one object the readiness probe wakes; it is never given a company or any state. */
const READINESS_OBJECT = "__readiness_probe";

const CHECKS: Record<Check, (env: Env) => Promise<unknown>> = {
  d1: (env) => pingDatabase(env.DB),
  kv: (env) => env.DEDUPE.get("__readiness_probe"),
  r2: (env) => env.LOGOS.head("__readiness_probe"),
  durableObject: (env) => env.SPOTLIGHT.get(env.SPOTLIGHT.idFromName(READINESS_OBJECT)).ping(),
};

async function runCheck(env: Env, name: Check): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([CHECKS[name](env), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)))]);
    return "ok";
  } catch (err) {
    logError("health.check_failed", err, { check: name });
    return `failed: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    clearTimeout(timer);
  }
}

/** The configuration and every binding: { ok, checks: { config: "ok", d1: "ok", kv: "failed: ..." } }. */
async function readiness(env: Env, requestUrl: string): Promise<{ ok: boolean; checks: Record<Check | "config", string> }> {
  const names = Object.keys(CHECKS) as Check[];
  const results = await Promise.all(names.map((n) => runCheck(env, n)));
  const problem = configProblem(env, requestUrl);
  const checks = { config: problem ? `failed: ${problem}` : "ok", ...Object.fromEntries(names.map((n, i) => [n, results[i]])) } as Record<Check | "config", string>;
  return { ok: Object.values(checks).every((r) => r === "ok"), checks };
}

export const healthRoutes = new Hono<AppEnv>()
  .get("/", (c) => c.json({ ok: true }))
  .get("/ready", async (c) => {
    const report = await readiness(c.env, c.req.url);
    c.header("Cache-Control", "no-store");
    return c.json(report, report.ok ? 200 : 503);
  });
