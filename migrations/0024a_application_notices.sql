-- Hand-written: the employer's choice of application notices (issue 26; decision 0604). accounts.application_notices
-- is 'each' (one e-mail per application, the default) or 'digest' (one e-mail a day). An application whose employer
-- chose the digest is stored with notice_due = 1 until the scheduled "application-digests" has put it in a digest
-- (worker/applications/digest.ts); the partial index keeps that read small.
ALTER TABLE `accounts` ADD `application_notices` text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `notice_due` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `applications_notice_due_idx` ON `applications` (`created_at`) WHERE "applications"."notice_due" = 1;
