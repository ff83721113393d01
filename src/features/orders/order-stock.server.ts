/**
 * D16, D33, D40: the stock an order took, moved back and forth through the ledger. Cancelling an
 * order (by the admin, or at the door when it cannot be delivered) returns what each line took to
 * the very packages it came from; reopening a cancelled order takes it again, first in, first out.
 * Units are stock units (decision 0006); an item whose product's stock was not tracked took
 * nothing (`stock_taken_milli` null) and moves nothing. The moves are statements for the caller's
 * write batch, computed by the database inside it (0027), so they move what the order holds then.
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import type { OrderRow, StockReason } from '../../db/schema.ts';
import { orderItems, packages, stockMovements } from '../../db/schema.ts';
import { DB_NOW_MS } from '../../db/schema-columns.ts';
import { HttpError } from '../../lib/http-error.ts';
import { takeFifo } from '../inventory/package-moves.server.ts';

export interface OrderStockMove {
  /** 'return' puts the stock back (a cancel); 'take' takes it again (reopening a cancelled order). */
  direction: 'return' | 'take';
  reason: StockReason;
  note: string;
  actor: string;
  /** The ledger row's time; the database's clock when absent. */
  now?: number;
}

/** The order's lines that took stock, in line order: what a take takes again. */
function linesThatTook(db: Pick<Db, 'select'>, orderId: number) {
  return db
    .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.name, stockTakenMilli: orderItems.stockTakenMilli })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.stockTakenMilli)))
    .orderBy(asc(orderItems.id));
}

/**
 * The ledger rows of a move, as statements for the caller's batch: a return gives each package
 * back what the order's lines hold of it when the batch runs (one INSERT … SELECT, nothing when
 * they hold nothing); a take takes each line's stock again from the packages that hold it then.
 * An order's lines never change, so a take reads them first. A take can meet the stock guard
 * (decision 0008), which fails the batch: the caller answers it with reopenRefusal.
 */
export async function moveOrderStock(
  db: Pick<Db, 'select' | 'run'>,
  order: Pick<OrderRow, 'id'>,
  move: OrderStockMove,
): Promise<BatchItem<'sqlite'>[]> {
  if (move.direction === 'return') return [returnOrderStock(db, order.id, move)];
  const lines = await linesThatTook(db, order.id);
  return lines.flatMap((line) =>
    line.stockTakenMilli
      ? takeFifo(db, line.stockTakenMilli, {
          productId: line.productId,
          reason: move.reason,
          note: move.note,
          actor: move.actor,
          orderId: order.id,
          orderItemId: line.id,
          at: move.now,
        })
      : [],
  );
}

/** What the order's lines hold of each package (the ledger's rows for it, summed), given back to it. */
function returnOrderStock(db: Pick<Db, 'run'>, orderId: number, move: OrderStockMove): BatchItem<'sqlite'> {
  return db.run(
    sql`insert into ${stockMovements} (product_id, package_id, order_item_id, delta_milli, reason, note, actor, order_id, created_at)
        select product_id, package_id, order_item_id, -sum(delta_milli),
          ${move.reason}, ${move.note}, ${move.actor}, ${orderId}, ${move.now ?? DB_NOW_MS}
        from ${stockMovements}
        where order_id = ${orderId} and package_id is not null
        group by package_id, order_item_id
        having -sum(delta_milli) > 0
        order by package_id, order_item_id`,
  );
}

/**
 * The 409 for a take the stock guard refused, naming the first line whose product's active
 * packages, read again, cannot cover it with the lines before it; when they now can (stock came
 * back meanwhile), a 409 that asks to try again.
 */
export async function reopenRefusal(db: Pick<Db, 'select'>, order: Pick<OrderRow, 'id'>): Promise<HttpError> {
  const lines = await linesThatTook(db, order.id);
  const held = await db
    .select({ productId: packages.productId, milli: sql<number>`coalesce(sum(${packages.quantityMilli}), 0)` })
    .from(packages)
    .where(and(inArray(packages.productId, lines.length > 0 ? lines.map((l) => l.productId) : [-1]), eq(packages.status, 'active')))
    .groupBy(packages.productId);
  const left = new Map(held.map((h) => [h.productId, Number(h.milli)]));
  const short = lines.find((line) => {
    const rest = (left.get(line.productId) ?? 0) - (line.stockTakenMilli ?? 0);
    left.set(line.productId, rest);
    return rest < 0;
  });
  return new HttpError(
    409,
    'out_of_stock',
    short
      ? `There is not enough stock of ${short.name} to reopen this order.`
      : 'The stock changed while this order was being reopened. Try again.',
  );
}
