-- Issue 23 (identity): an account proves its address, can reset a forgotten password, and every session of
-- an account ends together (token_version: a password change, a reset, "Sign out everywhere", a disable or a
-- deletion adds one, and an access token carrying an older version is refused). Existing accounts start
-- unverified: nothing proved their address before, and admin rights now need a proved one.
ALTER TABLE `accounts` ADD `email_verified_at` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `token_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `deleted_at` integer;--> statement-breakpoint
CREATE TABLE `account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `account_tokens_account_idx` ON `account_tokens` (`account_id`,`purpose`);
