// The dev-only routes (local mailbox, run the scheduled tasks, add a job) exist only when no real mail
// provider is configured AND the request is addressed to this machine. A deployment that forgot its
// mail secrets still never shows its mail (confirmation tokens, contact messages) to the world.
import { createMiddleware } from "hono/factory";
import type { AppEnv, Env } from "../env";
import { notFound } from "../lib/errors";
import { realMailConfigured } from "../mail/sender";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function devToolsEnabled(env: Pick<Env, "RESEND_API_KEY">, url: string): boolean {
  return !realMailConfigured(env) && LOCAL_HOSTS.has(new URL(url).hostname);
}

export const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!devToolsEnabled(c.env, c.req.url)) throw notFound("Not found");
  return next();
});
