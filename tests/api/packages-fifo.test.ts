/**
 * D40: checkout takes each line's stock from the product's packages first in, first out, inside
 * its one write batch; every ledger row names its package and line; a cancel returns the stock to
 * the very packages it came from; the admin's order API names them. Racing orders never take one
 * package below zero, and stock no package holds is not sold.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, products, stockMovements } from '../../src/db/schema.ts';
import type { AdminOrder, AdminOrderSummary } from '../../src/features/admin/admin.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const EMAIL = 'fifo@example.com';
const PASSWORD = 'correct horse battery staple';

let t: TestDb;
let app: TestApp;
let cookie: string;
let item: ApiProduct;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, EMAIL, PASSWORD);
  cookie = await signIn(app, EMAIL, PASSWORD);
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  item = pick(catalogue, (p) => p.category === 'Accessories' && !p.isDeal && p.stockQuantity != null, 'tracked accessory');
});
afterAll(() => t.close());

/** Empties the product's packages, then receives the given ones (tag, pieces, received date). */
async function shelve(list: { tag: string | null; pieces: number; receivedOn: string }[]): Promise<number[]> {
  await t.db.run(sql`update ${packages} set quantity_milli = 0, status = 'finished' where product_id = ${item.id}`);
  await t.db.update(products).set({ stockMilli: 0, available: true }).where(eq(products.id, item.id));
  const ids: number[] = [];
  for (const p of list) {
    const [row] = await t.db
      .insert(packages)
      .values({ tag: p.tag, productId: item.id, unit: 'each', receivedOn: p.receivedOn, receivedMilli: p.pieces * 1000 })
      .returning({ id: packages.id });
    const id = row?.id ?? 0;
    await t.db
      .insert(stockMovements)
      .values({ productId: item.id, packageId: id, deltaMilli: p.pieces * 1000, reason: 'received', actor: 'test', note: 'Received' });
    ids.push(id);
  }
  return ids;
}

const onHand = async (id: number) => (await t.db.select({ q: packages.quantityMilli }).from(packages).where(eq(packages.id, id)))[0]?.q;
const stock = async () => (await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, item.id)))[0]?.s;

function checkout(quantity: number) {
  return app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload([{ productId: item.id, quantity }])),
  });
}

async function placed(quantity: number): Promise<string> {
  const res = await checkout(quantity);
  expect(res.status).toBe(200);
  return ((await res.json()) as { orderId: string }).orderId;
}

const admin = (path: string, init: RequestInit = {}) =>
  app.request(path, { ...init, headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json', ...init.headers } });

const TAG_A = '1A4000000000000000000001';
const TAG_B = '1A4000000000000000000002';

describe('orders take from packages first in, first out (D40)', () => {
  it('takes the oldest package first and spills into the next, each row naming package and line', async () => {
    // Entered newest first: the received date decides, not the order of entry.
    const [newer, older] = await shelve([
      { tag: TAG_B, pieces: 5, receivedOn: '2026-11-20' },
      { tag: TAG_A, pieces: 5, receivedOn: '2026-11-01' },
    ]);
    const ref = await placed(8);
    expect(await onHand(older ?? 0)).toBe(0);
    expect(await onHand(newer ?? 0)).toBe(2000);
    expect(await stock()).toBe(2000);
    const rows = await t.db
      .select({ packageId: stockMovements.packageId, delta: stockMovements.deltaMilli, itemId: stockMovements.orderItemId })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, item.id), eq(stockMovements.reason, 'sold')))
      .orderBy(asc(stockMovements.id));
    expect(rows.slice(-2).map((r) => [r.packageId, r.delta])).toEqual([
      [older, -5000],
      [newer, -3000],
    ]);
    expect(rows.slice(-2).every((r) => r.itemId != null)).toBe(true);

    // The order's own view and the list both name the packages of the line.
    const view = (await (await admin(`/api/admin/orders/${ref}`)).json()) as AdminOrder;
    expect(view.items[0]?.packages).toEqual([
      { tag: TAG_A, quantity: 5, unit: 'each' },
      { tag: TAG_B, quantity: 3, unit: 'each' },
    ]);
    const list = (await (await admin(`/api/admin/orders?q=${ref}`)).json()) as { orders: AdminOrderSummary[] };
    expect(list.orders.find((o) => o.ref === ref)?.items[0]?.packages.map((p) => p.tag)).toEqual([TAG_A, TAG_B]);

    // A cancel gives each package back exactly what it gave; the line then holds none.
    const cancel = await admin(`/api/admin/orders/${ref}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'cancelled', note: '' }),
    });
    expect(cancel.status).toBe(200);
    expect(await onHand(older ?? 0)).toBe(5000);
    expect(await onHand(newer ?? 0)).toBe(5000);
    expect(await stock()).toBe(10_000);
    const cancelled = (await (await admin(`/api/admin/orders/${ref}`)).json()) as AdminOrder;
    expect(cancelled.items[0]?.packages).toEqual([]);
  });

  it('refuses what the packages cannot cover with the 409 naming the product, writing nothing', async () => {
    const [only] = await shelve([{ tag: TAG_A.replace(/1$/, '3'), pieces: 2, receivedOn: '2026-11-02' }]);
    const before = await t.db.select().from(stockMovements);
    const res = await checkout(3);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('out_of_stock');
    expect(body.error).toContain(item.name);
    expect(await onHand(only ?? 0)).toBe(2000);
    expect(await t.db.select().from(stockMovements)).toHaveLength(before.length);
  });

  it('never takes a package below zero when orders race: 40 orders of one piece against 4 + 6 make 10', async () => {
    const [first, second] = await shelve([
      { tag: TAG_A.replace(/1$/, '4'), pieces: 4, receivedOn: '2026-11-03' },
      { tag: TAG_A.replace(/1$/, '5'), pieces: 6, receivedOn: '2026-11-04' },
    ]);
    const statuses = (await Promise.all(Array.from({ length: 40 }, () => checkout(1)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    expect(await onHand(first ?? 0)).toBe(0);
    expect(await onHand(second ?? 0)).toBe(0);
    expect(await stock()).toBe(0);
  });

  it('sells untagged stock from the opening package, whose lines say they need a tag', async () => {
    await shelve([{ tag: null, pieces: 3, receivedOn: '2026-11-05' }]);
    const ref = await placed(1);
    const view = (await (await admin(`/api/admin/orders/${ref}`)).json()) as AdminOrder;
    expect(view.items[0]?.packages).toEqual([{ tag: null, quantity: 1, unit: 'each' }]);
  });
});
