// The success pages' one "verify the payment, retry" loop: /credit-purchase-success, /job-posting-success,
// /streamlined-job-success and /spotlight-subscription-success. The payment's webhook may land a moment
// after the redirect back, so a check that answers "still pending" is asked again, PENDING_RETRIES more
// times PENDING_DELAY_MS apart, and then the page shows what it shows for a payment still pending. The
// check runs through TanStack Query (web/queryClient.ts) and is kept only while the page is shown, so every
// visit checks again (the server's fulfilment is idempotent, keyed by the checkout session).
import { useQuery } from "@tanstack/react-query";
import type { QueryKey } from "@tanstack/react-query";

/** A pending payment is asked about again this many times… */
export const PENDING_RETRIES = 8;
/** …this long apart. */
export const PENDING_DELAY_MS = 1_500;

/** What a check answers when the payment is still pending and worth asking about again. */
export const STILL_PENDING: unique symbol = Symbol("still pending");

type Check<R> = (signal: AbortSignal) => Promise<R | typeof STILL_PENDING>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `check` until it answers something other than STILL_PENDING, or answers `stillPending` after the last retry. */
export async function verifyWithRetries<R>(check: Check<R>, stillPending: R, signal: AbortSignal, wait: (ms: number) => Promise<unknown> = sleep): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await check(signal);
    if (outcome !== STILL_PENDING) return outcome;
    if (attempt >= PENDING_RETRIES) return stillPending;
    await wait(PENDING_DELAY_MS);
    if (signal.aborted) throw new DOMException("aborted", "AbortError");
  }
}

/**
 * The page's verification: pending while it runs, then `data` (what the check answered) or `error` (what a
 * request threw: ApiRequestError with the server's message). Never retried on error: the page says so.
 */
export function usePaymentVerification<R>(key: QueryKey, check: Check<R>, options: { stillPending: R; enabled?: boolean }) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => verifyWithRetries(check, options.stillPending, signal),
    enabled: options.enabled ?? true,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
