// The signed-in candidate's applications (GET /api/applications), as one query: /applications lists them, and a job's
// page and /saved (ApplyOrApplied) read the same cache entry to offer the application instead of Apply.
import { queryOptions } from "@tanstack/react-query";
import type { CandidateApplication } from "@rules/applications";
import { api, call } from "./client";
import { keys } from "./queryKeys";

export const applicationsQuery = queryOptions({
  queryKey: keys.applications,
  queryFn: async () => (await call(api.applications.$get())).applications as CandidateApplication[],
});
