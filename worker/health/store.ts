// The readiness probe's one query: D1 answers.
export async function pingDatabase(db: D1Database): Promise<unknown> {
  return db.prepare("SELECT 1 AS ok").first();
}
