-- Applying on the board (issue 26; worker/applications/store.ts, the one writer of applications). jobs.applications
-- is the employer's choice "Receive applications on Startup Jobs". One application per job and address (email_key,
-- the address trimmed and lower-cased), so ten identical submits make one. The CV lives in the private R2 bucket
-- CVS under cv_key; access_hash is the SHA-256 of the token in the candidate's confirmation link (view, withdraw).
ALTER TABLE `jobs` ADD `applications` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `applications` (
	`id` text PRIMARY KEY NOT NULL,
	`job_id` text NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`links` text DEFAULT '[]' NOT NULL,
	`cv_key` text NOT NULL,
	`cv_name` text NOT NULL,
	`cv_type` text NOT NULL,
	`cv_size` integer NOT NULL,
	`status` text DEFAULT 'new' NOT NULL,
	`employer_notes` text DEFAULT '' NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`access_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `applications_job_email_idx` ON `applications` (`job_id`,`email_key`);--> statement-breakpoint
CREATE INDEX `applications_job_idx` ON `applications` (`job_id`,"created_at" desc);--> statement-breakpoint
CREATE INDEX `applications_user_idx` ON `applications` (`user_id`,"created_at" desc);
