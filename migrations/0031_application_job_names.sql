-- Hand-written (issue 26, an edge audit of the candidate side): an application keeps the title and company of the job
-- it was sent to, as a save does (saved_jobs), so that the candidate's /applications still names a job its owner has
-- since deleted for good (its card had no title and no company). The applications already made take them from their
-- jobs where the jobs still exist.
ALTER TABLE `applications` ADD `applied_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `applied_company` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `applications` SET
  `applied_title` = (SELECT j.`title` FROM `jobs` j WHERE j.`id` = `applications`.`job_id`),
  `applied_company` = (SELECT j.`company` FROM `jobs` j WHERE j.`id` = `applications`.`job_id`)
WHERE EXISTS (SELECT 1 FROM `jobs` j WHERE j.`id` = `applications`.`job_id`);
