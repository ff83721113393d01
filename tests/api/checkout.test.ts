import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderStatusHistory, orders, outbox, products, states } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import type { OrderView } from '../../src/features/orders/orders.ts';
import { dealPrice } from '../../src/features/pricing/pricing.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { checkoutPayload, newKey, PATIENT, pick } from '../fixtures/checkout.ts';
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
  // Plenty of stock everywhere, so these tests are about rules, not running out.
  await fillStock(t.db, 1_000_000_000);
});
afterAll(() => t.close());

function post(body: unknown, key: string | null = newKey(), headers: Record<string, string> = {}) {
  return app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function order(ref: string): Promise<OrderView> {
  return (await (await app.request(`/api/orders/${ref}`)).json()) as OrderView;
}

const edible = () => pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.inStock && (p.thcMg ?? 0) > 0, 'edible');
const flower = () =>
  pick(
    catalogue,
    (p) => p.category === 'Flower' && !p.isDeal && p.priceOz != null && p.priceHalfOz != null && p.price3_5g != null,
    'flower with all weights',
  );

describe('POST /api/checkout validation (D12)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'first name',
      { customer: { firstName: ' ', lastName: 'L', email: 'a@b.co', phone: '3015550100' } },
      'firstName',
      'First name is required',
    ],
    [
      'last name',
      { customer: { firstName: 'F', lastName: '', email: 'a@b.co', phone: '3015550100' } },
      'lastName',
      'Last name is required',
    ],
    ['email empty', { customer: { firstName: 'F', lastName: 'L', email: '', phone: '3015550100' } }, 'email', 'Email is required'],
    [
      'email invalid',
      { customer: { firstName: 'F', lastName: 'L', email: 'not-an-email', phone: '3015550100' } },
      'email',
      'Please enter a valid email address',
    ],
    [
      'phone short',
      { customer: { firstName: 'F', lastName: 'L', email: 'a@b.co', phone: '555-0100' } },
      'phone',
      'Please enter a valid phone number',
    ],
    [
      'phone letters',
      { customer: { firstName: 'F', lastName: 'L', email: 'a@b.co', phone: 'call me 3015550100' } },
      'phone',
      'Please enter a valid phone number',
    ],
    ['address', { deliveryAddress: '12' }, 'deliveryAddress', 'Delivery address is required'],
    ['city', { deliveryCity: '' }, 'deliveryCity', 'City is required'],
    ['state', { deliveryState: 'NY' }, 'deliveryState', 'State is required'],
    ['zip empty', { deliveryZipCode: '' }, 'deliveryZipCode', 'ZIP code is required'],
    ['zip digits', { deliveryZipCode: '2085' }, 'deliveryZipCode', 'ZIP code must be 5 digits'],
    ['zip state', { deliveryZipCode: '22201' }, 'deliveryZipCode', 'ZIP code is not in Maryland'],
    ['zip in DC', { deliveryState: 'DC', deliveryZipCode: '21201' }, 'deliveryZipCode', 'ZIP code is not in Washington DC'],
    ['delivery time', { deliveryTime: 'midnight' }, 'deliveryTime', 'Please choose a delivery time'],
    ['empty cart', { items: [] }, 'items', 'Your cart is empty'],
    ['quantity', { items: [{ productId: 1, quantity: 0 }] }, 'items.0.quantity', 'Quantity must be at least 1'],
  ];
  it.each(cases)('refuses a bad %s with 422 naming the field', async (_name, override, field, message) => {
    const res = await post(checkoutPayload([{ productId: edible().id, quantity: 1 }], override));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('invalid_order');
    expect(body.fields[field]).toBe(message);
  });

  it('accepts covered ZIPs inside each state and the optional fields left out', async () => {
    // Virginia sells nothing yet (D38): tests/api/state-law.test.ts checks its refusal.
    for (const [state, zip] of [
      ['DC', '20001'],
      ['MD', '20910'],
      ['MD', '20850'],
    ]) {
      const payload = checkoutPayload([{ productId: edible().id, quantity: 1 }], {
        deliveryState: state,
        deliveryZipCode: zip,
        ...(state === 'DC' ? { patient: PATIENT } : {}),
      });
      // deliveryTime stays: left out it means ASAP, which has no window once the day's last one
      // closes (tests/api/delivery-windows.test.ts leaves it out at a set hour).
      const { deliveryApartment: _a, deliveryInstructions: _i, ...withoutOptional } = payload;
      const res = await post(withoutOptional);
      expect(res.status, `${state} ${zip}`).toBe(200);
    }
  });

  it('answers malformed requests with a 4xx JSON error, never a 500', async () => {
    const ok = checkoutPayload([{ productId: edible().id, quantity: 1 }]);
    expect((await post(ok, null)).status).toBe(400);
    expect((await post(ok, 'short')).status).toBe(400);
    expect((await post('{"customer":', newKey())).status).toBe(400);
    expect((await post(ok, newKey(), { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post({ ...ok, deliveryInstructions: 'x'.repeat(70_000) })).status).toBe(413);
    for (const bad of [
      null,
      [],
      '"x"',
      42,
      { items: 'all' },
      { ...ok, items: [{ productId: 'one', quantity: 1 }] },
      { ...ok, items: [{ productId: 1.5, quantity: 1 }] },
    ]) {
      const res = await post(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(((await res.json()) as { code: string }).code).toBe('invalid_order');
    }
  });
});

describe('POST /api/checkout pricing (D2-D5)', () => {
  it('prices from the database: tampered client totals are ignored, a tampered price is refused', async () => {
    const product = edible();
    const tampered = await post(checkoutPayload([{ productId: product.id, quantity: 2, price: 1 }]));
    expect(tampered.status).toBe(409);
    expect(((await tampered.json()) as { code: string }).code).toBe('price_changed');
    const res = await post(checkoutPayload([{ productId: product.id, quantity: 2, price: product.price }], { subtotal: 2, total: 2 }));
    expect(res.status).toBe(200);
    const { success, orderId } = (await res.json()) as { success: boolean; orderId: string };
    expect(success).toBe(true);
    expect(orderId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const o = await order(orderId);
    expect(o.items[0]).toMatchObject({ productId: product.id, quantity: 2, price: product.price, lineTotal: product.price * 2 });
    expect(o.subtotal).toBe(product.price * 2);
    expect(o.shipping).toBe(product.price * 2 >= 5000 ? 0 : 999);
    expect(o.total).toBe(o.subtotal + o.shipping + o.tax);
  });

  it('charges each weight its price, and the fee is free from $50', async () => {
    const f = flower();
    const o = await order(
      (
        (await (
          await post(
            checkoutPayload([
              { productId: f.id, quantity: 1, weight: '3.5g' },
              { productId: f.id, quantity: 1, weight: 'half-oz' },
            ]),
          )
        ).json()) as { orderId: string }
      ).orderId,
    );
    expect(o.items.map((i) => [i.name, i.price])).toEqual([
      [`${f.name} - 3.5g`, f.price3_5g],
      [`${f.name} - 1/2 oz`, f.priceHalfOz],
    ]);
    expect(o.shipping).toBe(0);
    const subtotal = (f.price3_5g ?? 0) + (f.priceHalfOz ?? 0);
    // D38: Maryland's 12 % on goods, rounded once to the cent.
    expect(o.tax).toBe(Math.round(subtotal * 0.12));
    expect(o.total).toBe(subtotal + o.tax);
  });

  it('charges the sale price (not the struck-through one) and the deal price (D32)', async () => {
    const onSale = pick(catalogue, (p) => p.salePrice != null && !p.isDeal && p.category === 'Edible', 'edible on sale');
    const deal = pick(catalogue, (p) => p.isDeal && p.category !== 'Flower' && p.category !== 'Concentrate', 'plain deal product');
    const res = await post(
      checkoutPayload([
        { productId: onSale.id, quantity: 1 },
        { productId: deal.id, quantity: 1 },
      ]),
    );
    const o = await order(((await res.json()) as { orderId: string }).orderId);
    expect(o.items.find((i) => i.productId === onSale.id)?.price).toBe(onSale.price);
    expect(o.items.find((i) => i.productId === deal.id)?.price).toBe(dealPrice(deal.price, deal.dealPercentOff ?? 0));
  });

  it('never reprices silently: a line shown at another price is answered with the change (D32)', async () => {
    const deal = pick(catalogue, (p) => p.isDeal && p.category !== 'Flower' && p.category !== 'Concentrate', 'plain deal product');
    const before = await t.db.select({ n: sql<number>`count(*)` }).from(orders);
    // The cart still shows the regular price (say the deal began after it was filled).
    const res = await post(checkoutPayload([{ productId: deal.id, quantity: 1, price: deal.price }]));
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; error: string; fields: Record<string, string> };
    expect(body.code).toBe('price_changed');
    const now = dealPrice(deal.price, deal.dealPercentOff ?? 0);
    expect(body.error).toContain(`${deal.name} is now ${formatMoney(now)} (was ${formatMoney(deal.price)})`);
    expect(body.fields.items).toBe(body.error);
    expect(await t.db.select({ n: sql<number>`count(*)` }).from(orders)).toEqual(before);
    // The shopper saw the new price: the order goes through at it.
    const again = await post(checkoutPayload([{ productId: deal.id, quantity: 1, price: now }]));
    expect(again.status).toBe(200);
  });

  it('merges duplicate lines and refuses weights that are missing or not offered', async () => {
    const e = edible();
    const o = await order(
      (
        (await (
          await post(
            checkoutPayload([
              { productId: e.id, quantity: 1 },
              { productId: e.id, quantity: 2 },
            ]),
          )
        ).json()) as { orderId: string }
      ).orderId,
    );
    expect(o.items).toHaveLength(1);
    expect(o.items[0]?.quantity).toBe(3);

    const f = flower();
    const noWeight = await post(checkoutPayload([{ productId: f.id, quantity: 1 }]));
    expect(noWeight.status).toBe(422);
    expect(((await noWeight.json()) as { error: string }).error).toBe(`Please choose a weight for ${f.name}.`);
    const wrong = await post(checkoutPayload([{ productId: f.id, quantity: 1, weight: '1g' }]));
    expect(wrong.status).toBe(422);
    const edibleByWeight = await post(checkoutPayload([{ productId: e.id, quantity: 1, weight: '7g' }]));
    expect(edibleByWeight.status).toBe(422);
  });

  it('refuses an unknown product with 422', async () => {
    const res = await post(checkoutPayload([{ productId: 999_999, quantity: 1 }]));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'unknown_product', fields: { items: expect.any(String) } });
  });
});

describe('purchase limits (D15)', () => {
  const f = () => flower();
  const flowerLines = (weights: string[]) => weights.map((weight) => ({ productId: f().id, quantity: 1, weight }));
  const place = (lines: { productId: number; quantity: number; weight?: string }[], state: string, zip: string) =>
    post(checkoutPayload(lines, { deliveryState: state, deliveryZipCode: zip, ...(state === 'DC' ? { patient: PATIENT } : {}) }));

  it('Maryland: 1.5 oz of flower (42 g passes, 45.5 g does not)', async () => {
    expect((await place(flowerLines(['oz', 'half-oz']), 'MD', '20850')).status).toBe(200);
    const over = await place(flowerLines(['oz', 'half-oz', '3.5g']), 'MD', '20850');
    expect(over.status).toBe(422);
    const body = (await over.json()) as { code: string; error: string };
    expect(body.code).toBe('purchase_limit');
    expect(body.error).toBe('Maryland allows at most 42.5 g of flower per order; your cart has 45.5 g.');
  });

  it('DC: 2 oz of flower; Virginia, once it opens: 1 oz', async () => {
    expect((await place(flowerLines(['oz', 'oz']), 'DC', '20001')).status).toBe(200);
    expect((await place(flowerLines(['oz', 'oz', '3.5g']), 'DC', '20001')).status).toBe(422);
    await t.db.update(states).set({ sales: 'adult' }).where(eq(states.code, 'VA'));
    try {
      expect((await place(flowerLines(['oz']), 'VA', '22201')).status).toBe(200);
      const over = await place(flowerLines(['oz', '3.5g']), 'VA', '22201');
      expect(over.status).toBe(422);
      expect(((await over.json()) as { error: string }).error).toContain('Virginia allows at most 28.4 g of flower');
    } finally {
      await t.db.update(states).set({ sales: 'closed' }).where(eq(states.code, 'VA'));
    }
  });

  it('counts pre-rolls as flower', async () => {
    const preRoll = pick(catalogue, (p) => p.category === 'Pre-roll' && (p.netGrams ?? 0) >= 1, 'pre-roll');
    const res = await place([...flowerLines(['oz', 'half-oz']), { productId: preRoll.id, quantity: 1 }], 'MD', '20850');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('purchase_limit');
  });

  it('Maryland: 12 g of concentrate and 750 mg THC in edibles', async () => {
    const conc = pick(
      catalogue,
      (p) => p.category === 'Concentrate' && !p.isDeal && p.price7g != null && p.price3_5g != null && p.price1g != null,
      'concentrate',
    );
    const at = [
      { productId: conc.id, quantity: 1, weight: '7g' },
      { productId: conc.id, quantity: 1, weight: '3.5g' },
      { productId: conc.id, quantity: 1, weight: '1g' },
    ];
    expect((await place(at, 'MD', '20850')).status).toBe(200);
    expect((await place([...at, { productId: conc.id, quantity: 1, weight: '1g' }], 'MD', '20850')).status).toBe(422);

    const gummy = pick(catalogue, (p) => p.category === 'Edible' && p.thcMg === 50, '50 mg edible');
    expect((await place([{ productId: gummy.id, quantity: 15 }], 'MD', '20850')).status).toBe(200);
    const over = await place([{ productId: gummy.id, quantity: 16 }], 'MD', '20850');
    expect(over.status).toBe(422);
    expect(((await over.json()) as { error: string }).error).toBe(
      'Maryland allows at most 750 mg of THC in edibles per order; your cart has 800 mg.',
    );
  });
});

describe('stock (D16)', () => {
  it('takes stock with the order, and answers 409 naming a product that has run out', async () => {
    const p = pick(catalogue, (x) => x.category === 'Accessories' && !x.isDeal, 'accessory');
    await fillStock(t.db, 3000, p.id);
    expect((await post(checkoutPayload([{ productId: p.id, quantity: 2 }]))).status).toBe(200);
    const [after] = await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, p.id));
    expect(after?.s).toBe(1000);
    const res = await post(checkoutPayload([{ productId: p.id, quantity: 2 }]));
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe('out_of_stock');
    expect(body.error).toContain(p.name);
    const [unchanged] = await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, p.id));
    expect(unchanged?.s).toBe(1000);
  });

  it('refuses a product the admin switched off', async () => {
    const p = pick(catalogue, (x) => x.category === 'Vaporizer' && !x.isDeal, 'vaporizer');
    await t.db.update(products).set({ available: false }).where(eq(products.id, p.id));
    try {
      const res = await post(checkoutPayload([{ productId: p.id, quantity: 1 }]));
      expect(res.status).toBe(409);
    } finally {
      await t.db.update(products).set({ available: true }).where(eq(products.id, p.id));
    }
  });
});

describe('idempotency (D13) and the stored order (D14, D17, D18)', () => {
  it('answers a retry with the same key and body with the same order, and refuses the key with another body', async () => {
    const key = newKey();
    const payload = checkoutPayload([{ productId: edible().id, quantity: 1 }]);
    const first = (await (await post(payload, key)).json()) as { orderId: string };
    const again = await post(payload, key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, orderId: first.orderId });
    const rows = await t.db.select().from(orders).where(eq(orders.ref, first.orderId));
    expect(rows).toHaveLength(1);

    const other = await post(checkoutPayload([{ productId: edible().id, quantity: 5 }]), key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { code: string }).code).toBe('idempotency_key_reused');
  });

  it('sends the write batch again when SQLite answers SQLITE_BUSY (the batch rolled back whole)', async () => {
    let batches = 0;
    // The second batch of a checkout is its write batch; the database refuses it once, as a busy lock would.
    const busyOnce = new Proxy(t.db, {
      get(target, name, receiver) {
        if (name !== 'batch') return Reflect.get(target, name, receiver);
        return (items: Parameters<typeof target.batch>[0]) => {
          batches++;
          if (batches === 2) return Promise.reject(Object.assign(new Error('SQLITE_BUSY: database is locked'), { code: 'SQLITE_BUSY' }));
          return target.batch(items);
        };
      },
    });
    const busyApp = testApp({ db: () => busyOnce });
    const res = await busyApp.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(checkoutPayload([{ productId: edible().id, quantity: 1 }])),
    });
    expect(res.status).toBe(200);
    expect(batches).toBe(3);
    const { orderId } = (await res.json()) as { orderId: string };
    expect(await t.db.select().from(orders).where(eq(orders.ref, orderId))).toHaveLength(1);
  });

  it('stores items, totals, delivery details, status processing with its first history row, and queues the e-mail', async () => {
    const e = edible();
    const payload = checkoutPayload([{ productId: e.id, quantity: 1 }], { deliveryInstructions: 'Ring twice' });
    const { orderId } = (await (await post(payload)).json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
    expect(row).toMatchObject({
      status: 'processing',
      deliveryState: 'MD',
      deliveryZipCode: '20850',
      deliveryInstructions: 'Ring twice',
      email: payload.customer.email,
      paymentMethod: 'cash_on_delivery',
    });
    const items = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, row?.id ?? 0));
    expect(items).toHaveLength(1);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row?.id ?? 0));
    expect(history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'processing', actor: 'system' })]);
    const mail = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.orderId, row?.id ?? 0));
    expect(mail).toEqual([expect.objectContaining({ kind: 'order_confirmation', toAddress: payload.customer.email, status: 'pending' })]);
    expect(mail[0]?.body).toContain(`/order-confirmation/${orderId}`);
    expect(mail[0]?.body).toContain(e.name);
  });

  it('reads an order by its reference only, with only what the confirmation needs', async () => {
    const payload = checkoutPayload([{ productId: edible().id, quantity: 1 }]);
    const { orderId } = (await (await post(payload)).json()) as { orderId: string };
    const res = await app.request(`/api/orders/${orderId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const o = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(o).sort()).toEqual(
      [
        'customer',
        'items',
        'orderDate',
        'orderId',
        'paymentMethod',
        'shipping',
        'shippingAddress',
        'shippingMethod',
        'status',
        'subtotal',
        'tax',
        'taxLines',
        'total',
      ].sort(),
    );
    expect(o).toMatchObject({
      orderId,
      status: 'processing',
      paymentMethod: 'Cash on delivery',
      shippingAddress: '12 Main Street, Apt 4, Rockville, MD 20850',
    });
    expect(o.customer).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: payload.customer.email });

    const missing = await app.request('/api/orders/AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "We couldn't find this order", code: 'not_found' });
    expect((await app.request('/api/orders/1')).status).toBe(400);
  });
});
