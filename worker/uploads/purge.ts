// Deleting uploaded logos, the LOGOS bucket's only deletes (the upload itself is worker/uploads/routes.ts):
//  - the daily "purge-unused-logos" task (decision 0303): an upload that no job and no company refers to goes
//    UNUSED_LOGO_RETENTION_DAYS after its upload. Anyone may upload, so one nothing came to use would stay for good;
//  - a deleted job's logo, at once, unless another job or company still shows it.
// Which logos are still referred to is the caller's to say (the stores of the tables that hold logo URLs).
import { LOGO_PREFIX, logoUrl } from "../lib/logoKey";
import { UNUSED_LOGO_RETENTION_DAYS } from "../rules/retention";
import { DAY } from "../rules/time";

const UNUSED_LOGO_KEEP_MS = UNUSED_LOGO_RETENTION_DAYS * DAY;
/** The objects one run lists at most (ten list pages): the rest wait for another run. */
export const LOGO_PURGE_MAX_LISTED = 10_000;
/** R2 lists at most 1,000 objects a page. */
const LIST_PAGE = 1000;
/** Keys looked up at once: D1 binds at most 100 parameters per statement. */
export const LOGO_CHECK_BATCH = 100;

/** Which of these R2 keys (at most LOGO_CHECK_BATCH) a row still refers to. */
export type LogosInUse = (keys: readonly string[]) => Promise<ReadonlySet<string>>;

export interface LogoPurgeReport {
  /** Objects listed under the logos' prefix this run. */
  listed: number;
  /** Objects deleted: older than the period, and referred to by nothing. */
  deleted: number;
}

/**
 * Lists the uploads (paginated by cursor, at most `maxListed` objects), and deletes each one uploaded more than
 * UNUSED_LOGO_RETENTION_DAYS ago that `inUse` does not name. A run starts at a random point of the key space (keys
 * are random UUIDs) and wraps round to it, so when there are more uploads than one run lists, every one is reached
 * over the runs; when there are fewer, one run sees them all. Idempotent: a second run finds nothing to delete.
 */
export async function purgeUnusedLogos(bucket: R2Bucket, inUse: LogosInUse, now: number, options: { maxListed?: number } = {}): Promise<LogoPurgeReport> {
  const maxListed = options.maxListed ?? LOGO_PURGE_MAX_LISTED;
  const start = `${LOGO_PREFIX}${crypto.randomUUID()}`;
  const report: LogoPurgeReport = { listed: 0, deleted: 0 };
  let old: string[] = [];

  const check = async (all: boolean) => {
    while (old.length >= LOGO_CHECK_BATCH || (all && old.length > 0)) {
      const batch = old.slice(0, LOGO_CHECK_BATCH);
      old = old.slice(LOGO_CHECK_BATCH);
      const used = await inUse(batch);
      const unused = batch.filter((key) => !used.has(key));
      if (unused.length === 0) continue;
      await bucket.delete(unused);
      report.deleted += unused.length;
    }
  };

  // From the random point to the end of the prefix, then from its beginning up to that point.
  for (const pass of [
    { after: start as string | undefined, until: undefined },
    { after: undefined, until: start },
  ]) {
    let cursor: string | undefined;
    let done = false;
    while (!done && report.listed < maxListed) {
      const page = await bucket.list({ prefix: LOGO_PREFIX, startAfter: pass.after, cursor, limit: Math.min(LIST_PAGE, maxListed - report.listed) });
      for (const object of page.objects) {
        if (pass.until !== undefined && object.key > pass.until) {
          done = true;
          break;
        }
        report.listed += 1;
        if (now - object.uploaded.getTime() > UNUSED_LOGO_KEEP_MS) old.push(object.key);
      }
      await check(false);
      if (!page.truncated) done = true;
      else cursor = page.cursor;
    }
  }
  await check(true);
  return report;
}

/** A deleted job's uploaded logo goes from R2 at once, unless another job or company still shows it (`inUse`, as the purge asks). */
export async function releaseLogo(bucket: R2Bucket, logo: string, inUse: LogosInUse): Promise<void> {
  if (!logo.startsWith(logoUrl(LOGO_PREFIX))) return;
  const key = logo.slice(logoUrl("").length);
  if (!(await inUse([key])).has(key)) await bucket.delete(key);
}
