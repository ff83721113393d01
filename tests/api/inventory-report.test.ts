/**
 * The stock reports through the API (R8, R9): packages received by hand (a packages row and its
 * 'received' ledger row), orders placed through the real checkout, which takes from the packages
 * first in, first out, one cancelled, one package adjusted. Inventory by package shows each
 * package's received, sold, adjusted and on hand, as JSON and CSV; the daily reconciliation agrees,
 * until a sale row no order line accounts for, or a package moved outside its ledger, makes it
 * disagree. Admins and dispatchers read both; drivers do not.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packages, products, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { parseCsv } from '../../src/features/menu/csv.ts';
import {
  INVENTORY_COLUMNS,
  type InventoryReport,
  type PackageInventory,
  type ReconciliationReport,
} from '../../src/features/reports/stock-reports.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'every gram is counted twice';
const ADMIN = 'owner@inventory.example.com';
const DISPATCHER = 'dispatcher@inventory.example.com';
const DRIVER = 'driver@inventory.example.com';
const TAG_A = '1A4000000000000000000A01';
const TAG_G = '1A4000000000000000000G01';

let t: TestDb;
let app: TestApp;
const cookies: Record<'admin' | 'dispatcher' | 'driver', string> = { admin: '', dispatcher: '', driver: '' };
let piece: ApiProduct;
let flower: ApiProduct;
/** Packages this suite receives: A (tagged) and B (no tag) of the piece product, G of the flower. */
const ids = { a: 0, b: 0, g: 0 };
/** Yesterday to tomorrow in New York, so a run that crosses midnight still finds today's moves. */
let q = '';

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, ADMIN, PASSWORD);
  await createAdmin(t.db, DISPATCHER, PASSWORD, 'dispatcher');
  await createAdmin(t.db, DRIVER, PASSWORD, 'driver');
  cookies.admin = await signIn(app, ADMIN, PASSWORD, '198.51.100.21');
  cookies.dispatcher = await signIn(app, DISPATCHER, PASSWORD, '198.51.100.22');
  cookies.driver = await signIn(app, DRIVER, PASSWORD, '198.51.100.23');
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  piece = pick(catalogue, (p) => p.category === 'Accessories' && !p.isDeal && p.stockQuantity != null, 'tracked accessory');
  flower = pick(
    catalogue,
    (p) => p.category === 'Flower' && !p.isDeal && p.stockQuantity != null && (p.price3_5g ?? 0) > 0,
    'tracked flower sold by the eighth',
  );
  const today = nyDate(Date.now());
  q = new URLSearchParams({ from: addDays(today, -1), to: addDays(today, 1) }).toString();
  // Received long ago, so first in, first out takes from these before the seed's opening packages.
  ids.a = await receive(piece.id, TAG_A, 'each', 10_000, '2020-01-01', 'LOT-A');
  ids.b = await receive(piece.id, null, 'each', 5_000, '2020-01-02', 'LOT-B');
  ids.g = await receive(flower.id, TAG_G, 'g', 20_000, '2020-01-01', 'LOT-G');
});
afterAll(() => t.close());

/** A package and the ledger row that fills it (the trigger of migration 0023 sets its quantity). */
async function receive(productId: number, tag: string | null, unit: 'g' | 'each', milli: number, receivedOn: string, batch: string) {
  const [row] = await t.db
    .insert(packages)
    .values({ tag, productId, unit, receivedOn, batch, receivedMilli: milli })
    .returning({ id: packages.id });
  const id = row?.id ?? 0;
  await t.db
    .insert(stockMovements)
    .values({ productId, packageId: id, deltaMilli: milli, reason: 'received', actor: 'test', note: 'Received' });
  return id;
}

function request(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: init.cookie ?? cookies.admin };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, {
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

async function placed(items: { productId: number; quantity: number; weight?: string }[]): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload(items)),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return (JSON.parse(text) as { orderId: string }).orderId;
}

const inventory = () => json<InventoryReport>(request(`/api/admin/reports/inventory?${q}`));
const reconciliation = () => json<ReconciliationReport>(request(`/api/admin/reports/reconciliation?${q}`));
const packageOf = (r: InventoryReport, id: number): PackageInventory | undefined => r.packages.find((p) => p.packageId === id);

describe('a fresh shop', () => {
  it('agrees before anything is sold: the seed and the packages received add up', async () => {
    const r = await reconciliation();
    expect(r.stock).toEqual([]);
    expect(r.agrees).toBe(true);
  });
});

describe('inventory by package (R8) and the daily reconciliation (R9)', () => {
  beforeAll(async () => {
    // 12 pieces: all 10 of A, then 2 of B; 1 more from B; an eighth of flower, cancelled.
    await placed([{ productId: piece.id, quantity: 12 }]);
    await placed([{ productId: piece.id, quantity: 1 }]);
    const ref = await placed([{ productId: flower.id, quantity: 1, weight: '3.5g' }]);
    const cancel = await request(`/api/admin/orders/${ref}/status`, { method: 'PATCH', body: { status: 'cancelled', note: '' } });
    expect(cancel.status, await cancel.text()).toBe(200);
    const adjust = await request(`/api/admin/packages/${ids.b}/adjust`, { method: 'POST', body: { reason: 'damaged', quantity: 1 } });
    expect(adjust.status, await adjust.text()).toBe(200);
  });

  it('shows each package received, sold net of returns, adjusted, closing and on hand, in its unit', async () => {
    const r = await inventory();
    expect(r.reachesNow).toBe(true);
    const pick = (p: PackageInventory | undefined) =>
      p && {
        tag: p.tag,
        unit: p.unit,
        batch: p.batch,
        received: p.received,
        sold: p.sold,
        adjusted: p.adjusted,
        closing: p.closing,
        onHand: p.onHand,
      };
    expect(pick(packageOf(r, ids.a))).toEqual({
      tag: TAG_A,
      unit: 'each',
      batch: 'LOT-A',
      received: 10,
      sold: 10,
      adjusted: 0,
      closing: 0,
      onHand: 0,
    });
    expect(pick(packageOf(r, ids.b))).toEqual({
      tag: null,
      unit: 'each',
      batch: 'LOT-B',
      received: 5,
      sold: 3,
      adjusted: -1,
      closing: 1,
      onHand: 1,
    });
    // The cancelled eighth went out and came back: nothing sold.
    expect(pick(packageOf(r, ids.g))).toEqual({
      tag: TAG_G,
      unit: 'g',
      batch: 'LOT-G',
      received: 20,
      sold: 0,
      adjusted: 0,
      closing: 20,
      onHand: 20,
    });
    for (const p of r.packages) expect(p.closing, String(p.packageId)).toBeCloseTo(p.opening + p.received - p.sold + p.adjusted, 6);
    expect(r.disagreements).toBe(0);
    const pieces = r.totals.find((x) => x.unit === 'each');
    const own = [packageOf(r, ids.a), packageOf(r, ids.b)];
    expect(pieces?.sold).toBeGreaterThanOrEqual(own.reduce((n, p) => n + (p?.sold ?? 0), 0));
    expect(r.totals.map((x) => x.unit)).toEqual(['g', 'each']);
  });

  it('writes the same as CSV, an untagged package as "Needs a tag"', async () => {
    const res = await request(`/api/admin/reports/inventory.csv?${q}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="greenline-inventory-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]?.[0]).toBe('Inventory by package');
    expect(rows).toContainEqual([...INVENTORY_COLUMNS]);
    const b = rows.find((row) => row[1] === String(ids.b));
    expect(b).toEqual(['Needs a tag', String(ids.b), piece.name, 'LOT-B', 'pieces', '2020-01-02', 'active', '0', '5', '3', '-1', '1', '1']);
    const a = rows.find((row) => row[0] === TAG_A);
    expect(a?.slice(7)).toEqual(['0', '10', '10', '0', '0', '0']);
    expect(rows.some((row) => row[0] === 'Total (g)')).toBe(true);
    expect(rows.some((row) => row[0] === 'Total (pieces)')).toBe(true);
  });

  it('agrees: what the orders sold each day is what the packages gave', async () => {
    const r = await reconciliation();
    expect(r.agrees, JSON.stringify({ disagreements: r.disagreements, stock: r.stock })).toBe(true);
    expect(r.disagreementCount).toBe(0);
    const mine = r.lines.filter((l) => l.productId === piece.id);
    expect(mine.reduce((n, l) => n + l.ordered, 0)).toBe(13);
    expect(mine.reduce((n, l) => n + l.moved, 0)).toBe(13);
    // The cancelled order took nothing in the end: its sale and its return net out on its day.
    const eighth = r.lines.filter((l) => l.productId === flower.id);
    expect(eighth.every((l) => l.ordered === 0 && l.moved === 0 && l.agrees)).toBe(true);
    expect(r.days).toHaveLength(3);
    const csv = parseCsv((await (await request(`/api/admin/reports/reconciliation.csv?${q}`)).text()).replace(/^\uFEFF/, ''));
    expect(csv).toContainEqual(['Summary', 'All moves agree']);
  });

  it('disagrees on a sale row that no order line accounts for', async () => {
    const [row] = await t.db
      .insert(stockMovements)
      .values({ productId: piece.id, packageId: ids.b, deltaMilli: -1000, reason: 'sold', actor: 'test', note: 'No order' })
      .returning({ id: stockMovements.id });
    try {
      const r = await reconciliation();
      expect(r.agrees).toBe(false);
      expect(r.disagreementCount).toBe(1);
      // The row went through the triggers like any other, so stock itself still adds up.
      expect(r.stock).toEqual([]);
      expect(r.disagreements).toEqual([
        expect.objectContaining({
          productId: piece.id,
          product: piece.name,
          unit: 'each',
          ordered: 13,
          moved: 14,
          difference: 1,
          unmatchedRows: 1,
          agrees: false,
        }),
      ]);
      const csv = parseCsv((await (await request(`/api/admin/reports/reconciliation.csv?${q}`)).text()).replace(/^\uFEFF/, ''));
      expect(csv).toContainEqual(['Summary', '1 disagreement']);
      expect(csv.find((l) => l[1] === String(piece.id))?.slice(4)).toEqual(['13', '14', '1', '1', 'no']);
    } finally {
      // Put the piece back through the ledger, and take the stray row's own effect out of the report.
      await t.db.delete(stockMovements).where(eq(stockMovements.id, row?.id ?? 0));
      await t.db.run(sql`update ${packages} set quantity_milli = quantity_milli + 1000 where id = ${ids.b}`);
      await t.db.run(sql`update ${products} set stock_milli = stock_milli + 1000 where id = ${piece.id}`);
    }
    expect((await reconciliation()).agrees).toBe(true);
  });

  it('disagrees when a package or a product holds other than its parts add up to', async () => {
    await t.db.run(sql`update ${packages} set quantity_milli = quantity_milli + 1500 where id = ${ids.g}`);
    try {
      const r = await reconciliation();
      expect(r.agrees).toBe(false);
      expect(r.disagreements).toEqual([]);
      expect(r.stock).toEqual([
        expect.objectContaining({ check: 'product', productId: flower.id, packageId: null, unit: 'g', recorded: r.stock[0]?.recorded }),
        {
          check: 'package',
          productId: flower.id,
          product: flower.name,
          packageId: ids.g,
          tag: TAG_G,
          unit: 'g',
          recorded: 21.5,
          expected: 20,
        },
      ]);
      expect((r.stock[0]?.expected ?? 0) - (r.stock[0]?.recorded ?? 0)).toBeCloseTo(1.5, 6);
      const inv = await inventory();
      expect(inv.disagreements).toBe(1);
      expect(packageOf(inv, ids.g)).toMatchObject({ closing: 20, onHand: 21.5 });
    } finally {
      await t.db.run(sql`update ${packages} set quantity_milli = quantity_milli - 1500 where id = ${ids.g}`);
    }
    expect((await reconciliation()).agrees).toBe(true);
  });

  it('counts a return on the day its order was placed, whenever the return is written', async () => {
    const ref = await placed([{ productId: piece.id, quantity: 1 }]);
    // The order, and the rows that took its stock, as if placed three days ago.
    const back = Date.now() - 3 * 86_400_000;
    const placedOn = nyDate(back);
    await t.db.run(sql`update orders set created_at = ${back} where ref = ${ref}`);
    await t.db.run(sql`update stock_movements set created_at = ${back} where order_id = (select id from orders where ref = ${ref})`);
    const cancel = await request(`/api/admin/orders/${ref}/status`, { method: 'PATCH', body: { status: 'cancelled', note: '' } });
    expect(cancel.status, await cancel.text()).toBe(200);
    const wide = new URLSearchParams({ from: addDays(placedOn, -1), to: addDays(nyDate(Date.now()), 1) });
    const r = await json<ReconciliationReport>(request(`/api/admin/reports/reconciliation?${wide}`));
    expect(r.agrees, JSON.stringify(r.disagreements)).toBe(true);
    expect(r.lines.find((l) => l.date === placedOn && l.productId === piece.id)).toMatchObject({ ordered: 0, moved: 0 });
    expect(r.lines.filter((l) => l.productId === piece.id).reduce((n, l) => n + l.moved, 0)).toBe(13);
  });
});

describe('who may read the stock reports (D35)', () => {
  it('admins and dispatchers read them; drivers do not; nobody signed out does', async () => {
    expect((await request(`/api/admin/reports/inventory?${q}`, { cookie: cookies.dispatcher })).status).toBe(200);
    expect((await request(`/api/admin/reports/reconciliation.csv?${q}`, { cookie: cookies.dispatcher })).status).toBe(200);
    expect((await request(`/api/admin/reports/inventory.csv?${q}`, { cookie: cookies.driver })).status).toBe(403);
    expect((await request(`/api/admin/reports/reconciliation?${q}`, { cookie: cookies.driver })).status).toBe(403);
    expect((await request(`/api/admin/reports/reconciliation?${q}`, { cookie: '' })).status).toBe(401);
  });

  it('answers 422 for a bad range, as every report does (R1)', async () => {
    const body = await json<{ fields: Record<string, string> }>(request('/api/admin/reports/inventory?from=2026-03-02&to=2026-03-01'), 422);
    expect(Object.keys(body.fields)).toContain('to');
  });
});
