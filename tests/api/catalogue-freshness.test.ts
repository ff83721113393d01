import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

/**
 * The freshness promise: every write to products or categories, whoever makes it, is in the very
 * next catalogue answer; an unchanged answer revalidates to a 304.
 */
let t: TestDb;
let app: TestApp;
const getJson = async <T>(path: string) => {
  const res = await app.request(path);
  expect(res.status, path).toBe(200);
  return { body: (await res.json()) as T, etag: res.headers.get('etag'), total: res.headers.get('x-total-count') };
};

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
});
afterAll(() => t.close());

describe('catalogue answers', () => {
  it('are the same bytes with the same ETag while nothing changed, and revalidate to a 304', async () => {
    const first = await getJson<ApiProduct>('/api/products/1');
    const again = await getJson<ApiProduct>('/api/products/1');
    expect(again).toEqual(first);
    expect(first.etag).toMatch(/^"[0-9a-f]{40}"$/);
    const notModified = await app.request('/api/products/1', { headers: { 'if-none-match': first.etag ?? '' } });
    expect(notModified.status).toBe(304);
    const res = await app.request('/api/products/1');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answer a 200 with the new body to a client holding the old ETag once the price changed', async () => {
    const before = await getJson<ApiProduct>('/api/products/3');
    await t.db
      .update(products)
      .set({ price: before.body.price + 1 })
      .where(eq(products.id, 3));
    const res = await app.request('/api/products/3', { headers: { 'if-none-match': before.etag ?? '' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ApiProduct).price).toBe(before.body.price + 1);
  });

  it('show a price changed behind the API at once (no stale price)', async () => {
    const before = await getJson<ApiProduct>('/api/products/2');
    await t.db
      .update(products)
      .set({ price: before.body.price + 100 })
      .where(eq(products.id, 2));
    const after = await getJson<ApiProduct>('/api/products/2');
    expect(after.body.price).toBe(before.body.price + 100);
    expect(after.etag).not.toBe(before.etag);
  });

  it('show stock taken by a checkout at once, in the product and in listings', async () => {
    const listing = '/api/products?category=Edible&limit=50';
    const list = await getJson<ApiProduct[]>(listing);
    const product = list.body.find((p) => p.inStock && p.stockQuantity != null && p.stockQuantity > 0);
    if (!product) throw new Error('The seed has an edible with tracked stock');
    await getJson<ApiProduct>(`/api/products/${product.id}`);
    const res = await app.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(checkoutPayload([{ productId: product.id, quantity: 1 }])),
    });
    expect(res.status).toBe(200);
    const after = await getJson<ApiProduct>(`/api/products/${product.id}`);
    expect(after.body.stockQuantity).toBe((product.stockQuantity ?? 0) - 1);
    const listed = (await getJson<ApiProduct[]>(listing)).body.find((p) => p.id === product.id);
    expect(listed?.stockQuantity).toBe((product.stockQuantity ?? 0) - 1);
  });

  it('show a renamed category in every product listing at once', async () => {
    const before = await getJson<ApiProduct[]>('/api/products?search=gummies&limit=5');
    const categoryId = before.body[0]?.categoryId;
    if (!categoryId) throw new Error('A search for gummies finds a product');
    const [category] = await t.db.select().from(categories).where(eq(categories.id, categoryId));
    await t.db
      .update(categories)
      .set({ name: `${category?.name} (renamed)` })
      .where(eq(categories.id, categoryId));
    try {
      const after = await getJson<ApiProduct[]>('/api/products?search=gummies&limit=5');
      expect(after.body[0]?.categoryName).toBe(`${category?.name} (renamed)`);
      expect(after.total).toBe(before.total);
    } finally {
      await t.db
        .update(categories)
        .set({ name: category?.name ?? '' })
        .where(eq(categories.id, categoryId));
    }
  });

  it('find a product added after a miss, and a product removed is gone at once', async () => {
    const [max] = await t.db.select({ id: sql<number>`max(${products.id})` }).from(products);
    const nextId = (max?.id ?? 0) + 1;
    expect((await app.request(`/api/products/${nextId}`)).status).toBe(404);
    const [source] = await t.db.select().from(products).where(eq(products.id, 1));
    if (!source) throw new Error('Product 1 exists');
    await t.db.insert(products).values({ ...source, id: nextId, slug: `${source.slug}-copy`, name: `${source.name} copy` });
    expect((await getJson<ApiProduct>(`/api/products/${nextId}`)).body.name).toBe(`${source.name} copy`);
    await t.db.delete(products).where(eq(products.id, nextId));
    expect((await app.request(`/api/products/${nextId}`)).status).toBe(404);
  });

  it('give a listing and its match count together, whatever the query order', async () => {
    const page = await getJson<ApiProduct[]>('/api/products?category=Flower&limit=3');
    const again = await getJson<ApiProduct[]>('/api/products?limit=3&category=Flower');
    expect(again.total).toBe(page.total);
    expect(Number(page.total)).toBeGreaterThan(3);
    expect(again.body).toEqual(page.body);
  });
});
