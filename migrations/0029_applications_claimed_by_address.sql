-- Hand-written (issue 25, decision 0611): an address's applications made signed out belong to the account that has
-- proved the address. The partial index finds them when an account proves it; the update gives those already proved
-- to their account, as the verification does from now on.
CREATE INDEX `applications_unclaimed_email_idx` ON `applications` (`email_key`) WHERE "applications"."user_id" IS NULL;
UPDATE `applications` SET `user_id` = (
  SELECT a.`id` FROM `accounts` a WHERE a.`email` = `applications`.`email_key` AND a.`email_verified_at` IS NOT NULL AND a.`deleted_at` IS NULL
) WHERE `user_id` IS NULL AND EXISTS (
  SELECT 1 FROM `accounts` a WHERE a.`email` = `applications`.`email_key` AND a.`email_verified_at` IS NOT NULL AND a.`deleted_at` IS NULL
);
