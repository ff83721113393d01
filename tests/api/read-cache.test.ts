import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueVersion, categories, products } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { createApp } from '../../src/server/api/app.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';

/**
 * Kept catalogue answers (src/server/api/read-cache.ts) must be exactly as fresh as a read of their own:
 * every write to products or categories, whoever makes it, is seen by the next read.
 */
let t: TestDb;
let app: ReturnType<typeof createApp>;
const getJson = async <T>(path: string) => {
  const res = await app.request(path);
  expect(res.status, path).toBe(200);
  return { body: (await res.json()) as T, etag: res.headers.get('etag'), total: res.headers.get('x-total-count') };
};
const version = async () => (await t.db.select().from(catalogueVersion))[0]?.version;

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: () => t.db });
});
afterAll(() => t.close());

describe('kept catalogue answers', () => {
  it('are served again, byte for byte and with the same ETag, while nothing changed', async () => {
    const first = await getJson<ApiProduct>('/api/products/1');
    const again = await getJson<ApiProduct>('/api/products/1');
    expect(again).toEqual(first);
    expect(first.etag).toMatch(/^"[0-9a-f]{40}"$/);
    const notModified = await app.request('/api/products/1', { headers: { 'if-none-match': first.etag ?? '' } });
    expect(notModified.status).toBe(304);
  });

  it('every write to products or categories moves the catalogue version (triggers)', async () => {
    const before = await version();
    await t.db.update(products).set({ rating: 4.5 }).where(eq(products.id, 1));
    await t.db
      .update(categories)
      .set({ sortOrder: sql`${categories.sortOrder}` })
      .where(eq(categories.id, 1));
    expect(await version()).toBe((before ?? 0) + 2);
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

  it('keep a listing and its match count together', async () => {
    const page = await getJson<ApiProduct[]>('/api/products?category=Flower&limit=3');
    const again = await getJson<ApiProduct[]>('/api/products?limit=3&category=Flower');
    expect(again.total).toBe(page.total);
    expect(Number(page.total)).toBeGreaterThan(3);
    expect(again.body).toEqual(page.body);
  });
});
