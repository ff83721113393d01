/**
 * D40 through the API against a real database: vehicles as data, the driver's employee ID and
 * licence, delivery runs (a driver, a vehicle, orders in stop order, planned times in New York wall
 * time) with their manifest kept package by package, reordering, the refusals, and who sees what:
 * admins and dispatchers manage runs, a driver sees only their own runs of today.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRunStops, deliveryRuns, orders, packages, products, stockMovements, vehicles } from '../../src/db/schema.ts';
import type { ApiProduct } from '../../src/features/catalog/catalog.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import type { DriverAssignments } from '../../src/features/dispatch/door.ts';
import { ensureDriverRecord } from '../../src/features/dispatch/drivers.server.ts';
import type { AdminDriver } from '../../src/features/dispatch/drivers.ts';
import type { AdminRun, DriverRun } from '../../src/features/dispatch/runs.ts';
import type { AdminVehicle } from '../../src/features/dispatch/vehicles.ts';
import { SITE } from '../../src/features/site/settings.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { toEpochOrThrow } from '../../src/lib/ny-time.ts';
import { checkoutPayload, newKey, pick } from '../fixtures/checkout.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { setOrderWindow } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'runs test password, long enough';
const STAFF = {
  admin: 'runs-admin@example.com',
  dispatcher: 'runs-dispatch@example.com',
  sam: 'runs-sam@example.com',
  lee: 'runs-lee@example.com',
} as const;
type Who = keyof typeof STAFF;

const TAG_OLD = '1A4000000000000000000101';
const TAG_LATER = '1A4000000000000000000102';

let t: TestDb;
let app: TestApp;
let item: ApiProduct;
const cookies = {} as Record<Who, string>;
const driverIds = { sam: 0, lee: 0 };
const today = nyDate(Date.now());
let untaggedPackage = 0;

beforeAll(async () => {
  t = await createTestDb();
  app = testApp({ db: () => t.db });
  const catalogue = (await (await app.request('/api/products')).json()) as ApiProduct[];
  item = pick(catalogue, (p) => p.category === 'Edible' && !p.isDeal && p.stockQuantity != null, 'tracked edible');
  await createAdmin(t.db, STAFF.admin, PASSWORD);
  await createAdmin(t.db, STAFF.dispatcher, PASSWORD, 'dispatcher');
  driverIds.sam = await ensureDriverRecord(t.db, await createAdmin(t.db, STAFF.sam, PASSWORD, 'driver'), {
    name: 'Sam Rivera',
    phone: '(202) 555-0101',
  });
  driverIds.lee = await ensureDriverRecord(t.db, await createAdmin(t.db, STAFF.lee, PASSWORD, 'driver'), {
    name: 'Lee Chen',
    phone: '(202) 555-0102',
  });
  let ip = 0;
  for (const who of Object.keys(STAFF) as Who[]) cookies[who] = await signIn(app, STAFF[who], PASSWORD, `198.51.100.${++ip}`);

  // The product's stock: one old tagged package of 1 piece, then an untagged one; an order of 2
  // takes one from each, first in, first out.
  await t.db.run(sql`update ${packages} set quantity_milli = 0, status = 'finished' where product_id = ${item.id}`);
  await t.db.update(products).set({ stockMilli: 0, available: true }).where(eq(products.id, item.id));
  for (const p of [
    { tag: TAG_OLD, pieces: 1, receivedOn: '2026-01-02' },
    { tag: null, pieces: 500, receivedOn: '2026-01-03' },
  ]) {
    const [row] = await t.db
      .insert(packages)
      .values({ tag: p.tag, productId: item.id, unit: 'each', receivedOn: p.receivedOn, receivedMilli: p.pieces * 1000 })
      .returning({ id: packages.id });
    if (!row) throw new Error('no package');
    if (p.tag == null) untaggedPackage = row.id;
    await t.db
      .insert(stockMovements)
      .values({ productId: item.id, packageId: row.id, deltaMilli: p.pieces * 1000, reason: 'received', actor: 'test', note: 'Received' });
  }
});
afterAll(() => t.close());

function request(path: string, init: { method?: string; body?: unknown; as?: Who } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: cookies[init.as ?? 'admin'] };
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

type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

let customer = 0;

/** A shopper's order through checkout, put in a window on `date` and given to `driver` as dispatch would. */
async function assignedOrder(
  driver: keyof typeof driverIds | null,
  { date = today, quantity = 1, window = ['17:00', '21:00'] }: { date?: string; quantity?: number; window?: [string, string] } = {},
): Promise<string> {
  const n = ++customer;
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
    body: JSON.stringify(
      checkoutPayload([{ productId: item.id, quantity }], {
        customer: {
          firstName: 'Ada',
          lastName: `Stop${n}`,
          email: `runs-${n}@example.com`,
          phone: `(301) 555-${String(n).padStart(4, '0')}`,
        },
        deliveryAddress: `${n} Main Street`,
      }),
    ),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { orderId: ref } = (await res.json()) as { orderId: string };
  await setOrderWindow(t.db, ref, `${date}T${window[0]}`, `${date}T${window[1]}`);
  if (driver) {
    await t.db
      .update(orders)
      .set({ driverId: driverIds[driver], deliveryStatus: 'assigned', status: 'confirmed' })
      .where(eq(orders.ref, ref));
  }
  return ref;
}

const newVehicle = (body: Record<string, unknown>, as: Who = 'admin') =>
  json<AdminVehicle>(request('/api/admin/vehicles', { method: 'POST', body, as }), 201);

let plates = 0;
/** An active vehicle with a plate of its own. */
const someVehicle = () => newVehicle({ make: 'Honda', model: 'Fit', colour: 'blue', plate: `RUN${++plates}`, registrationState: 'MD' });

async function readyDriver(who: keyof typeof driverIds) {
  return json<AdminDriver>(
    request(`/api/admin/drivers/${driverIds[who]}`, {
      method: 'PATCH',
      body: { active: true, employeeId: `E-${who}`, licenceNumber: `${who}-123-456` },
    }),
  );
}

const runCount = async () => (await t.db.select({ n: count() }).from(deliveryRuns))[0]?.n ?? 0;

const createRun = (body: Record<string, unknown>, as: Who = 'admin') => request('/api/admin/runs', { method: 'POST', body, as });

describe('vehicles (D40)', () => {
  it('adds, lists and edits vehicles; the plate is kept as letters and digits, upper case', async () => {
    const created = await newVehicle({ make: ' Toyota ', model: 'Prius', colour: 'grey', plate: '1ab-23 45', registrationState: 'md' });
    expect(created).toEqual({
      id: expect.any(Number),
      make: 'Toyota',
      model: 'Prius',
      colour: 'grey',
      plate: '1AB2345',
      registrationState: 'MD',
      active: true,
    });
    const edited = await json<AdminVehicle>(
      request(`/api/admin/vehicles/${created.id}`, { method: 'PATCH', body: { colour: 'silver', active: false } }),
    );
    expect(edited).toMatchObject({ id: created.id, colour: 'silver', active: false, plate: '1AB2345' });
    const { vehicles: list } = await json<{ vehicles: AdminVehicle[] }>(request('/api/admin/vehicles'));
    expect(list.find((v) => v.id === created.id)).toEqual(edited);
    // A plate from any US registration: a driver's own car from Pennsylvania.
    await newVehicle({ make: 'Subaru', model: 'Outback', plate: 'KZX1234', registrationState: 'PA' });
  });

  it('refuses the same plate in the same state (409), not in another state', async () => {
    await newVehicle({ make: 'Ford', model: 'Transit', plate: 'DUP 001', registrationState: 'VA' });
    const dup = await json<ErrorBody>(
      request('/api/admin/vehicles', { method: 'POST', body: { make: 'Ford', model: 'Focus', plate: 'dup-001', registrationState: 'VA' } }),
      409,
    );
    expect(dup).toEqual({
      error: 'Another vehicle already has the plate VA DUP001.',
      code: 'duplicate_plate',
      fields: { plate: 'Another vehicle already has the plate VA DUP001.' },
    });
    const other = await newVehicle({ make: 'Ford', model: 'Focus', plate: 'DUP001', registrationState: 'DC' });
    // Moving a plate onto another vehicle's is refused the same way.
    const moved = await json<ErrorBody>(
      request(`/api/admin/vehicles/${other.id}`, { method: 'PATCH', body: { registrationState: 'VA' } }),
      409,
    );
    expect(moved.fields?.plate).toBe('Another vehicle already has the plate VA DUP001.');
  });

  it('refuses bad details with 422 naming the field, and saves nothing; 404 for an unknown vehicle', async () => {
    const before = (await t.db.select({ n: count() }).from(vehicles))[0]?.n;
    const ok = { make: 'Kia', model: 'Soul', plate: 'OK1', registrationState: 'MD' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, make: ' ' }, 'make', 'Make is required'],
      [{ ...ok, model: undefined }, 'model', 'Model is required'],
      [{ ...ok, plate: '' }, 'plate', 'Plate is required'],
      [{ ...ok, plate: 'AB#12' }, 'plate', 'A plate has only letters and digits (spaces and dashes are left out)'],
      [{ ...ok, plate: 'ABCDEFGHI' }, 'plate', 'A plate has at most 8 letters and digits'],
      [
        { ...ok, registrationState: 'XX' },
        'registrationState',
        'Choose the state the plate is registered in, by its postal code (MD, DC, VA …)',
      ],
      [
        { ...ok, registrationState: undefined },
        'registrationState',
        'Choose the state the plate is registered in, by its postal code (MD, DC, VA …)',
      ],
      [{ ...ok, active: 'yes' }, 'active', 'Choose whether the vehicle is active'],
      [{ ...ok, colour: 'x'.repeat(41) }, 'colour', 'The colour must be at most 40 characters'],
    ];
    for (const [body, field, message] of cases) {
      const err = await json<ErrorBody>(request('/api/admin/vehicles', { method: 'POST', body }), 422);
      expect(err.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await t.db.select({ n: count() }).from(vehicles))[0]?.n).toBe(before);
    expect((await json<ErrorBody>(request('/api/admin/vehicles/999999', { method: 'PATCH', body: { active: true } }), 404)).code).toBe(
      'not_found',
    );
  });
});

describe("the driver's employee ID and licence (D40)", () => {
  it('saves, lists and checks them', async () => {
    const saved = await json<AdminDriver>(
      request(`/api/admin/drivers/${driverIds.lee}`, {
        method: 'PATCH',
        body: { employeeId: ' E-0042 ', licenceNumber: 'c-123-456-789-012' },
      }),
    );
    expect(saved).toMatchObject({ employeeId: 'E-0042', licenceNumber: 'C-123-456-789-012' });
    const { drivers: list } = await json<{ drivers: AdminDriver[] }>(request('/api/admin/drivers', { as: 'dispatcher' }));
    expect(list.find((d) => d.id === driverIds.lee)).toMatchObject({ employeeId: 'E-0042', licenceNumber: 'C-123-456-789-012' });
    const created = await json<AdminDriver>(
      request('/api/admin/drivers', {
        method: 'POST',
        body: { name: 'New Nia', phone: '2025550111', employeeId: 'E-9', licenceNumber: 'N1' },
      }),
      201,
    );
    expect(created).toMatchObject({ employeeId: 'E-9', licenceNumber: 'N1' });
    for (const [body, field] of [
      [{ licenceNumber: 'C#1' }, 'licenceNumber'],
      [{ licenceNumber: 'x'.repeat(31) }, 'licenceNumber'],
      [{ employeeId: 'E<1>' }, 'employeeId'],
    ] as const) {
      const err = await json<ErrorBody>(request(`/api/admin/drivers/${driverIds.lee}`, { method: 'PATCH', body }), 422);
      expect(Object.keys(err.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
  });
});

describe('runs and their kept manifest (D40)', () => {
  it("makes a run of the driver's orders in stop order, with a manifest naming every package's tag", async () => {
    await readyDriver('sam');
    const vehicle = await newVehicle({ make: 'Toyota', model: 'Sienna', colour: 'white', plate: '9SAM001', registrationState: 'MD' });
    const first = await assignedOrder('sam', { quantity: 2 });
    const second = await assignedOrder('sam');

    const run = await json<AdminRun>(
      createRun({
        driverId: driverIds.sam,
        vehicleId: vehicle.id,
        date: today,
        orderRefs: [second, first],
        plannedDeparture: '16:30',
        plannedArrival: '21:30',
        route: 'Shop to Rockville by MD-355, back by I-270',
      }),
      201,
    );
    expect(run).toMatchObject({
      date: today,
      driver: { id: driverIds.sam, name: 'Sam Rivera' },
      vehicle: { id: vehicle.id, label: 'Toyota Sienna, white', plateText: 'MD 9SAM001' },
      plannedDeparture: toEpochOrThrow(`${today}T16:30`),
      plannedArrival: toEpochOrThrow(`${today}T21:30`),
      plannedDepartureWall: `${today}T16:30`,
      editable: true,
      createdBy: `admin:${STAFF.admin}`,
    });
    expect(run.stops.map((s) => [s.position, s.ref])).toEqual([
      [1, second],
      [2, first],
    ]);
    const m = run.manifest;
    expect(m.shipper).toEqual({ name: SITE.name, phone: SITE.phone, licences: [{ state: 'MD', number: '' }] });
    expect(m.driver).toEqual({ name: 'Sam Rivera', phone: '(202) 555-0101', employeeId: 'E-sam', licenceNumber: 'SAM-123-456' });
    expect(m.vehicle).toMatchObject({ make: 'Toyota', model: 'Sienna', colour: 'white', plate: '9SAM001', registrationState: 'MD' });
    expect(m.route).toBe('Shop to Rockville by MD-355, back by I-270');
    expect(m.stops.map((s) => s.ref)).toEqual([second, first]);
    // The first order, placed first, took the old tagged package's one piece and one untagged.
    expect(m.stops[1]?.lines).toEqual([
      {
        description: item.name,
        quantity: 2,
        amountText: '2 pieces',
        packages: [
          { tag: TAG_OLD, tagText: TAG_OLD, quantity: 1, unit: 'each', amountText: '1 piece', batch: '' },
          { tag: null, tagText: 'Needs a tag', quantity: 1, unit: 'each', amountText: '1 piece', batch: '' },
        ],
      },
    ]);
    expect(m.stops[0]?.lines[0]?.packages.map((p) => p.tagText)).toEqual(['Needs a tag']);
    expect(m).toMatchObject({ packageCount: 3, untaggedCount: 2, pieces: 3 });

    // Kept: the row holds what was answered; a tag added later does not rewrite it.
    const [row] = await t.db.select().from(deliveryRuns).where(eq(deliveryRuns.id, run.id));
    expect(row?.manifest).toEqual(m);
    await t.db.update(packages).set({ tag: TAG_LATER }).where(eq(packages.id, untaggedPackage));
    expect((await json<AdminRun>(request(`/api/admin/runs/${run.id}`))).manifest).toEqual(m);

    // Reordering writes the manifest again, with the tag as it is now.
    const reordered = await json<AdminRun>(
      request(`/api/admin/runs/${run.id}`, { method: 'PATCH', body: { orderRefs: [first, second], plannedArrival: '22:00' } }),
    );
    expect(reordered.stops.map((s) => s.ref)).toEqual([first, second]);
    expect(reordered.manifest.stops.map((s) => [s.number, s.ref])).toEqual([
      [1, first],
      [2, second],
    ]);
    expect(reordered.manifest.stops[0]?.lines[0]?.packages.map((p) => p.tagText)).toEqual([TAG_OLD, TAG_LATER]);
    expect(reordered.manifest.untaggedCount).toBe(0);
    expect(reordered.plannedArrival).toBe(toEpochOrThrow(`${today}T22:00`));
    expect(reordered.plannedDeparture).toBe(run.plannedDeparture);
    const stops = await t.db.select().from(deliveryRunStops).where(eq(deliveryRunStops.runId, run.id)).orderBy(deliveryRunStops.position);
    expect(stops.map((s) => s.position)).toEqual([1, 2]);

    // The day's list, as dispatch sees it.
    const { runs } = await json<{ runs: AdminRun[] }>(request(`/api/admin/runs?date=${today}`, { as: 'dispatcher' }));
    expect(runs.find((r) => r.id === run.id)?.stops.map((s) => s.ref)).toEqual([first, second]);
    expect((await json<{ runs: AdminRun[] }>(request(`/api/admin/runs?date=${addDays(today, 30)}`))).runs).toEqual([]);
  });

  it('refuses inactive or incomplete drivers, inactive or unknown vehicles, unknown and unfit orders, bad times, and writes nothing', async () => {
    await readyDriver('sam');
    await readyDriver('lee');
    const vehicle = await someVehicle();
    const mine = await assignedOrder('sam');
    const lees = await assignedOrder('lee');
    const nobodys = await assignedOrder(null);
    const tomorrows = await assignedOrder('sam', { date: addDays(today, 1) });
    const cancelled = await assignedOrder('sam');
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, cancelled));
    const onRun = await assignedOrder('sam');
    await json(
      createRun({
        driverId: driverIds.sam,
        vehicleId: vehicle.id,
        date: today,
        orderRefs: [onRun],
        plannedDeparture: '09:00',
        plannedArrival: '10:00',
      }),
      201,
    );
    const before = await runCount();
    const base = {
      driverId: driverIds.sam,
      vehicleId: vehicle.id,
      date: today,
      orderRefs: [mine],
      plannedDeparture: '16:00',
      plannedArrival: '20:00',
    };

    const refused = async (body: Record<string, unknown>, status: number, field: string, pattern: RegExp) => {
      const err = await json<ErrorBody>(createRun(body), status);
      expect(err.fields?.[field], `${JSON.stringify(body)}: ${err.error}`).toMatch(pattern);
      return err;
    };
    await refused(
      { ...base, orderRefs: [mine, lees] },
      409,
      'orderRefs',
      new RegExp(`^Order ${lees} cannot go on this run: not assigned to this driver in Deliveries\\.`),
    );
    await refused({ ...base, orderRefs: [nobodys] }, 409, 'orderRefs', /not assigned to this driver/);
    await refused({ ...base, orderRefs: [tomorrows] }, 409, 'orderRefs', /window is on another day/);
    await refused({ ...base, orderRefs: [cancelled] }, 409, 'orderRefs', /: cancelled\. Nothing was changed\.$/);
    const taken = await refused({ ...base, orderRefs: [onRun] }, 409, 'orderRefs', /already on run \d+/);
    expect(taken.code).toBe('not_for_this_run');
    await refused({ ...base, orderRefs: ['AAAAAAAAAAAAAAAAAAAAAA'] }, 404, 'orderRefs', /couldn't find order AAAAAAAAAAAAAAAAAAAAAA/);
    await refused({ ...base, orderRefs: [mine, mine] }, 422, 'orderRefs', /named twice/);
    await refused({ ...base, orderRefs: [] }, 422, 'orderRefs', /at least one order/);
    await refused({ ...base, plannedArrival: '15:00' }, 422, 'plannedArrival', /after the departure/);
    await refused({ ...base, plannedDeparture: '4pm' }, 422, 'plannedDeparture', /HH:mm/);
    await refused({ ...base, vehicleId: 999999 }, 422, 'vehicleId', /no such vehicle/);
    await refused({ ...base, driverId: 999999 }, 422, 'driverId', /no such driver/);
    await refused({ ...base, date: '2026-02-30' }, 422, 'date', /not a real date/);

    await t.db.update(vehicles).set({ active: false }).where(eq(vehicles.id, vehicle.id));
    await refused(base, 422, 'vehicleId', /is not active/);
    await t.db.update(vehicles).set({ active: true }).where(eq(vehicles.id, vehicle.id));

    await json(request(`/api/admin/drivers/${driverIds.sam}`, { method: 'PATCH', body: { licenceNumber: '' } }));
    await refused(base, 422, 'driverId', /Sam Rivera has no driver's licence number yet/);
    await json(request(`/api/admin/drivers/${driverIds.sam}`, { method: 'PATCH', body: { active: false } }));
    await refused(base, 422, 'driverId', /Sam Rivera is not active/);
    await readyDriver('sam');

    expect(await runCount()).toBe(before);
    // And the same run, once it fits, is made.
    await json(createRun(base), 201);
  });

  it('puts an order on one run only when two runs racing for it are made at once', async () => {
    await readyDriver('sam');
    const vehicle = await someVehicle();
    const contested = await assignedOrder('sam');
    const body = {
      driverId: driverIds.sam,
      vehicleId: vehicle.id,
      date: today,
      orderRefs: [contested],
      plannedDeparture: '16:00',
      plannedArrival: '20:00',
    };
    const before = await runCount();
    const answers = await Promise.all(Array.from({ length: 4 }, () => createRun(body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of answers.filter((a) => a.status === 409)) expect(((await r.json()) as ErrorBody).error).toMatch(/already on run \d+/);
    expect(await runCount()).toBe(before + 1);
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.ref, contested));
    expect(
      await t.db
        .select()
        .from(deliveryRunStops)
        .where(eq(deliveryRunStops.orderId, order?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('keeps an order on a run with its driver: dispatch cannot give it to someone else until it is taken off', async () => {
    await readyDriver('sam');
    const vehicle = await someVehicle();
    const a = await assignedOrder('sam');
    const b = await assignedOrder('sam');
    const run = await json<AdminRun>(
      createRun({
        driverId: driverIds.sam,
        vehicleId: vehicle.id,
        date: today,
        orderRefs: [a, b],
        plannedDeparture: '16:00',
        plannedArrival: '20:00',
      }),
      201,
    );
    const moved = await json<ErrorBody>(
      request('/api/admin/deliveries/assign', { method: 'POST', body: { driverId: driverIds.lee, refs: [a] } }),
      409,
    );
    expect(moved.error).toBe(
      `Order ${a} can no longer be assigned: it is on run ${run.id}; take it off the run first. Nothing was changed.`,
    );
    // Taken off the run, it may go to anyone.
    await json(request(`/api/admin/runs/${run.id}`, { method: 'PATCH', body: { orderRefs: [b] } }));
    await json(request('/api/admin/deliveries/assign', { method: 'POST', body: { driverId: driverIds.lee, refs: [a] } }));
  });

  it('stops changes and deletion once a stop is out for delivery; deletes a run that has not left', async () => {
    await readyDriver('sam');
    const vehicle = await someVehicle();
    const out = await assignedOrder('sam');
    const waiting = await assignedOrder('sam');
    const body = { driverId: driverIds.sam, vehicleId: vehicle.id, date: today, plannedDeparture: '16:00', plannedArrival: '20:00' };
    const leaving = await json<AdminRun>(createRun({ ...body, orderRefs: [out] }), 201);
    const staying = await json<AdminRun>(createRun({ ...body, orderRefs: [waiting] }), 201);

    expect((await json(request(`/api/driver/orders/${out}/out`, { method: 'POST', as: 'sam' }))) as object).toMatchObject({
      deliveryStatus: 'out',
    });
    const kept = await json<AdminRun>(request(`/api/admin/runs/${leaving.id}`));
    expect(kept.editable).toBe(false);
    for (const res of [
      request(`/api/admin/runs/${leaving.id}`, { method: 'PATCH', body: { plannedArrival: '23:00' } }),
      request(`/api/admin/runs/${leaving.id}`, { method: 'DELETE' }),
    ]) {
      expect((await json<ErrorBody>(res, 409)).code).toBe('run_left');
    }
    expect((await json<AdminRun>(request(`/api/admin/runs/${leaving.id}`))).manifest).toEqual(leaving.manifest);

    expect(await json(request(`/api/admin/runs/${staying.id}`, { method: 'DELETE', as: 'dispatcher' }))).toEqual({ deleted: true });
    expect(await t.db.select().from(deliveryRunStops).where(eq(deliveryRunStops.runId, staying.id))).toEqual([]);
    await json(request(`/api/admin/runs/${staying.id}`), 404);
    // Its order stays with the driver and may go on another run.
    await json(createRun({ ...body, orderRefs: [waiting] }), 201);
  });

  it('plans times in New York wall time across the clock changes', async () => {
    await readyDriver('sam');
    const vehicle = await someVehicle();
    // Fall back, 2026-11-01: a run from 1:30 AM (the first, EDT) to 1:30 AM EST is one hour.
    const night = await assignedOrder('sam', { date: '2026-11-01', window: ['01:00', '04:00'] });
    const run = await json<AdminRun>(
      createRun({
        driverId: driverIds.sam,
        vehicleId: vehicle.id,
        date: '2026-11-01',
        orderRefs: [night],
        plannedDeparture: '00:30',
        plannedArrival: '2026-11-01T06:00:00Z',
      }),
      201,
    );
    expect(run.plannedDeparture).toBe(Date.UTC(2026, 10, 1, 4, 30));
    expect(run.manifest.plannedDepartureText).toBe('Nov 1, 2026, 12:30 AM EDT');
    expect(run.manifest.plannedArrivalText).toBe('Nov 1, 2026, 1:00 AM EST');
    const later = await json<AdminRun>(request(`/api/admin/runs/${run.id}`, { method: 'PATCH', body: { plannedArrival: '03:00' } }));
    expect((later.plannedArrival - later.plannedDeparture) / 3_600_000).toBe(3.5);

    // Spring forward, 2026-03-08: 2:30 AM does not happen in New York.
    const spring = await assignedOrder('sam', { date: '2026-03-08', window: ['01:00', '05:00'] });
    const err = await json<ErrorBody>(
      createRun({
        driverId: driverIds.sam,
        vehicleId: vehicle.id,
        date: '2026-03-08',
        orderRefs: [spring],
        plannedDeparture: '02:30',
        plannedArrival: '04:00',
      }),
      422,
    );
    expect(err.fields?.plannedDeparture).toMatch(/does not exist in New York: the clocks skip that hour/);
    const ok = await json<AdminRun>(
      createRun({
        driverId: driverIds.sam,
        vehicleId: vehicle.id,
        date: '2026-03-08',
        orderRefs: [spring],
        plannedDeparture: '01:30',
        plannedArrival: '03:30',
      }),
      201,
    );
    expect((ok.plannedArrival - ok.plannedDeparture) / 3_600_000).toBe(1);
    expect(ok.manifest.plannedArrivalText).toBe('Mar 8, 2026, 3:30 AM EDT');
  });
});

describe('who sees runs (D35)', () => {
  it("shows a driver their own runs of today on their page, and nobody else's", async () => {
    await readyDriver('sam');
    await readyDriver('lee');
    const vehicle = await someVehicle();
    const samsOrder = await assignedOrder('sam');
    const leesOrder = await assignedOrder('lee');
    const tomorrows = await assignedOrder('sam', { date: addDays(today, 1) });
    const base = { vehicleId: vehicle.id, date: today, plannedDeparture: '16:45', plannedArrival: '21:45' };
    const sams = await json<AdminRun>(createRun({ ...base, driverId: driverIds.sam, orderRefs: [samsOrder] }, 'dispatcher'), 201);
    const lees = await json<AdminRun>(createRun({ ...base, driverId: driverIds.lee, orderRefs: [leesOrder] }), 201);
    const samsTomorrow = await json<AdminRun>(
      createRun({ ...base, driverId: driverIds.sam, date: addDays(today, 1), orderRefs: [tomorrows] }),
      201,
    );
    expect(sams.createdBy).toBe(`dispatcher:${STAFF.dispatcher}`);

    const day = await json<DriverAssignments>(request('/api/driver/assignments', { as: 'sam' }));
    const numbers = day.runs.map((r) => r.number);
    expect(numbers).toContain(sams.id);
    expect(numbers).not.toContain(lees.id);
    expect(numbers).not.toContain(samsTomorrow.id);
    const shown = day.runs.find((r) => r.number === sams.id);
    expect(shown?.manifest).toEqual(sams.manifest);
    expect(shown?.manifest.stops[0]?.lines[0]?.packages.length).toBeGreaterThan(0);

    expect(await json<DriverRun>(request(`/api/driver/runs/${sams.id}`, { as: 'sam' }))).toEqual({
      number: sams.id,
      manifest: sams.manifest,
    });
    for (const id of [lees.id, samsTomorrow.id, 999999]) {
      expect(await json<ErrorBody>(request(`/api/driver/runs/${id}`, { as: 'sam' }), 404)).toEqual({
        error: 'We could not find this run.',
        code: 'not_found',
      });
    }
    expect((await request(`/api/driver/runs/${sams.id}`, { as: 'dispatcher' })).status).toBe(403);
  });

  it('keeps drivers out of the admin routes of runs and vehicles (403), and everyone without a session (401)', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/runs'],
      ['POST', '/api/admin/runs'],
      ['GET', '/api/admin/runs/1'],
      ['PATCH', '/api/admin/runs/1'],
      ['DELETE', '/api/admin/runs/1'],
      ['GET', '/api/admin/vehicles'],
      ['POST', '/api/admin/vehicles'],
      ['PATCH', '/api/admin/vehicles/1'],
    ];
    for (const [method, path] of calls) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await request(path, { method, as: 'sam', ...(body ? { body } : {}) })).status, `${method} ${path}`).toBe(403);
      const anon = await app.request(path, { method, headers: { origin: TEST_ORIGIN } });
      expect(anon.status, `${method} ${path}`).toBe(401);
    }
  });
});
