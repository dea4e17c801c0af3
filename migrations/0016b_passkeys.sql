-- Issue 23 (passkeys): WebAuthn credentials beside passwords, and the single-use challenges of their ceremonies.
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);--> statement-breakpoint
CREATE INDEX `passkeys_account_idx` ON `passkeys` (`account_id`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`account_id` text,
	`expires_at` integer NOT NULL
);
