/** D38: reading and changing the states' rules; every change is audited (M3) in the same batch. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { states } from '../../db/schema.ts';
import type { RuleSource, StateRule } from '../../db/state-values.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { auditInsert } from '../audit/audit.server.ts';
import type { StatePatch } from './states.schema.ts';
import type { StateRow } from './states.ts';

/** Every state, by code. */
export async function listStates(db: Db): Promise<(StateRow & { id: number })[]> {
  return db.select().from(states).orderBy(asc(states.code));
}

/** The query for one state's row, for a caller's batch (checkout, the ZIP's quote). */
export function stateQuery(db: Db, code: string) {
  return db.select().from(states).where(eq(states.code, code));
}

/** One state by its code; 404 when the shop has none. */
export async function stateByCode(db: Db, code: string) {
  const [row] = await db.select().from(states).where(eq(states.code, code));
  if (!row) throw notFound('State');
  return row;
}

/** What the audit trail records of a state: its rules, one field each. */
const audited = (s: StateRow) => ({
  name: s.name,
  sales: s.sales,
  opensOn: s.opensOn,
  taxes: JSON.stringify(s.taxes),
  limitScope: s.limitScope,
  deliveryHours: `${s.deliveryStart}-${s.deliveryEnd}`,
  metrcLicense: s.metrcLicense ?? '',
  sources: JSON.stringify(s.sources),
});

/**
 * Applies `patch` to the state `code`; the change and its audit rows are one batch, so the trail
 * never misses a change. Answers the state as it now is.
 */
export async function patchState(
  db: Db,
  actor: string,
  code: string,
  patch: StatePatch,
  now = Date.now(),
): Promise<StateRow & { id: number }> {
  const before = await stateByCode(db, code);
  const sources = { ...before.sources };
  for (const [rule, source] of Object.entries(patch.sources ?? {}) as [StateRule, RuleSource | undefined][]) {
    if (source) sources[rule] = source;
  }
  const after: StateRow = {
    code: before.code,
    name: patch.name ?? before.name,
    sales: patch.sales ?? before.sales,
    opensOn: patch.opensOn === undefined ? before.opensOn : patch.opensOn,
    taxes: patch.taxes
      ? patch.taxes.map((t) => ({ name: t.name, basisPoints: Math.round(t.percent * 100), appliesTo: t.appliesTo }))
      : before.taxes,
    limitScope: patch.limitScope ?? before.limitScope,
    deliveryStart: patch.deliveryStart ?? before.deliveryStart,
    deliveryEnd: patch.deliveryEnd ?? before.deliveryEnd,
    metrcLicense: patch.metrcLicense ?? before.metrcLicense,
    sources,
    updatedAt: now,
  };
  if (after.deliveryStart >= after.deliveryEnd) {
    throw new HttpError(400, 'invalid_input', 'Delivery must start before it ends', { deliveryEnd: 'End after the start' });
  }
  const audit = auditInsert(db, actor, 'state', before.id, audited(before), audited(after));
  if (!audit) return before;
  const { updatedAt, ...columns } = after;
  await db.batch([
    db
      .update(states)
      .set({ ...columns, updatedAt })
      .where(eq(states.id, before.id)),
    audit,
  ]);
  return stateByCode(db, code);
}
