-- Remote only (jobs.is_remote) now also keeps jobs whose location says remote in Arabic (عن بعد, عن بُعد):
-- worker/rules/searchAliases.ts saysRemote. location_search is the folded location (0012), in which
-- عن بُعد is already عن بعد.
UPDATE `jobs` SET `is_remote` = 1 WHERE `is_remote` = 0 AND instr(`location_search`, 'عن بعد') > 0;
