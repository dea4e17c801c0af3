// Checkouts a posting no longer needs: when its job is deleted, its open sessions (pending or superseded)
// are made unpayable and their orders marked expired. A bank transfer already under way cannot be stopped
// here; if it settles, fulfilment finds the job gone and refunds it, and the customer is told.
import type { Env } from "../env";
import { logError } from "../lib/log";
import { markOrderUnpaidStatement, openJobOrders } from "../orders/store";
import type { PaymentProvider } from "../payments/types";

/** `provider` is asked for only when there is a session to expire (a deployment without payments still deletes jobs). */
export async function expireJobCheckouts(env: Pick<Env, "DB">, provider: () => PaymentProvider, jobId: string, now = Date.now()): Promise<void> {
  const open = await openJobOrders(env.DB, jobId, ["pending", "superseded"]);
  if (!open.length) return;
  const payments = provider();
  await Promise.all(
    open
      .filter((o) => o.checkout_session_id)
      .map((o) => payments.expireCheckoutSession(o.checkout_session_id!).catch((e: unknown) => logError("checkout.expire_deleted_failed", e, { sessionId: o.checkout_session_id }))),
  );
  await env.DB.batch(open.map((o) => markOrderUnpaidStatement(env.DB, o.id, "expired", now)));
}
