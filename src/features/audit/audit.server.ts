/** M3: writing and reading the audit trail (the rule of what is recorded is in audit.ts). */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { type AuditEntity, auditLog } from '../../db/schema.ts';
import { type AuditChange, type AuditEntry, auditChanges } from './audit.ts';

/** The most rows one entity's trail shows. */
const AUDIT_LIST_LIMIT = 500;

/**
 * The insert that records `before` -> `after` for one entity, to run in the same batch or
 * transaction as the change itself; null when nothing changed.
 */
export function auditInsert(
  db: Pick<Db, 'insert'>,
  actor: string,
  entity: AuditEntity,
  /** The id, or a subquery that finds it when the row is written in the same batch. */
  entityId: number | SQL,
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>>,
) {
  const changes: AuditChange[] = auditChanges(before, after);
  if (changes.length === 0) return null;
  return db.insert(auditLog).values(changes.map((c) => ({ actor, entity, entityId, ...c })));
}

/** One entity's trail, newest first. */
export async function auditTrail(db: Db, entity: AuditEntity, entityId: number): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_LIST_LIMIT);
}
