// SQL literals for the CLI's seed files (`wrangler d1 execute --file`); job rows are rendered by the
// jobs store (worker/jobs/store.ts insertJobsScript), the one writer of `jobs`.
export { sqlLiteral } from "../jobs/store";
