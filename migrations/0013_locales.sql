-- Issue 13 (Arabic): the language a person's e-mails are written in. An account's is the language of the
-- request that signed it up; an alert's or "Notify me" subscription's that of the request that asked for it.
ALTER TABLE `accounts` ADD `locale` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `locale` text DEFAULT 'en' NOT NULL;
