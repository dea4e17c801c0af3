// Which payment provider answers: the real Stripe when STRIPE_SECRET_KEY is set; otherwise the
// built-in emulator, but only on a local host, so a deployment without keys can never take free
// "payments" or accept events signed with the emulator's well-known secret.
import type { Env } from "../env";
import { unavailable } from "../lib/errors";
import { EmulatorProvider } from "./emulator";
import { StripeProvider } from "./stripe";
import type { PaymentProvider } from "./types";

export const EMULATOR_WEBHOOK_SECRET = "whsec_local_payment_emulator";

export function isLocalHost(requestUrl: string): boolean {
  const host = new URL(requestUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
}

/** Tests may hand in a fetch for Stripe's API (there is no network in tests). */
let stripeFetch: typeof fetch | undefined;
export function setStripeFetchForTests(f: typeof fetch | undefined): void {
  stripeFetch = f;
}

export function paymentProvider(env: Env, requestUrl: string): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) return new StripeProvider(env.STRIPE_SECRET_KEY, stripeFetch);
  if (isLocalHost(requestUrl)) return new EmulatorProvider(env.DB, new URL(requestUrl).origin);
  throw unavailable("Payments are not configured on this server. Please try again later.");
}

export function webhookSecret(env: Env, requestUrl: string): string {
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET) throw unavailable("The Stripe webhook secret is not configured.");
    return env.STRIPE_WEBHOOK_SECRET;
  }
  // An empty secret is unset (.dev.vars declares it empty: worker/cli/devVars.mjs).
  if (isLocalHost(requestUrl)) return env.STRIPE_WEBHOOK_SECRET || EMULATOR_WEBHOOK_SECRET;
  throw unavailable("Payments are not configured on this server.");
}
