-- Issue 22 (money at the edges): what each refund took back, as the operator chose it, and why.
-- `note` is the operator's reason as typed (refunds.reason stays the category sent to the provider);
-- `customer_note` is what the customer's refund e-mail quotes; `job_unpublished` and `credits_removed`
-- record what the refund took back besides the money. A grant counts the credits refunds removed from it.
ALTER TABLE `refunds` ADD `note` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `customer_note` text;--> statement-breakpoint
ALTER TABLE `refunds` ADD `job_unpublished` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `credits_removed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bundle_purchases` ADD `credits_revoked` integer DEFAULT 0 NOT NULL;
