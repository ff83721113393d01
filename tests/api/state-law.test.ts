import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliveryWindows, orders, states } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import type { OrderView } from '../../src/features/orders/orders.ts';
import { checkoutPayload, newCustomer, newKey, PATIENT, pick } from '../fixtures/checkout.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { fillStock } from '../helpers/stock.ts';

/**
 * D38, D39 at checkout: a closed state refuses, a patients-only state needs a current registry, the
 * state's tax lines are charged and recorded, and a day's limits count a person's earlier orders.
 * Every rule is read from the states row on the request, so a change applies without a release.
 */
let t: TestDb;
let app: TestApp;
let catalogue: ApiProduct[];

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  await fillStock(t.db, 1_000_000_000);
  // Room for every order these tests place in one window.
  await t.db.update(deliveryWindows).set({ capacity: 1000 });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const flower = () =>
  pick(catalogue, (p) => p.category === 'Flower' && !p.isDeal && p.priceOz != null && p.price3_5g != null && p.price7g != null, 'flower');
const edible = () => pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.inStock && (p.thcMg ?? 0) > 0, 'edible');

function post(body: unknown) {
  return app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(body),
  });
}

const ordersCount = async () => (await t.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const view = async (ref: string) => (await (await app.request(`/api/orders/${ref}`)).json()) as OrderView;

async function setState(code: string, patch: Partial<typeof states.$inferInsert>) {
  await t.db.update(states).set(patch).where(eq(states.code, code));
}

/** Runs `fn` with the API's clock at `ms` (only Date is faked; timers stay real). */
async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe('a closed state (D38)', () => {
  it('refuses Virginia with state_closed and writes nothing', async () => {
    const before = await ordersCount();
    const res = await post(checkoutPayload([{ productId: edible().id, quantity: 1 }], { deliveryState: 'VA', deliveryZipCode: '22201' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'state_closed',
      error: "We can't deliver to Virginia yet.",
      fields: { deliveryState: "We can't deliver to Virginia yet." },
    });
    expect(await ordersCount()).toBe(before);
  });

  it('opens on its opening date without a release, and names the date until then', async () => {
    const today = nyDate(Date.now());
    await setState('VA', { sales: 'adult', opensOn: addDays(today, 1) });
    try {
      const payload = () => checkoutPayload([{ productId: edible().id, quantity: 1 }], { deliveryState: 'VA', deliveryZipCode: '22201' });
      const early = await post(payload());
      expect(early.status).toBe(422);
      expect(((await early.json()) as { error: string }).error).toMatch(
        /^We can't deliver to Virginia yet\. Sales open on \w+ \d+, \d{4}\.$/,
      );
      // Noon New York time tomorrow: the same row now opens the state.
      const tomorrowNoon = Date.parse(`${addDays(today, 1)}T17:00:00Z`);
      const opened = await at(tomorrowNoon, () => post(payload()));
      expect(opened.status).toBe(200);
    } finally {
      await setState('VA', { sales: 'closed', opensOn: null });
    }
  });
});

describe('a patients-only state (D39)', () => {
  const dc = (extra: Record<string, unknown>) =>
    checkoutPayload([{ productId: edible().id, quantity: 1 }], { deliveryState: 'DC', deliveryZipCode: '20001', ...extra });

  it('refuses DC without a registry number, with a malformed or an expired one, and writes nothing', async () => {
    const before = await ordersCount();
    const none = await post(dc({}));
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ code: 'patient_required', fields: { patientId: expect.any(String) } });

    const malformed = await post(dc({ patient: { id: 'x', expiresOn: '2099-01-01' } }));
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toMatchObject({ fields: { patientId: 'Enter your medical cannabis registry number' } });

    const yesterday = addDays(nyDate(Date.now()), -1);
    const expired = await post(dc({ patient: { id: 'DC-1234', expiresOn: yesterday } }));
    expect(expired.status).toBe(422);
    expect(await expired.json()).toMatchObject({
      code: 'patient_required',
      fields: { patientExpiresOn: expect.stringContaining('expired') },
    });
    expect(await ordersCount()).toBe(before);
  });

  it('accepts a current registration (valid through its expiry date) and keeps it on the order', async () => {
    const today = nyDate(Date.now());
    const res = await post(dc({ patient: { id: 'DC-7654321', expiresOn: today } }));
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
    expect(row).toMatchObject({ patientId: 'DC-7654321', patientExpiresOn: today, tax: 0, taxLines: [] });
  });

  it('does not keep a registry given for an adult-use state', async () => {
    const res = await post(checkoutPayload([{ productId: edible().id, quantity: 1 }], { patient: PATIENT }));
    expect(res.status).toBe(200);
    const { orderId } = (await res.json()) as { orderId: string };
    const [row] = await t.db.select().from(orders).where(eq(orders.ref, orderId));
    expect(row).toMatchObject({ patientId: null, patientExpiresOn: null });
  });
});

describe("the state's tax (D38)", () => {
  it('charges Maryland 12 % on goods, records rate and amount, and total = subtotal + shipping + tax', async () => {
    const e = edible();
    const res = await post(checkoutPayload([{ productId: e.id, quantity: 1 }]));
    expect(res.status).toBe(200);
    const o = await view(((await res.json()) as { orderId: string }).orderId);
    const tax = Math.round(o.subtotal * 0.12);
    expect(o.taxLines).toEqual([{ name: 'Maryland cannabis sales and use tax', percent: 12, amount: tax }]);
    expect(o.tax).toBe(tax);
    expect(o.total).toBe(o.subtotal + o.shipping + o.tax);
  });

  it('takes a changed rate and a line on the fee on the next order, without a release', async () => {
    const [md] = await t.db.select().from(states).where(eq(states.code, 'MD'));
    await setState('MD', {
      taxes: [
        { name: 'Goods tax', basisPoints: 950, appliesTo: 'goods' },
        { name: 'Delivery tax', basisPoints: 600, appliesTo: 'fee' },
      ],
    });
    try {
      // One cheap edible: under the free-delivery threshold, so the fee is charged and taxed.
      const cheap = pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.price < 5000 && p.salePrice == null, 'cheap edible');
      const res = await post(checkoutPayload([{ productId: cheap.id, quantity: 1 }]));
      expect(res.status).toBe(200);
      const o = await view(((await res.json()) as { orderId: string }).orderId);
      expect(o.shipping).toBeGreaterThan(0);
      expect(o.taxLines).toEqual([
        { name: 'Goods tax', percent: 9.5, amount: Math.floor((o.subtotal * 950 + 5000) / 10000) },
        { name: 'Delivery tax', percent: 6, amount: Math.floor((o.shipping * 600 + 5000) / 10000) },
      ]);
      expect(o.total).toBe(o.subtotal + o.shipping + o.tax);
    } finally {
      await setState('MD', { taxes: md?.taxes ?? [] });
    }
  });
});

describe("a day's limits per person (D39)", () => {
  const oz = () => [{ productId: flower().id, quantity: 1, weight: 'oz' }];

  it('refuses a second Maryland order the same day by the same phone over 1.5 oz, naming what remains', async () => {
    const person = newCustomer();
    expect((await post(checkoutPayload(oz(), { customer: person }))).status).toBe(200);
    const before = await ordersCount();
    const second = await post(checkoutPayload(oz(), { customer: { ...person, email: 'other.address@example.com' } }));
    expect(second.status).toBe(422);
    const body = (await second.json()) as { code: string; error: string };
    expect(body.code).toBe('daily_limit');
    expect(body.error).toContain('Maryland allows at most 42.5 g of flower per person a day');
    expect(body.error).toContain('You can still buy 14.5 g of flower, 12 g of concentrate, 750 mg of THC in edibles today.');
    expect(await ordersCount()).toBe(before);
    // What remains still passes: half an ounce (14 g).
    const rest = [{ productId: flower().id, quantity: 1, weight: 'half-oz' }];
    expect((await post(checkoutPayload(rest, { customer: { ...person, email: 'third.address@example.com' } }))).status).toBe(200);
  });

  it('knows the person by e-mail too, whatever its case or +tag, and by the phone typed another way', async () => {
    const person = newCustomer();
    expect((await post(checkoutPayload(oz(), { customer: person }))).status).toBe(200);
    const [local, domain] = person.email.split('@');
    const byEmail = await post(
      checkoutPayload(oz(), { customer: { ...person, phone: '(202) 555-9999', email: `${local}+again@${domain?.toUpperCase()}` } }),
    );
    expect(((await byEmail.json()) as { code: string }).code).toBe('daily_limit');
    const digits = person.phone.replace(/\D/g, '');
    const byPhone = await post(checkoutPayload(oz(), { customer: { ...person, email: 'new.one@example.com', phone: `+1 ${digits}` } }));
    expect(((await byPhone.json()) as { code: string }).code).toBe('daily_limit');
  });

  it('does not count a cancelled order, or another person', async () => {
    const person = newCustomer();
    const first = await post(checkoutPayload(oz(), { customer: person }));
    const { orderId } = (await first.json()) as { orderId: string };
    expect((await post(checkoutPayload(oz(), { customer: newCustomer() }))).status).toBe(200);
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, orderId));
    expect((await post(checkoutPayload(oz(), { customer: person }))).status).toBe(200);
  });

  it("counts New York's day across the change from summer time (2026-11-01)", async () => {
    const person = newCustomer();
    // 23:59 on Oct 31 and 00:01 on Nov 1, New York (EDT, UTC-4): two days, so both pass.
    const lastMinute = Date.parse('2026-11-01T03:59:00Z');
    const nextDay = Date.parse('2026-11-01T04:01:00Z');
    expect((await at(lastMinute, () => post(checkoutPayload(oz(), { customer: person })))).status).toBe(200);
    expect((await at(nextDay, () => post(checkoutPayload(oz(), { customer: person })))).status).toBe(200);
    // 23:30 on Nov 1 (EST now, UTC-5) is still Nov 1: refused.
    const lateSameDay = Date.parse('2026-11-02T04:30:00Z');
    const refused = await at(lateSameDay, () => post(checkoutPayload(oz(), { customer: person })));
    expect(((await refused.json()) as { code: string }).code).toBe('daily_limit');
  });

  it('counts per order where the state says so, without a release', async () => {
    await setState('MD', { limitScope: 'order' });
    try {
      const person = newCustomer();
      expect((await post(checkoutPayload(oz(), { customer: person }))).status).toBe(200);
      expect((await post(checkoutPayload(oz(), { customer: person }))).status).toBe(200);
    } finally {
      await setState('MD', { limitScope: 'day' });
    }
  });
});
