/**
 * M3: the audit trail's rule. A change to an audited entity (AUDIT_ENTITIES: the menu, delivery
 * zones and schedule, staff accounts) is recorded as one row per field that changed, with its value
 * before and after as text; a new entity's fields change from null.
 */
import type { AuditEntity } from '../../db/schema.ts';

export interface AuditChange {
  field: string;
  fromValue: string | null;
  toValue: string | null;
}

/** How a value is written in the trail: null stays null, everything else as plain text or JSON. */
export function auditText(value: unknown): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields of `after` whose value differs from `before` (a field `before` lacks counts as null).
 * Only the fields `after` names are compared, so a partial update records only what it set.
 */
export function auditChanges(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>>): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const fromValue = auditText(before?.[field]);
    const toValue = auditText(value);
    if (fromValue !== toValue) changes.push({ field, fromValue, toValue });
  }
  return changes;
}

export interface AuditEntry extends AuditChange {
  id: number;
  actor: string;
  entity: AuditEntity;
  entityId: number;
  createdAt: number;
}
