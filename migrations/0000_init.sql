CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`name` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`is_spotlight_user` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_idx` ON `accounts` (`email`);--> statement-breakpoint
CREATE TABLE `alert_deliveries` (
	`subscription_id` text NOT NULL,
	`job_id` text NOT NULL,
	`sent_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`subscription_id`, `job_id`)
);
--> statement-breakpoint
CREATE TABLE `bundle_purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`bundle` text NOT NULL,
	`kind` text DEFAULT 'bundle' NOT NULL,
	`job_count` integer NOT NULL,
	`posts_remaining` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`amount_paid` integer DEFAULT 0 NOT NULL,
	`payment_intent_id` text,
	`order_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bundle_purchases_user_idx` ON `bundle_purchases` (`user_id`,`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bundle_purchases_order_idx` ON `bundle_purchases` (`order_id`,`kind`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`company` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`tagline` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`stage` text DEFAULT 'Not Specified' NOT NULL,
	`owner_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`ip` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `data_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `job_stats` (
	`job_id` text PRIMARY KEY NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`apply_clicks` integer DEFAULT 0 NOT NULL,
	`applies` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`title` text NOT NULL,
	`company` text NOT NULL,
	`company_id` text,
	`tagline` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`salary` text DEFAULT '' NOT NULL,
	`equity` text DEFAULT '' NOT NULL,
	`stage` text DEFAULT 'Not Specified' NOT NULL,
	`category` text DEFAULT '' NOT NULL,
	`type` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`description_text` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`tags_text` text DEFAULT '' NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`apply_url` text DEFAULT '' NOT NULL,
	`application_link` text DEFAULT '' NOT NULL,
	`application_email` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`published` integer DEFAULT 0 NOT NULL,
	`published_at` integer,
	`deleted_at` integer,
	`is_duplicate` integer DEFAULT 0 NOT NULL,
	`duplicate_of` text,
	`plan` text DEFAULT 'standard' NOT NULL,
	`enhancements` text DEFAULT '[]' NOT NULL,
	`selected_bundle` text,
	`bundle` text,
	`job_count` integer DEFAULT 1 NOT NULL,
	`submission_id` text,
	`user_id` text,
	`payment_status` text,
	`amount_paid` integer,
	`payment_intent_id` text,
	`credit_source` text,
	`bundle_id` text,
	`source_job_id` text,
	`source` text DEFAULT 'post' NOT NULL,
	`dedupe_key` text NOT NULL,
	`company_key` text NOT NULL,
	`type_key` text DEFAULT '' NOT NULL,
	`is_remote` integer DEFAULT 0 NOT NULL,
	`relevance_rank` integer DEFAULT 0 NOT NULL,
	`salary_high_key` integer DEFAULT -1 NOT NULL,
	`salary_low_key` integer DEFAULT 9007199254740991 NOT NULL,
	`newer_dup_until` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_id_idx` ON `jobs` (`id`);--> statement-breakpoint
CREATE INDEX `jobs_recent_idx` ON `jobs` ("created_at" desc,"id" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_relevance_idx` ON `jobs` ("relevance_rank" desc,"created_at" desc,"id" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_salary_high_idx` ON `jobs` ("salary_high_key" desc,"created_at" desc,"id" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_salary_low_idx` ON `jobs` (`salary_low_key`,"created_at" desc,"id" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_company_idx` ON `jobs` (`company_key`,"created_at" desc,"id" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_type_idx` ON `jobs` (`type_key`,"created_at" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_remote_idx` ON `jobs` (`is_remote`,"created_at" desc) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_expires_idx` ON `jobs` (`expires_at`) WHERE "jobs"."published" = 1 and "jobs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `jobs_dedupe_idx` ON `jobs` (`dedupe_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_company_id_idx` ON `jobs` (`company_id`,"created_at" desc);--> statement-breakpoint
CREATE INDEX `jobs_user_idx` ON `jobs` (`user_id`,"updated_at" desc);--> statement-breakpoint
CREATE INDEX `jobs_customer_email_idx` ON `jobs` (`customer_email`);--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_submission_idx` ON `jobs` (`submission_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`to` text NOT NULL,
	`from_name` text,
	`from_email` text,
	`reply_to` text,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_key_idx` ON `mail_outbox` (`key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`job_id` text,
	`items` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`checkout_session_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`fulfilled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_session_idx` ON `orders` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`checkout_session_id` text NOT NULL,
	`payment_intent_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_session_idx` ON `payments` (`checkout_session_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`family` text NOT NULL,
	`expires_at` integer NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `refresh_tokens_account_idx` ON `refresh_tokens` (`account_id`);--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_idx` ON `refresh_tokens` (`family`);--> statement-breakpoint
CREATE TABLE `spotlight_companies` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`tagline` text DEFAULT '' NOT NULL,
	`stage` text DEFAULT 'Not Specified' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`published` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `spotlight_companies_user_idx` ON `spotlight_companies` (`user_id`);--> statement-breakpoint
CREATE TABLE `spotlight_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`company` text NOT NULL,
	`title` text NOT NULL,
	`category` text DEFAULT 'Engineering' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`salary` text DEFAULT '' NOT NULL,
	`equity` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`website` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`user_id` text NOT NULL,
	`published` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'preview' NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `spotlight_jobs_company_idx` ON `spotlight_jobs` (`company_id`);--> statement-breakpoint
CREATE TABLE `spotlight_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`company_id` text,
	`status` text NOT NULL,
	`stripe_session_id` text,
	`stripe_customer_id` text,
	`current_period_start` integer,
	`current_period_end` integer,
	`cancel_at_period_end` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spotlight_subscriptions_user_idx` ON `spotlight_subscriptions` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`company_id` text,
	`filters` text,
	`token` text NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`last_sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_token_idx` ON `subscriptions` (`token`);--> statement-breakpoint
CREATE INDEX `subscriptions_company_idx` ON `subscriptions` (`kind`,`company_id`);