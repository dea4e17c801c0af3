-- Hand-written (the money audit of refunds, decision 0223): a refund's take-back (the job off the board, the credits
-- removed) happens once the provider accepted the refund, and is given back when the provider fails or cancels it.
-- `applied_at` is when it was taken (NULL while the request is on its way, after a refused request, or once given
-- back); `job_was_published` is whether the job it took down was on the board then, so giving it back republishes
-- only a job that was live. Every refund recorded so far took back what it chose when it was written (the bug).
ALTER TABLE `refunds` ADD `applied_at` integer;--> statement-breakpoint
ALTER TABLE `refunds` ADD `job_was_published` integer;--> statement-breakpoint
UPDATE `refunds` SET `applied_at` = `created_at` WHERE `status` <> 'failed' OR `job_unpublished` = 1 OR `credits_removed` > 0;
