import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOW_STOCK_MILLI } from '../../src/db/menu-values.ts';
import { categories, products } from '../../src/db/schema.ts';
import { DEFAULT_LOW_STOCK_QUANTITY } from '../../src/features/admin/admin.schema.ts';
import { stockToBaseUnits } from '../../src/features/catalog/stock.ts';
import { isLowStockSql } from '../../src/features/menu/low-stock.server.ts';
import { isLowStock } from '../../src/features/menu/products.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.close());

/** [stock_milli, low_stock_milli]: untracked, empty, each side of the threshold, half grams, a zero threshold. */
const CASES: [number | null, number][] = [
  [null, 5000],
  [null, 0],
  [0, 0],
  [1, 0],
  [0, 5000],
  [4999, 5000],
  [5000, 5000],
  [5001, 5000],
  [3500, 3500],
  [3501, 3500],
  [3499, 3500],
  [1_000_000_000, 1_000_000_000],
  [1_000_000_001, 1_000_000_000],
];

describe('the low-stock rule (M2): the TypeScript function and the SQL agree', () => {
  it('on every edge case, read from a real database', async () => {
    const [category] = await t.db.insert(categories).values({ name: 'Low stock test', slug: 'low-stock-test' }).returning();
    if (!category) throw new Error('no category');
    const ids: number[] = [];
    for (const [i, [stockMilli, lowStockMilli]] of CASES.entries()) {
      const [row] = await t.db
        .insert(products)
        .values({ slug: `low-${i}`, name: `Low ${i}`, description: '', price: 100, categoryId: category.id, stockMilli, lowStockMilli })
        .returning({ id: products.id });
      if (row) ids.push(row.id);
    }
    const rows = await t.db
      .select({
        stockMilli: products.stockMilli,
        lowStockMilli: products.lowStockMilli,
        sqlSays: sql<number>`${isLowStockSql(products.stockMilli, products.lowStockMilli)}`,
      })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(products.id);
    expect(rows.map((r) => [r.stockMilli, r.lowStockMilli])).toEqual(CASES);
    const sqlSays = rows.map((r) => Boolean(r.sqlSays));
    const tsSays = rows.map((r) =>
      isLowStock({ stockQuantity: stockToBaseUnits(r.stockMilli), lowStockQuantity: stockToBaseUnits(r.lowStockMilli) ?? 0 }),
    );
    expect(tsSays).toEqual(sqlSays);
    // And the rule itself, so agreeing on a wrong answer fails too.
    expect(sqlSays).toEqual([false, false, true, false, true, true, true, false, true, false, true, true, false]);
  });

  it('the threshold a product gets by default is one constant, in the schema and the product form', async () => {
    const [category] = await t.db.insert(categories).values({ name: 'Default test', slug: 'default-test' }).returning();
    if (!category) throw new Error('no category');
    const [row] = await t.db
      .insert(products)
      .values({ slug: 'default-threshold', name: 'Default threshold', description: '', price: 100, categoryId: category.id })
      .returning({ id: products.id });
    const [saved] = await t.db
      .select({ low: products.lowStockMilli })
      .from(products)
      .where(eq(products.id, row?.id ?? 0));
    expect(saved?.low).toBe(DEFAULT_LOW_STOCK_MILLI);
    expect(stockToBaseUnits(DEFAULT_LOW_STOCK_MILLI)).toBe(DEFAULT_LOW_STOCK_QUANTITY);
  });
});
