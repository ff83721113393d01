/**
 * The product manager's API against a real database (admin.md §2; D33; M1-M3): creating products,
 * status and what the public sees, deleting only what was never ordered, bulk actions applied
 * whole or not at all, the stock ledger and the audit trail.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, dealProducts, deals, products, stockMovements } from '../../src/db/schema.ts';
import type { AdminLedger, AdminProduct, BulkResult } from '../../src/features/admin/admin.ts';
import type { AuditEntry } from '../../src/features/audit/audit.ts';
import { listProducts } from '../../src/features/catalog/catalog.server.ts';
import type { ApiCategory, ApiProduct } from '../../src/features/catalog/catalog.ts';
import { memoryStore } from '../../src/features/images/image-store.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { editable } from '../fixtures/products.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const EMAIL = 'menu@example.com';
const PASSWORD = 'a long menu password 1';

let t: TestDb;
let app: TestApp;
let cookie = '';
let cats: ApiCategory[];
const cat = (name: string) => {
  const found = cats.find((c) => c.name === name && c.parentId == null);
  if (!found) throw new Error(`no category ${name}`);
  return found;
};

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db, images: () => memoryStore() });
  await createAdmin(t.db, EMAIL, PASSWORD);
  cookie = await signIn(app, EMAIL, PASSWORD);
  cats = (await (await app.request('/api/categories')).json()) as ApiCategory[];
});
afterAll(() => t.close());

function admin(path: string, init: { method?: string; body?: unknown; origin?: string } = {}) {
  const headers: Record<string, string> = { origin: init.origin ?? TEST_ORIGIN, cookie };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(`/api/admin${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const edibleInput = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  categoryId: cat('Edible').id,
  price: 2500,
  description: 'Lemon gummies, 10 mg each.',
  thcMg: 100,
  effects: 'Happy',
  ...extra,
});

const create = (body: Record<string, unknown>) => json<AdminProduct>(admin('/products', { method: 'POST', body }), 201);

/** Every row of the tables a refused request must leave alone, as text. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of ['products', 'stock_movements', 'audit_log', 'deal_products']) {
    parts.push(JSON.stringify(await t.db.all(sql.raw(`select * from ${table} order by rowid`))));
  }
  return parts.join('\n');
}

const ledgerSum = async (id: number) =>
  (
    await t.db
      .select({ s: sql<number>`coalesce(sum(${stockMovements.deltaMilli}), 0)` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, id))
  )[0]?.s;
const stockOf = async (id: number) => (await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, id)))[0]?.s;

async function checkout(productId: number, quantity: number, price: number): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload([{ productId, quantity, price }])),
  });
  return (await json<{ orderId: string }>(res)).orderId;
}

describe('POST /api/admin/products', () => {
  it('creates a draft with a slug, its stock in the ledger as received, and every field audited', async () => {
    const created = await create(edibleInput('Lemon Drop Gummies', { stockQuantity: 12, lowStockQuantity: 3, image: '/images/x.webp' }));
    expect(created).toMatchObject({
      name: 'Lemon Drop Gummies',
      slug: 'lemon-drop-gummies',
      status: 'draft',
      category: 'Edible',
      price: 2500,
      thcMg: 100,
      stockQuantity: 12,
      lowStockQuantity: 3,
      rating: 0,
      image: '/images/x.webp',
    });
    const ledger = await json<AdminLedger>(admin(`/products/${created.id}/ledger`));
    expect(ledger.entries.map((e) => [e.reason, e.quantity, e.note, e.actor, e.stockAfter])).toEqual([
      ['received', 12, 'Initial stock', `admin:${EMAIL}`, 12],
    ]);
    const { entries } = await json<{ entries: AuditEntry[] }>(admin(`/products/${created.id}/audit`));
    expect(entries.find((e) => e.field === 'name')).toMatchObject({
      fromValue: null,
      toValue: 'Lemon Drop Gummies',
      actor: `admin:${EMAIL}`,
    });
    expect(entries.find((e) => e.field === 'stockQuantity')).toMatchObject({ fromValue: null, toValue: '12' });
    expect(entries.find((e) => e.field === 'status')).toMatchObject({ toValue: 'draft' });
  });

  it('keeps slugs unique, and a flower takes a strain and its price from its smallest weight', async () => {
    const first = await create(edibleInput('Slug Test Bites'));
    const second = await create(edibleInput('Slug Test Bites'));
    const third = await create(edibleInput('Slug Test Bites!'));
    expect([first.slug, second.slug, third.slug]).toEqual(['slug-test-bites', 'slug-test-bites-2', 'slug-test-bites-3']);

    const strain = cats.find((c) => c.parentId === cat('Flower').id);
    const flower = await create({
      name: 'Night Jar',
      categoryId: cat('Flower').id,
      subcategoryId: strain?.id,
      price3_5g: 4000,
      priceOz: 25000,
      price1g: 900,
      thcMg: 50,
      stockQuantity: 28.5,
      status: 'active',
    });
    // 1g is not a flower weight, and THC per package is for edibles: neither is kept.
    expect(flower).toMatchObject({ price: 4000, price3_5g: 4000, priceOz: 25000, price1g: 900, thcMg: null, stockQuantity: 28.5 });
    expect(flower.subcategoryId).toBe(strain?.id);
    expect((await json<ApiProduct>(app.request(`/api/products/${flower.id}`))).price).toBe(4000);
  });

  it('answers bad input with a 4xx naming the field, and changes nothing', async () => {
    const flowerId = cat('Flower').id;
    const edibleId = cat('Edible').id;
    const strain = cats.find((c) => c.parentId === flowerId);
    const cases: [Record<string, unknown>, number, string][] = [
      [edibleInput(''), 400, 'name'],
      [edibleInput('Bad', { categoryId: 999_999 }), 422, 'categoryId'],
      [edibleInput('Bad', { categoryId: strain?.id }), 422, 'categoryId'],
      [edibleInput('Bad', { subcategoryId: strain?.id }), 422, 'subcategoryId'],
      [{ name: 'Bad', categoryId: flowerId }, 422, 'price'],
      [{ name: 'Bad', categoryId: edibleId }, 422, 'price'],
      [edibleInput('Bad', { salePrice: 2500 }), 422, 'salePrice'],
      [edibleInput('Bad', { price: 12.5 }), 400, 'price'],
      [edibleInput('Bad', { image: 'javascript:alert(1)' }), 400, 'image'],
      [edibleInput('Bad', { status: 'live' }), 400, 'status'],
      [edibleInput('Bad', { stockQuantity: -1 }), 400, 'stockQuantity'],
      [edibleInput('Bad', { lowStockQuantity: 0.0001 }), 400, 'lowStockQuantity'],
      [edibleInput('Bad', { thcContent: 101 }), 400, 'thcContent'],
      [edibleInput('Bad', { rating: 0.5 }), 400, 'rating'],
      [edibleInput('Bad', { slug: 'chosen' }), 400, 'slug'],
    ];
    const before = await snapshot();
    for (const [body, status, field] of cases) {
      const res = await admin('/products', { method: 'POST', body });
      const answer = (await res.json()) as { fields?: Record<string, string> };
      expect(res.status, `${field}: ${JSON.stringify(answer)}`).toBe(status);
      expect(Object.keys(answer.fields ?? {}), field).toContain(field);
    }
    expect(await snapshot()).toBe(before);
  });

  it('puts no new product in a retired category', async () => {
    const vape = cat('Vaporizer');
    await t.db.update(categories).set({ retired: true }).where(eq(categories.id, vape.id));
    try {
      const res = await admin('/products', { method: 'POST', body: { name: 'Old pen', categoryId: vape.id, price: 3000 } });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ fields: { categoryId: 'Vaporizer is retired' } });
      // A draft already there stays a draft: the shop shows nothing of a retired category.
      const [draft] = await t.db.select().from(products).where(eq(products.categoryId, vape.id)).limit(1);
      if (!draft) throw new Error('no vaporizer');
      await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, draft.id));
      const admins = await json<AdminProduct[]>(admin('/products'));
      const current = admins.find((p) => p.id === draft.id);
      if (!current) throw new Error('missing');
      const activate = await admin(`/products/${draft.id}`, { method: 'PATCH', body: { ...editable(current), status: 'active' } });
      expect(activate.status).toBe(422);
      expect(await activate.json()).toMatchObject({ fields: { status: 'Vaporizer is retired' } });
      const bulk = await admin('/products/bulk', { method: 'POST', body: { ids: [draft.id], action: { type: 'activate' } } });
      expect(await bulk.json()).toMatchObject({ error: `${draft.name}: Vaporizer is retired` });
      await t.db.update(products).set({ status: 'active' }).where(eq(products.id, draft.id));
    } finally {
      await t.db.update(categories).set({ retired: false }).where(eq(categories.id, vape.id));
    }
  });
});

describe('status (M1)', () => {
  it('keeps drafts and archived products off every public answer; a direct link is a 404', async () => {
    const p = await create(edibleInput('Zebra Sunrise Chews', { stockQuantity: 10 }));
    const publicView = async () => {
      const all = await json<ApiProduct[]>(app.request('/api/products'));
      const found = await json<ApiProduct[]>(app.request('/api/products?search=Zebra%20Sunrise'));
      const byIds = await json<ApiProduct[]>(app.request(`/api/products?ids=${p.id}`));
      const inCategory = await json<{ products: ApiProduct[] }>(app.request(`/api/categories/id/${p.categoryId}/products`));
      const built = await listProducts(t.db);
      return {
        direct: (await app.request(`/api/products/${p.id}`)).status,
        lists: [all, found, byIds, inCategory.products, built].map((list) => list.some((x) => x.id === p.id)),
      };
    };
    expect(await publicView()).toEqual({ direct: 404, lists: [false, false, false, false, false] });

    await json(admin(`/products/${p.id}`, { method: 'PATCH', body: { ...editable(p), status: 'active' } }));
    expect(await publicView()).toEqual({ direct: 200, lists: [true, true, true, true, true] });

    await json<BulkResult>(admin('/products/bulk', { method: 'POST', body: { ids: [p.id], action: { type: 'archive' } } }));
    expect(await publicView()).toEqual({ direct: 404, lists: [false, false, false, false, false] });
    // Still the admin's to see.
    expect((await json<AdminProduct[]>(admin('/products'))).find((x) => x.id === p.id)?.status).toBe('archived');
  });

  it('keeps an archived product off sale, and its past orders as they were', async () => {
    const p = await create(edibleInput('Archive Me Mints', { stockQuantity: 10, status: 'active' }));
    const ref = await checkout(p.id, 2, p.price);
    await json(admin('/products/bulk', { method: 'POST', body: { ids: [p.id], action: { type: 'archive' } } }));
    const order = await json<{ items: { productId: number; name: string; price: number; quantity: number }[] }>(
      app.request(`/api/orders/${ref}`),
    );
    expect(order.items).toEqual([expect.objectContaining({ productId: p.id, name: 'Archive Me Mints', price: 2500, quantity: 2 })]);
    const again = await app.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(checkoutPayload([{ productId: p.id, quantity: 1, price: p.price }])),
    });
    expect(again.status).toBe(422);
  });
});

describe('DELETE /api/admin/products/{id}', () => {
  it('deletes a product never ordered, with its ledger and deal rows, and keeps a deleted row in its trail', async () => {
    const p = await create(edibleInput('Delete Me Drops', { stockQuantity: 4 }));
    const [deal] = await t.db.select({ id: deals.id }).from(deals).limit(1);
    if (!deal) throw new Error('no deal');
    await t.db.insert(dealProducts).values({ dealId: deal.id, productId: p.id });

    expect(await json(admin(`/products/${p.id}`, { method: 'DELETE' }))).toEqual({ deleted: true, id: p.id });
    expect((await admin(`/products/${p.id}/ledger`)).status).toBe(404);
    expect(await t.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id))).toEqual([]);
    expect(await t.db.select().from(dealProducts).where(eq(dealProducts.productId, p.id))).toEqual([]);
    const { entries } = await json<{ entries: AuditEntry[] }>(admin(`/products/${p.id}/audit`));
    expect(entries[0]).toMatchObject({ field: 'deleted', fromValue: 'Delete Me Drops', actor: `admin:${EMAIL}` });
    expect((await admin(`/products/${p.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a product with orders: archive it instead', async () => {
    const p = await create(edibleInput('Ordered Once Bar', { stockQuantity: 4, status: 'active' }));
    await checkout(p.id, 1, p.price);
    const before = await snapshot();
    const res = await admin(`/products/${p.id}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'This product has orders: archive it instead', code: 'has_orders' });
    expect(await snapshot()).toBe(before);
    expect((await admin('/products/999999', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('POST /api/admin/products/bulk', () => {
  it('previews every change without writing, then applies them all with their audit rows', async () => {
    const a = await create(edibleInput('Bulk A', { price: 1999, salePrice: 2999 }));
    const b = await create(edibleInput('Bulk B', { price: 1000 }));
    const body = { ids: [a.id, b.id], action: { type: 'changePrices', percent: 12.5 } };
    const before = await snapshot();
    const preview = await json<BulkResult>(admin('/products/bulk?preview=1', { method: 'POST', body }));
    expect(preview).toEqual({
      applied: false,
      products: 2,
      changes: [
        { id: a.id, name: 'Bulk A', field: 'price', from: 1999, to: 2249 },
        { id: a.id, name: 'Bulk A', field: 'salePrice', from: 2999, to: 3374 },
        { id: b.id, name: 'Bulk B', field: 'price', from: 1000, to: 1125 },
      ],
    });
    expect(await snapshot()).toBe(before);

    const applied = await json<BulkResult>(admin('/products/bulk', { method: 'POST', body }));
    expect(applied).toEqual({ ...preview, applied: true });
    const list = await json<AdminProduct[]>(admin('/products'));
    expect(list.find((p) => p.id === a.id)).toMatchObject({ price: 2249, salePrice: 3374 });
    expect(list.find((p) => p.id === b.id)).toMatchObject({ price: 1125 });
    const trail = await t.db
      .select({ field: auditLog.field, from: auditLog.fromValue, to: auditLog.toValue })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), eq(auditLog.field, 'salePrice'), isNotNull(auditLog.fromValue)));
    expect(trail).toEqual([{ field: 'salePrice', from: '2999', to: '3374' }]);
  });

  it('applies nothing when one product cannot take the action, and names it', async () => {
    const fine = await create(edibleInput('Bulk Fine'));
    const flower = await create({ name: 'Bulk Flower', categoryId: cat('Flower').id, price3_5g: 3000 });
    const edible = await create(edibleInput('Bulk Stubborn'));
    const before = await snapshot();
    // Flower sells by weight; an edible has no weight prices to sell by.
    const res = await admin('/products/bulk', {
      method: 'POST',
      body: { ids: [fine.id, flower.id, edible.id], action: { type: 'setCategory', categoryId: cat('Flower').id } },
    });
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe('Bulk Fine: A flower product needs at least one weight with a price. (and 1 more product)');
    expect(Object.keys(answer.fields)).toEqual(['action.categoryId']);
    expect(await snapshot()).toBe(before);

    const moved = await json<BulkResult>(
      admin('/products/bulk', {
        method: 'POST',
        body: { ids: [fine.id, edible.id], action: { type: 'setCategory', categoryId: cat('Pre-roll').id } },
      }),
    );
    expect(moved.changes.filter((c) => c.field === 'categoryId').map((c) => c.to)).toEqual([cat('Pre-roll').id, cat('Pre-roll').id]);
    // THC per package is for edibles only.
    expect(moved.changes.filter((c) => c.field === 'thcMg').map((c) => c.to)).toEqual([null, null]);
  });

  it('activates, names unknown ids, and caps the selection', async () => {
    const d = await create(edibleInput('Bulk Draft'));
    expect(
      (await json<BulkResult>(admin('/products/bulk', { method: 'POST', body: { ids: [d.id], action: { type: 'activate' } } }))).changes,
    ).toEqual([{ id: d.id, name: 'Bulk Draft', field: 'status', from: 'draft', to: 'active' }]);
    expect((await json<ApiProduct>(app.request(`/api/products/${d.id}`))).name).toBe('Bulk Draft');

    const unknown = await admin('/products/bulk', { method: 'POST', body: { ids: [d.id, 999_999], action: { type: 'archive' } } });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ fields: { ids: 'No product has the id 999999' } });
    const tooMany = await admin('/products/bulk', {
      method: 'POST',
      body: { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: { type: 'archive' } },
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ fields: { ids: 'Select at most 1,000 products' } });
    const badPercent = await admin('/products/bulk', {
      method: 'POST',
      body: { ids: [d.id], action: { type: 'changePrices', percent: 600 } },
    });
    expect(await badPercent.json()).toMatchObject({ fields: { 'action.percent': 'Percent must be at most 500' } });
  });
});

describe('inventory ledger (D33)', () => {
  it('keeps stock equal to the sum of the ledger through receiving, damage, corrections, a sale and a cancellation', async () => {
    const p = await create(edibleInput('Ledger Lozenges', { stockQuantity: 10, status: 'active' }));
    const stock = (body: Record<string, unknown>) => admin(`/products/${p.id}/stock`, { method: 'POST', body });
    const received = await json<{ product: AdminProduct; ledger: AdminLedger }>(
      stock({ quantity: 5, reason: 'received', note: 'From the grower' }),
    );
    expect(received.product.stockQuantity).toBe(15);
    await json(stock({ quantity: 2, reason: 'damaged', note: 'Crushed box' }));
    await json(stock({ quantity: -0.5, reason: 'correction' }));
    const ref = await checkout(p.id, 3, p.price);
    await json(admin(`/orders/${ref}/status`, { method: 'PATCH', body: { status: 'cancelled' } }));
    await json(admin(`/products/${p.id}`, { method: 'PATCH', body: { ...editable(p), stockQuantity: 20 } }));

    const ledger = await json<AdminLedger>(admin(`/products/${p.id}/ledger`));
    expect(ledger.stockQuantity).toBe(20);
    expect(ledger.entries.map((e) => [e.reason, e.quantity, e.stockAfter])).toEqual([
      ['correction', 7.5, 20],
      ['order_cancelled', 3, 12.5],
      ['sold', -3, 9.5],
      ['correction', -0.5, 12.5],
      ['damaged', -2, 13],
      ['received', 5, 15],
      ['received', 10, 10],
    ]);
    expect(ledger.entries[2]?.orderRef).toBe(ref);
    expect(ledger.entries[4]).toMatchObject({ note: 'Crushed box', actor: `admin:${EMAIL}` });
    expect(await stockOf(p.id)).toBe(await ledgerSum(p.id));

    // Untracking brings the ledger to zero first, so it still sums to what the product held.
    const untracked = await json<AdminProduct>(
      admin(`/products/${p.id}`, { method: 'PATCH', body: { ...editable(p), stockQuantity: null } }),
    );
    expect(untracked.stockQuantity).toBeNull();
    expect(await ledgerSum(p.id)).toBe(0);

    // Every tracked product in the shop, seed included.
    const mismatched = await t.db.all(
      sql`select p.id from products p where p.stock_milli is not null and p.stock_milli <> (select coalesce(sum(m.delta_milli), 0) from stock_movements m where m.product_id = p.id)`,
    );
    expect(mismatched).toEqual([]);
  });

  it('refuses to take more than there is, naming the product, and changes nothing', async () => {
    const p = await create(edibleInput('Short Stock Snaps', { stockQuantity: 1 }));
    const before = await snapshot();
    const res = await admin(`/products/${p.id}/stock`, { method: 'POST', body: { quantity: 2, reason: 'damaged' } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'Not enough stock of Short Stock Snaps: it holds 1 units, so 2 units cannot be taken off.',
      code: 'out_of_stock',
      fields: { quantity: 'Not enough stock of Short Stock Snaps: it holds 1 units, so 2 units cannot be taken off.' },
    });
    for (const [body, field] of [
      [{ quantity: -1, reason: 'received' }, 'quantity'],
      [{ quantity: 1, reason: 'sold' }, 'reason'],
      [{ quantity: 1.0001, reason: 'received' }, 'quantity'],
      [{ quantity: 1, reason: 'received', note: 'x'.repeat(501) }, 'note'],
    ] as const) {
      const bad = await admin(`/products/${p.id}/stock`, { method: 'POST', body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual([field]);
    }
    expect(await snapshot()).toBe(before);
    expect((await admin('/products/999999/stock', { method: 'POST', body: { quantity: 1, reason: 'received' } })).status).toBe(404);
    expect((await admin('/products/999999/ledger')).status).toBe(404);
  });
});

describe('audit trail (M3)', () => {
  it('records who changed which field from what to what: edits, the switch, the image and stock', async () => {
    const p = await create(edibleInput('Audit Apple Rings', { stockQuantity: 6 }));
    await json(
      admin(`/products/${p.id}`, {
        method: 'PATCH',
        body: { ...editable(p), name: 'Audit Apple Rings XL', price: 2700, lowStockQuantity: 2 },
      }),
    );
    await json(admin(`/products/${p.id}/inventory`, { method: 'PATCH', body: { inStock: false } }));
    await json(admin(`/products/${p.id}/image`, { method: 'PATCH', body: { image: 'https://cdn.example.com/rings.webp' } }));
    await json(admin(`/products/${p.id}/stock`, { method: 'POST', body: { quantity: 1.5, reason: 'received' } }));

    const { entries } = await json<{ entries: AuditEntry[] }>(admin(`/products/${p.id}/audit`));
    const recent = entries.slice(0, 6).map((e) => [e.field, e.fromValue, e.toValue]);
    expect(recent).toEqual([
      ['stockQuantity', '6', '7.5'],
      ['image', '', 'https://cdn.example.com/rings.webp'],
      ['available', 'true', 'false'],
      ['lowStockQuantity', '5', '2'],
      ['price', '2500', '2700'],
      ['name', 'Audit Apple Rings', 'Audit Apple Rings XL'],
    ]);
    // The edit changed three fields and only those were recorded; the rest is the creation's.
    expect(entries.slice(6).every((e) => e.fromValue === null)).toBe(true);
    expect(entries.slice(6).find((e) => e.field === 'stockQuantity')).toMatchObject({ toValue: '6' });
    expect(entries.every((e) => e.actor === `admin:${EMAIL}` && e.createdAt > 0)).toBe(true);
    expect((await admin('/products/999999/audit')).status).toBe(404);
  });
});

describe('an existing product edit', () => {
  it('keeps working without the new fields, and a rated product keeps its rating', async () => {
    const list = await json<ApiProduct[]>(app.request('/api/products'));
    const seeded = pick(list, (p) => p.category === 'Edible' && p.rating > 0, 'rated edible');
    const [row] = await json<AdminProduct[]>(admin('/products')).then((all) => all.filter((x) => x.id === seeded.id));
    if (!row) throw new Error('missing');
    const saved = await json<AdminProduct>(
      admin(`/products/${row.id}`, { method: 'PATCH', body: { ...editable(row), description: 'Now with more lemon.' } }),
    );
    expect(saved).toMatchObject({ rating: row.rating, status: 'active', description: 'Now with more lemon.', thcMg: row.thcMg });
  });
});
