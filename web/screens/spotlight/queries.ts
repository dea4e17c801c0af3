// Spotlight's reads, as TanStack Query options shared by the screens that show them (web/queryClient.ts):
// the account's Spotlight status, a company's live state (kept current by the socket, useSpotlightSocket.ts,
// through the same cache entry) and its analytics. All are the owner's own data (freshEachVisit, web/keys.ts).
import { queryOptions } from "@tanstack/react-query";
import { api, call } from "../../client";
import { keys, freshEachVisit } from "../../queryKeys";

const company = api.spotlight.companies[":companyId"];

export const spotlightMeQuery = queryOptions({
  queryKey: keys.spotlight.me,
  queryFn: ({ signal }) => call(api.spotlight.me.$get(undefined, { init: { signal } })),
  ...freshEachVisit,
});

/** A company's live state; a read that answers after a newer socket message keeps the newer state. */
export const companyStateQuery = (companyId: string) =>
  queryOptions({
    queryKey: keys.spotlight.company(companyId),
    queryFn: async ({ signal, client, queryKey }) => {
      const { state } = await call(company.$get({ param: { companyId } }, { init: { signal } }));
      const shown = client.getQueryData<typeof state>(queryKey);
      return shown && shown.version > state.version ? shown : state;
    },
    ...freshEachVisit,
  });

/** Advanced Analytics: page views and each job's last 30 days (owner only); `version` reads them again after a change. */
export const companyAnalyticsQuery = (companyId: string, version = 0) =>
  queryOptions({
    queryKey: keys.spotlight.analytics(companyId, version),
    queryFn: ({ signal }) => call(company.analytics.$get({ param: { companyId } }, { init: { signal } })),
    ...freshEachVisit,
  });

/** The company's realtime socket (ws: or wss: like the page). */
export function socketUrl(companyId: string): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}${company.socket.$path({ param: { companyId } })}`;
}
