-- Hand-written (issue 27; worker/jobs/pinned.ts).
-- The Pinned strip's index (0009_pinned.sql) also carries the folded location and text: sticky jobs are few,
-- and every first page with a keyword or a location tests them all, now from the index alone.
DROP INDEX IF EXISTS `jobs_sticky_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_sticky_idx` ON `jobs` ("created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`type_key`,`is_remote`,`published`,`deleted_at`,`enhancements`,`location_search`,`search_text`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null and instr("jobs"."enhancements", '"sticky"') > 0;
