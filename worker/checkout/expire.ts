// Checkouts nobody needs any more: when a job is deleted, its open sessions (pending or superseded), and when an
// account is deleted, every open session of the account, are made unpayable and their orders marked expired. A bank
// transfer already under way cannot be stopped here; if it settles, fulfilment finds the job or the account gone and
// refunds it.
import type { Env } from "../env";
import { logError } from "../lib/log";
import { markOrderUnpaidStatement, openAccountOrders, openJobOrders } from "../orders/store";
import type { PaymentProvider } from "../payments/types";

async function expireOrders(env: Pick<Env, "DB">, provider: () => PaymentProvider, open: readonly { id: string; checkout_session_id: string | null }[], now: number): Promise<void> {
  if (!open.length) return;
  const payments = provider();
  await Promise.all(
    open
      .filter((o) => o.checkout_session_id)
      .map((o) => payments.expireCheckoutSession(o.checkout_session_id!).catch((e: unknown) => logError("checkout.expire_deleted_failed", e, { sessionId: o.checkout_session_id }))),
  );
  await env.DB.batch(open.map((o) => markOrderUnpaidStatement(env.DB, o.id, "expired", now)));
}

/** `provider` is asked for only when there is a session to expire (a deployment without payments still deletes jobs). */
export async function expireJobCheckouts(env: Pick<Env, "DB">, provider: () => PaymentProvider, jobId: string, now = Date.now()): Promise<void> {
  await expireOrders(env, provider, await openJobOrders(env.DB, jobId, ["pending", "superseded"]), now);
}

/** Every open checkout of a deleted account (jobs, credits, Spotlight). */
export async function expireAccountCheckouts(env: Pick<Env, "DB">, provider: () => PaymentProvider, userId: string, now = Date.now()): Promise<void> {
  await expireOrders(env, provider, await openAccountOrders(env.DB, userId), now);
}
