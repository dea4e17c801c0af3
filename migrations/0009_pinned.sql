-- Sticky jobs for the "Pinned" strip (worker/jobs/pinned.ts): the live sticky jobs, newest first, carrying
-- every column the visibility test and the cheap filters read, so the ring is counted from this index alone.
CREATE INDEX `jobs_sticky_idx` ON `jobs` ("created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`type_key`,`is_remote`,`published`,`deleted_at`,`enhancements`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null and instr("jobs"."enhancements", '"sticky"') > 0;
