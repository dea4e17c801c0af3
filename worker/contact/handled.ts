// Contact messages are read in the operator console and marked handled there (by whom, when).
export function markContactHandledStatement(db: D1Database, id: string, handledBy: string, now = Date.now()): D1PreparedStatement {
  return db.prepare("UPDATE contact_messages SET handled_at = COALESCE(handled_at, ?), handled_by = COALESCE(handled_by, ?) WHERE id = ?").bind(now, handledBy, id);
}
