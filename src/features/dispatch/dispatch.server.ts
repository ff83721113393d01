/** D30, D36: dispatch's reads and writes: a day's windows and orders, assigning drivers, manifests. */
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { isBooked } from '../../db/booked.ts';
import type { Db } from '../../db/db.ts';
import {
  deliveryClosedDates,
  deliveryRunStops,
  deliveryRuns,
  deliveryWindows,
  drivers,
  type OrderRow,
  orderItems,
  orders,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { fromNyWallTime } from '../../lib/ny-time.ts';
import { dayText, weekdayOf } from '../delivery/windows.ts';
import { recordStatusChange, updateOrderAsRead } from '../orders/orders-admin.server.ts';
import { SITE } from '../site/settings.ts';
import { failIf, isGuardRefusal } from '../staff/batch-guard.ts';
import type { AssignInput } from './dispatch.schema.ts';
import {
  assignRefusal,
  buildManifest,
  type DispatchDay,
  dayRange,
  dispatchDay,
  labelOf,
  type Manifest,
  refusalMessage,
} from './dispatch.ts';
import { inactiveDriverMessage } from './drivers.ts';

/** More orders than any day's windows hold; a bound, so one bad day cannot flood the screen. */
const DAY_ORDER_LIMIT = 2000;

// Written out with an alias, like the orders list's item count (orders-admin.server.ts).
const itemCount = sql<number>`(select coalesce(sum("oi"."quantity"), 0) from "order_items" "oi" where "oi"."order_id" = "orders"."id")`;

/** The orders booked into a window that starts on `date` (New York), cancelled ones included. */
function inDay(date: string) {
  const { from, to } = dayRange(date);
  return and(gte(orders.windowStart, from), lt(orders.windowStart, to));
}

/** GET /api/admin/deliveries: one New York date's windows, orders and the drivers who may take them. */
export async function deliveriesOfDay(db: Db, date: string): Promise<DispatchDay> {
  const [schedule, closed, rows, active] = await db.batch([
    db
      .select()
      .from(deliveryWindows)
      .where(eq(deliveryWindows.weekday, weekdayOf(date))),
    db.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.date, date)).limit(1),
    db
      .select({
        ref: orders.ref,
        status: orders.status,
        deliveryStatus: orders.deliveryStatus,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phone: orders.phone,
        deliveryAddress: orders.deliveryAddress,
        deliveryApartment: orders.deliveryApartment,
        deliveryCity: orders.deliveryCity,
        deliveryState: orders.deliveryState,
        deliveryZipCode: orders.deliveryZipCode,
        deliveryInstructions: orders.deliveryInstructions,
        total: orders.total,
        itemCount,
        windowStart: orders.windowStart,
        windowEnd: orders.windowEnd,
        windowCapacity: orders.windowCapacity,
        driverId: orders.driverId,
        driverName: drivers.name,
        driverActive: drivers.active,
      })
      .from(orders)
      .leftJoin(drivers, eq(drivers.id, orders.driverId))
      .where(inDay(date))
      .orderBy(asc(orders.windowStart), asc(orders.id))
      .limit(DAY_ORDER_LIMIT),
    db
      .select({ id: drivers.id, name: drivers.name })
      .from(drivers)
      .where(eq(drivers.active, true))
      .orderBy(asc(drivers.name), asc(drivers.id)),
  ]);
  return dispatchDay({
    date,
    schedule,
    closedNote: closed[0] ? closed[0].note : null,
    orders: rows.map((r) => ({ ...r, windowStart: r.windowStart ?? 0, itemCount: Number(r.itemCount) })),
    drivers: active,
  });
}

/** D40: the run each of `list` is on, by order id. */
async function runsOf(db: Db, list: readonly { id: number }[]): Promise<Map<number, { runId: number; driverId: number }>> {
  if (list.length === 0) return new Map();
  const rows = await db
    .select({ orderId: deliveryRunStops.orderId, runId: deliveryRuns.id, driverId: deliveryRuns.driverId })
    .from(deliveryRunStops)
    .innerJoin(deliveryRuns, eq(deliveryRuns.id, deliveryRunStops.runId))
    .where(
      inArray(
        deliveryRunStops.orderId,
        list.map((o) => o.id),
      ),
    );
  return new Map(rows.map((r) => [r.orderId, r]));
}

/** D40: an order on a run stays with the run's driver until it is taken off the run. */
const runRefusal = (run: { runId: number; driverId: number } | undefined, driverId: number | null): string | null =>
  run && run.driverId !== driverId ? `it is on run ${run.runId}; take it off the run first` : null;

export interface AssignResult {
  driver: { id: number; name: string } | null;
  /** Every order given to the driver (or taken back). */
  assigned: string[];
  /** The orders this confirmed (they were still 'processing'); each customer was e-mailed. */
  confirmed: string[];
}

/** The note of the confirmation e-mail: the customer learns their window is planned. */
function plannedNote(o: Pick<OrderRow, 'windowStart' | 'windowEnd'>): string {
  if (o.windowStart == null) return 'Delivery planned.';
  return `Delivery planned for ${dayText(o.windowStart)}, ${labelOf(o.windowStart, o.windowEnd ?? o.windowStart)}.`;
}

/** The driver an assignment gives its orders to: known and active (422 on driverId); null takes them back. */
async function assignee(db: Db, driverId: number | null): Promise<{ id: number; name: string } | null> {
  if (driverId == null) return null;
  const [row] = await db.select().from(drivers).where(eq(drivers.id, driverId)).limit(1);
  if (!row) {
    const message = 'There is no such driver. Choose one from the list.';
    throw new HttpError(422, 'unknown_driver', message, { driverId: message });
  }
  if (!row.active) {
    const message = inactiveDriverMessage(row.name);
    throw new HttpError(422, 'inactive_driver', message, { driverId: message });
  }
  return { id: row.id, name: row.name };
}

/**
 * The orders an assignment moves: those named (404 for one we do not know, 409 naming each that
 * cannot go), or every open order of a window bar those out, done or on another driver's run (409
 * when none is left).
 */
async function assignTargets(db: Db, input: AssignInput, driverId: number | null): Promise<OrderRow[]> {
  if (input.refs) {
    const refs = [...new Set(input.refs)];
    const targets = await db.select().from(orders).where(inArray(orders.ref, refs));
    const missing = refs.filter((ref) => !targets.some((o) => o.ref === ref));
    if (missing.length > 0) {
      const message = `We couldn't find ${missing.length === 1 ? 'order' : 'orders'} ${missing.join(', ')}.`;
      throw new HttpError(404, 'not_found', message, { refs: message });
    }
    const onRun = await runsOf(db, targets);
    const refused = targets.flatMap((o) => {
      const why = assignRefusal(o) ?? runRefusal(onRun.get(o.id), driverId);
      return why ? [{ ref: o.ref, why }] : [];
    });
    if (refused.length > 0) throw new HttpError(409, 'not_assignable', refusalMessage(refused));
    return targets;
  }
  const start = fromNyWallTime(input.window ?? '');
  if (!start.ok) throw new HttpError(422, 'invalid_input', start.message, { window: start.message });
  const inWindow = await db
    .select()
    .from(orders)
    .where(and(eq(orders.windowStart, start.ms), isBooked(orders.status)));
  const onRun = await runsOf(db, inWindow);
  // A whole window leaves alone the orders on another driver's run, as those out or done.
  const targets = inWindow.filter((o) => assignRefusal(o) == null && runRefusal(onRun.get(o.id), driverId) == null);
  if (targets.length === 0) {
    throw new HttpError(
      409,
      'nothing_to_assign',
      inWindow.length === 0
        ? 'That window has no orders to assign.'
        : "Every order in that window is already out for delivery, delivered, or on another driver's run. Nothing was changed.",
    );
  }
  return targets;
}

/** What an assignment the guards caught, and a second read did not explain, is told. */
const assignChangedMeanwhile = () =>
  new HttpError(409, 'assign_conflict', 'Some of these orders changed while they were being assigned. Reload and try again.');

/**
 * POST /api/admin/deliveries/assign, read first and written in one batch (0027): the orders named,
 * or every open order of a window, go to the driver (status 'assigned'), or back to nobody
 * ('unassigned') for a null driver. An order still 'processing' is confirmed by being given a
 * driver, through the one status step (history and e-mail). Orders out, delivered, failed or
 * cancelled are refused (409) and nothing changes; so are unknown and inactive drivers (422).
 * Each order's write is guarded by the order as read, and the batch by the driver still active
 * and no order on another driver's run, so an assignment racing a move at the door, a run or
 * another assignment is refused whole, with the reason read again.
 */
export async function assignDeliveries(
  db: Db,
  input: AssignInput,
  actor: string,
  siteUrl: string,
  now = Date.now(),
): Promise<AssignResult> {
  const check = async () => {
    const driver = await assignee(db, input.driverId);
    return { driver, targets: await assignTargets(db, input, driver?.id ?? null) };
  };
  const { driver, targets } = await check();
  const extra = { driverId: driver?.id ?? null, deliveryStatus: driver ? ('assigned' as const) : ('unassigned' as const) };
  const confirming = (o: OrderRow) => driver != null && o.status === 'processing';
  const [first, ...rest] = targets.flatMap((o) =>
    confirming(o)
      ? recordStatusChange(db, o, 'confirmed', { actor, note: plannedNote(o), siteUrl, now, extra })
      : updateOrderAsRead(db, o, { ...extra, updatedAt: now }),
  );
  if (!first) throw new Error('an assignment without orders');
  const ids = targets.map((o) => o.id);
  try {
    await db.batch([
      first,
      ...rest,
      ...(driver ? [failIf(db, sql`not exists (select 1 from ${drivers} where id = ${driver.id} and active = 1)`)] : []),
      // runRefusal's rule: an order on a run stays with the run's driver.
      failIf(
        db,
        sql`exists (select 1 from ${deliveryRunStops} s join ${deliveryRuns} r on r.id = s.run_id
          where s.order_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and r.driver_id is not ${driver?.id ?? null})`,
      ),
    ]);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    await check();
    throw assignChangedMeanwhile();
  }
  return { driver, assigned: targets.map((o) => o.ref), confirmed: targets.filter(confirming).map((o) => o.ref) };
}

/**
 * GET /api/admin/deliveries/manifest: one driver's stops on a New York date, in the window that
 * starts at `time` ('HH:mm') or in all their windows that day. Cancelled orders are left out.
 */
export async function driverManifest(db: Db, q: { date: string; time?: string | undefined; driverId: number }): Promise<Manifest> {
  const [driver] = await db.select().from(drivers).where(eq(drivers.id, q.driverId)).limit(1);
  if (!driver) {
    const message = 'There is no such driver.';
    throw new HttpError(404, 'not_found', message, { driver: message });
  }
  let when = inDay(q.date);
  if (q.time) {
    const start = fromNyWallTime(`${q.date}T${q.time}`);
    if (!start.ok) throw new HttpError(422, 'invalid_input', start.message, { window: start.message });
    when = eq(orders.windowStart, start.ms);
  }
  const rows = await db
    .select()
    .from(orders)
    .where(and(when, eq(orders.driverId, driver.id), isBooked(orders.status)))
    .orderBy(asc(orders.windowStart), asc(orders.id))
    .limit(DAY_ORDER_LIMIT);
  const items =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            name: orderItems.name,
            category: orderItems.category,
            quantity: orderItems.quantity,
            weight: orderItems.weight,
          })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(orderItems.id));
  return buildManifest({
    shop: { name: SITE.name, phone: SITE.phone },
    driver: { id: driver.id, name: driver.name, phone: driver.phone },
    date: q.date,
    orders: rows.map((o) => ({
      ...o,
      windowStart: o.windowStart ?? 0,
      items: items.filter((i) => i.orderId === o.id),
    })),
  });
}
