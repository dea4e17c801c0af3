-- Hand-written (issue 27; worker/jobs/pinned.ts, docs/decisions/0704).
-- The Pinned strip's index (0021c_pinned_search_text.sql) also carries the pay filter's salary_top_usd and
-- search_head (where a word typed in Arabic looks for its equivalents), so the strip tests every filter from the
-- index alone: a first page with a pay minimum or an Arabic keyword read every sticky job's row (about 2,000 at
-- 100,000 jobs) to test them.
DROP INDEX IF EXISTS `jobs_sticky_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_sticky_idx` ON `jobs` ("created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`type_key`,`is_remote`,`published`,`deleted_at`,`enhancements`,`location_search`,`search_text`,`search_head`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null and instr("jobs"."enhancements", '"sticky"') > 0;
