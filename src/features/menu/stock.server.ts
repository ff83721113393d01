/**
 * D33: a product's inventory ledger, read with its running stock, and the admin's stock changes
 * (received, damaged, correction). A change is a ledger row; the ledger's trigger moves
 * products.stock_milli and the stock guard refuses to go below zero. D40: each row names its
 * package: what is received here goes into the product's opening package, what is taken off
 * leaves its packages first in, first out.
 */
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { isStockGuardError } from '../../db/error-text.ts';
import { auditLog, categories, orders, products, stockMovements } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { StockChange } from '../admin/admin.schema.ts';
import type { AdminLedger, AdminProduct } from '../admin/admin.ts';
import { categoryRuleKey, getProductForAdmin } from '../catalog/catalog.server.ts';
import { stockToBaseUnits, stockUnit } from '../catalog/stock.ts';
import { nyDate } from '../delivery/windows.ts';
import { intoOpeningPackage, takeFifo } from '../inventory/package-moves.server.ts';
import { packageUnit } from '../inventory/packages.ts';
import { stockDeltaMilli } from './products.ts';

/** The most ledger rows one answer shows (the newest); the running stock still counts every row. */
const LEDGER_LIST_LIMIT = 500;

const productFacts = (db: Db, id: number) =>
  db
    .select({ id: products.id, name: products.name, category: categoryRuleKey, stockMilli: products.stockMilli })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(products.id, id));

/** GET /api/admin/products/{id}/ledger: newest row first, each with the stock it left. */
export async function productLedger(db: Db, id: number): Promise<AdminLedger> {
  // The running sum is taken over all of the product's rows before the newest are picked.
  const ledger = db
    .select({
      id: stockMovements.id,
      createdAt: stockMovements.createdAt,
      actor: stockMovements.actor,
      deltaMilli: stockMovements.deltaMilli,
      reason: stockMovements.reason,
      note: stockMovements.note,
      orderId: stockMovements.orderId,
      running: sql<number>`sum(${stockMovements.deltaMilli}) over (order by ${stockMovements.id})`.as('running'),
    })
    .from(stockMovements)
    .where(eq(stockMovements.productId, id))
    .as('ledger');
  const [[product], rows] = await db.batch([
    productFacts(db, id),
    db
      .select({
        id: ledger.id,
        createdAt: ledger.createdAt,
        actor: ledger.actor,
        deltaMilli: ledger.deltaMilli,
        reason: ledger.reason,
        note: ledger.note,
        running: ledger.running,
        orderRef: orders.ref,
      })
      .from(ledger)
      .leftJoin(orders, eq(orders.id, ledger.orderId))
      .orderBy(desc(ledger.id))
      .limit(LEDGER_LIST_LIMIT),
  ]);
  if (!product) throw notFound('Product');
  return {
    productId: product.id,
    name: product.name,
    category: product.category,
    stockQuantity: stockToBaseUnits(product.stockMilli),
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      actor: r.actor,
      quantity: stockToBaseUnits(r.deltaMilli) ?? 0,
      reason: r.reason,
      note: r.note,
      orderRef: r.orderRef,
      stockAfter: stockToBaseUnits(Number(r.running)) ?? 0,
    })),
  };
}

/**
 * Stock units as the audit trail writes a base-unit quantity, the way audit.ts writes a number:
 * '12', '3.5', '0.125'; null stays null.
 */
function stockText(milli: SQL): SQL<string | null> {
  return sql`(case when ${milli} is null then null when ${milli} % 1000 = 0 then cast(${milli} / 1000 as text) else rtrim(rtrim(printf('%.3f', ${milli} / 1000.0), '0'), '.') end)`;
}

const quantityText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/**
 * POST /api/admin/products/{id}/stock: one ledger row and its audit row, in one batch. The audit's
 * before and after are read inside the batch, so a sale at the same moment cannot make them lie.
 * Taking more than there is answers 409 naming the product.
 */
export async function changeStock(
  db: Db,
  actor: string,
  id: number,
  change: StockChange,
): Promise<{ product: AdminProduct; ledger: AdminLedger }> {
  const [product] = await productFacts(db, id);
  if (!product) throw notFound('Product');
  const delta = stockDeltaMilli(change);
  const short = () => {
    const have = stockToBaseUnits(product.stockMilli) ?? 0;
    const unit = stockUnit(product.category) === 'g' ? ' g' : ' units';
    const amount = (n: number) => `${quantityText.format(n)}${unit}`;
    const message = `Not enough stock of ${product.name}: it holds ${amount(have)}, so ${amount(Math.abs(delta) / 1000)} cannot be taken off.`;
    return new HttpError(409, 'out_of_stock', message, { quantity: message });
  };
  if (delta < 0 && (product.stockMilli ?? 0) + delta < 0) throw short();
  const now = sql`(select ${products.stockMilli} from ${products} where ${products.id} = ${id})`;
  const move = { productId: id, reason: change.reason, note: change.note, actor };
  try {
    await db.batch([
      db.insert(auditLog).values({
        actor,
        entity: 'product',
        entityId: id,
        field: 'stockQuantity',
        fromValue: stockText(now),
        toValue: stockText(sql`(coalesce(${now}, 0) + ${delta})`),
      }),
      // D40: stock received without a package goes into the opening package; stock taken off
      // leaves the packages first in, first out.
      ...(delta > 0 ? intoOpeningPackage(db, packageUnit(product.category), nyDate(Date.now()), delta, move) : takeFifo(db, -delta, move)),
    ]);
  } catch (err) {
    // The stock guard: a sale since the read took what this change meant to remove.
    if (isStockGuardError(err)) {
      const [fresh] = await productFacts(db, id);
      if (fresh) product.stockMilli = fresh.stockMilli;
      throw short();
    }
    throw err;
  }
  const [saved, ledger] = await Promise.all([getProductForAdmin(db, id), productLedger(db, id)]);
  if (!saved) throw notFound('Product');
  return { product: saved, ledger };
}
