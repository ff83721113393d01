/**
 * Orders keep the zone they were priced in (D31, R4), through real checkouts and the admin's zone
 * edits: an order records its zone and the rule applied, resolved with D3's defaults; moving its
 * ZIP to another zone and changing that zone's fee leave the order, its stored fee and the zones
 * report's past rows as they were, while the next order to that ZIP gets the new zone and fee.
 * The zones are this suite's own, on Charlottesville ZIPs taken out of any zone that listed them.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryZones, deliveryZoneZips, orders, states } from '../../src/db/schema.ts';
import type { AdminOrder } from '../../src/features/admin/admin.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { nyDate } from '../../src/features/delivery/windows.ts';
import { DEFAULT_DELIVERY } from '../../src/features/pricing/pricing.ts';
import type { ZonesReport } from '../../src/features/reports/reports.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { ORDER_ZONE_COLUMNS } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { fillStock } from '../helpers/stock.ts';

const PASSWORD = 'zones are recorded on orders';
const NORTH_ZIP = '22901';
const SOUTH_ZIP = '22903';

let t: TestDb;
let app: TestApp;
let cookie: string;
let product: ApiProduct;
let quantity: number;
let north: number;
let south: number;
/** The New York day the suite started on: the zones report's range starts there. */
let firstDay: string;

beforeAll(async () => {
  firstDay = nyDate(Date.now());
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, 'owner@zones.example.com', PASSWORD);
  cookie = await signIn(app, 'owner@zones.example.com', PASSWORD, '198.51.100.31');
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  product = pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.inStock && p.price >= 500 && p.price < 5000, 'edible');
  // At least South's 20.00 minimum, under D3's 50.00 free-from: North charges its fee.
  quantity = Math.max(1, Math.ceil(2000 / product.price));
  await fillStock(t.db, 1_000_000_000);
  // These tests are about zones, on Charlottesville ZIPs no shipped zone lists: Virginia is opened
  // here so checkout gets to the zone (a closed state is refused first, D38).
  await t.db.update(states).set({ sales: 'adult' }).where(eq(states.code, 'VA'));
  await t.db.delete(deliveryZoneZips).where(inArray(deliveryZoneZips.zip, [NORTH_ZIP, SOUTH_ZIP]));
  const [n, s] = await t.db
    .insert(deliveryZones)
    .values([
      // North leaves every amount to D3's defaults; South sets its own.
      { state: 'VA', name: 'Test North Charlottesville' },
      { state: 'VA', name: 'Test South Charlottesville', feeCents: 1799, minimumCents: 2000, freeFromCents: 20000 },
    ])
    .returning({ id: deliveryZones.id });
  north = n?.id ?? 0;
  south = s?.id ?? 0;
  await t.db.insert(deliveryZoneZips).values([
    { zip: NORTH_ZIP, zoneId: north },
    { zip: SOUTH_ZIP, zoneId: south },
  ]);
});
afterAll(() => t.close());

async function placeOrder(zip: string): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(
      checkoutPayload([{ productId: product.id, quantity }], {
        deliveryState: 'VA',
        deliveryCity: 'Charlottesville',
        deliveryZipCode: zip,
      }),
    ),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { orderId: string }).orderId;
}

function admin(path: string, method = 'GET', body?: unknown) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
}

async function ok<T>(res: Response | Promise<Response>): Promise<T> {
  const r = await res;
  const text = await r.text();
  expect(r.status, text).toBe(200);
  return JSON.parse(text) as T;
}

async function recorded(ref: string) {
  const [row] = await t.db.select(ORDER_ZONE_COLUMNS).from(orders).where(eq(orders.ref, ref));
  return row;
}

const zonesReport = () => ok<ZonesReport>(admin(`/api/admin/reports/zones?from=${firstDay}&to=${nyDate(Date.now())}`));

describe('orders keep the zone they were priced in (D31, R4)', () => {
  let northOrder: string;
  let southOrder: string;
  const northRecord = () => ({
    zoneId: north,
    zoneName: 'Test North Charlottesville',
    zoneState: 'VA',
    zoneFeeCents: DEFAULT_DELIVERY.fee,
    zoneMinimumCents: null,
    zoneFreeFromCents: DEFAULT_DELIVERY.freeFrom,
    deliveryFee: DEFAULT_DELIVERY.fee,
  });
  const southRecord = () => ({
    zoneId: south,
    zoneName: 'Test South Charlottesville',
    zoneState: 'VA',
    zoneFeeCents: 1799,
    zoneMinimumCents: 2000,
    zoneFreeFromCents: 20000,
    deliveryFee: 1799,
  });

  it("records the zone and the rule that priced the order, D3's defaults filled in", async () => {
    northOrder = await placeOrder(NORTH_ZIP);
    southOrder = await placeOrder(SOUTH_ZIP);
    expect(await recorded(northOrder)).toEqual(northRecord());
    expect(await recorded(southOrder)).toEqual(southRecord());
  });

  it('keeps past orders and their report rows when the ZIP moves zone and the fee changes', async () => {
    const before = await zonesReport();
    expect(before.zones.map((z) => [z.zoneId, z.zone, z.state, z.orders])).toEqual([
      [south, 'Test South Charlottesville', 'VA', 1],
      [north, 'Test North Charlottesville', 'VA', 1],
    ]);

    // North's ZIP moves to South, and South's fee changes, through the admin's own calls.
    await ok(admin(`/api/admin/delivery/zones/${north}/zips`, 'PUT', { zips: [] }));
    await ok(admin(`/api/admin/delivery/zones/${south}/zips`, 'PUT', { zips: [SOUTH_ZIP, NORTH_ZIP] }));
    await ok(admin(`/api/admin/delivery/zones/${south}`, 'PATCH', { feeCents: 2499 }));

    expect(await recorded(northOrder)).toEqual(northRecord());
    expect(await recorded(southOrder)).toEqual(southRecord());
    expect((await zonesReport()).zones).toEqual(before.zones);
  });

  it("shows the admin's order view the zone the order was priced in, after the move", async () => {
    const order = await ok<AdminOrder>(admin(`/api/admin/orders/${northOrder}`));
    expect(order.zone).toEqual({
      id: north,
      name: 'Test North Charlottesville',
      state: 'VA',
      feeCents: DEFAULT_DELIVERY.fee,
      minimumCents: null,
      freeFromCents: DEFAULT_DELIVERY.freeFrom,
    });
  });

  it('gives the next order to the moved ZIP its new zone and fee', async () => {
    const next = await placeOrder(NORTH_ZIP);
    expect(await recorded(next)).toEqual({ ...southRecord(), zoneFeeCents: 2499, deliveryFee: 2499 });
    const after = await zonesReport();
    expect(after.zones.map((z) => [z.zoneId, z.zone, z.orders])).toEqual([
      [south, 'Test South Charlottesville', 2],
      [north, 'Test North Charlottesville', 1],
    ]);
  });

  it('keeps the recorded zone when the zone itself is deleted', async () => {
    await t.db.delete(deliveryZones).where(eq(deliveryZones.id, north));
    expect(await recorded(northOrder)).toEqual(northRecord());
    const after = await zonesReport();
    expect(after.zones.find((z) => z.zoneId === north)).toMatchObject({ zone: 'Test North Charlottesville', state: 'VA', orders: 1 });
  });
});
