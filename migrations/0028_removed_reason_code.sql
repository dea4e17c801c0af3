-- Hand-written (issue 25): what the owner of a job the board removed is told, as a code the catalogue words in the
-- owner's language (value.ownerReason.*, worker/rules/admin.ts OWNER_REASONS). NULL: the owner reads removed_reason,
-- the operator's reason as typed.
ALTER TABLE `jobs` ADD `removed_reason_code` text;
