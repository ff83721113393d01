import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proc } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { deliveryWindows, orderItems, orders, products } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { checkoutPayload, newCustomer, newKey } from '../fixtures/checkout.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { scratchDir, startSeededSqld } from '../helpers/stack.ts';
import { fillStock } from '../helpers/stock.ts';

/**
 * D13, D16 against a real libSQL server over HTTP (the production protocol): concurrent
 * checkouts never oversell, and concurrent retries of one checkout make one order.
 */
let sqld: Proc;
let db: Db;
let closeDb: () => void;
let removeScratch: () => void;
let app: TestApp;

beforeAll(async () => {
  const scratch = scratchDir('concurrency');
  removeScratch = scratch.remove;
  const started = await startSeededSqld(scratch.dir);
  sqld = started.proc;
  ({ db, close: closeDb } = createNodeDb({ LIBSQL_URL: started.url }));
  app = testApp({ db: () => db });
}, 60_000);

afterAll(async () => {
  closeDb?.();
  await sqld?.stop();
  removeScratch?.();
});

const checkout = (productId: number, key = newKey(), body = checkoutPayload([{ productId, quantity: 1 }])) =>
  app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });

async function productWithStock(units: number): Promise<number> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'pre-roll-cones-32-pack'));
  const id = row?.id ?? 0;
  await db.update(products).set({ available: true }).where(eq(products.id, id));
  await fillStock(db, units * 1000, id);
  return id;
}

describe('concurrent checkouts against sqld', () => {
  it('200 concurrent checkouts of a product with stock 10 make exactly 10 orders; stock ends at 0', async () => {
    const id = await productWithStock(10);
    const responses = await Promise.all(Array.from({ length: 200 }, () => checkout(id)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    const [stock] = await db.select({ s: products.stockMilli }).from(products).where(eq(products.id, id));
    expect(stock?.s).toBe(0);
    const [sold] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, id));
    expect(sold?.n).toBe(10);
  }, 120_000);

  it('50 concurrent requests with one idempotency key make one order and get identical answers', async () => {
    const id = await productWithStock(100);
    const [before] = await db.select({ n: count() }).from(orders);
    const key = newKey();
    const body = checkoutPayload([{ productId: id, quantity: 1 }]);
    const responses = await Promise.all(Array.from({ length: 50 }, () => checkout(id, key, body)));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(bodies).size).toBe(1);
    const [after] = await db.select({ n: count() }).from(orders);
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1);
    const [stock] = await db.select({ s: products.stockMilli }).from(products).where(eq(products.id, id));
    expect(stock?.s).toBe(99_000);
  }, 120_000);

  it("40 concurrent orders of one person hold the day's limit: 6 x 7 g of flower pass, 34 are refused (D39)", async () => {
    const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
    const id = catalogue.find((p) => p.category === 'Flower' && !p.isDeal && p.price7g != null)?.id ?? 0;
    await db.update(products).set({ available: true }).where(eq(products.id, id));
    await fillStock(db, 1_000_000_000, id);
    await db.update(deliveryWindows).set({ capacity: 1000 });
    const person = newCustomer();
    // Each order by another e-mail: the phone alone makes them one person.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        checkout(
          id,
          newKey(),
          checkoutPayload([{ productId: id, quantity: 1, weight: '7g' }], { customer: { ...person, email: `burst.${i}@example.com` } }),
        ),
      ),
    );
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { code?: string }[];
    expect(responses.filter((r) => r.status === 200)).toHaveLength(6);
    expect(bodies.filter((b) => b.code === 'daily_limit')).toHaveLength(34);
    const [placed] = await db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.phoneKey, person.phone.replace(/\D/g, '')));
    expect(placed?.n).toBe(6);
  }, 120_000);
});
