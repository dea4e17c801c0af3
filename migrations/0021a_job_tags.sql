-- Hand-written: the tag index of public search (issue 27; worker/jobs/search.ts, written by worker/jobs/store.ts).
-- One row per job and distinct tag, lower-cased as the tag filter compares them (SQLite's lower(), as the old
-- json_each test did), keyed by the job's seq (the rowid every jobs index carries), so a tag filter is an index
-- lookup instead of parsing every candidate's JSON. The jobs store writes these rows in the same batch as
-- every insert and delete of jobs (tags never change otherwise). job_tag_names holds every tag name ever
-- written (never removed: a name no job carries any more only matches nothing), so the substring test of the tag
-- filter reads the few hundred names, not every job's tags.
CREATE TABLE `job_tags` (
	`tag` text NOT NULL,
	`job` integer NOT NULL,
	PRIMARY KEY(`tag`, `job`)
);
--> statement-breakpoint
CREATE INDEX `job_tags_job_idx` ON `job_tags` (`job`);
--> statement-breakpoint
INSERT OR IGNORE INTO `job_tags` (`tag`, `job`) SELECT lower(t.value), j.seq FROM jobs j, json_each(j.tags) t;
--> statement-breakpoint
CREATE TABLE `job_tag_names` (
	`tag` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT OR IGNORE INTO `job_tag_names` (`tag`) SELECT DISTINCT `tag` FROM `job_tags`;
