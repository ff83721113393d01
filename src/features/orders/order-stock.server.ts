/**
 * D16, D33, D40: the stock an order took, moved back and forth through the ledger. Cancelling an
 * order (by the admin, or at the door when it cannot be delivered) returns what each line took to
 * the very packages it came from; reopening a cancelled order takes it again, first in, first out.
 * Units are stock units (decision 0006); an item whose product's stock was not tracked took
 * nothing (`stock_taken_milli` null) and moves nothing.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { isStockGuardError } from '../../db/error-text.ts';
import type { OrderRow, StockReason } from '../../db/schema.ts';
import { orderItems, stockMovements } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { takeFifo } from '../inventory/package-moves.server.ts';
import type { DbOrTx } from './orders-admin.server.ts';

export interface OrderStockMove {
  /** 'return' puts the stock back (a cancel); 'take' takes it again (reopening a cancelled order). */
  direction: 'return' | 'take';
  reason: StockReason;
  note: string;
  actor: string;
  /** The ledger row's time; the database's clock when absent. */
  now?: number;
}

/**
 * Ledger rows inside the caller's transaction: a return gives each package back what the order's
 * lines still hold of it; a take takes each line's stock again from the packages that hold it
 * now. Taking stock again can meet the stock guard (decision 0008): that is a 409 naming the
 * item; any other failure propagates as it is.
 */
export async function moveOrderStock(tx: DbOrTx, order: Pick<OrderRow, 'id'>, move: OrderStockMove): Promise<void> {
  const at = move.now === undefined ? {} : { createdAt: move.now };
  if (move.direction === 'return') {
    const held = sql<number>`-sum(${stockMovements.deltaMilli})`;
    const rows = await tx
      .select({
        productId: stockMovements.productId,
        packageId: stockMovements.packageId,
        orderItemId: stockMovements.orderItemId,
        held,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), isNotNull(stockMovements.packageId)))
      .groupBy(stockMovements.packageId, stockMovements.orderItemId)
      .having(sql`${held} > 0`);
    if (rows.length === 0) return;
    await tx.insert(stockMovements).values(
      rows.map((r) => ({
        productId: r.productId,
        packageId: r.packageId,
        orderItemId: r.orderItemId,
        deltaMilli: Number(r.held),
        reason: move.reason,
        note: move.note,
        actor: move.actor,
        orderId: order.id,
        ...at,
      })),
    );
    return;
  }
  const taken = await tx
    .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.name, stockTakenMilli: orderItems.stockTakenMilli })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.stockTakenMilli)));
  for (const item of taken) {
    if (!item.stockTakenMilli) continue;
    try {
      for (const statement of takeFifo(tx, item.stockTakenMilli, {
        productId: item.productId,
        reason: move.reason,
        note: move.note,
        actor: move.actor,
        orderId: order.id,
        orderItemId: item.id,
        at: move.now,
      })) {
        await statement;
      }
    } catch (err) {
      if (isStockGuardError(err)) {
        throw new HttpError(409, 'out_of_stock', `There is not enough stock of ${item.name} to reopen this order.`);
      }
      throw err;
    }
  }
}
