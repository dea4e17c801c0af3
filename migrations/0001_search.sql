-- Hand-written: full-text search for public job search (ARCHITECTURE.md "Search").
-- The trigram tokenizer makes MATCH a case-insensitive substring test for terms of 3+ characters,
-- which is the spec's "every word must match one of title, company, description, location, tags or
-- category". External content: the text lives once, in jobs; triggers keep the index in step.
CREATE VIRTUAL TABLE `jobs_fts` USING fts5(
	title, company, description_text, location, tags_text, category,
	content='jobs', content_rowid='seq', tokenize='trigram'
);
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_ai` AFTER INSERT ON `jobs` BEGIN
	INSERT INTO jobs_fts(rowid, title, company, description_text, location, tags_text, category)
	VALUES (new.seq, new.title, new.company, new.description_text, new.location, new.tags_text, new.category);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_ad` AFTER DELETE ON `jobs` BEGIN
	INSERT INTO jobs_fts(jobs_fts, rowid, title, company, description_text, location, tags_text, category)
	VALUES ('delete', old.seq, old.title, old.company, old.description_text, old.location, old.tags_text, old.category);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_au` AFTER UPDATE OF title, company, description_text, location, tags_text, category ON `jobs` BEGIN
	INSERT INTO jobs_fts(jobs_fts, rowid, title, company, description_text, location, tags_text, category)
	VALUES ('delete', old.seq, old.title, old.company, old.description_text, old.location, old.tags_text, old.category);
	INSERT INTO jobs_fts(rowid, title, company, description_text, location, tags_text, category)
	VALUES (new.seq, new.title, new.company, new.description_text, new.location, new.tags_text, new.category);
END;
--> statement-breakpoint
-- Search totals are memoised per data version (worker/jobs/search.ts); any change to what search can
-- see bumps it. View and click counters live in job_stats and do not.
INSERT INTO `data_versions` (`name`, `version`) VALUES ('jobs', 0);
--> statement-breakpoint
CREATE TRIGGER `jobs_version_ai` AFTER INSERT ON `jobs` BEGIN
	UPDATE data_versions SET version = version + 1 WHERE name = 'jobs';
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_version_ad` AFTER DELETE ON `jobs` BEGIN
	UPDATE data_versions SET version = version + 1 WHERE name = 'jobs';
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_version_au` AFTER UPDATE ON `jobs` BEGIN
	UPDATE data_versions SET version = version + 1 WHERE name = 'jobs';
END;
