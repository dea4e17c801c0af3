-- Hand-written (an edge audit of subscriptions; decision 0240): one open subscription per address and target. Ten
-- "Notify me" or alert requests sent at once each found no row and each inserted one, so the address got five
-- confirmation e-mails and, once it confirmed, five digests a day (or five mails per new job). Rows already doubled
-- keep the one to keep (confirmed first, then the newest) and the others are closed as unsubscribed, so their links
-- still answer; then the partial unique indexes make a second open row impossible (worker/alerts/store.ts).
UPDATE `subscriptions` SET `unsubscribed_at` = CAST(strftime('%s', 'now') AS integer) * 1000
WHERE `unsubscribed_at` IS NULL AND EXISTS (
  SELECT 1 FROM `subscriptions` k
  WHERE k.`unsubscribed_at` IS NULL AND k.`id` <> `subscriptions`.`id` AND k.`kind` = `subscriptions`.`kind` AND k.`email` = `subscriptions`.`email`
    AND coalesce(k.`filters`, '') = coalesce(`subscriptions`.`filters`, '') AND coalesce(k.`company_id`, '') = coalesce(`subscriptions`.`company_id`, '')
    AND (k.`confirmed_at` IS NOT NULL, k.`created_at`, k.`id`) > (`subscriptions`.`confirmed_at` IS NOT NULL, `subscriptions`.`created_at`, `subscriptions`.`id`)
);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_open_alert_idx` ON `subscriptions` (`email`,`filters`) WHERE "subscriptions"."kind" = 'alert' AND "subscriptions"."unsubscribed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_open_company_idx` ON `subscriptions` (`company_id`,`email`) WHERE "subscriptions"."kind" = 'company' AND "subscriptions"."unsubscribed_at" IS NULL;
