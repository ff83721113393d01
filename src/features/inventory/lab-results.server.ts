/**
 * D40: the lab results of the package each product sells next (first in, first out), read in one
 * statement for any number of products. The catalogue's reads join the same SQL
 * (db/next-package.ts), so every product they answer carries its `labResults` already.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { nextPackage, nextPackageLab, nextPackageOn } from '../../db/next-package.ts';
import { products } from '../../db/schema.ts';
import { labResultsOf, type ProductLabResults } from './lab-results.ts';

/**
 * The lab results of each product's next package, by product id: null when no active package holds
 * stock or the next one has no lab results. Ids that name no product are left out.
 */
export async function labResultsFor(db: Db, productIds: readonly number[]): Promise<Map<number, ProductLabResults | null>> {
  const found = new Map<number, ProductLabResults | null>();
  if (productIds.length === 0) return found;
  const rows = await db
    .select({ productId: products.id, next: nextPackageLab })
    .from(products)
    .leftJoin(nextPackage, nextPackageOn(products.id))
    .where(inArray(products.id, [...new Set(productIds)]));
  for (const row of rows) found.set(row.productId, labResultsOf(row.next));
  return found;
}
