import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, products, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import type { DeliveryQuote } from '../../src/features/delivery/zones.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

let t: TestDb;
let app: TestApp;
let catalogue: ApiProduct[];

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  await t.db.update(products).set({ stockMilli: 1_000_000_000 });
});
afterAll(() => t.close());

const quote = (zip: string) => app.request(`/api/delivery/quote?zip=${encodeURIComponent(zip)}`);
const checkout = (body: unknown) =>
  app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(body),
  });
/** A non-deal, non-weighed product in stock, so a line's price is its base price. */
const simple = () => pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.inStock && p.price < 5000, 'cheap edible');

async function written() {
  const [o] = await t.db.select({ n: sql<number>`count(*)` }).from(orders);
  const [m] = await t.db.select({ n: sql<number>`count(*)` }).from(outbox);
  const [s] = await t.db.select({ n: sql<number>`count(*)` }).from(stockMovements);
  return { orders: o?.n, outbox: m?.n, stock: s?.n };
}

describe('GET /api/delivery/quote (D31)', () => {
  it("answers a covered ZIP with its zone's fee, minimum and free-from threshold", async () => {
    const res = await quote('21201');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(await res.json()).toEqual({
      deliverable: true,
      zip: '21201',
      zone: { id: expect.any(Number), name: 'Baltimore & Columbia', state: 'MD' },
      fee: 1499,
      minimum: 5000,
      freeFrom: 10000,
    });
  });

  it("answers a zone without its own amounts with D3's defaults", async () => {
    const body = (await (await quote('20001')).json()) as DeliveryQuote;
    expect(body).toMatchObject({ deliverable: true, fee: 999, minimum: null, freeFrom: 5000 });
  });

  it('answers an uncovered ZIP plainly', async () => {
    const res = await quote('22901');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deliverable: false, zip: '22901', message: "We don't deliver to 22901 yet" });
  });

  it.each([['2000'], ['abcde'], ['200011'], ['']])('refuses the ZIP %j with 400 naming zip', async (zip) => {
    const res = await quote(zip);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('invalid_input');
    expect(Object.keys(body.fields)).toEqual(['zip']);
  });

  it('refuses a missing zip with 400 naming zip', async () => {
    const res = await app.request('/api/delivery/quote');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty('zip');
  });
});

describe('checkout in zones (D31)', () => {
  it('refuses a ZIP in the state that no zone covers, with 422 on the ZIP field, writing nothing', async () => {
    const before = await written();
    const res = await checkout(
      checkoutPayload([{ productId: simple().id, quantity: 1 }], {
        deliveryState: 'VA',
        deliveryZipCode: '22901',
        deliveryCity: 'Charlottesville',
      }),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('zip_not_served');
    expect(body.fields).toEqual({ deliveryZipCode: "We don't deliver to 22901 yet" });
    expect(await written()).toEqual(before);
  });

  it('refuses an order under the zone minimum, naming the amount missing, writing nothing', async () => {
    const p = simple();
    const before = await written();
    const res = await checkout(
      checkoutPayload([{ productId: p.id, quantity: 1 }], { deliveryCity: 'Baltimore', deliveryZipCode: '21201' }),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; error: string; fields: Record<string, string> };
    expect(body.code).toBe('below_minimum');
    const missing = ((5000 - p.price) / 100).toFixed(2);
    expect(body.fields.items).toBe(`The minimum order for delivery here is $50.00. Please add $${missing} more.`);
    expect(body.error).toBe(body.fields.items);
    expect(await written()).toEqual(before);
  });

  it("charges the zone's fee, and waives it only from the zone's own threshold", async () => {
    const p = simple();
    const quantity = Math.ceil(5000 / p.price);
    const subtotal = p.price * quantity;
    expect(subtotal).toBeLessThan(10000);
    const res = await checkout(checkoutPayload([{ productId: p.id, quantity }], { deliveryCity: 'Baltimore', deliveryZipCode: '21201' }));
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
    expect(row).toMatchObject({ subtotal, deliveryFee: 1499, total: subtotal + 1499 });
  });

  it("charges D3's fee in a zone that sets none", async () => {
    const p = simple();
    const res = await checkout(checkoutPayload([{ productId: p.id, quantity: 1 }]));
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
    expect(row?.deliveryFee).toBe(p.price >= 5000 ? 0 : 999);
  });

  it('still refuses a ZIP outside the chosen state first', async () => {
    const res = await checkout(checkoutPayload([{ productId: simple().id, quantity: 1 }], { deliveryZipCode: '22201' }));
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.deliveryZipCode).toBe('ZIP code is not in Maryland');
  });
});
