import { count, eq, inArray } from 'drizzle-orm';
import { baseUnitsToStock } from '../../features/catalog/stock.ts';
import type { Db } from '../db.ts';
import { categories, products, siteImages } from '../schema.ts';
import { seedCategories, seedProducts, seedStrains } from './catalog-data.ts';
import { seedSiteImages } from './site-images-data.ts';

const CHUNK = 40;

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

  for (const chunk of chunks(seedProducts)) {
    await db
      .insert(products)
      .values(
        chunk.map(({ category, strain, effects, stock, ...p }) => ({
          ...p,
          categoryId: idOf(category),
          subcategoryId: strain ? idOf(strain) : null,
          effects: effects.join(', '),
          stockMilli: baseUnitsToStock(stock),
        })),
      )
      .onConflictDoNothing({ target: products.slug });
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
