// The account store: the SQL of the settings the account page saves (name and company). A company
// rename is carried onto the owner's jobs by the jobs store (worker/jobs/store.ts renameCompanyStatements).
export function saveSettingsStatement(db: D1Database, userId: string, settings: { name: string; company: string }, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE accounts SET name = ?, company = ?, updated_at = ? WHERE id = ?").bind(settings.name, settings.company, now, userId);
}
