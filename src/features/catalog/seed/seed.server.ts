import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/db.ts';
import { categories, dealProducts, deals, packages, products, siteImages, stockMovements } from '../../../db/schema.ts';
import { nyDate } from '../../../lib/ny-time.ts';
import { baseUnitsToStock, packageUnit } from '../stock.ts';
import { seedCategories, seedProducts, seedStrains } from './catalog-data.ts';
import { seedSiteImages } from './site-images-data.ts';

const CHUNK = 40;

/** The deal a new shop opens with (storefront.md §2: six products at 40% off). */
const FIRST_DEAL = { name: 'Weekly picks', percentOff: 40, productCount: 6 } as const;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Inserts the seed catalogue. Idempotent: rows are keyed by slug and existing ones are left as
 * they are, so a second run adds nothing and never overwrites an admin's edits.
 */
export async function seedCatalog(db: Db): Promise<{ categories: number; products: number }> {
  await db
    .insert(categories)
    .values(seedCategories.map((c) => ({ ...c, parentId: null })))
    .onConflictDoNothing({ target: categories.slug });

  const [flower] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'flower'));
  if (!flower) throw new Error('Seeding failed: the Flower category is missing');

  await db
    .insert(categories)
    .values(
      seedStrains.map((s) => ({
        ...s,
        parentId: flower.id,
        effects: s.effects.join(', '),
        bestFor: s.bestFor.join(', '),
      })),
    )
    .onConflictDoNothing({ target: categories.slug });

  const slugs = [...seedCategories.map((c) => c.slug), ...seedStrains.map((s) => s.slug)];
  const idRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs));
  const idBySlug = new Map(idRows.map((r) => [r.slug, r.id]));
  const idOf = (slug: string) => {
    const id = idBySlug.get(slug);
    if (id == null) throw new Error(`Seeding failed: no category '${slug}'`);
    return id;
  };

  const stockBySlug = new Map(seedProducts.map((p) => [p.slug, baseUnitsToStock(p.stock)]));
  const kindOf = new Map<string, string>(seedCategories.map((c) => [c.slug, c.kind]));
  const unitBySlug = new Map(seedProducts.map((p) => [p.slug, packageUnit(kindOf.get(p.category) ?? '')]));
  const receivedOn = nyDate(Date.now());
  for (const chunk of chunks(seedProducts)) {
    const added = await db
      .insert(products)
      .values(
        chunk.map(({ category, strain, effects, stock, ...p }) => ({
          ...p,
          // Tracked stock starts at 0 and its ledger row brings it to what was received.
          stockMilli: stock == null ? null : 0,
          categoryId: idOf(category),
          subcategoryId: strain ? idOf(strain) : null,
          effects: effects.join(', '),
        })),
      )
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id, slug: products.slug });
    // D33, D40: stock enters through the ledger (its trigger sets products.stock_milli), into one
    // opening package per product with no tag, as stock received before tagging is held.
    const stocked = added.flatMap(({ id, slug }) => {
      const milli = stockBySlug.get(slug);
      return milli == null ? [] : [{ id, slug, milli }];
    });
    if (stocked.length === 0) continue;
    const opened = await db
      .insert(packages)
      .values(stocked.map((p) => ({ productId: p.id, unit: unitBySlug.get(p.slug) ?? 'each', receivedOn, receivedMilli: p.milli })))
      .returning({ id: packages.id, productId: packages.productId });
    const packageOf = new Map(opened.map((o) => [o.productId, o.id]));
    const moves = stocked
      .filter((p) => p.milli > 0)
      .map((p) => ({
        productId: p.id,
        packageId: packageOf.get(p.id) ?? null,
        deltaMilli: p.milli,
        reason: 'received' as const,
        note: 'Opening stock',
        actor: 'system',
      }));
    if (moves.length > 0) await db.insert(stockMovements).values(moves);
  }

  // D32: a new shop starts with the spec's deal, the catalogue's first products at 40% off.
  const [dealCount] = await db.select({ n: count() }).from(deals);
  if ((dealCount?.n ?? 0) === 0) {
    const picks = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(FIRST_DEAL.productCount);
    const [deal] = await db.insert(deals).values({ name: FIRST_DEAL.name, percentOff: FIRST_DEAL.percentOff }).returning({ id: deals.id });
    if (deal && picks.length > 0) await db.insert(dealProducts).values(picks.map((p) => ({ dealId: deal.id, productId: p.id })));
  }

  // Site images have no natural key: seed them only into an empty table.
  const [images] = await db.select({ n: count() }).from(siteImages);
  if ((images?.n ?? 0) === 0 && seedSiteImages.length > 0) {
    await db.insert(siteImages).values(seedSiteImages);
  }

  const [c] = await db.select({ n: count() }).from(categories);
  const [p] = await db.select({ n: count() }).from(products);
  return { categories: c?.n ?? 0, products: p?.n ?? 0 };
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [p] = await db.select({ n: count() }).from(products);
  return (p?.n ?? 0) === 0;
}
