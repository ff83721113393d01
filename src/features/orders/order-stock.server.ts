/**
 * D16, D33: the stock an order took, moved back and forth through the ledger. Cancelling an
 * order (by the admin, or at the door when it cannot be delivered) returns what each item took;
 * reopening a cancelled order takes it again. Units are stock units (decision 0006); each item's
 * `stock_taken_milli` is what the checkout took for it, null when its product's stock was not
 * tracked, so those items move nothing.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { isStockGuardError } from '../../db/error-text.ts';
import type { OrderRow, StockReason } from '../../db/schema.ts';
import { orderItems, stockMovements } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
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
 * One ledger row per item that took stock, inside the caller's transaction. Taking stock again
 * can meet the stock guard (decision 0008): that is a 409 naming the item; any other failure
 * propagates as it is.
 */
export async function moveOrderStock(tx: DbOrTx, order: Pick<OrderRow, 'id'>, move: OrderStockMove): Promise<void> {
  const taken = await tx
    .select({ productId: orderItems.productId, name: orderItems.name, stockTakenMilli: orderItems.stockTakenMilli })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.stockTakenMilli)));
  for (const item of taken) {
    if (!item.stockTakenMilli) continue;
    try {
      await tx.insert(stockMovements).values({
        productId: item.productId,
        deltaMilli: move.direction === 'return' ? item.stockTakenMilli : -item.stockTakenMilli,
        reason: move.reason,
        note: move.note,
        actor: move.actor,
        orderId: order.id,
        ...(move.now === undefined ? {} : { createdAt: move.now }),
      });
    } catch (err) {
      if (isStockGuardError(err)) {
        throw new HttpError(409, 'out_of_stock', `There is not enough stock of ${item.name} to reopen this order.`);
      }
      throw err;
    }
  }
}
