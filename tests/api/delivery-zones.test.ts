import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, outbox, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { PATIENTS_NEED } from '../../src/features/delivery/states.ts';
import type { DeliveryQuote } from '../../src/features/delivery/zones.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { patchState, signIn } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { fillStock } from '../helpers/stock.ts';

let t: TestDb;
let app: TestApp;
let catalogue: ApiProduct[];

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  await fillStock(t.db, 1_000_000_000);
});
afterAll(() => t.close());

const quote = (zip: string) => app.request(`/api/delivery/quote?zip=${encodeURIComponent(zip)}`);
const MD_TAX = { name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods' };
/** D38: 12% of the goods, rounded to the cent once, half a cent up. */
const mdTax = (subtotal: number) => Math.floor((subtotal * 1200 + 5000) / 10000);
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
  it("answers a covered ZIP with its zone's fee, minimum and free-from threshold, and its state's 12% tax", async () => {
    const res = await quote('21201');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(await res.json()).toEqual({
      deliverable: true,
      zip: '21201',
      zone: { id: expect.any(Number), name: 'Baltimore & Columbia', state: 'MD' },
      state: { code: 'MD', name: 'Maryland' },
      sales: 'adult',
      taxes: [MD_TAX],
      fee: 1499,
      minimum: 5000,
      freeFrom: 10000,
      message:
        'We deliver to 21201 (Baltimore & Columbia): $14.99 delivery, free from $100.00; minimum order $50.00; 12% Maryland cannabis sales and use tax on goods.',
    });
  });

  it("answers a zone without its own amounts with D3's defaults", async () => {
    const body = (await (await quote('20850')).json()) as DeliveryQuote;
    expect(body).toMatchObject({ deliverable: true, fee: 999, minimum: null, freeFrom: 5000 });
  });

  it('answers an uncovered ZIP plainly', async () => {
    const res = await quote('22901');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      deliverable: false,
      zip: '22901',
      reason: 'not_served',
      message: "We don't deliver to 22901 yet",
    });
  });

  it('answers a ZIP of a zone in a closed state with the state closed, however its zone is set (D38)', async () => {
    const res = await quote('22201');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      deliverable: false,
      zip: '22201',
      reason: 'state_closed',
      message: "We can't deliver to Virginia yet.",
    });
  });

  it('answers a ZIP of a patients-only state as deliverable to registered patients, with what they need (D38)', async () => {
    const body = (await (await quote('20001')).json()) as DeliveryQuote;
    expect(body).toMatchObject({
      deliverable: true,
      zip: '20001',
      state: { code: 'DC', name: 'Washington DC' },
      sales: 'patients',
      taxes: [],
      fee: 999,
      minimum: null,
      freeFrom: 5000,
    });
    expect(body.message).toMatch(/^DC: for registered medical patients\. We deliver to 20001 \(Downtown & Northwest DC\)/);
    expect(body.message).toContain(PATIENTS_NEED);
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
    // Cumberland, MD: in a state that sells, in no zone.
    const res = await checkout(
      checkoutPayload([{ productId: simple().id, quantity: 1 }], { deliveryZipCode: '21502', deliveryCity: 'Cumberland' }),
    );
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('zip_not_served');
    expect(body.fields).toEqual({ deliveryZipCode: "We don't deliver to 21502 yet" });
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

  it("charges the zone's fee, and waives it only from the zone's own threshold, with the state's tax", async () => {
    const p = simple();
    const quantity = Math.ceil(5000 / p.price);
    const subtotal = p.price * quantity;
    expect(subtotal).toBeLessThan(10000);
    const res = await checkout(checkoutPayload([{ productId: p.id, quantity }], { deliveryCity: 'Baltimore', deliveryZipCode: '21201' }));
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
    expect(row).toMatchObject({ subtotal, deliveryFee: 1499, tax: mdTax(subtotal), total: subtotal + 1499 + mdTax(subtotal) });
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

describe('a state changed by the owner applies to the next quote (D38)', () => {
  const PASSWORD = 'delivery zones test password';
  let cookie = '';
  const patch = (code: string, body: unknown) => patchState(app, cookie, code, body);

  beforeAll(async () => {
    await createAdmin(t.db, 'admin-zones@example.com', PASSWORD, 'admin');
    cookie = await signIn(app, 'admin-zones@example.com', PASSWORD, '198.51.100.91');
  });

  it('a Virginia ZIP is deliverable on the request after Virginia opens, without a release', async () => {
    expect(await (await quote('22201')).json()).toMatchObject({ deliverable: false, reason: 'state_closed' });
    const res = await patch('VA', { sales: 'adult' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await (await quote('22201')).json()).toEqual({
      deliverable: true,
      zip: '22201',
      zone: { id: expect.any(Number), name: 'Arlington & Alexandria', state: 'VA' },
      state: { code: 'VA', name: 'Virginia' },
      sales: 'adult',
      taxes: [],
      fee: 999,
      minimum: null,
      freeFrom: 5000,
      message: 'We deliver to 22201 (Arlington & Alexandria): $9.99 delivery, free from $50.00; no minimum order.',
    });
    expect(await (await app.request('/api/delivery/windows?zip=22201')).json()).toMatchObject({ deliverable: true, zip: '22201' });
  });

  it('names the opening date while it is ahead, and a tax the owner sets from the next quote', async () => {
    expect((await patch('VA', { sales: 'adult', opensOn: '2999-01-01' })).status).toBe(200);
    expect(await (await quote('22201')).json()).toEqual({
      deliverable: false,
      zip: '22201',
      reason: 'state_closed',
      message: "We can't deliver to Virginia yet. Sales open on January 1, 2999.",
    });
    expect(await (await app.request('/api/delivery/windows?zip=22201')).json()).toEqual({
      deliverable: false,
      zip: '22201',
      reason: 'state_closed',
      message: "We can't deliver to Virginia yet. Sales open on January 1, 2999.",
    });
    const taxed = { opensOn: null, taxes: [{ name: 'Virginia cannabis excise tax', percent: 8, appliesTo: 'goods' }] };
    expect((await patch('VA', taxed)).status).toBe(200);
    const body = (await (await quote('22201')).json()) as DeliveryQuote;
    expect(body).toMatchObject({
      deliverable: true,
      taxes: [{ name: 'Virginia cannabis excise tax', basisPoints: 800, appliesTo: 'goods' }],
    });
    expect(body.message).toContain('; 8% Virginia cannabis excise tax on goods.');
    expect((await patch('VA', { sales: 'closed', taxes: [] })).status).toBe(200);
    expect(await (await quote('22201')).json()).toMatchObject({ deliverable: false, reason: 'state_closed' });
  });
});
