/**
 * D30, D34: the moves at the door, shared by drivers (/api/driver) and dispatchers
 * (/api/admin/deliveries). Each move reads what it depends on (the order's state, and for a
 * handover the law at the door), then writes in one batch whose guards fail it when that read no
 * longer holds (0027), so of two moves of one order made at once only one passes. A driver
 * reaches only the orders assigned to their own driver record in today's (New York) windows; any
 * other order answers as if it did not exist.
 */
import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/db.ts';
import { deliveryProofs, doorRefusals, drivers, type OrderRow, orderItems, orders, purchaseLimits, states } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toEpochOrThrow, toNyWallTime } from '../../lib/ny-time.ts';
import type { Usage } from '../compliance/limits.ts';
import { USAGE_SUMS, usageOfSums } from '../compliance/usage.server.ts';
import { salesOn } from '../delivery/states.ts';
import { addDays, dayText, nyDate, parseMinute, partOfDay, windowLabel } from '../delivery/windows.ts';
import { queueReport, reportToQueue } from '../metrc/metrc.server.ts';
import { moveOrderStock } from '../orders/order-stock.server.ts';
import { recordStatusChange } from '../orders/orders-admin.server.ts';
import { failIf, isGuardRefusal } from '../staff/batch-guard.ts';
import type { DeliveryCheck, DeliveryFailure, IdCheck } from './door.schema.ts';
import {
  DELIVERED_NOTE,
  type DoorLaw,
  type DoorMove,
  type DoorOrder,
  type DriverAssignments,
  type DriverStop,
  type DriverWindow,
  failedNote,
  type HandoverRefusal,
  handoverRefusals,
  idRefusals,
  moveRefusal,
  NO_DRIVER_RECORD,
  orderUsage,
  outNote,
} from './door.ts';
import { driverOfStaff } from './drivers.server.ts';
import { driverRuns } from './runs.server.ts';

/** Whose move it is: dispatch reaches any order; a driver only their own of today. */
export type DoorScope = { via: 'admin' } | { via: 'driver'; driverId: number | null };

export interface DoorRequest {
  /** 'driver:{email}', 'dispatcher:{email}' or 'admin:{email}': the history, ledger and proof record it. */
  actor: string;
  /** The site's origin, for the tracking link in the customer's e-mail. */
  siteUrl: string;
  scope: DoorScope;
  now?: number;
}

const orderNotFound = () => new HttpError(404, 'not_found', "We couldn't find this order");

/** The first and the last-plus-one instants of a New York date (midnight is never skipped there). */
function nyDay(date: string): [number, number] {
  return [toEpochOrThrow(`${date}T00:00`), toEpochOrThrow(`${addDays(date, 1)}T00:00`)];
}

/**
 * The order a move is about, read before the move's batch, or a 404 when there is none or the
 * driver may not see it; a 409 with the reason when the move does not fit its state.
 */
async function orderForMove(db: Db, ref: string, move: DoorMove, req: DoorRequest, now: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.ref, ref)).limit(1);
  if (!order) throw orderNotFound();
  if (req.scope.via === 'driver') {
    const own = req.scope.driverId != null && order.driverId === req.scope.driverId;
    const today = order.windowStart != null && nyDate(order.windowStart) === nyDate(now);
    if (!own || !today) throw orderNotFound();
  }
  const refusal = moveRefusal(move, order);
  if (refusal) throw new HttpError(409, 'wrong_delivery_state', refusal);
  return order;
}

/** What a move the guards caught, and a second read did not explain, is told. */
const changedMeanwhile = () =>
  new HttpError(409, 'delivery_conflict', 'This order changed while the move was being saved. Reload and try again.');

/**
 * Writes a move's batch (0027). A guard's refusal (the order moved, or what the move depended on
 * changed, since it was read) is answered with the reason `reread` finds on reading it again (404
 * or 409 as orderForMove gives it, a handover's refusal), else with 409 changed meanwhile.
 */
async function writeMove(
  db: Db,
  statements: readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]],
  reread: () => Promise<unknown>,
): Promise<void> {
  try {
    await db.batch(statements);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    await reread();
    throw changedMeanwhile();
  }
}

const doorOrder = (order: OrderRow, change: Pick<DoorOrder, 'status' | 'deliveryStatus'>): DoorOrder => ({
  ref: order.ref,
  total: order.total,
  ...change,
});

/** Out for delivery: an assigned order leaves with its driver (status 'shipped', shown as "Out for delivery"). */
export async function markOut(db: Db, ref: string, req: DoorRequest): Promise<DoorOrder> {
  const now = req.now ?? Date.now();
  const order = await orderForMove(db, ref, 'out', req, now);
  const [driver] = await db
    .select({ name: drivers.name })
    .from(drivers)
    .where(eq(drivers.id, order.driverId ?? -1))
    .limit(1);
  // The driver named is the one read: the order's guard refuses the move if it was given to another.
  const statements = recordStatusChange(db, order, 'shipped', {
    actor: req.actor,
    note: driver ? outNote(driver.name) : 'Out for delivery',
    siteUrl: req.siteUrl,
    now,
    extra: { deliveryStatus: 'out' },
  });
  await writeMove(db, statements, () => orderForMove(db, ref, 'out', req, now));
  return doorOrder(order, { status: 'shipped', deliveryStatus: 'out' });
}

/** The proofs of other orders, not cancelled, in the order's state, with the same ID, in [from, to). */
function sameIdProofs(
  order: Pick<OrderRow, 'id' | 'deliveryState'>,
  id: Pick<IdCheck, 'idType' | 'dateOfBirth' | 'idLast4'>,
  day: [number, number],
) {
  return and(
    eq(deliveryProofs.idType, id.idType),
    eq(deliveryProofs.dateOfBirth, id.dateOfBirth),
    eq(deliveryProofs.idLast4, id.idLast4),
    gte(deliveryProofs.createdAt, day[0]),
    lt(deliveryProofs.createdAt, day[1]),
    eq(orders.deliveryState, order.deliveryState),
    ne(orders.status, 'cancelled'),
    ne(orders.id, order.id),
  );
}

/** What the ID `id` was handed on the New York date of `now` in the order's state, this order aside (lawAtDoor's rule). */
function handedTodayQuery(db: Pick<Db, 'select'>, order: OrderRow, id: Pick<IdCheck, 'idType' | 'dateOfBirth' | 'idLast4'>, now: number) {
  return db
    .select({
      flower: USAGE_SUMS.flower.as('flower'),
      concentrate: USAGE_SUMS.concentrate.as('concentrate'),
      edible_thc: USAGE_SUMS.edible_thc.as('edible_thc'),
    })
    .from(deliveryProofs)
    .innerJoin(orders, eq(orders.id, deliveryProofs.orderId))
    .where(sameIdProofs(order, id, nyDay(nyDate(now))));
}

/**
 * D39: the law at the door for `order` on the New York date of `now`: its state's sales and limits
 * (none when the shop has no row for the state), and what the ID `id` was already handed that day
 * in the state: orders delivered with a proof of the same ID recorded that day, not since
 * cancelled, this one aside (kept apart too, for the handover's guard). The day runs from New York
 * midnight to midnight, 23 or 25 hours across a clock change.
 */
async function lawAtDoor(
  db: Db,
  order: OrderRow,
  id: Pick<IdCheck, 'idType' | 'dateOfBirth' | 'idLast4'>,
  now: number,
): Promise<{ law: DoorLaw | null; handedToday: Usage }> {
  const today = nyDate(now);
  const [[state], limits, [handed]] = await db.batch([
    db.select().from(states).where(eq(states.code, order.deliveryState)).limit(1),
    db.select().from(purchaseLimits).where(eq(purchaseLimits.state, order.deliveryState)).orderBy(asc(purchaseLimits.id)),
    handedTodayQuery(db, order, id, now),
  ]);
  const handedToday = usageOfSums(handed);
  if (!state) return { law: null, handedToday };
  const law = {
    stateName: state.name,
    scope: state.limitScope,
    limits,
    patientsOnly: salesOn(state, today) === 'patients',
    handedToday,
  };
  return { law, handedToday };
}

/**
 * The batch's guard that what the ID was handed today (lawAtDoor's read) is still what the
 * handover was decided on: a concurrent handover to the same ID, or a cancel of one, fails it, so
 * two handovers that each fit the day's limits alone cannot together pass it.
 */
function handedTodayChanged(db: Db, order: OrderRow, id: Pick<IdCheck, 'idType' | 'dateOfBirth' | 'idLast4'>, now: number, read: Usage) {
  return failIf(
    db,
    sql`exists (select 1 from (${handedTodayQuery(db, order, id, now)}) h
      where h.flower <> ${read.flower} or h.concentrate <> ${read.concentrate} or h.edible_thc <> ${read.edible_thc})`,
  );
}

/** A handover decided: the order as read, the law at its door, and why it is refused (none when it may go). */
async function decideHandover(db: Db, ref: string, check: DeliveryCheck, req: DoorRequest, now: number) {
  const order = await orderForMove(db, ref, 'delivered', req, now);
  const { law, handedToday } = await lawAtDoor(db, order, check, now);
  const refused = handoverRefusals(check, { ...order, usage: orderUsage(order) }, law, nyDate(now));
  return { order, law, handedToday, refused };
}

/**
 * A refused handover: its refusals for age, limits or registry recorded in door_refusals (cash
 * short is the driver's to fix at the door, not a refusal of the person: it is not recorded), and
 * the 422 naming the first.
 */
async function refuseHandover(
  db: Db,
  orderId: number,
  refused: readonly HandoverRefusal[],
  check: DeliveryCheck,
  req: DoorRequest,
  now: number,
) {
  const recorded = refused.flatMap((r) => (r.reason === 'cash_short' ? [] : [{ reason: r.reason, message: r.message }]));
  if (recorded.length > 0) {
    await db.insert(doorRefusals).values(
      recorded.map((r) => ({
        orderId,
        reason: r.reason,
        idType: check.idType,
        dateOfBirth: check.dateOfBirth,
        idLast4: check.idLast4,
        message: r.message,
        recordedBy: req.actor,
        createdAt: now,
      })),
    );
  }
  const [first] = refused as [HandoverRefusal, ...HandoverRefusal[]];
  const fields = Object.assign({}, ...refused.map((r) => r.fields)) as Record<string, string>;
  return new HttpError(422, first.reason, first.message, Object.keys(fields).length > 0 ? fields : undefined);
}

/**
 * Delivered (D34, D39): only an order out for delivery, only after a passing ID check on the New
 * York date of the request, within the state's limits with what the same ID was already handed
 * that day, with the registry card where the state sells only to patients, and the total
 * collected in cash. The proof keeps the last 4 characters of the ID number and of the registry
 * number, never more (the schema refuses a longer value). The decision is read first; the proof,
 * the Metrc report, the status move and the guards that what it read still holds are one batch.
 * A refusal changes nothing of the order; one for age, limits or registry is recorded in
 * door_refusals, so the record stays though the move is refused. A handover the guards refuse is
 * decided again on what is there now: refused with its reason (and recorded) if it no longer
 * passes, else a 409 to try again.
 */
export async function markDelivered(db: Db, ref: string, check: DeliveryCheck, req: DoorRequest): Promise<DoorOrder> {
  const now = req.now ?? Date.now();
  const { order, law, handedToday, refused } = await decideHandover(db, ref, check, req, now);
  if (refused.length > 0) throw await refuseHandover(db, order.id, refused, check, req, now);
  const card = law?.patientsOnly ? check.registry : undefined;
  // D40: the delivery's report to Metrc, in the same batch as its proof: a handover is never
  // without its report, and ON CONFLICT keeps it to one.
  const report = await reportToQueue(db, order.id, now);
  const statements = [
    ...recordStatusChange(db, order, 'delivered', {
      actor: req.actor,
      note: DELIVERED_NOTE,
      siteUrl: req.siteUrl,
      now,
      extra: { deliveryStatus: 'delivered' },
    }),
    handedTodayChanged(db, order, check, now, handedToday),
    db.insert(deliveryProofs).values({
      orderId: order.id,
      idType: check.idType,
      dateOfBirth: check.dateOfBirth,
      idLast4: check.idLast4,
      cashCollectedCents: check.cashCollected,
      ...(card ? { registryLast4: card.last4, registryExpiresOn: card.expiresOn, registryNameMatched: card.nameMatches } : {}),
      recordedBy: req.actor,
      createdAt: now,
    }),
    ...(report ? [queueReport(db, report)] : []),
  ] as const;
  await writeMove(db, statements, async () => {
    const again = await decideHandover(db, ref, check, req, now);
    if (again.refused.length > 0) throw await refuseHandover(db, again.order.id, again.refused, check, req, now);
  });
  return doorOrder(order, { status: 'delivered', deliveryStatus: 'delivered' });
}

/**
 * What the door answers before a handover (D39): whether the ID may take the order, why not, and
 * whether the handover also needs the registry card (so a form that did not know asks for it).
 */
export interface IdCheckAnswer {
  ok: boolean;
  warnings: { code: HandoverRefusal['reason']; message: string }[];
  needsRegistryCard: boolean;
}

/**
 * D39: the warning before a handover: what the ID alone would be refused for (under age, over the
 * day's limits with what it was already handed today), for an order the account may deliver now.
 * Records nothing; the handover itself decides again.
 */
export async function idCheck(db: Db, ref: string, id: IdCheck, req: DoorRequest): Promise<IdCheckAnswer> {
  const now = req.now ?? Date.now();
  const order = await orderForMove(db, ref, 'delivered', req, now);
  const { law } = await lawAtDoor(db, order, id, now);
  const warnings = idRefusals(id.dateOfBirth, orderUsage(order), law, nyDate(now)).map((r) => ({ code: r.reason, message: r.message }));
  return { ok: warnings.length === 0, warnings, needsRegistryCard: law?.patientsOnly === true };
}

/**
 * Could not deliver (D30): the delivery fails with its reason and the order is cancelled, its
 * reason in the history and the customer's e-mail; the stock it took comes back through the
 * ledger (D33), for the items that took any. One batch, guarded by the order as read.
 */
export async function markFailed(db: Db, ref: string, failure: DeliveryFailure, req: DoorRequest): Promise<DoorOrder> {
  const now = req.now ?? Date.now();
  const order = await orderForMove(db, ref, 'failed', req, now);
  const stock = await moveOrderStock(db, order, {
    direction: 'return',
    reason: 'delivery_failed',
    note: `Order ${order.ref} not delivered`,
    actor: req.actor,
    now,
  });
  const statements = [
    ...recordStatusChange(db, order, 'cancelled', {
      actor: req.actor,
      note: failedNote(failure.reason),
      siteUrl: req.siteUrl,
      now,
      extra: { deliveryStatus: 'failed', deliveryFailureReason: failure.reason },
    }),
    ...stock,
  ] as const;
  await writeMove(db, statements, () => orderForMove(db, ref, 'failed', req, now));
  return doorOrder(order, { status: 'cancelled', deliveryStatus: 'failed' });
}

/**
 * The signed-in driver's stops today (New York), grouped by window in time order. Nothing about
 * any other driver's orders; an account no driver record names gets an empty day and a sentence.
 */
export async function driverAssignments(db: Db, staffId: number, now = Date.now()): Promise<DriverAssignments> {
  const date = nyDate(now);
  const [from, to] = nyDay(date);
  const day = { date, dayLabel: dayText(from) };
  const driver = await driverOfStaff(db, staffId);
  if (!driver) return { ...day, message: NO_DRIVER_RECORD, windows: [], runs: [] };
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.driverId, driver.id), gte(orders.windowStart, from), lt(orders.windowStart, to)))
    .orderBy(asc(orders.windowStart), asc(orders.id));
  // D39: whether a stop needs the registry card is its state's rule today, as the door decides it.
  const patientsOnly = new Set((await db.select().from(states)).filter((st) => salesOn(st, date) === 'patients').map((st) => st.code));
  const items = rows.length
    ? await db
        .select({ orderId: orderItems.orderId, name: orderItems.name, quantity: orderItems.quantity })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  const windows = new Map<number, DriverWindow>();
  for (const o of rows) {
    const start = o.windowStart ?? from;
    const end = o.windowEnd ?? start;
    let window = windows.get(start);
    if (!window) {
      const part = partOfDay(parseMinute(toNyWallTime(start).slice(11)) ?? 0);
      window = { start, end, label: windowLabel({ part, start, end }), stops: [] };
      windows.set(start, window);
    }
    const stop: DriverStop = {
      ref: o.ref,
      status: o.status,
      deliveryStatus: o.deliveryStatus,
      total: o.total,
      customer: { firstName: o.firstName, lastName: o.lastName, phone: o.phone },
      address: {
        street: o.deliveryAddress,
        apartment: o.deliveryApartment,
        city: o.deliveryCity,
        state: o.deliveryState,
        zip: o.deliveryZipCode,
      },
      instructions: o.deliveryInstructions,
      items: items.filter((i) => i.orderId === o.id).map((i) => ({ name: i.name, quantity: i.quantity })),
      needsRegistryCard: patientsOnly.has(o.deliveryState),
      patientName: `${o.firstName} ${o.lastName}`,
    };
    window.stops.push(stop);
  }
  return { ...day, message: null, windows: [...windows.values()], runs: await driverRuns(db, driver.id, date) };
}
