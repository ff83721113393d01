import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema.ts';
import { listPrice } from '../../src/features/catalog/browse.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { splitList } from '../../src/features/catalog/catalog.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

let t: TestDb;
let app: TestApp;
let all: ApiProduct[];

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  all = await list('');
});
afterAll(() => t.close());

async function list(query: string): Promise<ApiProduct[]> {
  const res = await app.request(`/api/products${query ? `?${query}` : ''}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as ApiProduct[];
}
const ids = (ps: ApiProduct[]) => ps.map((p) => p.id).sort((a, b) => a - b);

describe('server-side filters (D9, §5) agree with the client rules', () => {
  it('keeps prices inside the range, inclusive at both ends, using the shown (deal-aware, lowest weight) price', async () => {
    const prices = [...new Set(all.map(listPrice))].sort((a, b) => a - b);
    const low = prices[3] ?? 0;
    const high = prices[prices.length - 4] ?? 0;
    const found = await list(`minPrice=${low / 100}&maxPrice=${high / 100}`);
    expect(ids(found)).toEqual(ids(all.filter((p) => listPrice(p) >= low && listPrice(p) <= high)));
    expect(found.some((p) => listPrice(p) === low)).toBe(true);
    expect(found.some((p) => listPrice(p) === high)).toBe(true);
  });

  it('matches any of the effects and keeps products without effects', async () => {
    const found = await list('effects=Sleepy,Focused');
    const expected = all.filter((p) => {
      const e = splitList(p.effects);
      return e.length === 0 || e.some((x) => x.includes('Sleepy') || x.includes('Focused'));
    });
    expect(ids(found)).toEqual(ids(expected));
    expect(found.some((p) => p.effects === '')).toBe(true);
  });

  it('filters by category (name or slug), strain type, and the featured / best-seller / new-arrival flags', async () => {
    expect(ids(await list('category=Edible'))).toEqual(ids(all.filter((p) => p.category === 'Edible')));
    expect(ids(await list('category=pre-roll'))).toEqual(ids(all.filter((p) => p.category === 'Pre-roll')));
    expect(ids(await list('strainType=indica,Sativa'))).toEqual(ids(all.filter((p) => ['Indica', 'Sativa'].includes(p.strainType ?? ''))));
    expect(ids(await list('featured=true'))).toEqual(ids(all.filter((p) => p.isFeatured)));
    expect(ids(await list('bestseller=true'))).toEqual(ids(all.filter((p) => p.isBestSeller)));
    expect(ids(await list('newarrival=true'))).toEqual(ids(all.filter((p) => p.isNewArrival)));
    expect(ids(await list('ids=3,1,2'))).toEqual([1, 2, 3]);
  });

  it('sorts by price both ways, name, rating and THC', async () => {
    const byPrice = await list('sort=price-asc');
    expect(byPrice.map(listPrice)).toEqual([...byPrice.map(listPrice)].sort((a, b) => a - b));
    const byPriceDesc = await list('sort=price-desc');
    expect(byPriceDesc.map(listPrice)).toEqual([...byPriceDesc.map(listPrice)].sort((a, b) => b - a));
    const byName = (await list('sort=name')).map((p) => p.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const byRating = (await list('sort=rating')).map((p) => p.rating);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    const thc = (await list('sort=thc&category=Flower')).map((p) => p.thcContent ?? -1);
    expect(thc).toEqual([...thc].sort((a, b) => b - a));
  });

  it('lists one strain by its id (the strain pages), paged like the rest', async () => {
    const strainId = all.find((p) => p.subcategoryId != null)?.subcategoryId ?? 0;
    const expected = all.filter((p) => p.subcategoryId === strainId).map((p) => p.id);
    expect(ids(await list(`subcategory=${strainId}`))).toEqual(expected);
    const res = await app.request(`/api/products?subcategory=${strainId}&sort=featured&limit=1`);
    expect(res.headers.get('x-total-count')).toBe(String(expected.length));
    expect((await app.request('/api/products?subcategory=abc')).status).toBe(400);
  });

  it('pages with limit and page, and reports the total in X-Total-Count', async () => {
    const res = await app.request('/api/products?category=Flower&limit=10&page=2&sort=name');
    expect(res.headers.get('x-total-count')).toBe(String(all.filter((p) => p.category === 'Flower').length));
    const page2 = (await res.json()) as ApiProduct[];
    const full = await list('category=Flower&sort=name');
    expect(page2.map((p) => p.id)).toEqual(full.slice(10, 20).map((p) => p.id));
    expect((await app.request('/api/products?limit=101')).status).toBe(400);
    expect((await app.request('/api/products?page=0')).status).toBe(400);
  });
});

describe('text search (FTS5)', () => {
  it('matches prefixes and ranks a name match above a description match', async () => {
    const prefix = await list('search=gran');
    expect(prefix.some((p) => p.name.startsWith('Granddaddy'))).toBe(true);
    const [first] = await list('search=gummies');
    expect(first?.name.toLowerCase()).toContain('gummies');
    const inName = all.filter((p) => /gummies/i.test(p.name)).map((p) => p.id);
    const ranked = (await list('search=gummies')).map((p) => p.id);
    expect(ranked.slice(0, inName.length).sort()).toEqual([...inName].sort());
  });

  it('pages a text search in rank order, alone or with filters, with the full match count', async () => {
    for (const query of ['search=indica', 'search=indica&category=Flower', 'search=indica&sort=name']) {
      const full = await list(query);
      expect(full.length, query).toBeGreaterThan(6);
      const res = await app.request(`/api/products?${query}&limit=3&page=2`);
      expect(res.headers.get('x-total-count'), query).toBe(String(full.length));
      expect(
        ((await res.json()) as ApiProduct[]).map((p) => p.id),
        query,
      ).toEqual(full.slice(3, 6).map((p) => p.id));
    }
  });

  it('answers any text, never a 500', async () => {
    const odd = [
      '"',
      '""',
      'a"b',
      '*',
      'blue*',
      '-kush',
      'NEAR(blue dream)',
      'AND OR NOT',
      'name:blue',
      '^blue',
      '(',
      'ü',
      '大麻',
      '😀',
      "'; select 1; --",
      'x'.repeat(1000),
      '%00',
      'blue dream gelato og kush sour diesel northern lights jack herer wedding cake',
    ];
    for (const text of odd) {
      const res = await app.request(`/api/products?search=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    }
  });

  it('stays in step with product edits', async () => {
    const target = all[10];
    await t.db
      .update(products)
      .set({ name: 'Zyzzyva Special Reserve' })
      .where(eq(products.id, target?.id ?? 0));
    expect((await list('search=zyzzyva')).map((p) => p.id)).toEqual([target?.id]);
    await t.db
      .update(products)
      .set({ name: target?.name ?? '' })
      .where(eq(products.id, target?.id ?? 0));
    expect(await list('search=zyzzyva')).toEqual([]);
  });
});
