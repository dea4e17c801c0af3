CREATE TABLE `credit_uses` (
	`id` text PRIMARY KEY NOT NULL,
	`grant_id` text NOT NULL,
	`job_id` text NOT NULL,
	`user_id` text NOT NULL,
	`reason` text DEFAULT 'post' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_uses_job_idx` ON `credit_uses` (`job_id`,`reason`,`created_at`);--> statement-breakpoint
CREATE INDEX `credit_uses_grant_idx` ON `credit_uses` (`grant_id`);--> statement-breakpoint
CREATE TABLE `emulator_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`params` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`subscription_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilment_token` text;