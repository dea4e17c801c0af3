// The signed-in user's post credits (GET /api/credits), refetched at most every 5 s.
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchCredits } from "./api";
import type { CreditsResponse } from "./api";

export const CREDITS_REFETCH_THROTTLE_MS = 5_000;
const LOAD_FAILED = "Failed to load bundle information. Please try again.";

export function useCredits(signedIn: boolean) {
  const [credits, setCredits] = useState<CreditsResponse | null>(null);
  const [error, setError] = useState("");
  const lastFetch = useRef(0);

  const load = useCallback(
    async (force = false) => {
      if (!signedIn) return;
      if (!force && Date.now() - lastFetch.current < CREDITS_REFETCH_THROTTLE_MS) return;
      lastFetch.current = Date.now();
      try {
        setCredits(await fetchCredits());
        setError("");
      } catch {
        setError(LOAD_FAILED);
      }
    },
    [signedIn],
  );

  useEffect(() => {
    if (!signedIn) {
      setCredits(null);
      setError("");
      lastFetch.current = 0;
      return;
    }
    void load(true);
  }, [signedIn, load]);

  return { credits, error, reload: load };
}
