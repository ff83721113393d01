/** M3: the audit rows of a row that the same batch creates (audit.server.ts records changes to known ids). */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { type AuditEntity, auditLog } from '../../db/schema.ts';
import { auditChanges } from './audit.ts';

/**
 * One row per field the new entity starts with (from null). Its id is not known before the batch
 * runs, so `entityId` is a subquery the batch evaluates after the entity's own insert.
 */
export function auditCreated(
  db: Pick<Db, 'insert'>,
  actor: string,
  entity: AuditEntity,
  entityId: SQL,
  after: Readonly<Record<string, unknown>>,
) {
  const changes = auditChanges(null, after);
  if (changes.length === 0) return null;
  return db.insert(auditLog).values(changes.map((c) => ({ actor, entity, entityId, ...c })));
}
