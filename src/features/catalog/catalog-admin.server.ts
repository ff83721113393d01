/** The admin's product edits (admin.md §2 Product Manager): full edit and the inventory switch. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { categories, products } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ProductUpdate } from '../admin/admin.schema.ts';
import type { AdminProduct } from '../admin/admin.ts';
import { checkPrices } from '../menu/product-fields.ts';
import { getProductForAdmin } from './catalog.server.ts';
import { baseUnitsToStock } from './stock.ts';

async function categoryOf(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ name: categories.name })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .where(eq(products.id, id));
  if (!row) throw notFound('Product');
  return row.name;
}

/** Saves an edit; its prices must fit its category (menu/product-fields.ts). */
export async function updateProduct(db: Db, id: number, update: ProductUpdate): Promise<AdminProduct> {
  const category = await categoryOf(db, id);
  const prices = checkPrices(category, update);
  if (!prices.ok) throw new HttpError(422, 'invalid_product', prices.message, prices.fields);
  const { price, weights } = prices;
  await db
    .update(products)
    .set({
      name: update.name,
      description: update.description,
      price,
      salePrice: update.salePrice,
      ...weights,
      rating: update.rating,
      thcContent: update.thcContent,
      cbdContent: update.cbdContent,
      strainType: update.strainType,
      effects: update.effects,
      flavor: update.flavor || null,
      stockMilli: baseUnitsToStock(update.stockQuantity),
      isFeatured: update.isFeatured,
      isBestSeller: update.isBestSeller,
      ...(update.isNewArrival !== undefined ? { isNewArrival: update.isNewArrival } : {}),
      ...(update.isOrganic !== undefined ? { isOrganic: update.isOrganic } : {}),
      updatedAt: Date.now(),
    })
    .where(eq(products.id, id));
  const saved = await getProductForAdmin(db, id);
  if (!saved) throw notFound('Product');
  return saved;
}

/** D6: the inventory toggle switches availability; the counted stock is kept. */
export async function setAvailability(db: Db, id: number, available: boolean): Promise<AdminProduct> {
  const result = await db
    .update(products)
    .set({ available, updatedAt: Date.now() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (result.length === 0) throw notFound('Product');
  const saved = await getProductForAdmin(db, id);
  if (!saved) throw notFound('Product');
  return saved;
}
