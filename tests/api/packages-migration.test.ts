/**
 * Migration 0023 (D40): the stock each tracked product held goes into one untagged opening package
 * in the product's unit, the product's earlier ledger rows become that package's history (so its
 * rows still sum to what it holds), and an earlier order's rows name its line, so cancelling an
 * order placed before the release returns its stock to the opening package.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { migrateDb } from '../../src/db/migrate.server.ts';
import { orders, packages, products, stockMovements } from '../../src/db/schema.ts';
import { moveOrderStock } from '../../src/features/orders/order-stock.server.ts';
import { nyDate } from '../../src/lib/ny-time.ts';
import { migrateUpTo } from '../helpers/migrate-to.ts';

let dir: string;
let db: Db;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'greenline-0023-'));
  ({ db, close } = createNodeDb({ LIBSQL_URL: `file:${path.join(dir, 'test.db')}` }));
  await migrateUpTo(db, '0022_door_id_index');
  await db.run(
    sql`insert into categories (id, name, slug, kind) values (1, 'Flower', 'flower-0023', 'Flower'), (2, 'Gear', 'gear-0023', 'Accessories')`,
  );
  await db.run(sql`insert into products (id, slug, name, price_cents, category_id) values
    (1, 'kush-0023', 'Kush', 1000, 1), (2, 'papers-0023', 'Papers', 300, 2), (3, 'lighter-0023', 'Lighter', 200, 2)`);
  // Kush: 56 g received, 3.5 g sold to an order; Papers: 10 received, 10 damaged; Lighter untracked.
  await db.run(sql`insert into orders (id, ref, first_name, last_name, email, phone, delivery_address, delivery_city, delivery_state,
      delivery_zip_code, subtotal_cents, delivery_fee_cents, tax_cents, total_cents)
    values (1, 'old-0023', 'Old', 'Order', 'old@example.com', '3015550100', '1 Main Street', 'Rockville', 'MD', '20850', 1000, 0, 0, 1000)`);
  await db.run(sql`insert into order_items (id, order_id, product_id, name, category, weight, quantity, unit_price_cents, line_total_cents, stock_taken_milli)
    values (7, 1, 1, 'Kush - 3.5g', 'Flower', '3.5g', 1, 1000, 1000, 3500)`);
  await db.run(sql`insert into stock_movements (product_id, delta_milli, reason, actor, order_id) values
    (1, 56000, 'received', 'system', null), (1, -3500, 'sold', 'system', 1), (2, 10000, 'received', 'system', null), (2, -10000, 'damaged', 'admin:a@example.com', null)`);
  await migrateDb(db);
});
afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0023: stock into opening packages (D40)', () => {
  it('gives each tracked product one untagged package in its unit holding its stock, dated today in New York', async () => {
    const rows = await db.select().from(packages).orderBy(packages.productId);
    expect(rows.map((p) => [p.productId, p.tag, p.unit, p.quantityMilli, p.status])).toEqual([
      [1, null, 'g', 52_500, 'active'],
      [2, null, 'each', 0, 'active'],
    ]);
    // Within a minute of midnight the migration and this line may see two dates.
    expect([nyDate(Date.now()), nyDate(Date.now() - 60_000)]).toContain(rows[0]?.receivedOn);
  });

  it("makes the product's earlier rows the package's history, and names the earlier order's line", async () => {
    const history = await db.all<{ packageId: number | null; sum: number }>(
      sql`select package_id as packageId, sum(delta_milli) as sum from stock_movements group by package_id order by package_id`,
    );
    const [kush, papers] = await db.select().from(packages).orderBy(packages.productId);
    expect(history).toEqual([
      { packageId: kush?.id, sum: 52_500 },
      { packageId: papers?.id, sum: 0 },
    ]);
    const [sold] = await db.select().from(stockMovements).where(eq(stockMovements.reason, 'sold'));
    expect(sold?.orderItemId).toBe(7);
  });

  it('returns an earlier order to the opening package on a cancel, and refuses a row without a package', async () => {
    const [order] = await db.select().from(orders).where(eq(orders.ref, 'old-0023'));
    const [give, ...more] = await moveOrderStock(
      db,
      { id: order?.id ?? 0 },
      { direction: 'return', reason: 'order_cancelled', note: 'Order old-0023 cancelled', actor: 'test' },
    );
    if (!give) throw new Error('a return is one statement');
    await db.batch([give, ...more]);
    const [kush] = await db.select().from(packages).where(eq(packages.productId, 1));
    expect(kush?.quantityMilli).toBe(56_000);
    const [product] = await db.select().from(products).where(eq(products.id, 1));
    expect(product?.stockMilli).toBe(56_000);
    await expect(db.insert(stockMovements).values({ productId: 1, deltaMilli: 1000, reason: 'received', actor: 'test' })).rejects.toThrow();
  });
});
