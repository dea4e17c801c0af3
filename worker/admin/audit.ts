// The audit log of operator actions: who, what, target, when and why. Every admin action writes exactly
// one row in the same D1 batch as the action; nothing updates or deletes a row (the table's triggers
// refuse both, see migrations/0010_admin.sql).
import type { Guard } from "../checkout/guard";

export interface AuditEntry {
  actor: string;
  action: string;
  targetType: "job" | "order" | "webhook_event" | "mail" | "account" | "contact_message";
  targetId: string;
  reason: string;
  detail?: Record<string, unknown>;
}

/** The INSERT for one entry; with `guard`, written only when it holds (a refund: only by the request that made it). */
export function auditStatement(db: D1Database, e: AuditEntry, now = Date.now(), guard?: Guard): D1PreparedStatement {
  const values = [crypto.randomUUID(), e.actor, e.action, e.targetType, e.targetId, e.reason, JSON.stringify(e.detail ?? {}), now];
  if (!guard) {
    return db.prepare("INSERT INTO admin_audit (id, actor, action, target_type, target_id, reason, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").bind(...values);
  }
  return db
    .prepare(`INSERT INTO admin_audit (id, actor, action, target_type, target_id, reason, detail, created_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql}`)
    .bind(...values, ...guard.params);
}
