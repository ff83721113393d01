/**
 * Decision 0027 against a real libSQL server over HTTP (the production protocol): moves of one
 * order sent at once, each in its own request, run as batches the server serialises. Whatever order
 * they land in, one passes and the rest are refused with the reason (never a 5xx or a lock error),
 * and the proof, the history, the report to Metrc and the stock are written once.
 */
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proc } from '../../scripts/lib/stack.ts';
import { createNodeDb } from '../../src/db/client.server.ts';
import type { Db } from '../../src/db/db.ts';
import { deliveryProofs, doorRefusals, drivers, metrcReports, orderStatusHistory, orders, stockMovements } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { nyDate } from '../../src/features/delivery/windows.ts';
import type { DeliveryCheck } from '../../src/features/dispatch/door.schema.ts';
import { type DoorRequest, markDelivered } from '../../src/features/dispatch/door.server.ts';
import { changeOrderStatus } from '../../src/features/orders/orders-admin.server.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { pick } from '../fixtures/checkout.ts';
import { TEST_ORIGIN } from '../helpers/admin.ts';
import { checkoutInWindow } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { scratchDir, startSeededSqld } from '../helpers/stack.ts';
import { fillStock } from '../helpers/stock.ts';

const today = nyDate(Date.now());
const dispatch: DoorRequest = { actor: 'dispatcher:sqld-races@example.com', siteUrl: TEST_ORIGIN, scope: { via: 'admin' } };

let sqld: Proc;
let db: Db;
let closeDb: () => void;
let removeScratch: () => void;
let app: TestApp;
let edible: ApiProduct;
let accessory: ApiProduct;
let driverId: number;

beforeAll(async () => {
  const scratch = scratchDir('order-move-races');
  removeScratch = scratch.remove;
  const started = await startSeededSqld(scratch.dir);
  sqld = started.proc;
  ({ db, close: closeDb } = createNodeDb({ LIBSQL_URL: started.url }));
  app = testApp({ db: () => db });
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  edible = pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal && p.stockQuantity != null, 'tracked edible');
  accessory = pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && p.stockQuantity == null, 'untracked accessory');
  await fillStock(db, 50_000, edible.id);
  const [driver] = await db.insert(drivers).values({ name: 'Sam Rivera', phone: '(202) 555-0101' }).returning({ id: drivers.id });
  driverId = driver?.id ?? 0;
}, 60_000);

afterAll(async () => {
  closeDb?.();
  await sqld?.stop();
  removeScratch?.();
});

/** An order of one `productId` through checkout, in today's evening window, out for delivery or just placed. */
async function order(productId: number, { out = true, flower = 0 } = {}): Promise<{ ref: string; id: number }> {
  const ref = await checkoutInWindow(app, db, productId, today);
  if (out) {
    await db.update(orders).set({ driverId, status: 'shipped', deliveryStatus: 'out', limitFlowerG: flower }).where(eq(orders.ref, ref));
  }
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.ref, ref));
  return { ref, id: row?.id ?? 0 };
}

const check = (idLast4: string): DeliveryCheck => ({
  idType: 'state_id',
  dateOfBirth: '1985-02-14',
  idLast4,
  cashCollected: 1_000_000,
});

/** How each of `moves` ended: 'passed', or the refusal's status and code. */
async function outcomes(moves: readonly Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(moves);
  return settled.map((s) => {
    if (s.status === 'fulfilled') return 'passed';
    if (s.reason instanceof HttpError) return `${s.reason.status} ${s.reason.code}`;
    throw s.reason;
  });
}

const countOf = async (table: typeof deliveryProofs | typeof metrcReports | typeof doorRefusals, orderId: number) =>
  (await db.select({ n: count() }).from(table).where(eq(table.orderId, orderId)))[0]?.n ?? 0;

const movesOf = async (orderId: number) =>
  (
    await db
      .select({ n: count() })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), isNotNull(orderStatusHistory.fromStatus)))
  )[0]?.n ?? 0;

describe('moves of one order at once, against sqld', () => {
  it('ten handovers of one order: one passes; one proof, one history row, one report to Metrc', async () => {
    const { ref, id } = await order(edible.id);
    const results = await outcomes(Array.from({ length: 10 }, () => markDelivered(db, ref, check('SQ01'), dispatch)));
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r !== 'passed')).toEqual(Array(9).fill('409 wrong_delivery_state'));
    expect([await countOf(deliveryProofs, id), await movesOf(id), await countOf(metrcReports, id)]).toEqual([1, 1, 1]);
  });

  it("two handovers to one ID whose sum is over the day's limit: one passes, the other is refused and recorded", async () => {
    const pair = [await order(accessory.id, { flower: 28 }), await order(accessory.id, { flower: 28 })];
    const results = await outcomes(pair.map((o) => markDelivered(db, o.ref, check('SQ02'), dispatch)));
    expect([...results].sort()).toEqual(['422 daily_limit', 'passed']);
    const refused = pair[results.indexOf('422 daily_limit')];
    expect(await countOf(deliveryProofs, refused?.id ?? 0)).toBe(0);
    expect(await countOf(doorRefusals, refused?.id ?? 0)).toBe(1);
  });

  it('ten cancels of one order: one passes and the stock comes back once', async () => {
    const { ref, id } = await order(edible.id, { out: false });
    const results = await outcomes(
      Array.from({ length: 10 }, () =>
        changeOrderStatus(db, ref, { status: 'cancelled', note: '' }, 'admin:sqld@example.com', TEST_ORIGIN),
      ),
    );
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r !== 'passed')).toEqual(Array(9).fill('422 unchanged'));
    const [held] = await db
      .select({ n: sql<number>`coalesce(-sum(${stockMovements.deltaMilli}), 0)` })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, id));
    expect(Number(held?.n)).toBe(0);
    expect(await movesOf(id)).toBe(1);
  });
});
