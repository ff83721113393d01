/**
 * D32: the admin's deals. A deal names products, a whole percent off and an optional window the
 * admin enters in New York time; the storefront, the cart and checkout price by the deals live at
 * that moment (pricing.liveDealPercents). Each write and its audit rows are one batch.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { dealProducts, deals, products } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { formatNyTime, fromNyWallTime, toNyWallTime } from '../../lib/ny-time.ts';
import { auditInsert } from '../audit/audit.server.ts';
import { type AdminDeal, dealState } from './deals.ts';
import { type DealInput, type DealUpdate, END_BEFORE_START, windowInOrder } from './menu.schema.ts';

type DealRow = typeof deals.$inferSelect;

function toAdminDeal(row: DealRow, productIds: number[], now: number): AdminDeal {
  return {
    id: row.id,
    name: row.name,
    percentOff: row.percentOff,
    productIds,
    startsAt: row.startsAt == null ? null : toNyWallTime(row.startsAt),
    endsAt: row.endsAt == null ? null : toNyWallTime(row.endsAt),
    startsAtMs: row.startsAt,
    endsAtMs: row.endsAt,
    active: row.active,
    state: dealState(row, now),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What the audit trail records of a deal: its window as a New York reader sees it. */
function audited(d: {
  name: string;
  percentOff: number;
  productIds: readonly number[];
  startsAt: number | null;
  endsAt: number | null;
  active: boolean;
}) {
  return {
    name: d.name,
    percentOff: d.percentOff,
    productIds: [...d.productIds].sort((a, b) => a - b),
    startsAt: d.startsAt == null ? null : formatNyTime(d.startsAt),
    endsAt: d.endsAt == null ? null : formatNyTime(d.endsAt),
    active: d.active,
  };
}

/** Every deal, newest last, with its state at `now`. */
export async function listDeals(db: Db, now = Date.now()): Promise<AdminDeal[]> {
  const [rows, links] = await db.batch([
    db.select().from(deals).orderBy(asc(deals.id)),
    db.select().from(dealProducts).orderBy(asc(dealProducts.dealId), asc(dealProducts.productId)),
  ]);
  const byDeal = new Map<number, number[]>();
  for (const l of links) byDeal.set(l.dealId, [...(byDeal.get(l.dealId) ?? []), l.productId]);
  return rows.map((r) => toAdminDeal(r, byDeal.get(r.id) ?? [], now));
}

async function readDeal(db: Db, id: number): Promise<{ row: DealRow; productIds: number[] }> {
  const [[row], links] = await db.batch([
    db.select().from(deals).where(eq(deals.id, id)),
    db
      .select({ productId: dealProducts.productId })
      .from(dealProducts)
      .where(eq(dealProducts.dealId, id))
      .orderBy(asc(dealProducts.productId)),
  ]);
  if (!row) throw notFound('Deal');
  return { row, productIds: links.map((l) => l.productId) };
}

export async function getDeal(db: Db, id: number, now = Date.now()): Promise<AdminDeal> {
  const { row, productIds } = await readDeal(db, id);
  return toAdminDeal(row, productIds, now);
}

/** Refuses ids that name no product, naming them (at most a few, so the message stays short). */
async function checkProductsExist(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...ids]));
  const known = new Set(found.map((p) => p.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
  const message = `No product has the id ${shown}`;
  throw new HttpError(400, 'unknown_product', message, { productIds: message });
}

/** A checked wall time as its instant (the schema has refused those without one). */
function instant(wall: string | null): number | null {
  if (wall == null) return null;
  const result = fromNyWallTime(wall);
  if (!result.ok) throw new HttpError(400, 'invalid_input', result.message);
  return result.ms;
}

const endBeforeStart = () => new HttpError(400, 'invalid_input', END_BEFORE_START, { endsAt: END_BEFORE_START });

export async function createDeal(db: Db, actor: string, input: DealInput, now = Date.now()): Promise<AdminDeal> {
  await checkProductsExist(db, input.productIds);
  const startsAt = instant(input.startsAt);
  const endsAt = instant(input.endsAt);
  if (!windowInOrder(startsAt, endsAt)) throw endBeforeStart();
  // The batch is one transaction and SQLite has one writer, so right after this insert the
  // largest id is this deal's.
  const newId = sql`(select max(${deals.id}) from ${deals})`;
  const audit = auditInsert(db, actor, 'deal', newId, null, audited({ ...input, startsAt, endsAt }));
  const [[created]] = await db.batch([
    db.insert(deals).values({ name: input.name, percentOff: input.percentOff, startsAt, endsAt, active: input.active }).returning(),
    db.insert(dealProducts).values(input.productIds.map((productId) => ({ dealId: newId, productId }))),
    ...(audit ? [audit] : []),
  ]);
  if (!created) throw notFound('Deal');
  return toAdminDeal(
    created,
    [...input.productIds].sort((a, b) => a - b),
    now,
  );
}

/**
 * Changes the fields sent. A window side sent as the wall time it already shows keeps its instant
 * (on a fall-back night the wall time alone would name the first of two).
 */
export async function updateDeal(db: Db, actor: string, id: number, input: DealUpdate, now = Date.now()): Promise<AdminDeal> {
  const { row, productIds } = await readDeal(db, id);
  const side = (wall: string | null | undefined, current: number | null) => {
    if (wall === undefined) return current;
    if (wall !== null && current != null && toNyWallTime(current) === wall) return current;
    return instant(wall);
  };
  const next = {
    name: input.name ?? row.name,
    percentOff: input.percentOff ?? row.percentOff,
    productIds: input.productIds ? [...input.productIds].sort((a, b) => a - b) : productIds,
    startsAt: side(input.startsAt, row.startsAt),
    endsAt: side(input.endsAt, row.endsAt),
    active: input.active ?? row.active,
  };
  if (!windowInOrder(next.startsAt, next.endsAt)) throw endBeforeStart();
  const before = { ...row, productIds };
  const audit = auditInsert(db, actor, 'deal', id, audited(before), audited(next));
  if (!audit) return toAdminDeal(row, productIds, now);

  const added = next.productIds.filter((p) => !productIds.includes(p));
  const removed = productIds.filter((p) => !next.productIds.includes(p));
  await checkProductsExist(db, added);
  const writes: BatchItem<'sqlite'>[] = [
    db
      .update(deals)
      .set({
        name: next.name,
        percentOff: next.percentOff,
        startsAt: next.startsAt,
        endsAt: next.endsAt,
        active: next.active,
        updatedAt: now,
      })
      .where(eq(deals.id, id)),
  ];
  if (removed.length > 0)
    writes.push(db.delete(dealProducts).where(and(eq(dealProducts.dealId, id), inArray(dealProducts.productId, removed))));
  if (added.length > 0) writes.push(db.insert(dealProducts).values(added.map((productId) => ({ dealId: id, productId }))));
  writes.push(audit);
  await db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return getDeal(db, id, now);
}

/** Deletes a deal and its product links; the trail keeps what it was. */
export async function deleteDeal(db: Db, actor: string, id: number): Promise<void> {
  const { row, productIds } = await readDeal(db, id);
  const before = audited({ ...row, productIds });
  const gone = Object.fromEntries(Object.keys(before).map((field) => [field, null]));
  const audit = auditInsert(db, actor, 'deal', id, before, gone);
  await db.batch([
    db.delete(dealProducts).where(eq(dealProducts.dealId, id)),
    db.delete(deals).where(eq(deals.id, id)),
    ...(audit ? [audit] : []),
  ]);
}
