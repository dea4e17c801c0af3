-- Hand-written: the sort keys of issue 25 and issue 26 (worker/jobs/derive.ts, worker/jobs/search.ts).
-- Company A–Z / Z–A sort by a key per language whose byte order is Intl.Collator's order for that language
-- (worker/rules/collation.ts): company_sort_en, company_sort_ar, each with an ascending and a descending index
-- carrying the search columns as 0022 did (the English pair keeps the old names). jobs_search_keys_idx carries
-- both keys instead of company_key. Salary High to Low / Low to High now sort by the top / the bottom of the
-- structured range in US cents a year (docs/decisions/0702).
-- Rows already stored: the keys are computed in JavaScript, so every row is marked unread (salary_parsed = 0) and
-- re-read by the seed and by the scheduled "parse-salaries" (500 a run). Until a row is re-read it keeps interim
-- keys set here: its company lower-cased (the old order) and its salary keys from the converted top already stored
-- (the bottom scaled from it), so both sorts stay well-defined and cursors keep working meanwhile.
ALTER TABLE `jobs` ADD `company_sort_en` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `company_sort_ar` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `jobs` SET
  `company_sort_en` = `company_key`,
  `company_sort_ar` = `company_key`,
  `salary_high_key` = coalesce(`salary_top_usd`, -1),
  `salary_low_key` = CASE WHEN `salary_top_usd` IS NULL OR `salary_min` IS NULL THEN 9007199254740991
    ELSE CAST(round(`salary_top_usd` * 1.0 * `salary_min` / coalesce(`salary_max`, `salary_min`)) AS integer) END,
  `salary_parsed` = 0;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_company_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_company_idx` ON `jobs` (`company_sort_en`,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_company_desc_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_company_desc_idx` ON `jobs` ("company_sort_en" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX `jobs_company_ar_idx` ON `jobs` (`company_sort_ar`,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX `jobs_company_ar_desc_idx` ON `jobs` ("company_sort_ar" desc,"created_at" desc,"id" desc,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX IF EXISTS `jobs_search_keys_idx`;
--> statement-breakpoint
CREATE INDEX `jobs_search_keys_idx` ON `jobs` (`seq`,`expires_at`,`newer_dup_until`,`published`,`deleted_at`,`type_key`,`is_remote`,`created_at`,`id`,`relevance_rank`,`salary_high_key`,`salary_low_key`,`company_sort_en`,`company_sort_ar`,`location_search`,`salary_top_usd`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;
