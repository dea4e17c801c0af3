-- Hand-written: the search indexes (issue 27; worker/jobs/search.ts).
-- Each sort's index also carries what the visibility test and the cheap filters read (expiry, the newer
-- duplicate, published, deleted, type, remote, the folded location), so walking a sort's index tests those
-- without reading the row; only rows that pass them are read, for the keyword test and the page.
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_recent_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_recent_idx` ON `jobs` ("created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_relevance_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_relevance_idx` ON `jobs` ("relevance_rank" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_salary_high_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_salary_high_idx` ON `jobs` ("salary_high_key" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_salary_low_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_salary_low_idx` ON `jobs` (`salary_low_key`,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_company_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_company_idx` ON `jobs` (`company_key`,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_company_desc_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_company_desc_idx` ON `jobs` ("company_key" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
-- Search's filter-first plan reads each candidate's visibility, cheap filters and sort keys from this index
-- alone (a seek by seq into a narrow index rather than into the wide row), then reads one page of rows.
CREATE INDEX `jobs_search_keys_idx` ON `jobs` (`seq`,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`created_at`,`id`,`relevance_rank`,`salary_high_key`,`salary_low_key`,`company_key`,`location_search`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
