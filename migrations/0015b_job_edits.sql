-- Issue 22 item 15: every edit of a paid job is kept (what it was and what it became), for the operator.
CREATE TABLE `job_edits` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`user_id` text NOT NULL,
	`before` text NOT NULL,
	`after` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_edits_job_idx` ON `job_edits` (`job_id`,`created_at`);
