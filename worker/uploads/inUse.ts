// Which uploaded logos a job or a company shows: the one question the daily purge (purgeUnusedLogos) and a deleted
// job's logo (releaseLogo) ask, in one D1 round trip; each store reads its own tables. A Spotlight company's profile
// is its Durable Object's, and its logo is read from the object's D1 projection.
import { jobLogoKeysStatement } from "../jobs/store";
import { companyLogoKeysStatements } from "../spotlight/store";

/** Which of these R2 keys (at most LOGO_CHECK_BATCH, worker/uploads/purge.ts) a job or a company shows. */
export async function logosInUse(db: D1Database, keys: readonly string[]): Promise<Set<string>> {
  const results = await db.batch<{ key: string }>([jobLogoKeysStatement(db, keys), ...companyLogoKeysStatements(db, keys)]);
  return new Set(results.flatMap((r) => r.results.map((row) => row.key)));
}
