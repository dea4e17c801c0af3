-- Analytics by day (worker/analytics/count.ts), beside the totals in job_stats. A visitor counts once per
-- subject per day: analytics_visitors holds the hashed visitor keys (address and browser, never raw) until
-- they expire, and every counter of a batch is conditioned on that batch having claimed its key.
CREATE TABLE `job_stats_daily` (
	`job_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`apply_clicks` integer DEFAULT 0 NOT NULL,
	`applies` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`job_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `company_stats_daily` (
	`company_id` text NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`company_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `analytics_visitors` (
	`key` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_visitors_expires_idx` ON `analytics_visitors` (`expires_at`);
