// Health: GET /api/health is the liveness probe and does nothing (it is also the benchmark's floor);
// GET /api/health/ready checks the configuration and that every binding answers (503 when one does not).
// Anyone sees each check's name with "ok" or "fail"; what failed and why (a configuration problem's text,
// a binding's error) goes to the logs and to admins only (worker/admin/gate.ts), never to the public.
import { Hono } from "hono";
import type { Context } from "hono";
import { adminIdentity } from "../admin/gate";
import { configProblems } from "../config";
import type { AppEnv, Env } from "../env";
import { log, logError } from "../lib/log";
import { pingDatabase } from "./store";

type Check = "d1" | "kv" | "r2" | "durableObject";
type CheckName = "config" | Check;

const READY_TIMEOUT_MS = 3_000;
/** The one object the readiness probe wakes; it is never given a company or any state. */
const READINESS_OBJECT = "__readiness_probe";

const CHECKS: Record<Check, (env: Env) => Promise<unknown>> = {
  d1: (env) => pingDatabase(env.DB),
  kv: (env) => env.DEDUPE.get("__readiness_probe"),
  r2: (env) => env.LOGOS.head("__readiness_probe"),
  durableObject: (env) => env.SPOTLIGHT.get(env.SPOTLIGHT.idFromName(READINESS_OBJECT)).ping(),
};

/** null when the check passed, else what failed (for the logs and admins). */
async function runCheck(env: Env, name: Check): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([CHECKS[name](env), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)))]);
    return null;
  } catch (err) {
    logError("health.check_failed", err, { check: name });
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

interface Readiness {
  ok: boolean;
  checks: Record<CheckName, "ok" | "fail">;
  /** What failed, by check: for admins only. */
  details: Partial<Record<CheckName, string>>;
}

async function readiness(env: Env, requestUrl: string): Promise<Readiness> {
  const names = Object.keys(CHECKS) as Check[];
  const results = await Promise.all(names.map((n) => runCheck(env, n)));
  const problems = configProblems(env, requestUrl);
  if (problems.length) log("error", "health.check_failed", { check: "config", problems });
  const failures: [CheckName, string | null][] = [["config", problems.length ? problems.join("; ") : null], ...names.map((n, i) => [n, results[i] ?? null] as [CheckName, string | null])];
  const checks = Object.fromEntries(failures.map(([n, f]) => [n, f === null ? "ok" : "fail"])) as Readiness["checks"];
  const details = Object.fromEntries(failures.filter(([, f]) => f !== null)) as Readiness["details"];
  return { ok: failures.every(([, f]) => f === null), checks, details };
}

/** Whether the asker is an admin; a broken configuration (no JWT_SECRET, say) makes nobody one. */
async function askedByAdmin(c: Context<AppEnv>): Promise<boolean> {
  try {
    return (await adminIdentity(c)) !== null;
  } catch {
    return false;
  }
}

export const healthRoutes = new Hono<AppEnv>()
  .get("/", (c) => c.json({ ok: true }))
  .get("/ready", async (c) => {
    const { ok, checks, details } = await readiness(c.env, c.req.url);
    c.header("Cache-Control", "no-store");
    const admin = !ok && (await askedByAdmin(c));
    return c.json(admin ? { ok, checks, details } : { ok, checks }, ok ? 200 : 503);
  });
