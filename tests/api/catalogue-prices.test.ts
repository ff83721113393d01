/**
 * The price filters and sorts run in SQL (list-price.server.ts) and must give the very price a
 * list shows (browse.listPrice over pricing.liveDealPercents): checked product by product on the
 * seed catalogue plus products and deals made for the edge cases, straight from the database and
 * through GET /api/products.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { categories, dealProducts, deals, products } from '../../src/db/schema.ts';
import { listPrice } from '../../src/features/catalog/browse.ts';
import { categoryRuleKey, dealCoversQuery, WEIGHT_PRICE_COLUMNS } from '../../src/features/catalog/catalog.server.ts';
import { listPriceSql, liveDealsQuery } from '../../src/features/catalog/list-price.server.ts';
import { liveDealPercents } from '../../src/features/pricing/pricing.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

/** The moment the prices are read at; deals start and end exactly here. */
const NOW = Date.UTC(2026, 4, 15, 16, 0);
const HOUR = 3_600_000;

let t: TestDb;
let app: TestApp;
const edge: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  const db = t.db;
  const idOf = async (kind: string) => {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.kind, kind));
    if (!row) throw new Error(`no ${kind} category`);
    return row.id;
  };
  const [flower, concentrate, edible] = [await idOf('Flower'), await idOf('Concentrate'), await idOf('Edible')];
  // A renamed built-in category keeps its rules by its kind; an added one without a kind goes by its name.
  await db.update(categories).set({ name: 'Dabs' }).where(eq(categories.id, concentrate));
  const [namedFlower] = await db.insert(categories).values({ name: 'Flower', slug: 'flower-by-name' }).returning({ id: categories.id });
  if (!namedFlower) throw new Error('category not made');

  const made = await db
    .insert(products)
    .values([
      { slug: 'edge-flower-no-weights', name: 'Edge flower, no weights', price: 2999, categoryId: flower },
      {
        slug: 'edge-flower-zero-weight',
        name: 'Edge flower, a zero weight',
        price: 4000,
        categoryId: flower,
        price3_5g: 0,
        price7g: 5500,
        priceOz: 9000,
      },
      { slug: 'edge-named-flower', name: 'Edge flower by name', price: 4100, categoryId: namedFlower.id, price7g: 3900, priceHalfOz: 7000 },
      { slug: 'edge-dabs', name: 'Edge dabs', price: 5000, categoryId: concentrate, price1g: 2550, price2g: 4500, price3_5g: 7000 },
      { slug: 'edge-edible-weights', name: 'Edge edible with weight prices', price: 1800, categoryId: edible, price1g: 100 },
      { slug: 'edge-sale', name: 'Edge sale', price: 1500, salePrice: 2500, categoryId: edible },
      { slug: 'edge-sale-deal', name: 'Edge sale in a deal', price: 1700, salePrice: 2900, categoryId: edible },
      { slug: 'edge-half-up', name: 'Edge half a cent', price: 1250, categoryId: edible },
      { slug: 'edge-round-down', name: 'Edge rounds down', price: 999, categoryId: edible },
      { slug: 'edge-starts-now', name: 'Edge deal starts now', price: 2000, categoryId: edible },
      { slug: 'edge-ends-now', name: 'Edge deal ends now', price: 2000, categoryId: edible },
      { slug: 'edge-two-deals', name: 'Edge two deals', price: 3333, categoryId: edible },
      { slug: 'edge-disabled-deal', name: 'Edge disabled deal', price: 2100, categoryId: edible },
      { slug: 'edge-later-deal', name: 'Edge later deal', price: 2200, categoryId: edible },
      { slug: 'edge-flower-deal', name: 'Edge flower in a deal', price: 6000, categoryId: flower, price3_5g: 3001, price7g: 5800 },
      { slug: 'edge-draft', name: 'Edge draft', price: 1234, categoryId: edible, status: 'draft' },
    ])
    .returning({ id: products.id, slug: products.slug });
  for (const p of made) edge[p.slug] = p.id;

  const deal = async (percentOff: number, slugs: string[], window: { startsAt?: number; endsAt?: number; active?: boolean } = {}) => {
    const [row] = await db
      .insert(deals)
      .values({ name: `${percentOff}% edge`, percentOff, ...window })
      .returning({ id: deals.id });
    if (!row) throw new Error('deal not made');
    await db.insert(dealProducts).values(slugs.map((s) => ({ dealId: row.id, productId: edge[s] as number })));
  };
  await deal(33, ['edge-half-up', 'edge-sale-deal']);
  await deal(15, ['edge-round-down', 'edge-two-deals']);
  await deal(25, ['edge-two-deals', 'edge-flower-deal'], { startsAt: NOW - HOUR, endsAt: NOW + HOUR });
  await deal(20, ['edge-starts-now'], { startsAt: NOW });
  await deal(30, ['edge-ends-now'], { startsAt: NOW - HOUR, endsAt: NOW });
  await deal(50, ['edge-disabled-deal'], { active: false });
  await deal(45, ['edge-later-deal'], { startsAt: NOW + 1 });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Every product's price as listPrice gives it at NOW, from the raw columns and the deals. */
async function expectedPrices(): Promise<Map<number, { price: number; percent: number | null; status: string }>> {
  const [rows, covers] = await Promise.all([
    t.db
      .select({
        id: products.id,
        status: products.status,
        category: categoryRuleKey,
        price: products.price,
        salePrice: products.salePrice,
        ...WEIGHT_PRICE_COLUMNS,
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id)),
    dealCoversQuery(t.db),
  ]);
  const percents = liveDealPercents(covers, NOW);
  return new Map(
    rows.map((r) => {
      const percent = percents.get(r.id) ?? null;
      return [r.id, { price: listPrice({ ...r, dealPercentOff: percent }), percent, status: r.status }];
    }),
  );
}

describe('the SQL list price', () => {
  it('equals listPrice, and the SQL live deal liveDealPercents, for every product', async () => {
    const live = liveDealsQuery(t.db, NOW);
    const rows = await t.db
      .select({ id: products.id, price: listPriceSql(categoryRuleKey, live.percentOff), percent: live.percentOff })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .leftJoin(live, eq(live.productId, products.id));
    const expected = await expectedPrices();
    expect(rows.length).toBeGreaterThan(90);
    expect(new Map(rows.map((r) => [r.id, { price: r.price, percent: r.percent }]))).toEqual(
      new Map([...expected].map(([id, e]) => [id, { price: e.price, percent: e.percent }])),
    );
  });

  it('meets each edge case as the rule says', async () => {
    const at = await expectedPrices();
    const price = (slug: string) => at.get(edge[slug] as number)?.price;
    const percent = (slug: string) => at.get(edge[slug] as number)?.percent;
    expect(price('edge-flower-no-weights')).toBe(2999);
    expect(price('edge-flower-zero-weight')).toBe(5500);
    expect(price('edge-named-flower')).toBe(3900);
    expect(price('edge-dabs')).toBe(2550);
    expect(price('edge-edible-weights')).toBe(1800);
    expect(price('edge-sale')).toBe(1500);
    expect(price('edge-sale-deal')).toBe(1139);
    expect(price('edge-half-up')).toBe(838);
    expect(price('edge-round-down')).toBe(849);
    expect(percent('edge-starts-now')).toBe(20);
    expect(percent('edge-ends-now')).toBeNull();
    expect(percent('edge-two-deals')).toBe(25);
    expect(percent('edge-disabled-deal')).toBeNull();
    expect(percent('edge-later-deal')).toBeNull();
    expect(price('edge-flower-deal')).toBe(2251);
  });
});

describe('GET /api/products by price', () => {
  const ids = async (path: string) => ((await (await app.request(path)).json()) as { id: number }[]).map((p) => p.id);

  it('sorts every public product by the price a list shows, ties by id', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const shown = [...(await expectedPrices())].filter(([, e]) => e.status === 'active');
    const ascending = [...shown].sort(([a, x], [b, y]) => x.price - y.price || a - b).map(([id]) => id);
    const descending = [...shown].sort(([a, x], [b, y]) => y.price - x.price || a - b).map(([id]) => id);
    expect(await ids('/api/products?sort=price-asc')).toEqual(ascending);
    expect(await ids('/api/products?sort=price-desc')).toEqual(descending);
  });

  it('keeps exactly the products whose list price is within the range, to the cent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const shown = [...(await expectedPrices())].filter(([, e]) => e.status === 'active');
    for (const price of new Set(shown.map(([, e]) => e.price))) {
      const dollars = (price / 100).toFixed(2);
      const expected = shown.filter(([, e]) => e.price === price).map(([id]) => id);
      expect(await ids(`/api/products?minPrice=${dollars}&maxPrice=${dollars}`), dollars).toEqual(expected);
    }
    const [lo, hi] = [1000, 2250];
    const within = shown.filter(([, e]) => e.price >= lo && e.price <= hi).map(([id]) => id);
    expect(await ids('/api/products?minPrice=10&maxPrice=22.50')).toEqual(within);
    const page = await app.request('/api/products?minPrice=10&maxPrice=22.50&sort=price-asc&page=2&limit=5');
    expect(page.headers.get('x-total-count')).toBe(String(within.length));
  });
});
