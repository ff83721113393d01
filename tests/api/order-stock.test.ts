import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStockGuardError } from '../../src/db/error-text.ts';
import { products, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { setProductStock } from '../../src/features/inventory/package-moves.server.ts';
import { changeOrderStatus } from '../../src/features/orders/orders-admin.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const EMAIL = 'stock@example.com';
const PASSWORD = 'correct horse battery staple';
const SITE = TEST_ORIGIN;
const ACTOR = `admin:${EMAIL}`;

let t: TestDb;
let app: TestApp;
let item: ApiProduct;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  await createAdmin(t.db, EMAIL, PASSWORD);
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  item = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && !p.isDeal && p.stockQuantity != null, 'tracked accessory');
});
afterAll(() => t.close());

async function placeOrder(quantity: number): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload([{ productId: item.id, quantity }])),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { orderId: string }).orderId;
}

const stock = async () => (await t.db.select({ s: products.stockMilli }).from(products).where(eq(products.id, item.id)))[0]?.s ?? 0;

/** Leaves `milli` of the product on the shelf, through the ledger like any count. */
async function setStock(milli: number) {
  const move = { productId: item.id, reason: 'correction' as const, note: '', actor: 'test' };
  for (const statement of setProductStock(t.db, 'each', '2026-01-01', milli, move)) await statement;
}

/** Runs `body` while every 'sold' ledger row is refused with `message`, as a failing database refuses it. */
async function whileLedgerFails(message: string, body: () => Promise<void>): Promise<void> {
  await t.db.run(
    sql.raw(`CREATE TRIGGER test_ledger_fails BEFORE INSERT ON stock_movements WHEN NEW.reason = 'sold'
    BEGIN SELECT RAISE(ABORT, '${message}'); END`),
  );
  try {
    await body();
  } finally {
    await t.db.run(sql.raw('DROP TRIGGER test_ledger_fails'));
  }
}

describe('the stock an order took (D16, D33)', () => {
  it('a cancel returns it and a reopen takes it again, one ledger row per item each way', async () => {
    await setStock(10_000);
    const ref = await placeOrder(2);
    expect(await stock()).toBe(8000);
    await changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, SITE);
    expect(await stock()).toBe(10_000);
    await changeOrderStatus(t.db, ref, { status: 'processing', note: '' }, ACTOR, SITE);
    expect(await stock()).toBe(8000);
    const rows = await t.db
      .select({ delta: stockMovements.deltaMilli, reason: stockMovements.reason, note: stockMovements.note, actor: stockMovements.actor })
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, item.id), sql`${stockMovements.note} like ${`Order ${ref}%`}`))
      .orderBy(stockMovements.id);
    expect(rows).toEqual([
      { delta: -2000, reason: 'sold', note: `Order ${ref}`, actor: 'system' },
      { delta: 2000, reason: 'order_cancelled', note: `Order ${ref} cancelled`, actor: ACTOR },
      { delta: -2000, reason: 'sold', note: `Order ${ref} reopened`, actor: ACTOR },
    ]);
  });

  it('reopening when the stock is gone is a 409 naming the product, and changes nothing', async () => {
    await setStock(10_000);
    const ref = await placeOrder(2);
    await changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, SITE);
    await setStock(1000);
    const refused = await changeOrderStatus(t.db, ref, { status: 'processing', note: '' }, ACTOR, SITE).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      status: 409,
      code: 'out_of_stock',
      message: `There is not enough stock of ${item.name} to reopen this order.`,
    });
    expect(await stock()).toBe(1000);
  });

  it('a failure that is not the stock guard is not reported as "not enough stock"', async () => {
    await setStock(10_000);
    const ref = await placeOrder(2);
    await changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, SITE);
    // A write that fails for another reason: a trigger refusing the ledger row with its own text.
    await whileLedgerFails('disk I/O error', async () => {
      const failure = await changeOrderStatus(t.db, ref, { status: 'processing', note: '' }, ACTOR, SITE).catch((e: unknown) => e);
      expect(failure).not.toBeInstanceOf(HttpError);
      expect(isStockGuardError(failure)).toBe(false);
      expect(String((failure as Error).cause ?? failure)).toContain('disk I/O error');
    });
  });

  it('through the API, a database that stops answering mid-reopen is the 503, not a 409', async () => {
    await setStock(10_000);
    const ref = await placeOrder(1);
    await changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, SITE);
    // The ledger insert fails with the text a client reports when its server is gone.
    await whileLedgerFails('fetch failed', async () => {
      const cookie = await signIn(app, EMAIL, PASSWORD, '192.0.2.7');
      const res = await app.request(`/api/admin/orders/${ref}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: SITE, cookie, 'cf-connecting-ip': '192.0.2.7' },
        body: JSON.stringify({ status: 'processing' }),
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe('database_unavailable');
    });
  });

  it('the stock guard itself is recognised', async () => {
    await setStock(1000);
    const guard = await t.db
      .insert(stockMovements)
      .values({ productId: item.id, deltaMilli: -2000, reason: 'correction', actor: 'test' })
      .catch((e: unknown) => e);
    expect(isStockGuardError(guard)).toBe(true);
    expect(await stock()).toBe(1000);
  });
});
