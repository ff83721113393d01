/** The admin's product edits (admin.md §2 Product Manager): full edit and the inventory switch. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { categories, products } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { ProductUpdate } from '../admin/admin.schema.ts';
import type { AdminProduct } from '../admin/admin.ts';
import { getProductForAdmin } from './catalog.server.ts';
import { availableWeights, WEIGHT_OPTIONS, type WeightPrices } from './catalog.ts';
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

/**
 * Saves an edit. Weight prices belong to weighed categories only (§5); for those, `price` follows
 * the smallest weight on offer, so lists, filters and the API's base price stay consistent.
 */
export async function updateProduct(db: Db, id: number, update: ProductUpdate): Promise<AdminProduct> {
  const category = await categoryOf(db, id);
  const weighed = WEIGHT_OPTIONS[category] !== undefined;
  const weights: WeightPrices = {
    price1g: weighed ? update.price1g : null,
    price2g: weighed ? update.price2g : null,
    price3_5g: weighed ? update.price3_5g : null,
    price7g: weighed ? update.price7g : null,
    priceHalfOz: weighed ? update.priceHalfOz : null,
    priceOz: weighed ? update.priceOz : null,
  };
  const offered = availableWeights(category, weights);
  if (weighed && offered.length === 0) {
    throw new HttpError(422, 'invalid_product', `A ${category.toLowerCase()} product needs at least one weight with a price.`, {
      price: 'Enter at least one weight price',
    });
  }
  const first = offered[0];
  const price = weighed && first ? (weights[first.field] ?? update.price) : update.price;
  if (update.salePrice != null && update.salePrice <= price) {
    throw new HttpError(422, 'invalid_product', 'The sale price is the struck-through "was" price and must be higher than the price.', {
      salePrice: 'Must be higher than the price',
    });
  }
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
