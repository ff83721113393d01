/**
 * D40: the statements that move stock through packages, for any write batch to include. Stock
 * leaves first in, first out, computed by the database inside the batch that writes it, so two
 * orders racing for one package cannot both take it: the batch holds the write lock from its first
 * write, and the triggers of migration 0023 keep each package's quantity and refuse below zero.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import type { PackageUnit } from '../../db/inventory-values.ts';
import type { StockReason } from '../../db/menu-values.ts';
import { packages, products, stockMovements } from '../../db/schema.ts';
import { DB_NOW_MS } from '../../db/schema-columns.ts';

/** What a move records beside its amount (D33). */
export interface MoveFacts {
  /** A value, or a subquery of the same batch (a product created in it). */
  productId: number | SQL;
  reason: StockReason;
  note: string;
  actor: string;
  /** The order it moved for, as a value or a subquery of the same batch. */
  orderId?: number | SQL | null;
  orderItemId?: number | SQL | null;
  /** Epoch ms; the database's clock when absent. */
  at?: number | undefined;
}

/** A database or a transaction: the builders only need raw statements. */
type Runs = Pick<Db, 'run'>;

/** What the product's active packages hold between them, read at write time. */
function available(productId: number | SQL): SQL {
  return sql`(select coalesce(sum(${packages.quantityMilli}), 0) from ${packages} where ${packages.productId} = ${productId} and ${packages.status} = 'active')`;
}

/**
 * Takes `milli` stock units of a product from its packages, oldest first. The first statement
 * refuses (the stock guard's out_of_stock, through the trigger that wants a package on every row)
 * when the active packages hold less; the second writes one ledger row per package it takes from.
 * `milli` may be a subquery of the same batch.
 */
export function takeFifo(db: Runs, milli: number | SQL, move: MoveFacts): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const need = typeof milli === 'number' ? sql`${milli}` : milli;
  const orderId = move.orderId ?? null;
  const itemId = move.orderItemId ?? null;
  const at = move.at ?? DB_NOW_MS;
  return [
    db.run(
      sql`insert into ${stockMovements} (product_id, package_id, delta_milli, reason, note, actor, order_id, order_item_id)
          select ${move.productId}, null, 0, ${move.reason}, ${move.note}, ${move.actor}, ${orderId}, ${itemId}
          where ${available(move.productId)} < ${need}`,
    ),
    db.run(
      sql`insert into ${stockMovements} (product_id, package_id, delta_milli, reason, note, actor, order_id, order_item_id, created_at)
          select ${move.productId}, id, -min(quantity_milli, ${need} - before), ${move.reason}, ${move.note}, ${move.actor}, ${orderId}, ${itemId}, ${at}
          from (
            select id, quantity_milli, received_on,
              coalesce(sum(quantity_milli) over (order by received_on, id rows between unbounded preceding and 1 preceding), 0) as before
            from ${packages}
            where product_id = ${move.productId} and status = 'active' and quantity_milli > 0
          )
          where before < ${need}
          order by received_on, id`,
    ),
  ];
}

/** The product's untagged opening package, which holds stock received without a package (D40). */
function openingPackage(productId: number | SQL): SQL {
  return sql`(select id from ${packages} where product_id = ${productId} and tag is null and status = 'active' order by id limit 1)`;
}

/**
 * Puts `milli` stock units of a product into its opening package (made when it has none): stock
 * received without a tag (a new product's quantity, a CSV import, the seed). Nothing is written
 * when `milli` is not above zero, so it may be a subquery.
 */
export function intoOpeningPackage(
  db: Runs,
  unit: PackageUnit,
  receivedOn: string,
  milli: number | SQL,
  move: MoveFacts,
): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const amount = typeof milli === 'number' ? sql`${milli}` : milli;
  return [
    db.run(
      sql`insert into ${packages} (product_id, unit, received_on)
          select ${move.productId}, ${unit}, ${receivedOn}
          where ${amount} > 0 and ${openingPackage(move.productId)} is null`,
    ),
    db.run(
      sql`insert into ${stockMovements} (product_id, package_id, delta_milli, reason, note, actor, order_id, order_item_id, created_at)
          select ${move.productId}, ${openingPackage(move.productId)}, ${amount}, ${move.reason}, ${move.note}, ${move.actor},
            ${move.orderId ?? null}, ${move.orderItemId ?? null}, ${move.at ?? DB_NOW_MS}
          where ${amount} > 0`,
    ),
  ];
}

/**
 * Sets a product's stock to `target` stock units (the product editor, a CSV import): what is
 * missing goes into the opening package, what is over leaves first in, first out. Computed at
 * write time against what the packages hold then. An untracked product is tracked from then on.
 */
export function setProductStock(db: Runs, unit: PackageUnit, receivedOn: string, target: number, move: MoveFacts): BatchItem<'sqlite'>[] {
  const have = available(move.productId);
  return [
    ...intoOpeningPackage(db, unit, receivedOn, sql`(${target} - ${have})`, move),
    takeFifo(db, sql`max(${have} - ${target}, 0)`, move)[1],
    // A count switches tracking on (D6) even when it is zero and so moves nothing.
    db.run(sql`update ${products} set stock_milli = 0 where ${products.id} = ${move.productId} and stock_milli is null`),
  ];
}
