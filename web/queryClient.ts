// The web's one fetching layer: TanStack Query. Every screen reads through useQuery / useMutation with
// the typed client (web/client.ts); the cache keeps what a screen loaded, so Back to /jobs shows the same
// results at once (no refetch flash) and a refetch happens only when data is stale or a write invalidates it.
import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./client";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A visitor going back and forth sees what they saw; a minute later it refreshes in the background.
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // A 4xx is the answer (not found, signed out): don't retry it. Network trouble: once more.
      retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});
