-- The operator console (/admin): disabled accounts, handled contact messages, webhook events with their
-- outcome and payload (for the events view and replay), and the append-only audit log of admin actions.
ALTER TABLE `accounts` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `handled_by` text;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `status` text DEFAULT 'processed' NOT NULL;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `error` text;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `processed_at` integer;--> statement-breakpoint
CREATE INDEX `stripe_events_status_idx` ON `stripe_events` (`status`,`received_at`);--> statement-breakpoint
CREATE TABLE `admin_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `admin_audit_created_idx` ON `admin_audit` (`created_at`);--> statement-breakpoint
-- Append-only: the database itself refuses to change or remove an audit row.
CREATE TRIGGER `admin_audit_no_update` BEFORE UPDATE ON `admin_audit` BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `admin_audit_no_delete` BEFORE DELETE ON `admin_audit` BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END;
