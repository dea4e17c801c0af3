// "Delete my account" (issue 23; what is kept and why: docs/decisions/0301-account-deletion.md). After the
// password is checked: a Spotlight subscription stops renewing (it runs to the end of its paid period) and the
// Spotlight company's object forgets the owner's address, then one batch unpublishes the account's jobs, erases its
// personal data (the account row keeps only its id, so orders and refunds keep an anonymised customer), its alerts,
// saved jobs, applications (with their CVs) and the e-mails sent to it, ends every session and closes the applications
// sent to its jobs (their CVs deleted, their candidates told: decision 0213); then its open checkouts expire.
import { finishClosings } from "../applications/closing";
import { closeOwnerApplicationsStatement, deleteApplicationsOf } from "../applications/store";
import { withdrawalNotice } from "../applications/withdrawal";
import { expireAccountCheckouts } from "../checkout/expire";
import { checkPassword } from "../auth/identity";
import { deletePasskeysStatement } from "../auth/passkeyStore";
import { deletedAccountEmail, eraseAccountStatements } from "../auth/store";
import { eraseSubscriptionsStatements } from "../alerts/store";
import type { Env } from "../env";
import { log } from "../lib/log";
import { unpublishOwnerJobsStatements } from "../jobs/store";
import { eraseMailToStatements } from "../mail/store";
import { anonymiseOrdersStatement } from "../orders/store";
import { paymentProvider } from "../payments/provider";
import { deleteSavedJobsStatement } from "../saved/store";
import { subscriptionAndCompany } from "../spotlight/store";
import { syncSubscription } from "../spotlight/subscription";

type Spotlight = Awaited<ReturnType<typeof subscriptionAndCompany>>;

/** Stops a running Spotlight subscription at the end of its period (already cancelling or ended: nothing to do). */
async function cancelSpotlightAtPeriodEnd(env: Env, userId: string, subscription: Spotlight["subscription"], requestUrl: string): Promise<void> {
  if (!subscription || !["active", "past_due", "incomplete"].includes(subscription.status) || subscription.cancel_at_period_end === 1) return;
  const info = await paymentProvider(env, requestUrl).cancelSubscription(subscription.id, "period_end");
  await syncSubscription(env, info, { userId });
}

/**
 * The Spotlight company's object keeps the owner's address (the fallback apply address of its jobs): it swaps it for
 * the anonymised one and rebuilds the company's D1 rows itself, the only writer of both. Before the D1 batch, as the
 * cancellation: if anything fails the account still exists, and the owner's retry finds the object already done.
 */
async function forgetSpotlightOwner(env: Env, account: { id: string; email: string }, company: Spotlight["company"]): Promise<void> {
  if (!company) return;
  if (!(await env.SPOTLIGHT.getByName(company.id).forgetOwner(account.id, account.email, deletedAccountEmail(account.id)))) {
    log("error", "account.delete.spotlight_other_owner", { companyId: company.id });
  }
}

export async function deleteAccount(env: Env, userId: string, password: string, requestUrl: string, now = Date.now()): Promise<void> {
  const account = await checkPassword(env, userId, password);
  const { subscription, company } = await subscriptionAndCompany(env.DB, userId);
  await cancelSpotlightAtPeriodEnd(env, userId, subscription, requestUrl);
  await forgetSpotlightOwner(env, account, company);
  // The candidate's applications and their CVs (private R2) go first: a CV is never left behind a deleted account.
  // Each is withdrawn as its candidate would withdraw it: the employer told of each application is told of this.
  await deleteApplicationsOf(
    env.DB,
    userId,
    (keys) => env.CVS.delete(keys),
    (application) => withdrawalNotice(env, application),
    now,
  );
  await env.DB.batch([
    // The jobs keep no address they were bought with: the account's anonymised one instead.
    ...unpublishOwnerJobsStatements(env.DB, userId, deletedAccountEmail(userId), now),
    anonymiseOrdersStatement(env.DB, userId, now),
    ...eraseSubscriptionsStatements(env.DB, account.email),
    ...eraseMailToStatements(env.DB, account.email),
    ...eraseAccountStatements(env.DB, userId, now),
    deletePasskeysStatement(env.DB, userId),
    deleteSavedJobsStatement(env.DB, userId),
    // The applications sent to its jobs close (decision 0213): no one can read them any more.
    closeOwnerApplicationsStatement(env.DB, userId, now),
  ]);
  // Their CVs go, and their candidates are told, once each.
  await finishClosings(env, { ownerId: userId }, now);
  // A checkout left open in another tab can no longer be paid (fulfilment refunds one paid all the same).
  await expireAccountCheckouts(env, () => paymentProvider(env, requestUrl), userId, now);
}
