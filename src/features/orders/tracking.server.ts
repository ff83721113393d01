/** Reads an order's progress for its shopper (D14, D30): the rules are in ./tracking.ts. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { drivers, orderStatusHistory, orders } from '../../db/schema.ts';
import { firstNameOf, type Tracking, trackingOf } from './tracking.ts';

/**
 * The tracking of the order with this reference, or null when there is none. One round trip: the
 * order with its driver's name, and its history. Of the driver only the name is read, and only its
 * first word leaves this function.
 */
export async function getTracking(db: Db, ref: string): Promise<Tracking | null> {
  const [found, history] = await db.batch([
    db
      .select({
        status: orders.status,
        deliveryStatus: orders.deliveryStatus,
        windowStart: orders.windowStart,
        windowEnd: orders.windowEnd,
        deliveryTime: orders.deliveryTime,
        createdAt: orders.createdAt,
        deliveryFailureReason: orders.deliveryFailureReason,
        driverName: drivers.name,
      })
      .from(orders)
      .leftJoin(drivers, eq(drivers.id, orders.driverId))
      .where(eq(orders.ref, ref))
      .limit(1),
    db
      .select({
        fromStatus: orderStatusHistory.fromStatus,
        toStatus: orderStatusHistory.toStatus,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
      .where(eq(orders.ref, ref))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  const row = found[0];
  if (!row) return null;
  const { driverName, ...order } = row;
  return trackingOf({ ...order, driverFirstName: firstNameOf(driverName) }, history);
}
