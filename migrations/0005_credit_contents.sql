-- A credit carries the plan and enhancements it was sold with (worker/rules/pricing.ts creditBundleContents).
ALTER TABLE `bundle_purchases` ADD `plan` text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE `bundle_purchases` ADD `enhancements` text DEFAULT '[]' NOT NULL;
