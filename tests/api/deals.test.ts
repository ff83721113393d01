/**
 * Deals as data (D32): /api/admin/deals lists, creates, edits and deletes deals whose window is New
 * York time; the storefront's prices, /api/products?deals=true and checkout follow the deals live at
 * each moment, across both daylight-saving changes of 2026; a deal that ends between cart and
 * checkout is answered with the changed line, never charged silently.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, dealProducts, deals, products } from '../../src/db/schema.ts';
import { dealCoversQuery } from '../../src/features/catalog/catalog.server.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import type { AdminDeal } from '../../src/features/menu/deals.ts';
import { dealPrice, liveDealPercents } from '../../src/features/pricing/pricing.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { toNyWallTime } from '../../src/lib/ny-time.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { fillStock } from '../helpers/stock.ts';

const EMAIL = 'deals@example.com';
const ACTOR = `admin:${EMAIL}`;
const utc = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);

let t: TestDb;
let app: TestApp;
let cookie: string;
let catalogue: ApiProduct[];

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, EMAIL, 'a long enough password');
  cookie = await signIn(app, EMAIL, 'a long enough password');
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  await fillStock(t.db, 1_000_000_000);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await app.request(path, {
    method,
    headers: { cookie, origin: TEST_ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

/** Plain products (no weights), in no deal, each used by one test so deals do not overlap. */
const plain = (n: number) => {
  const found = catalogue.filter((p) => !p.isDeal && (p.category === 'Edible' || p.category === 'Accessories') && p.salePrice == null)[n];
  if (!found) throw new Error(`no plain product #${n}`);
  return found;
};

/** The product as the storefront answers it at the instant `ms` (the clock the API reads). */
async function productAt(id: number, ms: number): Promise<ApiProduct> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    return (await (await app.request(`/api/products/${id}`)).json()) as ApiProduct;
  } finally {
    vi.useRealTimers();
  }
}

async function dealIdsAt(ms: number): Promise<number[]> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    return ((await (await app.request('/api/products?deals=true')).json()) as ApiProduct[]).map((p) => p.id);
  } finally {
    vi.useRealTimers();
  }
}

async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    ['deals', 'deal_products', 'audit_log'].map((table) => t.db.all(sql.raw(`select * from ${table} order by rowid`))),
  );
  return JSON.stringify(parts);
}

describe('GET /api/admin/deals', () => {
  it("lists the seed's deal: the catalogue's first six products at 40% off, open-ended and live", async () => {
    const res = await call<{ deals: AdminDeal[] }>('GET', '/api/admin/deals');
    expect(res.status).toBe(200);
    const first = await t.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(6);
    expect(res.body.deals[0]).toMatchObject({
      name: 'Weekly picks',
      percentOff: 40,
      productIds: first.map((p) => p.id),
      startsAt: null,
      endsAt: null,
      startsAtMs: null,
      endsAtMs: null,
      active: true,
      state: 'live',
    });
  });
});

describe('a deal window across a DST change (D32)', () => {
  it('opens at 1:30 AM EDT and closes at 3:00 AM EST on Nov 1, 2026 (the night 1:00-1:59 happens twice)', async () => {
    const product = plain(0);
    const created = await call<AdminDeal>('POST', '/api/admin/deals', {
      name: 'Fall back',
      percentOff: 25,
      productIds: [product.id],
      startsAt: '2026-11-01T01:30',
      endsAt: '2026-11-01T03:00',
    });
    expect(created.status).toBe(201);
    const opens = utc(2026, 11, 1, 5, 30); // 1:30 EDT
    const closes = utc(2026, 11, 1, 8, 0); // 3:00 EST
    expect(created.body).toMatchObject({
      startsAt: '2026-11-01T01:30',
      endsAt: '2026-11-01T03:00',
      startsAtMs: opens,
      endsAtMs: closes,
      active: true,
    });

    // The pricing rule over what the database holds.
    const covers = await dealCoversQuery(t.db);
    const percentAt = (ms: number) => liveDealPercents(covers, ms).get(product.id) ?? null;
    expect(percentAt(opens - 1)).toBeNull();
    expect(percentAt(opens)).toBe(25);
    expect(percentAt(utc(2026, 11, 1, 6, 30))).toBe(25); // 1:30 EST, the second 1:30: still on
    expect(percentAt(closes - 1)).toBe(25);
    expect(percentAt(closes)).toBeNull();

    // And the price the storefront answers at those instants.
    expect((await productAt(product.id, opens - 1)).isDeal).toBe(false);
    // The answer keeps the regular price and says the deal's percent; pricing.unitPrice charges it.
    expect(await productAt(product.id, opens)).toMatchObject({ price: product.price, isDeal: true, dealPercentOff: 25 });
    expect((await productAt(product.id, closes - 1)).dealPercentOff).toBe(25);
    expect((await productAt(product.id, closes)).isDeal).toBe(false);
    expect(await dealIdsAt(opens - 1)).not.toContain(product.id);
    expect(await dealIdsAt(opens + 60_000)).toContain(product.id);
    expect(await dealIdsAt(closes)).not.toContain(product.id);

    // The trail shows the window as a New York reader reads it.
    const rows = await t.db
      .select({ field: auditLog.field, from: auditLog.fromValue, to: auditLog.toValue, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'deal'), eq(auditLog.entityId, created.body.id)))
      .orderBy(asc(auditLog.id));
    expect(rows).toEqual([
      { actor: ACTOR, field: 'name', from: null, to: 'Fall back' },
      { actor: ACTOR, field: 'percentOff', from: null, to: '25' },
      { actor: ACTOR, field: 'productIds', from: null, to: JSON.stringify([product.id]) },
      { actor: ACTOR, field: 'startsAt', from: null, to: 'Nov 1, 2026, 1:30 AM EDT' },
      { actor: ACTOR, field: 'endsAt', from: null, to: 'Nov 1, 2026, 3:00 AM EST' },
      { actor: ACTOR, field: 'active', from: null, to: 'true' },
    ]);
  });

  it('on Mar 8, 2026 (2:00-2:59 never happens) runs 1:00 AM EST to 3:00 AM EDT, one real hour, and refuses 2:30', async () => {
    const product = plain(1);
    const before = await snapshot();
    const skipped = await call<ErrorBody>('POST', '/api/admin/deals', {
      name: 'Spring forward',
      percentOff: 30,
      productIds: [product.id],
      startsAt: '2026-03-08T02:30',
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.fields).toEqual({
      startsAt: 'Mar 8, 2026, 2:30 AM does not exist in New York: the clocks skip that hour. Choose another time.',
    });
    expect(await snapshot()).toBe(before);

    const created = await call<AdminDeal>('POST', '/api/admin/deals', {
      name: 'Spring forward',
      percentOff: 30,
      productIds: [product.id],
      startsAt: '2026-03-08T01:00',
      endsAt: '2026-03-08T03:00',
    });
    expect(created.status).toBe(201);
    const opens = utc(2026, 3, 8, 6, 0); // 1:00 EST
    const closes = utc(2026, 3, 8, 7, 0); // 3:00 EDT, an hour later
    expect(created.body).toMatchObject({ startsAtMs: opens, endsAtMs: closes });
    expect((await productAt(product.id, opens - 1)).isDeal).toBe(false);
    expect((await productAt(product.id, opens)).dealPercentOff).toBe(30);
    expect((await productAt(product.id, closes - 1)).dealPercentOff).toBe(30);
    expect((await productAt(product.id, closes)).isDeal).toBe(false);
  });
});

describe('editing and deleting deals', () => {
  it('edits percent, products, switch and window; each edit reaches the price and the trail', async () => {
    const [a, b] = [plain(2), plain(3)];
    const created = (await call<AdminDeal>('POST', '/api/admin/deals', { name: 'Edit me', percentOff: 10, productIds: [a.id] })).body;
    expect(created.state).toBe('live');
    const priced = async (id: number) => ((await (await app.request(`/api/products/${id}`)).json()) as ApiProduct).dealPercentOff;
    expect(await priced(a.id)).toBe(10);

    const raised = await call<AdminDeal>('PATCH', `/api/admin/deals/${created.id}`, { percentOff: 35, productIds: [b.id, a.id] });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ percentOff: 35, productIds: [a.id, b.id].sort((x, y) => x - y) });
    expect(await priced(a.id)).toBe(35);
    expect(await priced(b.id)).toBe(35);

    const narrowed = await call<AdminDeal>('PATCH', `/api/admin/deals/${created.id}`, { productIds: [b.id] });
    expect(narrowed.body.productIds).toEqual([b.id]);
    expect(await priced(a.id)).toBeNull();

    const off = await call<AdminDeal>('PATCH', `/api/admin/deals/${created.id}`, { active: false });
    expect(off.body.state).toBe('off');
    expect(await priced(b.id)).toBeNull();

    const future = await call<AdminDeal>('PATCH', `/api/admin/deals/${created.id}`, { active: true, startsAt: '2099-01-01T00:00' });
    expect(future.body).toMatchObject({ state: 'scheduled', startsAt: '2099-01-01T00:00' });
    const past = await call<AdminDeal>('PATCH', `/api/admin/deals/${created.id}`, { startsAt: null, endsAt: '2020-01-01T00:00' });
    expect(past.body.state).toBe('ended');

    const fields = (
      await t.db
        .select({ field: auditLog.field, from: auditLog.fromValue, to: auditLog.toValue })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'deal'), eq(auditLog.entityId, created.id)))
        .orderBy(asc(auditLog.id))
    ).slice(4); // after the four rows of its creation
    expect(fields).toEqual([
      { field: 'percentOff', from: '10', to: '35' },
      { field: 'productIds', from: JSON.stringify([a.id]), to: JSON.stringify([a.id, b.id].sort((x, y) => x - y)) },
      { field: 'productIds', from: JSON.stringify([a.id, b.id].sort((x, y) => x - y)), to: JSON.stringify([b.id]) },
      { field: 'active', from: 'true', to: 'false' },
      { field: 'startsAt', from: null, to: 'Jan 1, 2099, 12:00 AM EST' },
      { field: 'active', from: 'false', to: 'true' },
      { field: 'startsAt', from: 'Jan 1, 2099, 12:00 AM EST', to: null },
      { field: 'endsAt', from: null, to: 'Jan 1, 2020, 12:00 AM EST' },
    ]);

    // Nothing sent, nothing changed: no trail row either.
    const count = fields.length;
    expect((await call('PATCH', `/api/admin/deals/${created.id}`, {})).status).toBe(200);
    const after = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'deal'), eq(auditLog.entityId, created.id)));
    expect(after.length - 4).toBe(count);
  });

  it('keeps the instant of a window side sent back as the wall time it shows (the second 1:30 of a fall-back night)', async () => {
    const product = plain(4);
    const created = (
      await call<AdminDeal>('POST', '/api/admin/deals', {
        name: 'Second 1:30',
        percentOff: 15,
        productIds: [product.id],
        startsAt: '2026-10-31T20:00',
      })
    ).body;
    const secondOccurrence = utc(2026, 11, 1, 6, 30); // 1:30 EST
    await t.db.update(deals).set({ endsAt: secondOccurrence }).where(eq(deals.id, created.id));
    const shown = (await call<AdminDeal>('GET', `/api/admin/deals/${created.id}`)).body;
    expect(shown).toMatchObject({ endsAt: '2026-11-01T01:30', endsAtMs: secondOccurrence });
    const saved = await call<AdminDeal>('PATCH', `/api/admin/deals/${created.id}`, { name: 'Renamed', endsAt: shown.endsAt });
    expect(saved.body).toMatchObject({ name: 'Renamed', endsAtMs: secondOccurrence });
  });

  it('deletes a deal: its products leave the deal and the trail keeps what it was', async () => {
    const product = plain(5);
    const created = (await call<AdminDeal>('POST', '/api/admin/deals', { name: 'Short-lived', percentOff: 20, productIds: [product.id] }))
      .body;
    expect((await (await app.request(`/api/products/${product.id}`)).json()) as ApiProduct).toMatchObject({ isDeal: true });
    const res = await call('DELETE', `/api/admin/deals/${created.id}`);
    expect(res.status).toBe(200);
    expect((await call('GET', `/api/admin/deals/${created.id}`)).status).toBe(404);
    expect(await t.db.select().from(dealProducts).where(eq(dealProducts.dealId, created.id))).toEqual([]);
    expect((await (await app.request(`/api/products/${product.id}`)).json()) as ApiProduct).toMatchObject({ isDeal: false });
    const last = await t.db
      .select({ field: auditLog.field, from: auditLog.fromValue, to: auditLog.toValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'deal'), eq(auditLog.entityId, created.id)))
      .orderBy(asc(auditLog.id));
    expect(last.slice(-4)).toEqual([
      { field: 'name', from: 'Short-lived', to: null },
      { field: 'percentOff', from: '20', to: null },
      { field: 'productIds', from: JSON.stringify([product.id]), to: null },
      { field: 'active', from: 'true', to: null },
    ]);
    expect((await call('DELETE', `/api/admin/deals/${created.id}`)).status).toBe(404);
  });
});

describe('bad deal input names the field and changes nothing', () => {
  it('refuses each mistake with a 400 naming its field', async () => {
    const product = plain(6);
    const ok = { name: 'Bad', percentOff: 20, productIds: [product.id] };
    const seedDeal = (await call<{ deals: AdminDeal[] }>('GET', '/api/admin/deals')).body.deals[0]?.id ?? 0;
    const cases: [string, string, unknown, string | string[], string?][] = [
      ['POST', '/api/admin/deals', {}, ['name', 'percentOff', 'productIds']],
      ['POST', '/api/admin/deals', { ...ok, name: '' }, 'name'],
      ['POST', '/api/admin/deals', { ...ok, percentOff: 0 }, 'percentOff', 'Percent off is 1 to 90'],
      ['POST', '/api/admin/deals', { ...ok, percentOff: 91 }, 'percentOff', 'Percent off is 1 to 90'],
      ['POST', '/api/admin/deals', { ...ok, percentOff: 12.5 }, 'percentOff'],
      ['POST', '/api/admin/deals', { ...ok, percentOff: '20' }, 'percentOff'],
      ['POST', '/api/admin/deals', { ...ok, productIds: [] }, 'productIds', 'Choose at least one product'],
      ['POST', '/api/admin/deals', { ...ok, productIds: [product.id, -1] }, 'productIds'],
      ['POST', '/api/admin/deals', { ...ok, productIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'productIds'],
      ['POST', '/api/admin/deals', { ...ok, productIds: [product.id, 999_999] }, 'productIds', 'No product has the id 999999'],
      ['POST', '/api/admin/deals', { ...ok, startsAt: 'tomorrow' }, 'startsAt'],
      ['POST', '/api/admin/deals', { ...ok, endsAt: '2026-02-30T10:00' }, 'endsAt', '2026-02-30T10:00 is not a real date and time'],
      [
        'POST',
        '/api/admin/deals',
        { ...ok, startsAt: '2026-11-01T03:00', endsAt: '2026-11-01T01:30' },
        'endsAt',
        'The end must be after the start',
      ],
      ['POST', '/api/admin/deals', { ...ok, active: 'yes' }, 'active'],
      ['POST', '/api/admin/deals', { ...ok, id: 5 }, 'id'],
      ['PATCH', `/api/admin/deals/${seedDeal}`, { percentOff: 95 }, 'percentOff'],
      ['PATCH', `/api/admin/deals/${seedDeal}`, { endsAt: '1999-01-01T00:00', startsAt: '2000-01-01T00:00' }, 'endsAt'],
      ['PATCH', `/api/admin/deals/${seedDeal}`, { productIds: [999_998] }, 'productIds'],
    ];
    const before = await snapshot();
    for (const [method, path, body, field, message] of cases) {
      const res = await call<ErrorBody>(method, path, body);
      const label = `${method} ${JSON.stringify(body).slice(0, 80)}`;
      expect(res.status, label).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), label).toEqual([field].flat());
      if (message) expect(res.body.fields?.[String(field)], label).toBe(message);
    }
    // An end before the start the deal already has is refused as well.
    await call('PATCH', `/api/admin/deals/${seedDeal}`, { startsAt: '2026-01-01T00:00' });
    const mid = await snapshot();
    const early = await call<ErrorBody>('PATCH', `/api/admin/deals/${seedDeal}`, { endsAt: '2025-12-31T23:59' });
    expect(early.body.fields).toEqual({ endsAt: 'The end must be after the start' });
    expect(await snapshot()).toBe(mid);
    await call('PATCH', `/api/admin/deals/${seedDeal}`, { startsAt: null });
    expect((await call('PATCH', '/api/admin/deals/999999', { name: 'Nope' })).status).toBe(404);
    expect(before).not.toBe(mid);
  });
});

describe('a deal that ends between cart and checkout (D32)', () => {
  it('answers the changed line with 409 price_changed and places the order at the new price when asked again', async () => {
    const product = plain(7);
    const deal = (await call<AdminDeal>('POST', '/api/admin/deals', { name: 'Ends soon', percentOff: 30, productIds: [product.id] })).body;
    const shown = dealPrice(product.price, 30);
    // The deal ends (say, at its end time) after the shopper filled the cart at the deal price.
    await call('PATCH', `/api/admin/deals/${deal.id}`, { endsAt: toNyWallTime(Date.now() - 60_000) });
    const key = newKey();
    const post = (price: number) =>
      app.request('/api/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(checkoutPayload([{ productId: product.id, quantity: 2, price }])),
      });
    const refused = await post(shown);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ErrorBody;
    expect(body.code).toBe('price_changed');
    expect(body.error).toContain(`${product.name} is now $${(product.price / 100).toFixed(2)} (was $${(shown / 100).toFixed(2)})`);
    // The shopper saw the new price: the same attempt (same key) goes through at it.
    const placed = await post(product.price);
    expect(placed.status).toBe(200);
    const { orderId } = (await placed.json()) as { orderId: string };
    const order = (await (await app.request(`/api/orders/${orderId}`)).json()) as { items: { productId: number; price: number }[] };
    expect(order.items).toEqual([expect.objectContaining({ productId: product.id, price: product.price })]);
  });
});
