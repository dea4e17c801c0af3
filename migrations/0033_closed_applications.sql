-- Hand-written (issue 26, an edge audit; decision 0213): an application whose job is gone for good (its owner deleted
-- the job, or their account) is closed: closed_at and closed_reason ('job_deleted' or 'account_deleted'), its CV
-- deleted from the bucket and cv_key emptied (worker/applications/store.ts). The partial index finds a closed
-- application whose CV is still to be deleted (a closing cut short), for the scheduled "purge-applications". The
-- applications already sent to such jobs are closed here; their CVs go at the task's next run (no e-mail: the
-- closings are old news).
ALTER TABLE `applications` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `applications` ADD `closed_reason` text;--> statement-breakpoint
CREATE INDEX `applications_closed_cv_idx` ON `applications` (`closed_at`) WHERE "applications"."closed_at" IS NOT NULL AND "applications"."cv_key" <> '';--> statement-breakpoint
UPDATE `applications` SET `closed_at` = CAST(strftime('%s', 'now') AS integer) * 1000, `closed_reason` = 'job_deleted'
WHERE `closed_at` IS NULL AND NOT EXISTS (SELECT 1 FROM `jobs` j WHERE j.`id` = `applications`.`job_id`);--> statement-breakpoint
UPDATE `applications` SET `closed_at` = CAST(strftime('%s', 'now') AS integer) * 1000, `closed_reason` = 'account_deleted'
WHERE `closed_at` IS NULL AND EXISTS (
  SELECT 1 FROM `jobs` j JOIN `accounts` a ON a.`id` = j.`user_id` WHERE j.`id` = `applications`.`job_id` AND a.`deleted_at` IS NOT NULL
);
