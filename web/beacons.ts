// Fire-and-forget counts for analytics (the worker's analytics/count.ts has the counting rule): a job's
// view (its detail page, or its card expanded in a list), an Apply click, a company page view. Sent with
// keepalive so they survive the page being left; a failure is ignored and never blocks the visitor.
import { api } from "./client";

const keepalive = { init: { keepalive: true } };

/** A view of a job: its detail page (GET /api/jobs/:id is a pure read) or its card expanded in a list. */
export function recordJobView(id: string): void {
  api.jobs[":id"].view.$post({ param: { id } }, keepalive).catch(() => {});
}

/** An Apply click. */
export function recordApplyClick(id: string): void {
  api.jobs[":id"]["apply-click"].$post({ param: { id } }, keepalive).catch(() => {});
}

/** A company page view. */
export function recordCompanyView(id: string): void {
  api.companies[":id"].view.$post({ param: { id } }, keepalive).catch(() => {});
}
