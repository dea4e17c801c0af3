// The signed-in user's post credits (GET /api/credits), refetched at most every 5 s.
import { useCallback } from "react";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "./auth";
import { api, call } from "./client";
import { useI18n } from "./i18n";
import type { Success } from "./client";
import { keys } from "./queryKeys";

export type CreditsResponse = Success<typeof api.credits.$get>;
/** One usable credit grant: what each of its credits posts, and how many are left. */
export type UsableCredit = CreditsResponse["grants"][number];

export const CREDITS_REFETCH_THROTTLE_MS = 5_000;

export function useCredits(signedIn: boolean) {
  const { t } = useI18n();
  const userId = useAuth().user?.id ?? null;
  const read = useQuery({
    queryKey: keys.creditsFor(userId),
    queryFn: ({ signal }) => call(api.credits.$get({}, { init: { signal, cache: "no-store" } })),
    enabled: signedIn && userId !== null,
    staleTime: CREDITS_REFETCH_THROTTLE_MS,
    // Every screen that shows credits asks once when it opens (showing the last answer meanwhile).
    refetchOnMount: "always",
    retry: false,
  });
  const { refetch, dataUpdatedAt, errorUpdatedAt, isFetching } = read;

  /** Asks again, unless a request is under way or the last answer is under 5 s old (`force` asks anyway). */
  const reload = useCallback(
    async (force = false) => {
      if (!signedIn) return;
      if (!force && (isFetching || Date.now() - Math.max(dataUpdatedAt, errorUpdatedAt) < CREDITS_REFETCH_THROTTLE_MS)) return;
      await refetch();
    },
    [signedIn, refetch, dataUpdatedAt, errorUpdatedAt, isFetching],
  );

  return { credits: signedIn ? (read.data ?? null) : null, error: signedIn && read.isError ? t("posting.credits.loadFailed") : "", reload };
}
