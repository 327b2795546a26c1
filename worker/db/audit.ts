// The audit log: every admin action, with who, what, target, when and a short before/after.
// Append-only: this module only inserts and reads; no route updates or deletes a row.
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "../shared/admin-rules";
import type { Database } from "./client";
import { rowInTableOrder } from "./insert-select";
import { auditLog, users } from "./schema";

/** A short summary of a state: a few fields, never names or emails (see the schema's note). */
export type AuditState = Record<string, string | number | boolean | null>;

export type AuditEntry = {
  actorId: number;
  action: AuditAction;
  targetType: "member" | "notice" | "payment" | "report" | "ai_keys" | "event" | "plan" | "coupon";
  targetId?: number | string | null;
  before?: AuditState | null;
  after?: AuditState | null;
};

const toRow = (entry: AuditEntry): typeof auditLog.$inferInsert => ({
  actorId: entry.actorId,
  action: entry.action,
  targetType: entry.targetType,
  targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
  before: entry.before ? JSON.stringify(entry.before) : null,
  after: entry.after ? JSON.stringify(entry.after) : null,
});

/**
 * The insert as a statement, to put in the same db.batch as the action it records (one transaction).
 * With `onlyIf`, the row is written only when that condition holds when the statement runs (an
 * action guarded by the same condition, e.g. "the report is still open").
 */
export function auditInsert(db: Database, entry: AuditEntry, onlyIf?: SQL) {
  const row = toRow(entry);
  if (!onlyIf) return db.insert(auditLog).values(row);
  // The id is left to SQLite.
  const values = rowInTableOrder(auditLog, { ...row, id: null, createdAt: Date.now() });
  return db.insert(auditLog).select(sql`select ${values} where ${onlyIf}`);
}

/** Appends one entry (after the action has committed). */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await auditInsert(db, entry);
}

export type AuditFilter = { action?: AuditAction; actorId?: number; before?: number; limit: number };

/**
 * Newest first; `before` is the id cursor. The actor's current name and email are joined (null once their account is
 * gone).
 */
export async function listAudit(db: Database, filter: AuditFilter) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.before) conditions.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select({
      id: auditLog.id,
      created_at: auditLog.createdAt,
      actor_id: auditLog.actorId,
      actor_name: users.name,
      actor_email: users.email,
      action: auditLog.action,
      target_type: auditLog.targetType,
      target_id: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r, before: parseState(r.before), after: parseState(r.after) }));
}
export type AuditRowDto = Awaited<ReturnType<typeof listAudit>>[number];

const parseState = (text: string | null): AuditState | null => (text ? (JSON.parse(text) as AuditState) : null);
