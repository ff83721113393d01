/**
 * Reports through the API (R1-R7): each report's figures against orders this suite writes (days
 * across both DST changes, a cancelled order and a failed delivery, Maryland's tax), JSON and CSV, who may read
 * them, bad ranges, refused checkouts counted by cause through real checkouts, and the daily
 * summary sent once to the admins.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  categories,
  dailySummaries,
  deliveryClosedDates,
  deliveryZoneZips,
  orderStatusHistory,
  outbox,
  products,
} from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { sendDailySummary } from '../../src/features/reports/reports.server.ts';
import {
  NO_REASON,
  NO_ZONE,
  PRODUCT_LIST_SIZE,
  type ProductsReport,
  REFUSAL_CAUSES,
  type RefusalsReport,
  type SalesReport,
  type WindowsReport,
  type ZonesReport,
} from '../../src/features/reports/reports.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { formatMoney } from '../../src/lib/money.ts';
import type { Bindings } from '../../src/server/api/env.ts';
import { checkoutPayload, newCustomer, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { insertOrder, nyInstant, zoneRecordOf } from '../helpers/delivery.ts';
import { type TestApp, testApp, testBindings } from '../helpers/env.ts';
import { type FakeMailServer, startFakeMailServer } from '../helpers/fake-mail.ts';

const PASSWORD = 'reports are read every morning';
const ADMINS = ['owner@reports.example.com', 'partner@reports.example.com'];
const DISPATCHER = 'dispatcher@reports.example.com';
const DRIVER = 'driver@reports.example.com';

let t: TestDb;
let app: TestApp;
let mail: FakeMailServer;
let env: Bindings;
const cookies: Record<'admin' | 'dispatcher' | 'driver', string> = { admin: '', dispatcher: '', driver: '' };
let catalogue: ApiProduct[];
let flowerId: number;
let edibleId: number;

beforeAll(async () => {
  t = await createTestDb({ windows: 'seed' });
  app = testApp({ db: () => t.db });
  mail = await startFakeMailServer();
  env = testBindings({ MAIL_API_URL: mail.url, MAIL_API_KEY: 'key', MAIL_FROM: 'shop@example.com', SITE_URL: 'https://shop.example' });
  for (const email of ADMINS) await createAdmin(t.db, email, PASSWORD);
  await createAdmin(t.db, DISPATCHER, PASSWORD, 'dispatcher');
  await createAdmin(t.db, DRIVER, PASSWORD, 'driver');
  cookies.admin = await signIn(app, ADMINS[0] ?? '', PASSWORD, '198.51.100.11');
  cookies.dispatcher = await signIn(app, DISPATCHER, PASSWORD, '198.51.100.12');
  cookies.driver = await signIn(app, DRIVER, PASSWORD, '198.51.100.13');
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  flowerId = pick(catalogue, (p) => p.category === 'Flower', 'flower').id;
  edibleId = pick(catalogue, (p) => p.category === 'Edible', 'edible').id;
});
afterAll(async () => {
  await mail.close();
  t.close();
});

function request(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: init.cookie ?? cookies.admin };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(
    path,
    { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) },
    env,
  );
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(status);
  return JSON.parse(text) as T;
}

interface TestOrder {
  /** New York wall time the order was placed. */
  placed: string;
  total: number;
  /** D38: the tax in the total and the lines it was charged as. */
  tax?: number;
  taxLines?: { name: string; basisPoints: number; appliesTo: 'goods' | 'fee' | 'both'; amount: number }[];
  zip?: string;
  state?: 'DC' | 'MD' | 'VA';
  status?: 'processing' | 'cancelled' | 'delivered';
  failed?: string;
  cancelNote?: string;
  window?: { start: string; end: string; capacity: number };
  items?: { productId: number; quantity: number; lineTotal: number }[];
}

/** An order written straight to the database, placed at a New York time of the test's choosing. */
async function addOrder(o: TestOrder): Promise<number> {
  const createdAt = nyInstant(o.placed);
  const row = await insertOrder(
    t.db,
    {
      status: o.status ?? 'processing',
      firstName: 'Rita',
      lastName: 'Report',
      email: 'rita@example.com',
      deliveryState: o.state ?? 'MD',
      deliveryZipCode: o.zip ?? '20850',
      // The zone checkout would have recorded: the one the ZIP belongs to when the order is written.
      ...(await zoneRecordOf(t.db, o.zip ?? '20850')),
      total: o.total,
      subtotal: o.total - (o.tax ?? 0),
      tax: o.tax ?? 0,
      taxLines: o.taxLines ?? [],
      deliveryStatus: o.failed != null ? 'failed' : 'unassigned',
      deliveryFailureReason: o.failed ?? null,
      ...(o.window
        ? { windowStart: nyInstant(o.window.start), windowEnd: nyInstant(o.window.end), windowCapacity: o.window.capacity }
        : {}),
      createdAt,
      updatedAt: createdAt,
    },
    (o.items ?? []).map((item) => ({
      productId: item.productId,
      name: 'line',
      category: 'x',
      quantity: item.quantity,
      unitPrice: item.lineTotal / item.quantity,
      lineTotal: item.lineTotal,
    })),
  );
  if (o.status === 'cancelled') {
    await t.db.insert(orderStatusHistory).values([
      { orderId: row.id, fromStatus: null, toStatus: 'processing', actor: 'system', note: 'Order placed', createdAt },
      {
        orderId: row.id,
        fromStatus: 'processing',
        toStatus: 'cancelled',
        actor: 'admin:x',
        note: o.cancelNote ?? '',
        createdAt: createdAt + 1000,
      },
    ]);
  }
  return row.id;
}

const range = (from: string, to: string) => `from=${from}&to=${to}`;

describe('sales across the fall-back (R1, R2)', () => {
  const q = range('2026-10-31', '2026-11-02');
  beforeAll(async () => {
    await addOrder({ placed: '2026-10-31T23:59', total: 1000 });
    await addOrder({ placed: '2026-11-01T00:30', total: 2000 });
    // After the clocks fell back: 04:30 UTC on Nov 2, still Nov 1 in New York.
    await addOrder({ placed: '2026-11-01T23:30', total: 3001 });
    await addOrder({ placed: '2026-11-01T12:00', total: 9999, status: 'cancelled', cancelNote: '=HYPERLINK("http://evil.example")' });
    await addOrder({ placed: '2026-11-02T10:00', total: 8888, status: 'cancelled', failed: 'Nobody home' });
    await addOrder({ placed: '2026-11-02T11:00', total: 7777, status: 'cancelled' });
    await addOrder({ placed: '2026-11-03T00:00', total: 5000 });
  });

  it('counts each order on its New York day; cancelled and failed orders apart, with their reasons', async () => {
    const r = await json<SalesReport>(request(`/api/admin/reports/sales?${q}`));
    expect(r.range).toEqual({ from: '2026-10-31', to: '2026-11-02' });
    expect(r.days).toEqual([
      { date: '2026-10-31', orders: 1, revenueCents: 1000, taxCents: 0, averageCents: 1000, cancelled: 0, failed: 0 },
      { date: '2026-11-01', orders: 2, revenueCents: 5001, taxCents: 0, averageCents: 2501, cancelled: 1, failed: 0 },
      { date: '2026-11-02', orders: 0, revenueCents: 0, taxCents: 0, averageCents: 0, cancelled: 1, failed: 1 },
    ]);
    expect(r.totals).toEqual({ orders: 3, revenueCents: 6001, averageCents: 2000, taxCents: 0 });
    expect(r.taxes).toEqual([]);
    expect(r.cancelled).toEqual({
      count: 2,
      reasons: [
        { reason: '=HYPERLINK("http://evil.example")', count: 1 },
        { reason: NO_REASON, count: 1 },
      ],
    });
    expect(r.failed).toEqual({ count: 1, reasons: [{ reason: 'Nobody home', count: 1 }] });
  });

  it('writes the same as CSV, a formula in a note neutralised', async () => {
    const res = await request(`/api/admin/reports/sales.csv?${q}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="greenline-sales-2026-10-31-to-2026-11-02.csv"');
    const text = await res.text();
    expect(text).toContain('2026-11-01,2,50.01,25.01,1,0,0.00\r\n');
    expect(text).toContain('Total,3,60.01,20.00,2,1,0.00\r\n');
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"")",1\r\n');
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(text).toContain('Nobody home,1\r\n');
  });
});

describe('sales around the spring-forward (R2)', () => {
  it('cuts 2026-03-08 and 2026-03-09 at New York midnight', async () => {
    await addOrder({ placed: '2026-03-07T23:30', total: 100 });
    await addOrder({ placed: '2026-03-08T01:59', total: 200 });
    await addOrder({ placed: '2026-03-08T03:00', total: 300 });
    await addOrder({ placed: '2026-03-08T23:30', total: 400 });
    await addOrder({ placed: '2026-03-09T00:30', total: 500 });
    const r = await json<SalesReport>(request(`/api/admin/reports/sales?${range('2026-03-07', '2026-03-09')}`));
    expect(r.days.map((d) => [d.date, d.orders, d.revenueCents])).toEqual([
      ['2026-03-07', 1, 100],
      ['2026-03-08', 3, 900],
      ['2026-03-09', 1, 500],
    ]);
  });
});

describe('tax collected (R2, R4, D38)', () => {
  const q = range('2026-07-14', '2026-07-15');
  const MD_TAX = 'Maryland cannabis sales and use tax';
  const md = (basisPoints: number, amount: number) => [{ name: MD_TAX, basisPoints, appliesTo: 'goods' as const, amount }];
  beforeAll(async () => {
    // $100.00 of goods at 12 %, and $43.23 at 12 % (518.76 cents, charged as 519): Maryland's tax.
    await addOrder({ placed: '2026-07-14T10:00', total: 11_200, tax: 1_200, taxLines: md(1200, 1_200) });
    await addOrder({ placed: '2026-07-15T09:00', total: 4_323 + 519, tax: 519, taxLines: md(1200, 519) });
    // An order priced before the rate changed keeps its 9 %: a row of its own.
    await addOrder({ placed: '2026-07-15T11:00', total: 5_450, tax: 450, taxLines: md(900, 450) });
    // DC charges no tax; a cancelled MD order collects none.
    await addOrder({ placed: '2026-07-15T12:00', total: 3_000, zip: '20001', state: 'DC' });
    await addOrder({ placed: '2026-07-15T13:00', total: 22_400, tax: 2_400, taxLines: md(1200, 2_400), status: 'cancelled' });
  });

  it("shows each day's tax, the period's and each state's tax line, cancelled orders left out", async () => {
    const r = await json<SalesReport>(request(`/api/admin/reports/sales?${q}`));
    expect(r.days.map((d) => [d.date, d.orders, d.revenueCents, d.taxCents])).toEqual([
      ['2026-07-14', 1, 11_200, 1_200],
      ['2026-07-15', 3, 4_842 + 5_450 + 3_000, 519 + 450],
    ]);
    expect(r.totals.taxCents).toBe(1_200 + 519 + 450);
    expect(r.totals.revenueCents).toBe(11_200 + 4_842 + 5_450 + 3_000);
    expect(r.taxes).toEqual([
      { state: 'MD', name: MD_TAX, percent: 12, orders: 2, taxCents: 1_719 },
      { state: 'MD', name: MD_TAX, percent: 9, orders: 1, taxCents: 450 },
    ]);
    const text = await (await request(`/api/admin/reports/sales.csv?${q}`)).text();
    expect(text).toContain('Date,Orders,Revenue (USD),Average order (USD),Cancelled,Failed deliveries,Tax (USD)\r\n');
    expect(text).toContain('2026-07-14,1,112.00,112.00,0,0,12.00\r\n');
    expect(text).toContain('Total,4,244.92,61.23,1,0,21.69\r\n');
    expect(text).toContain(`MD,${MD_TAX},12,2,17.19\r\n`);
  });

  it('gives each state its tax', async () => {
    const r = await json<ZonesReport>(request(`/api/admin/reports/zones?${q}`));
    expect(r.states).toEqual([
      { state: 'MD', orders: 3, revenueCents: 11_200 + 4_842 + 5_450, taxCents: 2_169 },
      { state: 'DC', orders: 1, revenueCents: 3_000, taxCents: 0 },
    ]);
    const text = await (await request(`/api/admin/reports/zones.csv?${q}`)).text();
    expect(text).toContain('State,Orders,Revenue (USD),Tax (USD)\r\nMD,3,214.92,21.69\r\nDC,1,30.00,0.00\r\n');
  });
});

describe('windows (R3)', () => {
  const q = range('2026-11-01', '2026-11-07');
  beforeAll(async () => {
    // Sunday 2026-11-01 is the fall-back day: its Evening window still starts at 5 PM New York.
    const evening = { start: '2026-11-01T17:00', end: '2026-11-01T21:00', capacity: 10 };
    await addOrder({ placed: '2026-10-30T12:00', total: 100, window: evening });
    await addOrder({ placed: '2026-10-30T12:00', total: 100, window: evening });
    await addOrder({ placed: '2026-10-30T12:00', total: 100, window: evening, status: 'cancelled' });
    // Monday's Morning window was booked with a capacity of 12, above today's schedule.
    await addOrder({
      placed: '2026-10-30T13:00',
      total: 100,
      window: { start: '2026-11-02T09:00', end: '2026-11-02T12:00', capacity: 12 },
    });
    // Orders placed before windows were data are left out.
    await addOrder({ placed: '2026-11-03T10:00', total: 100 });
    await t.db.insert(deliveryClosedDates).values({ date: '2026-11-04', note: 'Inventory' });
  });

  it('groups orders by weekday and window, with the places offered', async () => {
    const r = await json<WindowsReport>(request(`/api/admin/reports/windows?${q}`));
    expect(r.slots).toEqual([
      { startMinute: 540, endMinute: 720 },
      { startMinute: 720, endMinute: 1020 },
      { startMinute: 1020, endMinute: 1260 },
    ]);
    const cell = (weekday: number, startMinute: number) => r.cells.find((c) => c.weekday === weekday && c.startMinute === startMinute);
    expect(cell(0, 1020)).toEqual({ weekday: 0, startMinute: 1020, endMinute: 1260, orders: 2, capacity: 10 });
    expect(cell(1, 540)).toEqual({ weekday: 1, startMinute: 540, endMinute: 720, orders: 1, capacity: 12 });
    expect(cell(1, 720)).toEqual({ weekday: 1, startMinute: 720, endMinute: 1020, orders: 0, capacity: 10 });
    // Wednesday 2026-11-04 is closed: it offers nothing.
    expect(r.cells.filter((c) => c.weekday === 3)).toEqual([]);
    expect(r.cells).toHaveLength(6 * 3);
    expect(r.totals).toEqual({ orders: 3, capacity: 6 * 3 * 10 + 2 });
  });

  it('writes the grid as CSV', async () => {
    const text = await (await request(`/api/admin/reports/windows.csv?${q}`)).text();
    expect(text).toContain('Weekday,Window start,Window end,Orders,Capacity\r\n');
    expect(text).toContain('Sunday,17:00,21:00,2,10\r\n');
    expect(text).toContain('Monday,09:00,12:00,1,12\r\n');
  });
});

describe('zones and states (R4)', () => {
  const q = range('2026-05-01', '2026-05-02');
  it('puts each order in the zone it recorded, or in no zone when it recorded none', async () => {
    await addOrder({ placed: '2026-05-01T10:00', total: 1000, zip: '20850', state: 'MD' });
    await addOrder({ placed: '2026-05-01T11:00', total: 2000, zip: '20850', state: 'MD' });
    await addOrder({ placed: '2026-05-02T11:00', total: 4000, zip: '20001', state: 'DC' });
    await addOrder({ placed: '2026-05-02T12:00', total: 500, zip: '99999', state: 'VA' });
    await addOrder({ placed: '2026-05-02T13:00', total: 9000, zip: '20001', state: 'DC', status: 'cancelled' });
    const [md] = await t.db.select().from(deliveryZoneZips).where(eq(deliveryZoneZips.zip, '20850'));
    const r = await json<ZonesReport>(request(`/api/admin/reports/zones?${q}`));
    expect(r.zones).toEqual([
      { zoneId: 1, zone: 'Downtown & Northwest DC', state: 'DC', orders: 1, revenueCents: 4000 },
      { zoneId: md?.zoneId, zone: expect.any(String), state: 'MD', orders: 2, revenueCents: 3000 },
      { zoneId: null, zone: NO_ZONE, state: null, orders: 1, revenueCents: 500 },
    ]);
    expect(r.states).toEqual([
      { state: 'DC', orders: 1, revenueCents: 4000, taxCents: 0 },
      { state: 'MD', orders: 2, revenueCents: 3000, taxCents: 0 },
      { state: 'VA', orders: 1, revenueCents: 500, taxCents: 0 },
    ]);
    const text = await (await request(`/api/admin/reports/zones.csv?${q}`)).text();
    expect(text).toContain('Downtown & Northwest DC,DC,1,40.00\r\n');
    expect(text).toContain('No zone,,1,5.00\r\n');
  });
});

describe('products and categories (R5)', () => {
  const q = range('2026-06-01', '2026-06-01');
  it('names the best and worst sellers and every category, cancelled orders left out', async () => {
    await addOrder({ placed: '2026-06-01T10:00', total: 0, items: [{ productId: flowerId, quantity: 2, lineTotal: 6000 }] });
    await addOrder({
      placed: '2026-06-01T11:00',
      total: 0,
      items: [
        { productId: flowerId, quantity: 1, lineTotal: 3000 },
        { productId: edibleId, quantity: 5, lineTotal: 2500 },
      ],
    });
    await addOrder({
      placed: '2026-06-01T12:00',
      total: 0,
      status: 'cancelled',
      items: [{ productId: edibleId, quantity: 50, lineTotal: 99999 }],
    });
    const r = await json<ProductsReport>(request(`/api/admin/reports/products?${q}`));
    expect(r.top.map((p) => [p.productId, p.units, p.revenueCents])).toEqual([
      [flowerId, 3, 9000],
      [edibleId, 5, 2500],
    ]);
    expect(r.top[0]?.category).toBe('Flower');
    expect(r.bottom).toHaveLength(PRODUCT_LIST_SIZE);
    expect(r.bottom.every((p) => p.units === 0 && p.revenueCents === 0)).toBe(true);
    const topLevel = await t.db
      .select()
      .from(categories)
      .where(and(eq(categories.retired, false)));
    expect(r.categories).toHaveLength(topLevel.filter((c) => c.parentId == null).length);
    expect(r.categories.slice(0, 2)).toEqual([
      { categoryId: expect.any(Number), name: 'Flower', units: 3, revenueCents: 9000 },
      { categoryId: expect.any(Number), name: 'Edible', units: 5, revenueCents: 2500 },
    ]);
    const text = await (await request(`/api/admin/reports/products.csv?${q}`)).text();
    expect(text).toContain(`Top,${flowerId},`);
    expect(text).toContain('Flower,3,90.00\r\n');
  });

  it('leaves out of the bottom list a product that is not active', async () => {
    const r = await json<ProductsReport>(request(`/api/admin/reports/products?${q}`));
    const first = r.bottom[0]?.productId ?? 0;
    await t.db.update(products).set({ status: 'archived' }).where(eq(products.id, first));
    const after = await json<ProductsReport>(request(`/api/admin/reports/products?${q}`));
    expect(after.bottom.map((p) => p.productId)).not.toContain(first);
    await t.db.update(products).set({ status: 'active' }).where(eq(products.id, first));
  });
});

describe('an empty range', () => {
  it('answers every report with zeros, never invented data', async () => {
    const q = range('2025-01-01', '2025-01-03');
    const sales = await json<SalesReport>(request(`/api/admin/reports/sales?${q}`));
    expect(sales.totals).toEqual({ orders: 0, revenueCents: 0, averageCents: 0, taxCents: 0 });
    expect(sales.taxes).toEqual([]);
    expect(sales.days).toHaveLength(3);
    expect(sales.cancelled).toEqual({ count: 0, reasons: [] });
    const zones = await json<ZonesReport>(request(`/api/admin/reports/zones?${q}`));
    expect(zones).toEqual({ range: { from: '2025-01-01', to: '2025-01-03' }, zones: [], states: [] });
    const productsReport = await json<ProductsReport>(request(`/api/admin/reports/products?${q}`));
    expect(productsReport.top).toEqual([]);
    expect(productsReport.categories.every((c) => c.units === 0)).toBe(true);
    const refusals = await json<RefusalsReport>(request(`/api/admin/reports/refusals?${q}`));
    expect(refusals.total).toBe(0);
    for (const name of ['sales', 'windows', 'zones', 'products', 'refusals']) {
      expect((await request(`/api/admin/reports/${name}.csv?${q}`)).status).toBe(200);
    }
  });
});

describe('inputs (R1)', () => {
  it('answers 422 naming the field for a bad range', async () => {
    const bad = async (query: string, field: string) => {
      const body = await json<{ fields: Record<string, string> }>(request(`/api/admin/reports/sales?${query}`), 422);
      expect(Object.keys(body.fields), query).toContain(field);
    };
    await bad('from=2026-03-01', 'to');
    await bad('to=2026-03-01', 'to');
    await bad(range('2026-03-02', '2026-03-01'), 'to');
    await bad(range('2026-01-01', '2027-01-02'), 'to');
    await bad(range('2026-02-30', '2026-03-01'), 'from');
    await bad(range('yesterday', '2026-03-01'), 'from');
  });

  it('answers the last 7 days without a range, and 4xx for an unknown report', async () => {
    const r = await json<SalesReport>(request('/api/admin/reports/sales'));
    const today = nyDate(Date.now());
    expect(r.range).toEqual({ from: addDays(today, -6), to: today });
    const unknown = await request('/api/admin/reports/profits');
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
  });
});

describe('who may read reports (D35)', () => {
  it('admins and dispatchers read them; drivers do not; only admins change the summary', async () => {
    expect((await request('/api/admin/reports/sales', { cookie: cookies.admin })).status).toBe(200);
    expect((await request('/api/admin/reports/refusals.csv', { cookie: cookies.dispatcher })).status).toBe(200);
    expect((await request('/api/admin/reports/sales', { cookie: cookies.driver })).status).toBe(403);
    expect((await request('/api/admin/report-settings', { cookie: cookies.dispatcher })).status).toBe(403);
    expect(
      (await request('/api/admin/report-settings', { method: 'PUT', body: { dailySummary: true }, cookie: cookies.dispatcher })).status,
    ).toBe(403);
    expect((await request('/api/admin/report-settings/daily-summary', { method: 'POST', cookie: cookies.dispatcher })).status).toBe(403);
    expect((await request('/api/admin/report-settings', { cookie: cookies.driver })).status).toBe(403);
    expect((await request('/api/admin/report-settings', { cookie: cookies.admin })).status).toBe(200);
    expect((await request('/api/admin/reports/sales', { cookie: '' })).status).toBe(401);
  });
});

describe('refused checkouts (R6)', () => {
  const checkout = (payload: unknown) =>
    app.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: JSON.stringify(payload),
    });
  const product = (predicate: (p: ApiProduct) => boolean, what: string) => pick(catalogue, predicate, what);

  it('counts each refusal by its cause, and nothing for a changed price or bad input', async () => {
    const today = nyDate(Date.now());
    const before = await json<RefusalsReport>(request(`/api/admin/reports/refusals?${range(today, today)}`));
    const accessory = product((p) => p.category === 'Accessories' && !p.isDeal && p.inStock, 'accessory');
    const cheap = product((p) => p.category === 'Accessories' && !p.isDeal && p.inStock && p.price < 5000, 'cheap accessory');
    await t.db.update(products).set({ stockMilli: 1000 }).where(eq(products.id, accessory.id));
    const flower = (weight: string) => ({ productId: flowerId, quantity: 1, weight });
    // A person who already bought an ounce today (D39).
    const person = newCustomer();
    expect((await checkout(checkoutPayload([flower('oz')], { customer: person }))).status).toBe(200);
    const refused: [string, unknown][] = [
      ['purchase_limit', checkoutPayload([flower('oz'), flower('half-oz'), flower('3.5g')])],
      ['daily_limit', checkoutPayload([flower('oz')], { customer: person })],
      ['state_closed', checkoutPayload([{ productId: cheap.id, quantity: 1 }], { deliveryState: 'VA', deliveryZipCode: '22201' })],
      ['patient_required', checkoutPayload([{ productId: cheap.id, quantity: 1 }], { deliveryState: 'DC', deliveryZipCode: '20001' })],
      ['out_of_stock', checkoutPayload([{ productId: accessory.id, quantity: 2 }])],
      ['zip_not_served', checkoutPayload([{ productId: cheap.id, quantity: 1 }], { deliveryZipCode: '21502', deliveryCity: 'Cumberland' })],
      ['below_minimum', checkoutPayload([{ productId: cheap.id, quantity: 1 }], { deliveryCity: 'Baltimore', deliveryZipCode: '21201' })],
      ['window_closed', checkoutPayload([{ productId: cheap.id, quantity: 1 }], { deliveryWindow: `${addDays(today, 30)}T17:00` })],
      ['price_changed', checkoutPayload([{ productId: cheap.id, quantity: 1, price: cheap.price + 1 }])],
      ['invalid_order', { items: [] }],
    ];
    for (const [code, payload] of refused) {
      const res = await checkout(payload);
      const body = (await res.json()) as { code: string };
      expect(body.code, code).toBe(code);
    }
    const after = await json<RefusalsReport>(request(`/api/admin/reports/refusals?${range(today, today)}`));
    const was = new Map(before.causes.map((c) => [c.cause, c.count]));
    expect(after.causes.map((c) => [c.cause, c.count - (was.get(c.cause) ?? 0)])).toEqual(REFUSAL_CAUSES.map((c) => [c, 1]));
    expect(after.total - before.total).toBe(REFUSAL_CAUSES.length);
    const text = await (await request(`/api/admin/reports/refusals.csv?${range(today, today)}`)).text();
    expect(text).toContain(`Purchase limit,${after.causes[0]?.count}\r\n`);
  });
  it('answers the shopper the same refusal when it cannot be counted', async () => {
    const cheap = product((p) => p.category === 'Accessories' && !p.isDeal && p.inStock && p.price < 5000, 'cheap accessory');
    const payload = checkoutPayload([{ productId: cheap.id, quantity: 1 }], { deliveryZipCode: '21502', deliveryCity: 'Cumberland' });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    await t.db.run(sql`alter table checkout_refusals rename to checkout_refusals_away`);
    try {
      const res = await checkout(payload);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { code: string }).code).toBe('zip_not_served');
      expect(quiet).toHaveBeenCalledWith('Could not count a refused checkout', expect.anything());
    } finally {
      await t.db.run(sql`alter table checkout_refusals_away rename to checkout_refusals`);
      quiet.mockRestore();
    }
  });
});

describe('the daily summary (R7)', () => {
  const summaries = async (date: string) =>
    (await t.db.select().from(outbox).where(eq(outbox.kind, 'daily_summary'))).filter((r) => r.subject.includes(`for ${date}:`));
  const yesterday = () => addDays(nyDate(Date.now()), -1);

  it('is off by default: asking sends nothing', async () => {
    expect(await json(request('/api/admin/report-settings'))).toEqual({ dailySummary: false });
    const answer = await json(request('/api/admin/report-settings/daily-summary', { method: 'POST' }));
    expect(answer).toEqual({ sent: false, date: yesterday(), reason: 'off' });
    expect(await json(request('/api/admin/me'))).toMatchObject({ role: 'admin' });
    expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'daily_summary'))).toEqual([]);
    expect(await t.db.select().from(dailySummaries)).toEqual([]);
  });

  it('refuses a setting that is not a yes or no', async () => {
    const body = await json<{ fields: Record<string, string> }>(
      request('/api/admin/report-settings', { method: 'PUT', body: { dailySummary: 'yes' } }),
      422,
    );
    expect(Object.keys(body.fields)).toEqual(['dailySummary']);
  });

  it('once turned on, is sent when asked for, to the admins only, and once', async () => {
    expect(await json(request('/api/admin/report-settings', { method: 'PUT', body: { dailySummary: true } }))).toEqual({
      dailySummary: true,
    });
    expect(await json(request('/api/admin/report-settings'))).toEqual({ dailySummary: true });
    const date = yesterday();
    // A staff page opening does not ask for it: the scheduler does, at 7:00 New York (tests/api/scheduler.test.ts).
    await json(request('/api/admin/me', { cookie: cookies.dispatcher }));
    expect(await summaries(date)).toEqual([]);
    expect(await json(request('/api/admin/report-settings/daily-summary', { method: 'POST' }))).toEqual({ sent: true, date });
    await vi.waitFor(async () => expect(await summaries(date)).toHaveLength(ADMINS.length), { timeout: 10_000, interval: 50 });
    const rows = await summaries(date);
    expect(rows.map((r) => r.toAddress).sort()).toEqual([...ADMINS].sort());
    await vi.waitFor(() => expect(mail.received.filter((m) => m.body.subject.includes(date))).toHaveLength(ADMINS.length), {
      timeout: 10_000,
      interval: 50,
    });
    const again = await json(request('/api/admin/report-settings/daily-summary', { method: 'POST' }));
    expect(again).toEqual({ sent: false, date, reason: 'already_sent' });
    expect(await summaries(date)).toHaveLength(ADMINS.length);
  });

  it('is sent once when asked twice at the same time', async () => {
    const now = nyInstant('2026-09-15T08:00');
    const answers = await Promise.all([sendDailySummary(t.db, now, {}), sendDailySummary(t.db, now, {}), sendDailySummary(t.db, now, {})]);
    expect(answers.filter((a) => a.sent)).toHaveLength(1);
    expect(answers.filter((a) => !a.sent).map((a) => a.reason)).toEqual(['already_sent', 'already_sent']);
    expect(await summaries('2026-09-14')).toHaveLength(ADMINS.length);
  });

  it('tells yesterday’s revenue, orders, average, failed deliveries and low stock', async () => {
    await addOrder({ placed: '2026-08-10T09:00', total: 4000 });
    await addOrder({
      placed: '2026-08-10T21:00',
      total: 2001,
      tax: 201,
      taxLines: [{ name: 'Maryland cannabis sales and use tax', basisPoints: 1200, appliesTo: 'goods', amount: 201 }],
    });
    await addOrder({ placed: '2026-08-10T22:00', total: 5000, status: 'cancelled', failed: 'Wrong address' });
    const low = pick(catalogue, (p) => p.category === 'Edible' && p.id !== edibleId, 'another edible');
    await t.db.update(products).set({ stockMilli: 2000, lowStockMilli: 5000 }).where(eq(products.id, low.id));
    const answer = await sendDailySummary(t.db, nyInstant('2026-08-11T07:00'), env);
    expect(answer).toEqual({ sent: true, date: '2026-08-10' });
    const [row] = await summaries('2026-08-10');
    expect(row?.subject).toBe(`Greenline Delivery daily summary for 2026-08-10: 2 orders, ${formatMoney(6001)}`);
    expect(row?.body).toContain(`Revenue: ${formatMoney(6001)}`);
    expect(row?.body).toContain('Orders: 2');
    expect(row?.body).toContain(`Average order: ${formatMoney(3001)}`);
    expect(row?.body).toContain(`Tax collected: ${formatMoney(201)}`);
    expect(row?.body).toContain('Failed deliveries: 1\n  1 x Wrong address');
    expect(row?.body).toContain(`  ${low.name}: 2 units left`);
    expect(row?.body).toContain('Reports: https://shop.example/admin/insights');
  });
});
