-- Hand-written: the pay filter's column in the search indexes (worker/jobs/search.ts, worker/jobs/payFilter.ts).
-- Every sort index and jobs_search_keys_idx also carry salary_top_usd, so a walk of a sort's index and filter-first's
-- read of a candidate's keys test a pay minimum without reading the row. Rebuilt exactly as in 0021b, plus that column.
-- jobs_salary_top_idx (0020a) also carries published and deleted_at, so the pay filter's candidate set (the live jobs
-- paying at least the minimum, worker/jobs/payFilter.ts payCandidatesSql) is read from the index alone.
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_recent_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_recent_idx` ON `jobs` ("created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_relevance_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_relevance_idx` ON `jobs` ("relevance_rank" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_salary_high_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_salary_high_idx` ON `jobs` ("salary_high_key" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_salary_low_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_salary_low_idx` ON `jobs` (`salary_low_key`,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_company_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_company_idx` ON `jobs` (`company_key`,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_company_desc_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_company_desc_idx` ON `jobs` ("company_key" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_search_keys_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_search_keys_idx` ON `jobs` (`seq`,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`created_at`,`id`,`relevance_rank`,`salary_high_key`,`salary_low_key`,`company_key`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_salary_top_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_salary_top_idx` ON `jobs` ("salary_top_usd","expires_at","newer_dup_until","type_key","is_remote","created_at","published","deleted_at") WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
