/**
 * Test fixtures' stock: sets what products hold, directly, in the product and in its packages
 * alike (D40: a product's stock is the sum of its packages), so checkout finds it where it takes
 * it from. Fixture set-up only; the shop itself moves stock through the ledger.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/db.ts';
import { packages, products } from '../../src/db/schema.ts';

/** Every product (or the one given) holds `milli` stock units, in one untagged package. */
export async function fillStock(db: Db, milli: number, productId?: number): Promise<void> {
  const only = (column: SQL | typeof products.id) => (productId === undefined ? sql`1` : sql`${column} = ${productId}`);
  await db.batch([
    db
      .update(products)
      .set({ stockMilli: milli })
      .where(productId === undefined ? undefined : eq(products.id, productId)),
    db.run(
      sql`insert into ${packages} (product_id, unit, received_on)
          select p.id, 'each', '2026-01-01' from ${products} p
          where ${only(sql`p.id`)} and not exists (select 1 from ${packages} k where k.product_id = p.id and k.status = 'active')`,
    ),
    db.run(
      sql`update ${packages} set quantity_milli = case when id = (
            select min(k.id) from ${packages} k where k.product_id = ${packages}.product_id and k.status = 'active'
          ) then ${milli} else 0 end
          where ${only(sql`product_id`)} and status = 'active'`,
    ),
  ]);
}
