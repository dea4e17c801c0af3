-- Structured salaries (issue 26; worker/rules/salary.ts parseSalary, worker/jobs/derive.ts): the range, currency
-- and period read from the salary text, and the top of the range in whole US cents a year (worker/rules/rates.ts),
-- which the pay filter compares through its own index. salary_parsed is 1 once a row's text has been read
-- (derive sets it on every write); existing rows are read by the scheduled task's "parse-salaries" (and by the seed).
ALTER TABLE `jobs` ADD `salary_min` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_max` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_currency` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_period` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_top_usd` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_parsed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `jobs_salary_top_idx` ON `jobs` ("salary_top_usd","expires_at","newer_dup_until","type_key","is_remote","created_at") WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_salary_unparsed_idx` ON `jobs` ("seq") WHERE "jobs"."salary_parsed" = 0;
