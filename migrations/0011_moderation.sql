-- The local payment emulator's tables leave the production databases: the emulator creates them itself,
-- on a local host only, when it first needs them (worker/payments/emulatorTables.ts).
DROP TABLE IF EXISTS `emulator_sessions`;--> statement-breakpoint
DROP TABLE IF EXISTS `emulator_subscriptions`;--> statement-breakpoint
DROP TABLE IF EXISTS `emulator_refunds`;
--> statement-breakpoint
-- Optional moderation (MODERATION=on, worker/jobs/review.ts): a job's review state, null when not moderated.
ALTER TABLE `jobs` ADD `review` text;--> statement-breakpoint
CREATE INDEX `jobs_review_waiting_idx` ON `jobs` (`created_at`) WHERE `review` = 'waiting';
