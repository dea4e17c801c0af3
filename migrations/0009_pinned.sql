-- Sticky jobs for the "Pinned" strip (worker/jobs/pinned.ts): the live sticky jobs, newest first, so
-- choosing the pinned ones walks only sticky rows.
CREATE INDEX `jobs_sticky_idx` ON `jobs` ("created_at" desc,"id" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null and instr("jobs"."enhancements", '"sticky"') > 0;
