-- Hand-written: Arabic search (issue 13; worker/jobs/search.ts, worker/rules/arabic.ts).
-- Search compares folded text: tashkeel and tatweel removed, alef forms, ta marbuta, alef maqsura and
-- Arabic digits unified, ASCII letters lower-cased. The folded text lives in two derived columns that
-- worker/jobs/store.ts sets on every write: search_text (title, company, description_text, location,
-- tags_text and category, one per line, so no word spans two fields) and location_search.
ALTER TABLE `jobs` ADD `search_text` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `jobs` ADD `location_search` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The full-text index moves to the folded columns (same approach as 0001_search.sql: external content,
-- trigram tokenizer, triggers). tags_text stays indexed for the tag filter's candidates.
DROP TRIGGER IF EXISTS `jobs_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `jobs_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `jobs_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `jobs_fts`;
--> statement-breakpoint
-- Rows written before this migration: the same folding as foldForSearch, in SQL (foldSql() in
-- worker/rules/arabic.ts wrote these expressions; test/worker/arabic-search.test.ts checks they agree).
UPDATE `jobs` SET
	search_text = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(title || char(10) || company || char(10) || description_text || char(10) || location || char(10) || tags_text || char(10) || category), char(1611), ''), char(1612), ''), char(1613), ''), char(1614), ''), char(1615), ''), char(1616), ''), char(1617), ''), char(1618), ''), char(1619), ''), char(1620), ''), char(1621), ''), char(1622), ''), char(1623), ''), char(1624), ''), char(1625), ''), char(1626), ''), char(1627), ''), char(1628), ''), char(1629), ''), char(1630), ''), char(1631), ''), char(1648), ''), char(1600), ''), char(1571), char(1575)), char(1573), char(1575)), char(1570), char(1575)), char(1649), char(1575)), char(1577), char(1607)), char(1609), char(1610)), char(1632), char(48)), char(1633), char(49)), char(1634), char(50)), char(1635), char(51)), char(1636), char(52)), char(1637), char(53)), char(1638), char(54)), char(1639), char(55)), char(1640), char(56)), char(1641), char(57)), char(1776), char(48)), char(1777), char(49)), char(1778), char(50)), char(1779), char(51)), char(1780), char(52)), char(1781), char(53)), char(1782), char(54)), char(1783), char(55)), char(1784), char(56)), char(1785), char(57)),
	location_search = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(location), char(1611), ''), char(1612), ''), char(1613), ''), char(1614), ''), char(1615), ''), char(1616), ''), char(1617), ''), char(1618), ''), char(1619), ''), char(1620), ''), char(1621), ''), char(1622), ''), char(1623), ''), char(1624), ''), char(1625), ''), char(1626), ''), char(1627), ''), char(1628), ''), char(1629), ''), char(1630), ''), char(1631), ''), char(1648), ''), char(1600), ''), char(1571), char(1575)), char(1573), char(1575)), char(1570), char(1575)), char(1649), char(1575)), char(1577), char(1607)), char(1609), char(1610)), char(1632), char(48)), char(1633), char(49)), char(1634), char(50)), char(1635), char(51)), char(1636), char(52)), char(1637), char(53)), char(1638), char(54)), char(1639), char(55)), char(1640), char(56)), char(1641), char(57)), char(1776), char(48)), char(1777), char(49)), char(1778), char(50)), char(1779), char(51)), char(1780), char(52)), char(1781), char(53)), char(1782), char(54)), char(1783), char(55)), char(1784), char(56)), char(1785), char(57));
--> statement-breakpoint
CREATE VIRTUAL TABLE `jobs_fts` USING fts5(
	search_text, location_search, tags_text,
	content='jobs', content_rowid='seq', tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO jobs_fts(jobs_fts) VALUES('rebuild');
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_ai` AFTER INSERT ON `jobs` BEGIN
	INSERT INTO jobs_fts(rowid, search_text, location_search, tags_text)
	VALUES (new.seq, new.search_text, new.location_search, new.tags_text);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_ad` AFTER DELETE ON `jobs` BEGIN
	INSERT INTO jobs_fts(jobs_fts, rowid, search_text, location_search, tags_text)
	VALUES ('delete', old.seq, old.search_text, old.location_search, old.tags_text);
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_fts_au` AFTER UPDATE OF search_text, location_search, tags_text ON `jobs` BEGIN
	INSERT INTO jobs_fts(jobs_fts, rowid, search_text, location_search, tags_text)
	VALUES ('delete', old.seq, old.search_text, old.location_search, old.tags_text);
	INSERT INTO jobs_fts(rowid, search_text, location_search, tags_text)
	VALUES (new.seq, new.search_text, new.location_search, new.tags_text);
END;
