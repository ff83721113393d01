/**
 * Decision 0027: an order's moves (the admin's status change, dispatch's assignment, the door's
 * out, delivered and failed) read what they decide on, then write in one batch whose guards refuse
 * it when that read changed. Moves of one order started at once (Promise.all, on one database)
 * leave it as one of them would: one passes, the rest are refused with the reason, and the
 * history, the proof, the stock and the report to Metrc are written once. A change made between a
 * move's reads and its batch (run there on purpose) refuses that move, and nothing of it is saved.
 */
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryProofs,
  deliveryRunStops,
  deliveryRuns,
  doorRefusals,
  drivers,
  metrcReports,
  orderStatusHistory,
  orders,
  outbox,
  stockMovements,
  vehicles,
} from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { nyDate } from '../../src/features/delivery/windows.ts';
import { assignDeliveries } from '../../src/features/dispatch/dispatch.server.ts';
import type { DeliveryCheck } from '../../src/features/dispatch/door.schema.ts';
import { type DoorRequest, markDelivered, markFailed, markOut } from '../../src/features/dispatch/door.server.ts';
import { setProductStock } from '../../src/features/inventory/package-moves.server.ts';
import { changeOrderStatus } from '../../src/features/orders/orders-admin.server.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { pick } from '../fixtures/checkout.ts';
import { TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { checkoutInWindow } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';
import { changedBeforeBatch, firstWritingBatch, refusal } from '../helpers/interleave.ts';

const ACTOR = 'admin:races@example.com';
const today = nyDate(Date.now());

let t: TestDb;
let app: TestApp;
let catalogue: ApiProduct[];
const driverIds = { sam: 0, lee: 0 };

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  const rows = await t.db
    .insert(drivers)
    .values([
      { name: 'Sam Rivera', phone: '(202) 555-0101' },
      { name: 'Lee Chen', phone: '(202) 555-0102' },
    ])
    .returning({ id: drivers.id });
  driverIds.sam = rows[0]?.id ?? 0;
  driverIds.lee = rows[1]?.id ?? 0;
});
afterAll(() => t.close());

/** Cannabis with its stock counted, so a handover is reported to Metrc and a cancel moves stock. */
const edible = () => pick(catalogue, (p) => p.category === 'Edible' && p.inStock && !p.isDeal && p.stockQuantity != null, 'tracked edible');
/** An accessory whose stock is not counted: as many orders as a test needs. */
const untracked = () => pick(catalogue, (p) => p.category === 'Accessories' && p.inStock && p.stockQuantity == null, 'untracked accessory');

/** A shopper's order of `productId` through checkout, in today's evening window (New York). */
async function placedOrder(productId = edible().id): Promise<string> {
  return checkoutInWindow(app, t.db, productId, today);
}

/** An order given to `driver`, as dispatch leaves it. */
async function assignedOrder(driver: keyof typeof driverIds = 'sam', productId?: number): Promise<string> {
  const ref = await placedOrder(productId);
  await t.db
    .update(orders)
    .set({ driverId: driverIds[driver], deliveryStatus: 'assigned', status: 'confirmed' })
    .where(eq(orders.ref, ref));
  return ref;
}

/** An order out for delivery with Sam, counting `flower` grams against the day's limits. */
async function outOrder({ flower = 0, productId }: { flower?: number; productId?: number } = {}): Promise<string> {
  const ref = await assignedOrder('sam', productId);
  await t.db.update(orders).set({ status: 'shipped', deliveryStatus: 'out', limitFlowerG: flower }).where(eq(orders.ref, ref));
  return ref;
}

async function orderRow(ref: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.ref, ref));
  if (!row) throw new Error(`no order ${ref}`);
  return row;
}

const rowsOf = async (table: typeof deliveryProofs | typeof metrcReports | typeof doorRefusals, ref: string) => {
  const { id } = await orderRow(ref);
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.orderId, id));
  return row?.n ?? 0;
};

/** The order's status moves after checkout placed it, oldest first. */
const movesOf = async (ref: string) => {
  const { id } = await orderRow(ref);
  const rows = await t.db
    .select({ to: orderStatusHistory.toStatus })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, id), isNotNull(orderStatusHistory.fromStatus)))
    .orderBy(asc(orderStatusHistory.id));
  return rows.map((r) => r.to);
};

const statusMails = async (ref: string) => {
  const { id } = await orderRow(ref);
  const [row] = await t.db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.orderId, id), eq(outbox.kind, 'order_status')));
  return row?.n ?? 0;
};

/** What the order holds of stock now: minus the sum of its ledger rows. */
const heldBy = async (ref: string) => {
  const { id } = await orderRow(ref);
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(-sum(${stockMovements.deltaMilli}), 0)` })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, id));
  return Number(row?.n ?? 0);
};

const dispatch: DoorRequest = { actor: 'dispatcher:races@example.com', siteUrl: TEST_ORIGIN, scope: { via: 'admin' } };
/** Sam at the door, who reaches only his own orders of today. */
const sam = (): DoorRequest => ({
  actor: 'driver:sam@example.com',
  siteUrl: TEST_ORIGIN,
  scope: { via: 'driver', driverId: driverIds.sam },
});

const check = (over: Partial<DeliveryCheck> = {}): DeliveryCheck => ({
  idType: 'drivers_license',
  dateOfBirth: '1990-05-04',
  idLast4: 'RC01',
  cashCollected: 1_000_000,
  ...over,
});

/** How each of `moves` ended: 'passed', or the refusal's status and code; in the order given. */
async function outcomes(moves: readonly Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(moves);
  return settled.map((s) => {
    if (s.status === 'fulfilled') return 'passed';
    if (s.reason instanceof HttpError) return `${s.reason.status} ${s.reason.code}`;
    throw s.reason;
  });
}

const ten = <T>(make: () => Promise<T>) => Array.from({ length: 10 }, make);

describe('one order moved ten times at once: one move passes', () => {
  it('out for delivery: one history row and one e-mail; the rest hear it is already out', async () => {
    const ref = await assignedOrder();
    const results = await outcomes(ten(() => markOut(t.db, ref, sam())));
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r !== 'passed')).toEqual(Array(9).fill('409 wrong_delivery_state'));
    expect(await orderRow(ref)).toMatchObject({ status: 'shipped', deliveryStatus: 'out' });
    expect(await movesOf(ref)).toEqual(['shipped']);
    expect(await statusMails(ref)).toBe(1);
  });

  it('delivered: one proof, one history row, one report to Metrc; the rest hear it is already delivered', async () => {
    const ref = await outOrder();
    const settled = await Promise.allSettled(ten(() => markDelivered(t.db, ref, check(), dispatch)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled.filter((s) => s.status === 'rejected')) {
      expect(s.reason).toMatchObject({ status: 409, code: 'wrong_delivery_state', message: 'This order has already been delivered.' });
    }
    expect(await orderRow(ref)).toMatchObject({ status: 'delivered', deliveryStatus: 'delivered' });
    expect(await rowsOf(deliveryProofs, ref)).toBe(1);
    expect(await movesOf(ref)).toEqual(['delivered']);
    expect(await rowsOf(metrcReports, ref)).toBe(1);
    expect(await statusMails(ref)).toBe(1);
  });

  it('not delivered: the stock comes back once', async () => {
    const ref = await outOrder();
    const held = await heldBy(ref);
    expect(held).toBeGreaterThan(0);
    const results = await outcomes(ten(() => markFailed(t.db, ref, { reason: 'No one home' }, dispatch)));
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r !== 'passed')).toEqual(Array(9).fill('409 wrong_delivery_state'));
    expect(await heldBy(ref)).toBe(0);
    expect(await orderRow(ref)).toMatchObject({ status: 'cancelled', deliveryStatus: 'failed' });
    expect(await movesOf(ref)).toEqual(['cancelled']);
  });

  it('cancelled by the admin: the stock comes back once; the rest hear it is already cancelled', async () => {
    const ref = await placedOrder();
    const results = await outcomes(ten(() => changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, TEST_ORIGIN)));
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r !== 'passed')).toEqual(Array(9).fill('422 unchanged'));
    expect(await heldBy(ref)).toBe(0);
    expect(await movesOf(ref)).toEqual(['cancelled']);
  });
});

describe("the admin's status change (D16, D17)", () => {
  it('of two reopenings of a cancelled order at once, one passes and the stock is taken once', async () => {
    await setStock(edible().id, 50_000);
    const ref = await placedOrder();
    const taken = await heldBy(ref);
    await changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, TEST_ORIGIN);
    const results = await outcomes(
      (['processing', 'confirmed'] as const).map((status) => changeOrderStatus(t.db, ref, { status, note: '' }, ACTOR, TEST_ORIGIN)),
    );
    expect(results.sort()).toEqual(['409 order_conflict', 'passed']);
    expect(await heldBy(ref)).toBe(taken);
    expect(await movesOf(ref)).toHaveLength(2);
  });

  it('a cancel racing another change leaves the stock as the final status says', async () => {
    const ref = await placedOrder();
    const taken = await heldBy(ref);
    const results = await outcomes(
      (['cancelled', 'confirmed'] as const).map((status) => changeOrderStatus(t.db, ref, { status, note: '' }, ACTOR, TEST_ORIGIN)),
    );
    expect(results.sort()).toEqual(['409 order_conflict', 'passed']);
    const { status } = await orderRow(ref);
    expect(await heldBy(ref)).toBe(status === 'cancelled' ? 0 : taken);
  });

  it('refuses a reopening when another reopened the order between the read and the write, taking nothing twice', async () => {
    const ref = await placedOrder();
    const taken = await heldBy(ref);
    await changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, TEST_ORIGIN);
    const reopen = () => changeOrderStatus(t.db, ref, { status: 'processing', note: '' }, 'admin:other@example.com', TEST_ORIGIN);
    const err = await refusal(
      changeOrderStatus(
        changedBeforeBatch(t.db, firstWritingBatch, reopen),
        ref,
        { status: 'processing', note: 'Asked again' },
        ACTOR,
        TEST_ORIGIN,
      ),
    );
    expect([err.status, err.code, err.message]).toEqual([422, 'unchanged', 'The order is already processing.']);
    expect(await heldBy(ref)).toBe(taken);
    expect((await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.note, 'Asked again'))).length).toBe(0);
  });

  it('names the item when its stock went between the read and the write', async () => {
    const item = edible();
    await setStock(item.id, 50_000);
    const ref = await placedOrder(item.id);
    await changeOrderStatus(t.db, ref, { status: 'cancelled', note: '' }, ACTOR, TEST_ORIGIN);
    const err = await refusal(
      changeOrderStatus(
        changedBeforeBatch(t.db, firstWritingBatch, () => setStock(item.id, 0)),
        ref,
        { status: 'processing', note: '' },
        ACTOR,
        TEST_ORIGIN,
      ),
    );
    expect([err.status, err.code]).toEqual([409, 'out_of_stock']);
    expect(err.message).toBe(`There is not enough stock of ${(await orderLineName(ref)) ?? ''} to reopen this order.`);
    expect((await orderRow(ref)).status).toBe('cancelled');
    expect(await heldBy(ref)).toBe(0);
    await setStock(item.id, 50_000);
  });
});

/** The name the order's line was sold under. */
async function orderLineName(ref: string): Promise<string | undefined> {
  const rows = await t.db.all<{ name: string }>(
    sql`select i.name from order_items i join orders o on o.id = i.order_id where o.ref = ${ref} order by i.id limit 1`,
  );
  return rows[0]?.name;
}

/** Leaves `milli` of the product on the shelf, through the ledger like any count. */
async function setStock(productId: number, milli: number) {
  const [first, ...rest] = setProductStock(t.db, 'each', '2026-01-01', milli, {
    productId,
    reason: 'correction',
    note: '',
    actor: 'test',
  });
  if (first) await t.db.batch([first, ...rest]);
}

describe("a day's limits by ID at the door (D39)", () => {
  const id = { idType: 'state_id', dateOfBirth: '1985-02-14' } as const;

  it('of two handovers to one ID at once, whose sum is over the limit, one passes and the other is refused and recorded', async () => {
    const who = { ...id, idLast4: 'RC11' };
    const pair = [await outOrder({ flower: 28, productId: untracked().id }), await outOrder({ flower: 28, productId: untracked().id })];
    const results = await outcomes(pair.map((ref) => markDelivered(t.db, ref, check(who), dispatch)));
    expect([...results].sort()).toEqual(['422 daily_limit', 'passed']);
    const refused = pair[results.indexOf('422 daily_limit')] ?? '';
    expect(await rowsOf(deliveryProofs, refused)).toBe(0);
    expect(await rowsOf(doorRefusals, refused)).toBe(1);
    expect(await orderRow(refused)).toMatchObject({ status: 'shipped', deliveryStatus: 'out' });
  });

  it('refuses a handover when the same ID was handed another order between the read and the write', async () => {
    const who = { ...id, idLast4: 'RC12' };
    const [first, second] = [
      await outOrder({ flower: 28, productId: untracked().id }),
      await outOrder({ flower: 28, productId: untracked().id }),
    ];
    const other = () => markDelivered(t.db, first, check(who), dispatch);
    const err = await refusal(markDelivered(changedBeforeBatch(t.db, firstWritingBatch, other), second, check(who), dispatch));
    expect([err.status, err.code]).toEqual([422, 'daily_limit']);
    expect(err.message).toContain('28 g of flower already handed to this ID today');
    expect(await rowsOf(deliveryProofs, first)).toBe(1);
    expect(await rowsOf(deliveryProofs, second)).toBe(0);
    expect(await rowsOf(doorRefusals, second)).toBe(1);
    expect(await movesOf(second)).toEqual([]);
  });

  it('asks to try again when what the ID was handed changed but the handover still fits', async () => {
    const who = { ...id, idLast4: 'RC13' };
    const [first, second] = [
      await outOrder({ flower: 5, productId: untracked().id }),
      await outOrder({ flower: 5, productId: untracked().id }),
    ];
    const other = () => markDelivered(t.db, first, check(who), dispatch);
    const err = await refusal(markDelivered(changedBeforeBatch(t.db, firstWritingBatch, other), second, check(who), dispatch));
    expect([err.status, err.code]).toEqual([409, 'delivery_conflict']);
    expect(await rowsOf(deliveryProofs, second)).toBe(0);
    expect(await rowsOf(doorRefusals, second)).toBe(0);
    // Tried again, it passes.
    await markDelivered(t.db, second, check(who), dispatch);
    expect((await orderRow(second)).status).toBe('delivered');
  });
});

describe('dispatch and the door (D30, D40)', () => {
  it('an assignment racing out for delivery: one passes, and an order out is with the driver it left with', async () => {
    const ref = await assignedOrder('sam');
    const results = await outcomes([
      markOut(t.db, ref, dispatch),
      assignDeliveries(t.db, { driverId: driverIds.lee, refs: [ref] }, ACTOR, TEST_ORIGIN),
    ]);
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    const row = await orderRow(ref);
    if (results[0] === 'passed') {
      expect(results[1]).toBe('409 not_assignable');
      expect(row).toMatchObject({ deliveryStatus: 'out', driverId: driverIds.sam });
    } else {
      expect(results[0]).toBe('409 delivery_conflict');
      expect(row).toMatchObject({ deliveryStatus: 'assigned', driverId: driverIds.lee, status: 'confirmed' });
    }
  });

  it("refuses a driver's move out once dispatch gave the order to another driver between the read and the write", async () => {
    const ref = await assignedOrder('sam');
    const reassign = () => assignDeliveries(t.db, { driverId: driverIds.lee, refs: [ref] }, ACTOR, TEST_ORIGIN);
    const err = await refusal(markOut(changedBeforeBatch(t.db, firstWritingBatch, reassign), ref, sam()));
    expect(err.status).toBe(404);
    expect(await orderRow(ref)).toMatchObject({ status: 'confirmed', deliveryStatus: 'assigned', driverId: driverIds.lee });
    expect(await movesOf(ref)).toEqual([]);
  });

  it('refuses an assignment of an order that went out between the read and the write, naming why', async () => {
    const ref = await assignedOrder('sam');
    const err = await refusal(
      assignDeliveries(
        changedBeforeBatch(t.db, firstWritingBatch, () => markOut(t.db, ref, dispatch)),
        { driverId: driverIds.lee, refs: [ref] },
        ACTOR,
        TEST_ORIGIN,
      ),
    );
    expect([err.status, err.code, err.message]).toEqual([
      409,
      'not_assignable',
      `Order ${ref} can no longer be assigned: out for delivery. Nothing was changed.`,
    ]);
    expect(await orderRow(ref)).toMatchObject({ deliveryStatus: 'out', driverId: driverIds.sam });
  });

  it("refuses to confirm a placed order whose place on another driver's run was made between the read and the write", async () => {
    const placed = await placedOrder(untracked().id);
    const fine = await placedOrder(untracked().id);
    const onSamsRun = async () => {
      const [vehicle] = await t.db
        .insert(vehicles)
        .values({ make: 'Toyota', model: 'Prius', plate: `RACE${Date.now() % 100000}`, registrationState: 'MD' })
        .returning({ id: vehicles.id });
      const [run] = await t.db
        .insert(deliveryRuns)
        .values({
          driverId: driverIds.sam,
          vehicleId: vehicle?.id ?? 0,
          date: today,
          plannedDeparture: 0,
          plannedArrival: 0,
          createdBy: ACTOR,
        })
        .returning({ id: deliveryRuns.id });
      await t.db.insert(deliveryRunStops).values({ runId: run?.id ?? 0, orderId: (await orderRow(placed)).id, position: 1 });
      return run?.id;
    };
    const err = await refusal(
      assignDeliveries(
        changedBeforeBatch(t.db, firstWritingBatch, onSamsRun),
        { driverId: driverIds.lee, refs: [fine, placed] },
        ACTOR,
        TEST_ORIGIN,
      ),
    );
    expect([err.status, err.code]).toEqual([409, 'not_assignable']);
    expect(err.message).toMatch(new RegExp(`^Order ${placed} can no longer be assigned: it is on run \\d+`));
    // Nothing of the assignment stands: the other order is still placed, with no history or e-mail.
    for (const ref of [fine, placed]) {
      expect(await orderRow(ref)).toMatchObject({ status: 'processing', deliveryStatus: 'unassigned', driverId: null });
      expect(await movesOf(ref)).toEqual([]);
      expect(await statusMails(ref)).toBe(0);
    }
  });

  it('refuses an assignment to a driver deactivated between the read and the write', async () => {
    const ref = await placedOrder(untracked().id);
    const [driver] = await t.db.insert(drivers).values({ name: 'Kim Park', phone: '(202) 555-0103' }).returning({ id: drivers.id });
    const id = driver?.id ?? 0;
    const deactivate = () => t.db.update(drivers).set({ active: false }).where(eq(drivers.id, id));
    const err = await refusal(
      assignDeliveries(changedBeforeBatch(t.db, firstWritingBatch, deactivate), { driverId: id, refs: [ref] }, ACTOR, TEST_ORIGIN),
    );
    expect([err.status, err.code]).toEqual([422, 'inactive_driver']);
    expect(await orderRow(ref)).toMatchObject({ status: 'processing', deliveryStatus: 'unassigned', driverId: null });
  });

  it('of two assignments of one order at once, one passes and the order has one confirmation', async () => {
    const ref = await placedOrder(untracked().id);
    const results = await outcomes(
      (['sam', 'lee'] as const).map((d) => assignDeliveries(t.db, { driverId: driverIds[d], refs: [ref] }, ACTOR, TEST_ORIGIN)),
    );
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r !== 'passed')).toEqual(['409 assign_conflict']);
    const winner = results[0] === 'passed' ? driverIds.sam : driverIds.lee;
    expect(await orderRow(ref)).toMatchObject({ status: 'confirmed', deliveryStatus: 'assigned', driverId: winner });
    expect(await movesOf(ref)).toEqual(['confirmed']);
    expect(await statusMails(ref)).toBe(1);
  });
});
