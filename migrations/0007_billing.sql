-- Billing (issue 10, items 6, 14, 15): the hosted receipt of each payment (Stripe's charge receipt_url),
-- and when a Spotlight subscription ended, so /spotlight/live can say so.
ALTER TABLE `payments` ADD `receipt_url` text;--> statement-breakpoint
ALTER TABLE `spotlight_subscriptions` ADD `ended_at` integer;
