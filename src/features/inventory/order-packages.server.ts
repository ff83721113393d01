/**
 * D40: which packages each order line went out in, from the ledger: what the line's rows took from
 * each package, less what was returned to it. A cancelled order's lines hold none.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { packages, stockMovements } from '../../db/schema.ts';

export interface LinePackage {
  /** The package's id, for links in the admin. */
  packageId: number;
  /** The Metrc tag; null while the package waits for one (D40: "needs a tag"). */
  tag: string | null;
  /** In the package's unit (grams or pieces). */
  quantity: number;
  unit: 'g' | 'each';
  batch: string;
}

/**
 * The packages of every line of the orders given, by order item id, in FIFO order. `db` may be a
 * transaction's handle (D40: the handover queues its Metrc report from it).
 */
export async function linePackages(db: Pick<Db, 'select'>, orderIds: readonly number[]): Promise<Map<number, LinePackage[]>> {
  const byItem = new Map<number, LinePackage[]>();
  if (orderIds.length === 0) return byItem;
  const taken = sql<number>`-sum(${stockMovements.deltaMilli})`;
  const rows = await db
    .select({
      itemId: stockMovements.orderItemId,
      packageId: packages.id,
      tag: packages.tag,
      unit: packages.unit,
      batch: packages.batch,
      takenMilli: taken,
    })
    .from(stockMovements)
    .innerJoin(packages, eq(packages.id, stockMovements.packageId))
    .where(and(inArray(stockMovements.orderId, [...orderIds]), isNotNull(stockMovements.orderItemId)))
    .groupBy(stockMovements.orderItemId, packages.id)
    .having(sql`${taken} > 0`)
    .orderBy(asc(stockMovements.orderItemId), asc(packages.receivedOn), asc(packages.id));
  for (const r of rows) {
    if (r.itemId == null) continue;
    const list = byItem.get(r.itemId) ?? [];
    list.push({ packageId: r.packageId, tag: r.tag, quantity: Number(r.takenMilli) / 1000, unit: r.unit, batch: r.batch });
    byItem.set(r.itemId, list);
  }
  return byItem;
}
