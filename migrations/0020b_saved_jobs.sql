-- Saved jobs (issue 26; worker/saved/store.ts, the one writer): a candidate's shortlist, one row per (user, job),
-- so ten simultaneous saves make one row. The job's title and company are kept so a removed job still shows in
-- /saved, and its fingerprint (worker/rules/saved.ts) when saved, so /saved can say the job changed since.
CREATE TABLE `saved_jobs` (
	`user_id` text NOT NULL,
	`job_id` text NOT NULL,
	`saved_at` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`company` text DEFAULT '' NOT NULL,
	`fingerprint` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`user_id`, `job_id`)
);--> statement-breakpoint
CREATE INDEX `saved_jobs_user_idx` ON `saved_jobs` (`user_id`,"saved_at" desc);
