import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/db.ts';
import { orderItems, orders } from '../../src/db/schema.ts';
import { zoneOfZipQuery } from '../../src/features/delivery/zones.server.ts';
import { zoneRule } from '../../src/features/delivery/zones.ts';
import { newOrderRef, type RecordedZone, recordedZone } from '../../src/features/orders/orders.ts';
import { toEpochOrThrow } from '../../src/lib/ny-time.ts';
import { checkoutPayload, newKey } from '../fixtures/checkout.ts';
import type { TestApp } from './env.ts';

/** The instant of a New York wall time, 'YYYY-MM-DDTHH:mm'. */
export const nyInstant = (wall: string): number => toEpochOrThrow(wall);

/**
 * Puts an order in a delivery window, for tests about what happens after checkout (dispatch,
 * the door, tracking) that need orders in a window of their choosing.
 */
export async function setOrderWindow(db: Db, ref: string, startWall: string, endWall: string, capacity = 10): Promise<void> {
  await db
    .update(orders)
    .set({ windowStart: nyInstant(startWall), windowEnd: nyInstant(endWall), windowCapacity: capacity })
    .where(eq(orders.ref, ref));
}

type OrderValues = typeof orders.$inferInsert;
type LineValues = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/**
 * An order and its lines written straight to the database, for tests about what follows checkout
 * (dispatch, reports) that need orders of their own making. `order` overrides a plain customer in
 * Rockville, MD 20850 paying `total` with no delivery fee.
 */
export async function insertOrder(
  db: Db,
  order: Partial<OrderValues> & Pick<OrderValues, 'total'>,
  lines: readonly LineValues[],
): Promise<{ id: number; ref: string }> {
  const ref = order.ref ?? newOrderRef();
  const [row] = await db
    .insert(orders)
    .values({
      firstName: 'Test',
      lastName: 'Shopper',
      email: 'shopper@example.com',
      phone: '(301) 555-0100',
      deliveryAddress: '1 Main Street',
      deliveryCity: 'Rockville',
      deliveryState: 'MD',
      deliveryZipCode: '20850',
      subtotal: order.total,
      deliveryFee: 0,
      tax: 0,
      ...order,
      ref,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('the order was not written');
  if (lines.length > 0) await db.insert(orderItems).values(lines.map((l) => ({ ...l, orderId: row.id })));
  return { id: row.id, ref };
}

/**
 * What checkout would record of the zone `zip` belongs to now (D31), for orders a test writes
 * straight to the database; nothing when the ZIP is in no zone.
 */
export async function zoneRecordOf(db: Db, zip: string): Promise<RecordedZone | Record<string, never>> {
  const [zone] = await zoneOfZipQuery(db, zip);
  return zone ? recordedZone(zone, zoneRule(zone)) : {};
}

/** The zone columns an order records (D31), and the fee it was charged, for tests to read back. */
export const ORDER_ZONE_COLUMNS = {
  zoneId: orders.zoneId,
  zoneName: orders.zoneName,
  zoneState: orders.zoneState,
  zoneFeeCents: orders.zoneFeeCents,
  zoneMinimumCents: orders.zoneMinimumCents,
  zoneFreeFromCents: orders.zoneFreeFromCents,
  deliveryFee: orders.deliveryFee,
};

/** A new shopper's order of one `productId` through checkout, put in the 17:00-21:00 window of `date` (New York). */
export async function checkoutInWindow(app: TestApp, db: Db, productId: number, date: string): Promise<string> {
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(checkoutPayload([{ productId, quantity: 1 }])),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { orderId: ref } = (await res.json()) as { orderId: string };
  await setOrderWindow(db, ref, `${date}T17:00`, `${date}T21:00`);
  return ref;
}
