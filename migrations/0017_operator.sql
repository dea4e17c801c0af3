-- The operator's word (issue 23, items 7, 9, 12): an operator's takedown is a state of its own on the job,
-- "Removed by the board", with its reason; only an operator lifts it (worker/jobs/takedown.ts). And the
-- indexes the console's paginated lists (worker/admin/store.ts) read through.
ALTER TABLE `jobs` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `removed_reason` text;--> statement-breakpoint
-- 'operator' (an unpublish or delete in the console) or 'account' (taken down with a disabled account).
ALTER TABLE `jobs` ADD `removed_by` text;--> statement-breakpoint
-- Whether the job was live when it was taken down: a restore puts back what the owner had chosen.
ALTER TABLE `jobs` ADD `removed_was_published` integer;--> statement-breakpoint
-- Jobs an operator took down before this migration (their last console action was unpublish or delete)
-- become "Removed by the board" with the reason the audit log kept.
UPDATE `jobs` SET
  `removed_at` = (SELECT a.created_at FROM admin_audit a WHERE a.target_type = 'job' AND a.target_id = jobs.id AND a.action IN ('job.unpublish', 'job.delete', 'job.restore') ORDER BY a.created_at DESC LIMIT 1),
  `removed_reason` = (SELECT a.reason FROM admin_audit a WHERE a.target_type = 'job' AND a.target_id = jobs.id AND a.action IN ('job.unpublish', 'job.delete', 'job.restore') ORDER BY a.created_at DESC LIMIT 1),
  `removed_by` = 'operator',
  `removed_was_published` = 1
WHERE (`published` = 0 OR `deleted_at` IS NOT NULL)
  AND (SELECT a.action FROM admin_audit a WHERE a.target_type = 'job' AND a.target_id = jobs.id AND a.action IN ('job.unpublish', 'job.delete', 'job.restore') ORDER BY a.created_at DESC LIMIT 1) IN ('job.unpublish', 'job.delete');--> statement-breakpoint
CREATE INDEX `jobs_removed_account_idx` ON `jobs` (`user_id`) WHERE `removed_by` = 'account';--> statement-breakpoint
-- The console's lists: every row newest or oldest first, a page after a cursor (created_at, id).
CREATE INDEX `jobs_console_idx` ON `jobs` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `orders_console_idx` ON `orders` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `orders_status_console_idx` ON `orders` (`status`, `created_at`);--> statement-breakpoint
CREATE INDEX `orders_customer_email_idx` ON `orders` (`customer_email`);--> statement-breakpoint
CREATE INDEX `orders_job_idx` ON `orders` (`job_id`);--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`);--> statement-breakpoint
CREATE INDEX `payments_intent_idx` ON `payments` (`payment_intent_id`);--> statement-breakpoint
-- The overview: revenue and posts per day over a range.
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_published_at_idx` ON `jobs` (`published_at`);--> statement-breakpoint
CREATE INDEX `refunds_created_idx` ON `refunds` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `accounts_console_idx` ON `accounts` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `mail_outbox_console_idx` ON `mail_outbox` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `contact_messages_console_idx` ON `contact_messages` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `stripe_events_console_idx` ON `stripe_events` (`received_at`, `id`);--> statement-breakpoint
CREATE INDEX `admin_audit_console_idx` ON `admin_audit` (`created_at`, `id`);--> statement-breakpoint
CREATE INDEX `admin_audit_actor_idx` ON `admin_audit` (`actor`, `created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_target_idx` ON `admin_audit` (`target_id`, `created_at`);
