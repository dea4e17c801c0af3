-- Hand-written (issue 25, docs/decisions/0703): a full-text index of search_head (the folded searched fields
-- without the description), so the Relevance sort can list the jobs whose head holds every query word before
-- the jobs that match only in their description, and find those head matches by index when they are few
-- (worker/jobs/search.ts). Same approach as jobs_fts (0012_arabic_search.sql): external content, trigram
-- tokenizer, triggers; the seed's bulk path drops the insert trigger and rebuilds (worker/cli/seed.ts).
CREATE VIRTUAL TABLE `jobs_head_fts` USING fts5(
	search_head,
	content='jobs', content_rowid='seq', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO jobs_head_fts(jobs_head_fts) VALUES('rebuild');
--> statement-breakpoint
CREATE TRIGGER `jobs_head_fts_ai` AFTER INSERT ON `jobs` BEGIN
	INSERT INTO jobs_head_fts(rowid, search_head) VALUES (new.seq, new.search_head);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_head_fts_ad` AFTER DELETE ON `jobs` BEGIN
	INSERT INTO jobs_head_fts(jobs_head_fts, rowid, search_head) VALUES ('delete', old.seq, old.search_head);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_head_fts_au` AFTER UPDATE OF search_head ON `jobs` BEGIN
	INSERT INTO jobs_head_fts(jobs_head_fts, rowid, search_head) VALUES ('delete', old.seq, old.search_head);
	INSERT INTO jobs_head_fts(rowid, search_head) VALUES (new.seq, new.search_head);
END;
