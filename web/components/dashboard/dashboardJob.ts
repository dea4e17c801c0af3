// A job as its owner sees it on the dashboard (GET /api/dashboard/jobs, worker/dashboard/jobs.ts): the
// public fields plus status and analytics, typed from the route itself (web/client.ts).
import type { api, Success } from "../../client";

export type DashboardJob = Success<typeof api.dashboard.jobs.$get>["jobs"][number];
