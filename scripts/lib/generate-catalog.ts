/**
 * Grows a seeded database to `total` products for benchmarks: variations of the seed products
 * (same categories, strains and images; other names, prices, ratings), inserted in batches.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../../src/db/db.ts';
import { products } from '../../src/db/schema.ts';

const ADJECTIVES = [
  'Reserve',
  'Select',
  'Classic',
  'Small Batch',
  'Craft',
  'Estate',
  'Limited',
  'House',
  'Premium',
  'Harvest',
  'Sunrise',
  'Midnight',
];

export async function growCatalog(db: Db, total: number): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(products);
  const have = existing?.n ?? 0;
  if (have >= total) return have;
  const seeds = await db.select().from(products);
  const rows: (typeof products.$inferInsert)[] = [];
  for (let i = have; i < total; i++) {
    const { id: _id, createdAt: _c, updatedAt: _u, ...seed } = seeds[i % seeds.length] ?? (seeds[0] as (typeof seeds)[number]);
    const factor = 0.8 + ((i * 37) % 41) / 100;
    const scale = (cents: number | null) => (cents == null ? null : Math.round(cents * factor));
    rows.push({
      ...seed,
      slug: `${seed.slug}-g${i}`,
      name: `${seed.name} ${ADJECTIVES[i % ADJECTIVES.length]} ${i}`,
      price: scale(seed.price) ?? seed.price,
      salePrice: seed.salePrice == null ? null : Math.max(scale(seed.salePrice) ?? 0, (scale(seed.price) ?? 0) + 100),
      price1g: scale(seed.price1g),
      price2g: scale(seed.price2g),
      price3_5g: scale(seed.price3_5g),
      price7g: scale(seed.price7g),
      priceHalfOz: scale(seed.priceHalfOz),
      priceOz: scale(seed.priceOz),
      rating: Math.round((3.5 + ((i * 13) % 16) / 10) * 10) / 10,
      reviews: (i * 7) % 400,
      isFeatured: false,
    });
  }
  for (let i = 0; i < rows.length; i += 250) await db.insert(products).values(rows.slice(i, i + 250));
  return total;
}
