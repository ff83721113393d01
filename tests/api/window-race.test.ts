/**
 * D36 against a real libSQL server over HTTP (the production protocol): concurrent checkouts for
 * the last places of one delivery window book exactly its capacity. The trigger of migration 0012
 * decides inside each checkout's write transaction; the losers get the 409 with fresh windows and
 * leave no trace (stock, ledger, orders).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proc } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { deliveryWindows, orders, products, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, type BookableWindow, NEXT_WINDOWS_OFFERED, nyDate, weekdayOf } from '../../src/features/delivery/windows.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { nyInstant } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { scratchDir, startSeededSqld } from '../helpers/stack.ts';

const CAPACITY = 10;
const SHOPPERS = 200;
const FULL = 'That delivery window just filled up';

let sqld: Proc;
let db: Db;
let closeDb: () => void;
let removeScratch: () => void;
let app: TestApp;
let catalogue: ApiProduct[];

beforeAll(async () => {
  const scratch = scratchDir('window-race');
  removeScratch = scratch.remove;
  const started = await startSeededSqld(scratch.dir);
  sqld = started.proc;
  ({ db, close: closeDb } = createNodeDb({ LIBSQL_URL: started.url }));
  app = testApp({ db: () => db });
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
}, 60_000);

afterAll(async () => {
  closeDb?.();
  await sqld?.stop();
  removeScratch?.();
});

const checkout = (productId: number, windowId: string) =>
  app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload([{ productId, quantity: 1 }], { deliveryWindow: windowId })),
  });

/** Stock held per product, and what its ledger adds up to. */
async function stockAndLedger(ids: number[]) {
  const held = await db.select({ id: products.id, milli: products.stockMilli }).from(products).where(inArray(products.id, ids));
  const ledger = await db
    .select({ id: stockMovements.productId, milli: sql<number>`sum(${stockMovements.deltaMilli})` })
    .from(stockMovements)
    .where(inArray(stockMovements.productId, ids))
    .groupBy(stockMovements.productId);
  return { held: new Map(held.map((r) => [r.id, r.milli])), ledger: new Map(ledger.map((r) => [r.id, Number(r.milli)])) };
}

describe('the last places of a delivery window, raced (D36)', () => {
  it(`${SHOPPERS} concurrent checkouts for a window of ${CAPACITY} book exactly ${CAPACITY}; a cancellation frees one place`, async () => {
    // Tomorrow's Evening, always open whatever the hour; its capacity is 10, the others stay roomy.
    const date = addDays(nyDate(Date.now()), 1);
    const windowId = `${date}T17:00`;
    await db
      .update(deliveryWindows)
      .set({ capacity: CAPACITY })
      .where(and(eq(deliveryWindows.weekday, weekdayOf(date)), eq(deliveryWindows.startMinute, 17 * 60)));
    // Several tracked products with stock to spare, so stock is never what refuses an order.
    const buyable = catalogue.filter((p) => p.inStock && !p.isDeal && p.category === 'Edible').slice(0, 5);
    expect(buyable).toHaveLength(5);
    const ids = buyable.map((p) => p.id);
    const before = await stockAndLedger(ids);

    const responses = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => checkout(ids[i % ids.length] ?? 0, windowId)));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Record<string, unknown>[];
    const won = responses.flatMap((r, i) => (r.status === 200 ? [bodies[i] as { orderId: string }] : []));
    const lost = responses.flatMap((r, i) => (r.status === 200 ? [] : [{ status: r.status, body: bodies[i] }]));
    expect(won).toHaveLength(CAPACITY);
    expect(lost).toHaveLength(SHOPPERS - CAPACITY);
    for (const { status, body } of lost) {
      expect(status).toBe(409);
      expect(body).toMatchObject({ error: FULL, code: 'window_full', fields: { deliveryWindow: FULL } });
      const offered = (body as { windows: BookableWindow[] }).windows;
      expect(offered).toHaveLength(NEXT_WINDOWS_OFFERED);
      expect(offered.some((w) => w.id === windowId)).toBe(false);
    }

    const booked = await db
      .select({ ref: orders.ref, capacity: orders.windowCapacity })
      .from(orders)
      .where(and(eq(orders.windowStart, nyInstant(windowId)), ne(orders.status, 'cancelled')));
    expect(booked.map((o) => o.ref).sort()).toEqual(won.map((w) => w.orderId).sort());
    expect(booked.every((o) => o.capacity === CAPACITY)).toBe(true);

    // Only the booked orders took stock: each product's stock is its ledger's sum, less what sold.
    const after = await stockAndLedger(ids);
    const sold = new Map<number, number>();
    for (const [i, r] of responses.entries()) {
      const id = ids[i % ids.length] ?? 0;
      if (r.status === 200) sold.set(id, (sold.get(id) ?? 0) + 1);
    }
    for (const id of ids) {
      expect(after.held.get(id), `product ${id}`).toBe(after.ledger.get(id));
      expect(after.held.get(id), `product ${id}`).toBe((before.held.get(id) ?? 0) - (sold.get(id) ?? 0) * 1000);
    }

    // Cancelling one order gives its place back: one more checkout books it, the next is refused.
    await createAdmin(db, 'race@example.com', 'correct horse battery staple');
    const cookie = await signIn(app, 'race@example.com', 'correct horse battery staple');
    const cancelled = await app.request(`/api/admin/orders/${won[0]?.orderId}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      body: JSON.stringify({ status: 'cancelled', note: 'Changed their mind' }),
    });
    expect(cancelled.status).toBe(200);
    const listed = (await (await app.request('/api/delivery/windows?zip=20850')).json()) as { windows: BookableWindow[] };
    expect(listed.windows.find((w) => w.id === windowId)?.placesLeft).toBe(1);
    expect((await checkout(ids[0] ?? 0, windowId)).status).toBe(200);
    const refused = await checkout(ids[0] ?? 0, windowId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'window_full' });
  }, 180_000);
});
