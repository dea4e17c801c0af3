// Duplicate collapsing: jobs with the same lower-cased trimmed title and company
// collapse to the newest visible one. Each row stores the latest expiry of a newer published duplicate
// (newer_dup_until); search hides the row while that lies in the future. Recomputed for a group on
// every write that touches it, so reads stay index lookups.
const NEWER_DUP_UNTIL = `(SELECT max(d.expires_at) FROM jobs d
  WHERE d.dedupe_key = jobs.dedupe_key AND d.published = 1 AND d.deleted_at IS NULL
    AND (d.created_at > jobs.created_at OR (d.created_at = jobs.created_at AND d.id > jobs.id)))`;

/** For one group (bind the dedupe key). */
export const REFRESH_DUPLICATE_GROUP_SQL = `UPDATE jobs SET newer_dup_until = ${NEWER_DUP_UNTIL} WHERE dedupe_key = ?`;

/** For every group with more than one job (after bulk imports). */
export const REFRESH_ALL_DUPLICATES_SQL = `UPDATE jobs SET newer_dup_until = ${NEWER_DUP_UNTIL}
  WHERE dedupe_key IN (SELECT dedupe_key FROM jobs GROUP BY dedupe_key HAVING count(*) > 1)`;
