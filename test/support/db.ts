// Reading the test's D1 directly, and paying in the payment emulator: the helpers the worker tests all need.
import { env, exports } from "cloudflare:workers";

/** The first row of `sql` (asserted to exist). */
export const one = async <T>(sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<T>())!;

/** `SELECT count(*) AS n …`'s n. */
export const count = async (sql: string, ...params: unknown[]) => (await one<{ n: number }>(sql, ...params)).n;

/** Pays a checkout session in the local payment emulator, as its page's Pay button does. */
export const payInEmulator = (sessionId: string) => exports.default.fetch(`http://localhost/api/emulator/checkout/${sessionId}/pay`, { method: "POST", redirect: "manual" });
