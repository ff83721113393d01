/**
 * D40: delivery runs' reads and writes. Every write is one batch (libSQL runs it as one
 * transaction): the run, its stops and its manifest, with guard statements that fail the batch when
 * what the decision read (an active driver and vehicle, orders still given to that driver that day
 * and not out, the run as read) no longer holds when it is written (decision 0020's way). The
 * unique index on a stop's order keeps an order on one run, whatever runs concurrently. The
 * manifest is built from what the orders carry (their packages, D40) and kept on the run.
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { violatesUnique } from '../../db/error-text.ts';
import { deliveryRunStops, deliveryRuns, drivers, orderItems, orders, states, vehicles } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nyDate, toNyWallTime } from '../../lib/ny-time.ts';
import { linePackages } from '../inventory/order-packages.server.ts';
import { SITE } from '../site/settings.ts';
import { failIf, failUnlessChanged, isGuardRefusal } from '../staff/batch-guard.ts';
import { dayRange } from './dispatch.ts';
import { driverOfStaff } from './drivers.server.ts';
import { inactiveDriverMessage, missingRunDetails } from './drivers.ts';
import type { RunInput, RunUpdate } from './runs.schema.ts';
import {
  type AdminRun,
  buildRunManifest,
  type DriverRun,
  type PlannedTimes,
  planTimes,
  type RunManifest,
  runHasLeft,
  stopRefusal,
  stopRefusalMessage,
} from './runs.ts';
import { inactiveVehicleMessage, plateText, vehicleLabel } from './vehicles.ts';

type DriverRow = typeof drivers.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
type RunRow = typeof deliveryRuns.$inferSelect;

const fieldError = (status: 404 | 409 | 422, code: string, field: string, message: string) =>
  new HttpError(status, code, message, { [field]: message });

const runNotFound = () => new HttpError(404, 'not_found', 'We could not find this run.');

/** What a conflict the guards caught, and a second read did not explain, is told. */
const changedMeanwhile = () =>
  new HttpError(409, 'run_conflict', 'Something about this run changed while it was being saved. Reload and try again.');

/** The driver a run may take: known, active, with an employee ID and a licence number (422 on driverId). */
async function runDriver(db: Db, id: number): Promise<DriverRow> {
  const [row] = await db.select().from(drivers).where(eq(drivers.id, id)).limit(1);
  if (!row) throw fieldError(422, 'unknown_driver', 'driverId', 'There is no such driver. Choose one from the list.');
  if (!row.active) throw fieldError(422, 'inactive_driver', 'driverId', inactiveDriverMessage(row.name));
  const missing = missingRunDetails(row);
  if (missing) throw fieldError(422, 'driver_details_missing', 'driverId', missing);
  return row;
}

/** The vehicle a run may take: known and active (422 on vehicleId). */
async function runVehicle(db: Db, id: number): Promise<VehicleRow> {
  const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
  if (!row) throw fieldError(422, 'unknown_vehicle', 'vehicleId', 'There is no such vehicle. Choose one from the list.');
  if (!row.active) throw fieldError(422, 'inactive_vehicle', 'vehicleId', inactiveVehicleMessage(row));
  return row;
}

/**
 * The orders `refs` names, in that order, each a stop the run (`runId` null for a new one) may
 * take: 404 for a reference we do not know, 409 naming every order the run cannot take and why.
 */
async function stopOrders(db: Db, refs: readonly string[], run: { runId: number | null; driverId: number; date: string }) {
  const rows = await db
    .select({ order: orders, runId: deliveryRunStops.runId })
    .from(orders)
    .leftJoin(deliveryRunStops, eq(deliveryRunStops.orderId, orders.id))
    .where(inArray(orders.ref, [...refs]));
  const byRef = new Map(rows.map((r) => [r.order.ref, r]));
  const missing = refs.filter((ref) => !byRef.has(ref));
  if (missing.length > 0) {
    throw fieldError(404, 'not_found', 'orderRefs', `We couldn't find ${missing.length === 1 ? 'order' : 'orders'} ${missing.join(', ')}.`);
  }
  const found = refs.map((ref) => byRef.get(ref) as (typeof rows)[number]);
  const refused = found.flatMap(({ order, runId }) => {
    const why = stopRefusal({ ...order, runId }, run);
    return why ? [{ ref: order.ref, why }] : [];
  });
  if (refused.length > 0) throw fieldError(409, 'not_for_this_run', 'orderRefs', stopRefusalMessage(refused));
  return found.map((r) => r.order);
}

type OrderRow = typeof orders.$inferSelect;

/** The manifest of a run, from its driver, vehicle, times, route and orders in stop order, as they are now. */
async function manifestOf(
  db: Db,
  run: { driver: DriverRow; vehicle: VehicleRow; date: string; times: PlannedTimes; route: string; stops: readonly OrderRow[] },
  now: number,
): Promise<RunManifest> {
  const ids = run.stops.map((o) => o.id);
  const stateCodes = [...new Set(run.stops.map((o) => o.deliveryState))];
  const [items, licences] = await db.batch([
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        name: orderItems.name,
        category: orderItems.category,
        weight: orderItems.weight,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids.length > 0 ? ids : [-1]))
      .orderBy(asc(orderItems.id)),
    db
      .select({ state: states.code, number: states.metrcLicense })
      .from(states)
      .where(inArray(states.code, stateCodes.length > 0 ? stateCodes : ['']))
      .orderBy(asc(states.code)),
  ]);
  const packagesOf = await linePackages(db, ids);
  const { driver: d, vehicle: v } = run;
  return buildRunManifest({
    shipper: { name: SITE.name, phone: SITE.phone, licences },
    driver: { name: d.name, phone: d.phone, employeeId: d.employeeId, licenceNumber: d.licenceNumber },
    vehicle: { make: v.make, model: v.model, colour: v.colour, plate: v.plate, registrationState: v.registrationState },
    date: run.date,
    ...run.times,
    route: run.route,
    stops: run.stops.map((o) => ({
      ...o,
      cancelled: o.status === 'cancelled',
      lines: items.filter((i) => i.orderId === o.id).map((i) => ({ ...i, packages: packagesOf.get(i.id) ?? [] })),
    })),
    builtAt: now,
  });
}

/**
 * The batch's guard that the orders `ids` are still stops the run of `driverId` on `date` may
 * take: given to that driver, not out, done or cancelled, in a window that day (stopRefusal's
 * rule, bar "on another run", which the stops' unique index enforces).
 */
function ordersStillFit(ids: readonly number[], driverId: number, date: string): SQL {
  const { from, to } = dayRange(date);
  return sql`exists (select 1 from ${orders} o where o.id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) and (o.driver_id is not ${driverId} or o.delivery_status <> 'assigned' or o.status in ('cancelled', 'shipped', 'delivered')
    or o.window_start is null or o.window_start < ${from} or o.window_start >= ${to}))`;
}

/** The guard that a run's stops are all still waiting to leave (runHasLeft's rule). */
function runLeft(runId: number): SQL {
  return sql`exists (select 1 from ${deliveryRunStops} s join ${orders} o on o.id = s.order_id where s.run_id = ${runId}
    and (o.status in ('shipped', 'delivered') or o.delivery_status in ('out', 'delivered', 'failed')))`;
}

const isRaceRefusal = (err: unknown) => isGuardRefusal(err) || violatesUnique(err, 'delivery_run_stops.order_id');

/**
 * POST /api/admin/runs: a run of a driver in a vehicle on a New York date, its orders in stop
 * order, its planned times (New York wall time) and route, with its manifest, in one batch.
 */
export async function createRun(db: Db, input: RunInput, actor: string, now = Date.now()): Promise<AdminRun> {
  const check = async () => {
    const driver = await runDriver(db, input.driverId);
    const vehicle = await runVehicle(db, input.vehicleId);
    const planned = planTimes(input.date, input);
    if (!planned.ok)
      throw new HttpError(422, 'invalid_input', Object.values(planned.fields)[0] ?? 'Check the planned times', planned.fields);
    const stops = await stopOrders(db, input.orderRefs, { runId: null, driverId: driver.id, date: input.date });
    return { driver, vehicle, times: planned.times, stops };
  };
  const { driver, vehicle, times, stops } = await check();
  const manifest = await manifestOf(db, { driver, vehicle, date: input.date, times, route: input.route, stops }, now);
  const ids = stops.map((o) => o.id);
  let runId: number;
  try {
    const [inserted] = await db.batch([
      // A write first, so the batch holds the write lock from its first statement.
      db
        .insert(deliveryRuns)
        .values({
          driverId: driver.id,
          vehicleId: vehicle.id,
          date: input.date,
          ...times,
          route: input.route,
          manifest,
          createdBy: actor,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: deliveryRuns.id }),
      failIf(
        db,
        sql`not exists (select 1 from ${drivers} where id = ${driver.id} and active = 1 and employee_id <> '' and licence_number <> '')`,
      ),
      failIf(db, sql`not exists (select 1 from ${vehicles} where id = ${vehicle.id} and active = 1)`),
      // Inside the batch no other write can come between: the newest run is the one just written.
      db
        .insert(deliveryRunStops)
        .values(ids.map((orderId, i) => ({ runId: sql<number>`(select max(id) from ${deliveryRuns})`, orderId, position: i + 1 }))),
      failIf(db, ordersStillFit(ids, driver.id, input.date)),
    ]);
    const row = inserted[0];
    if (!row) throw new Error('The run was not written');
    runId = row.id;
  } catch (err) {
    if (!isRaceRefusal(err)) throw err;
    // Read again: the refusal then says what changed (an order given to someone else, put on
    // another run, a driver deactivated), or, if nothing did, that something did meanwhile.
    await check();
    throw changedMeanwhile();
  }
  return getRun(db, runId);
}

/**
 * PATCH /api/admin/runs/:id: a new vehicle, stop list (in order), planned times or route, and the
 * manifest written again, in one batch; refused (409) once a stop is out for delivery or done.
 */
export async function updateRun(db: Db, id: number, input: RunUpdate, now = Date.now()): Promise<AdminRun> {
  const [run] = await db.select().from(deliveryRuns).where(eq(deliveryRuns.id, id)).limit(1);
  if (!run) throw runNotFound();
  const current = await db
    .select({ order: orders })
    .from(deliveryRunStops)
    .innerJoin(orders, eq(orders.id, deliveryRunStops.orderId))
    .where(eq(deliveryRunStops.runId, id))
    .orderBy(asc(deliveryRunStops.position));
  if (runHasLeft(current.map((s) => s.order))) throw leftRefusal();

  const [driver] = await db.select().from(drivers).where(eq(drivers.id, run.driverId)).limit(1);
  if (!driver) throw new Error(`run ${id} names no driver`);
  const vehicle =
    input.vehicleId === undefined || input.vehicleId === run.vehicleId
      ? (await db.select().from(vehicles).where(eq(vehicles.id, run.vehicleId)).limit(1))[0]
      : await runVehicle(db, input.vehicleId);
  if (!vehicle) throw new Error(`run ${id} names no vehicle`);
  const planned = planTimes(run.date, input, run);
  if (!planned.ok) throw new HttpError(422, 'invalid_input', Object.values(planned.fields)[0] ?? 'Check the planned times', planned.fields);
  const stops = input.orderRefs
    ? await stopOrders(db, input.orderRefs, { runId: id, driverId: run.driverId, date: run.date })
    : current.map((s) => s.order);
  const route = input.route ?? run.route;
  const manifest = await manifestOf(db, { driver, vehicle, date: run.date, times: planned.times, route, stops }, now);
  const ids = stops.map((o) => o.id);

  const stopWrites = input.orderRefs
    ? [
        db.delete(deliveryRunStops).where(eq(deliveryRunStops.runId, id)),
        db.insert(deliveryRunStops).values(ids.map((orderId, i) => ({ runId: id, orderId, position: i + 1 }))),
        failIf(db, ordersStillFit(ids, run.driverId, run.date)),
      ]
    : [];
  const vehicleGuard =
    vehicle.id === run.vehicleId ? [] : [failIf(db, sql`not exists (select 1 from ${vehicles} where id = ${vehicle.id} and active = 1)`)];
  try {
    await db.batch([
      // The run as it was read: a change made meanwhile (another admin's) refuses this one.
      db
        .update(deliveryRuns)
        .set({ vehicleId: vehicle.id, ...planned.times, route, manifest, updatedAt: Math.max(now, run.updatedAt + 1) })
        .where(and(eq(deliveryRuns.id, id), eq(deliveryRuns.updatedAt, run.updatedAt))),
      failUnlessChanged(db),
      failIf(db, runLeft(id)),
      ...vehicleGuard,
      ...stopWrites,
    ]);
  } catch (err) {
    if (!isRaceRefusal(err)) throw err;
    const [again] = await db.select({ updatedAt: deliveryRuns.updatedAt }).from(deliveryRuns).where(eq(deliveryRuns.id, id));
    if (!again) throw runNotFound();
    if (again.updatedAt === run.updatedAt) {
      // Not the run itself: what it depends on. Read again for the reason.
      const nowStops = await db
        .select({ status: orders.status, deliveryStatus: orders.deliveryStatus })
        .from(deliveryRunStops)
        .innerJoin(orders, eq(orders.id, deliveryRunStops.orderId))
        .where(eq(deliveryRunStops.runId, id));
      if (runHasLeft(nowStops)) throw leftRefusal();
      if (vehicle.id !== run.vehicleId) await runVehicle(db, vehicle.id);
      if (input.orderRefs) await stopOrders(db, input.orderRefs, { runId: id, driverId: run.driverId, date: run.date });
    }
    throw changedMeanwhile();
  }
  return getRun(db, id);
}

const leftRefusal = () =>
  new HttpError(409, 'run_left', 'This run has left: a stop is out for delivery or done. Its manifest stands as it was printed.');

/** DELETE /api/admin/runs/:id, while none of its stops is out for delivery or done; its orders stay with the driver. */
export async function deleteRun(db: Db, id: number): Promise<void> {
  const [run] = await db.select({ id: deliveryRuns.id }).from(deliveryRuns).where(eq(deliveryRuns.id, id)).limit(1);
  if (!run) throw runNotFound();
  try {
    await db.batch([
      db.delete(deliveryRuns).where(and(eq(deliveryRuns.id, id), sql`not ${runLeft(id)}`)),
      failUnlessChanged(db),
      // The foreign key cascades where the database enforces it; this covers where it does not.
      db.delete(deliveryRunStops).where(eq(deliveryRunStops.runId, id)),
    ]);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    throw leftRefusal();
  }
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

async function adminRuns(db: Db, where: SQL | undefined): Promise<AdminRun[]> {
  const [runs, stops] = await db.batch([
    db
      .select({ run: deliveryRuns, driverName: drivers.name, vehicle: vehicles })
      .from(deliveryRuns)
      .innerJoin(drivers, eq(drivers.id, deliveryRuns.driverId))
      .innerJoin(vehicles, eq(vehicles.id, deliveryRuns.vehicleId))
      .where(where)
      .orderBy(asc(deliveryRuns.plannedDeparture), asc(deliveryRuns.id)),
    db
      .select({
        runId: deliveryRunStops.runId,
        position: deliveryRunStops.position,
        ref: orders.ref,
        firstName: orders.firstName,
        lastName: orders.lastName,
        status: orders.status,
        deliveryStatus: orders.deliveryStatus,
      })
      .from(deliveryRunStops)
      .innerJoin(orders, eq(orders.id, deliveryRunStops.orderId))
      .where(inArray(deliveryRunStops.runId, db.select({ id: deliveryRuns.id }).from(deliveryRuns).where(where)))
      .orderBy(asc(deliveryRunStops.runId), asc(deliveryRunStops.position)),
  ]);
  return runs.map(({ run, driverName, vehicle }) => toAdminRun(run, driverName, vehicle, stops));
}

function toAdminRun(
  run: RunRow,
  driverName: string,
  vehicle: VehicleRow,
  stops: readonly {
    runId: number;
    position: number;
    ref: string;
    firstName: string;
    lastName: string;
    status: OrderRow['status'];
    deliveryStatus: OrderRow['deliveryStatus'];
  }[],
): AdminRun {
  const own = stops.filter((s) => s.runId === run.id);
  return {
    id: run.id,
    date: run.date,
    driver: { id: run.driverId, name: driverName },
    vehicle: { id: vehicle.id, label: vehicleLabel(vehicle), plateText: plateText(vehicle) },
    plannedDeparture: run.plannedDeparture,
    plannedArrival: run.plannedArrival,
    plannedDepartureWall: toNyWallTime(run.plannedDeparture),
    plannedArrivalWall: toNyWallTime(run.plannedArrival),
    route: run.route,
    stops: own.map((s) => ({
      position: s.position,
      ref: s.ref,
      customer: `${s.firstName} ${s.lastName}`,
      status: s.status,
      deliveryStatus: s.deliveryStatus,
    })),
    editable: !runHasLeft(own),
    createdBy: run.createdBy,
    updatedAt: run.updatedAt,
    manifest: run.manifest as RunManifest,
  };
}

/** GET /api/admin/runs?date=: a New York date's runs, by planned departure. */
export function runsOfDay(db: Db, date: string): Promise<AdminRun[]> {
  return adminRuns(db, eq(deliveryRuns.date, date));
}

/** GET /api/admin/runs/:id (404 for an unknown run). */
export async function getRun(db: Db, id: number): Promise<AdminRun> {
  const [run] = await adminRuns(db, eq(deliveryRuns.id, id));
  if (!run) throw runNotFound();
  return run;
}

/** A driver's runs on a New York date, as their page shows them: the kept manifests, no ids. */
export async function driverRuns(db: Db, driverId: number, date: string): Promise<DriverRun[]> {
  const rows = await db
    .select({ id: deliveryRuns.id, manifest: deliveryRuns.manifest })
    .from(deliveryRuns)
    .where(and(eq(deliveryRuns.driverId, driverId), eq(deliveryRuns.date, date)))
    .orderBy(asc(deliveryRuns.plannedDeparture), asc(deliveryRuns.id));
  return rows.map((r) => ({ number: r.id, manifest: r.manifest as RunManifest }));
}

/**
 * GET /api/driver/runs/:id: one of the signed-in driver's own runs of today (New York). Another
 * driver's run, another day's, or any run for an account no driver record names is a 404, as the
 * door answers for orders (D35).
 */
export async function ownRun(db: Db, staffId: number, runId: number, now = Date.now()): Promise<DriverRun> {
  const driver = await driverOfStaff(db, staffId);
  const [row] = driver
    ? await db
        .select({ id: deliveryRuns.id, manifest: deliveryRuns.manifest })
        .from(deliveryRuns)
        .where(and(eq(deliveryRuns.id, runId), eq(deliveryRuns.driverId, driver.id), eq(deliveryRuns.date, nyDate(now))))
        .limit(1)
    : [];
  if (!row) throw runNotFound();
  return { number: row.id, manifest: row.manifest as RunManifest };
}
