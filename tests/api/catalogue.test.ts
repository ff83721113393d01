import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCategory, ApiProduct } from '../../src/features/catalog/catalog.ts';
import { seedCatalog } from '../../src/features/catalog/seed/seed.server.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

let t: TestDb;
let app: TestApp;
const get = (path: string, init?: RequestInit) => app.request(path, init);
const json = async <T>(path: string) => (await (await get(path)).json()) as T;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
});
afterAll(() => t.close());

describe('GET /api/products', () => {
  it('lists the seeded catalogue in id order, money in integer cents', async () => {
    const res = await get('/api/products');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('must-revalidate');
    const products = (await res.json()) as ApiProduct[];
    expect(products.length).toBeGreaterThanOrEqual(80);
    expect(products.map((p) => p.id)).toEqual([...products.map((p) => p.id)].sort((a, b) => a - b));
    for (const p of products) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.price).toBeGreaterThan(0);
    }
  });

  it('speaks the spec shape, with category names and computed stock', async () => {
    const products = await json<ApiProduct[]>('/api/products');
    const flower = products.find((p) => p.category === 'Flower');
    expect(flower).toMatchObject({
      categoryName: 'Flower',
      subcategoryName: expect.any(String),
      inStock: expect.any(Boolean),
      isFeatured: expect.any(Boolean),
    });
    expect(flower).not.toHaveProperty('stockMilli');
    expect(flower).not.toHaveProperty('available');
    const soldOut = products.filter((p) => p.stockQuantity === 0);
    expect(soldOut.length).toBeGreaterThan(0);
    expect(soldOut.every((p) => !p.inStock)).toBe(true);
  });

  it('filters by search text across name, strain and effects; punctuation alone matches nothing', async () => {
    const all = await json<ApiProduct[]>('/api/products');
    const strainName = all.find((p) => p.subcategoryName)?.subcategoryName ?? '';
    const byStrain = await json<ApiProduct[]>(`/api/products?search=${encodeURIComponent(strainName)}`);
    expect(byStrain.length).toBeGreaterThan(0);
    expect(byStrain.length).toBeLessThan(all.length);
    expect(await json<ApiProduct[]>('/api/products?search=%25')).toEqual([]);
    expect(await json<ApiProduct[]>('/api/products?search=_')).toEqual([]);
    const injection = await get(`/api/products?search=${encodeURIComponent("'; drop table products; --")}`);
    expect(injection.status).toBe(200);
    expect((await json<ApiProduct[]>('/api/products')).length).toBe(all.length);
  });

  it('refuses an over-long search with a 400 naming the field', async () => {
    const res = await get(`/api/products?search=${'a'.repeat(1001)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_input', fields: { search: expect.any(String) } });
  });
});

describe('GET /api/products/:id', () => {
  it('reads one product', async () => {
    const [first] = await json<ApiProduct[]>('/api/products');
    const res = await get(`/api/products/${first?.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(first);
  });

  it('answers 404 for an unknown id and 400 for a malformed one, never 500', async () => {
    const missing = await get('/api/products/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Product not found', code: 'not_found' });
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', '%20']) {
      const res = await get(`/api/products/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'invalid_input', fields: { id: 'The id must be a positive whole number' } });
    }
  });

  it('supports conditional requests with an ETag', async () => {
    const [first] = await json<ApiProduct[]>('/api/products');
    const res = await get(`/api/products/${first?.id}`);
    const tag = res.headers.get('etag');
    expect(tag).toBeTruthy();
    const again = await get(`/api/products/${first?.id}`, { headers: { 'if-none-match': tag ?? '' } });
    expect(again.status).toBe(304);
  });
});

describe('categories and strains', () => {
  it('lists top-level categories with their strains as subcategories', async () => {
    const categories = await json<ApiCategory[]>('/api/categories');
    const top = categories.filter((c) => c.parentId == null);
    expect(top.map((c) => c.name)).toEqual(['Flower', 'Edible', 'Pre-roll', 'Vaporizer', 'Concentrate', 'Accessories']);
    const flower = top.find((c) => c.slug === 'flower');
    expect(flower?.subcategories.length).toBeGreaterThanOrEqual(12);
    const types = new Set(categories.filter((c) => c.parentId === flower?.id).map((c) => c.strainType));
    expect(types).toEqual(new Set(['Indica', 'Sativa', 'Hybrid', 'CBD']));
  });

  it('answers a category with its products, and 404/400 otherwise', async () => {
    const categories = await json<ApiCategory[]>('/api/categories');
    const edible = categories.find((c) => c.slug === 'edible');
    const body = await json<{ category: ApiCategory; products: ApiProduct[] }>(`/api/categories/id/${edible?.id}/products`);
    expect(body.category.name).toBe('Edible');
    expect(body.products.length).toBeGreaterThanOrEqual(8);
    expect(body.products.every((p) => p.category === 'Edible')).toBe(true);
    expect((await get('/api/categories/id/999999/products')).status).toBe(404);
    expect((await get('/api/categories/id/x/products')).status).toBe(400);
  });

  it('answers a strain with its products; a top-level category is not a strain', async () => {
    const categories = await json<ApiCategory[]>('/api/categories');
    const strain = categories.find((c) => c.parentId != null);
    const body = await json<{ subcategory: ApiCategory; products: ApiProduct[] }>(`/api/subcategories/${strain?.id}/products`);
    expect(body.subcategory.id).toBe(strain?.id);
    expect(body.products.length).toBeGreaterThan(0);
    const top = categories.find((c) => c.parentId == null);
    expect((await get(`/api/subcategories/${top?.id}/products`)).status).toBe(404);
  });
});

describe('site images and errors', () => {
  it('lists only active site images without admin fields', async () => {
    const images = await json<Record<string, unknown>[]>('/api/site-images');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image).not.toHaveProperty('active');
      expect(image).not.toHaveProperty('createdAt');
    }
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });

  it('seeding again adds nothing (idempotent)', async () => {
    const before = (await json<ApiProduct[]>('/api/products')).length;
    const counts = await seedCatalog(t.db);
    expect(counts.products).toBe(before);
    expect((await json<ApiProduct[]>('/api/products')).length).toBe(before);
  });
});
