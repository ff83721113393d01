/**
 * The admin's delivery settings (D31 zones, D36 schedule and closed dates) through the real app and
 * a real database: each refusal names its field and leaves every delivery table as it was, a zone
 * edit changes the quote its ZIPs get, a saved schedule changes the windows datedWindows makes, and
 * only admins reach any of it (D35).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  deliveryClosedDates,
  deliverySettings,
  deliveryWindows,
  deliveryZones,
  deliveryZoneZips,
  orders,
  states,
} from '../../src/db/schema.ts';
import type { AdminClosedDate, AdminSchedule, AdminZone } from '../../src/features/delivery/delivery-settings.ts';
import { addDays, datedWindows, nyDate } from '../../src/features/delivery/windows.ts';
import type { DeliveryQuote } from '../../src/features/delivery/zones.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { signIn, TEST_ORIGIN } from '../helpers/admin.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { setOrderWindow, zoneRecordOf } from '../helpers/delivery.ts';
import { type TestApp, testApp } from '../helpers/env.ts';

const PASSWORD = 'delivery settings password';
let t: TestDb;
let app: TestApp;
const cookies = { admin: '', dispatcher: '', driver: '' };

beforeAll(async () => {
  t = await createTestDb({ windows: 'seed' });
  app = testApp({ db: () => t.db });
  // The zone tests use Charlottesville ZIPs: Virginia is opened here so a quote reaches the zone (D38).
  await t.db.update(states).set({ sales: 'adult' }).where(eq(states.code, 'VA'));
  for (const role of ['admin', 'dispatcher', 'driver'] as const) {
    await createAdmin(t.db, `${role}@example.com`, PASSWORD, role);
    cookies[role] = await signIn(app, `${role}@example.com`, PASSWORD, `198.51.100.${role.length}`);
  }
});
afterAll(() => t.close());

interface ErrorBody {
  error: string;
  code: string;
  fields?: Record<string, string>;
}

function request(path: string, init: { method?: string; body?: unknown; as?: keyof typeof cookies } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: cookies[init.as ?? 'admin'] };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return app.request(`/api/admin/delivery${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Every row of the delivery settings tables and of the audit trail. */
async function snapshot() {
  return {
    zones: await t.db.select().from(deliveryZones).orderBy(asc(deliveryZones.id)),
    zips: await t.db.select().from(deliveryZoneZips).orderBy(asc(deliveryZoneZips.zip)),
    windows: await t.db.select().from(deliveryWindows).orderBy(asc(deliveryWindows.id)),
    settings: await t.db.select().from(deliverySettings),
    closed: await t.db.select().from(deliveryClosedDates).orderBy(asc(deliveryClosedDates.date)),
    audit: await t.db.select().from(auditLog).orderBy(asc(auditLog.id)),
  };
}

/** Sends a request that must be refused with `status`, naming `field`, and change nothing. */
async function refused(path: string, init: { method: string; body?: unknown }, status: number, field: string): Promise<ErrorBody> {
  const before = await snapshot();
  const body = await json<ErrorBody>(await request(path, init), status);
  expect(Object.keys(body.fields ?? {}), JSON.stringify(body)).toContain(field);
  expect(body.fields?.[field]).toBe(body.fields?.[field]?.trim());
  expect(await snapshot()).toEqual(before);
  return body;
}

let orderCounter = 0;
/** An order placed straight into the table (checkout's own rules are tested elsewhere). */
async function insertOrder(zip: string, status: 'processing' | 'delivered' | 'cancelled' = 'processing'): Promise<string> {
  const ref = `SETTINGS${String(++orderCounter).padStart(14, '0')}`;
  await t.db.insert(orders).values({
    ref,
    status,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.com',
    phone: '(202) 555-0199',
    deliveryAddress: '1 Navy Yard',
    deliveryCity: 'Washington',
    deliveryState: 'DC',
    deliveryZipCode: zip,
    ...(await zoneRecordOf(t.db, zip)),
    subtotal: 6000,
    deliveryFee: 0,
    tax: 0,
    total: 6000,
  });
  return ref;
}

const zones = async () => (await json<{ zones: AdminZone[] }>(await request('/zones'), 200)).zones;
const zoneNamed = async (name: string) => {
  const zone = (await zones()).find((z) => z.name === name);
  if (!zone) throw new Error(`no zone ${name}`);
  return zone;
};
const quote = async (zip: string) => json<DeliveryQuote>(await app.request(`/api/delivery/quote?zip=${zip}`), 200);

describe('only admins open the delivery settings (D35)', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/zones'],
    ['POST', '/zones', { state: 'DC', name: 'Sneaky' }],
    ['PATCH', '/zones/1', { feeCents: 1 }],
    ['PUT', '/zones/1/zips', { zips: [] }],
    ['GET', '/schedule'],
    ['PUT', '/schedule', { windows: [{ weekday: 1, start: '09:00', end: '10:00', capacity: 1 }], cutoffMinutes: 0, daysAhead: 0 }],
    ['GET', '/closed-dates'],
    ['POST', '/closed-dates', { date: addDays(nyDate(Date.now()), 2) }],
    ['DELETE', `/closed-dates/${addDays(nyDate(Date.now()), 2)}`],
  ];

  it.each(routes)('%s %s answers 403 to a dispatcher and to a driver, and changes nothing', async (method, path, body) => {
    const before = await snapshot();
    for (const as of ['dispatcher', 'driver'] as const) {
      const res = await request(path, { method, body, as });
      expect((await json<ErrorBody>(res, 403)).code).toBe('forbidden');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await app.request('/api/admin/delivery/zones');
    expect(res.status).toBe(401);
  });
});

describe('zones (D31)', () => {
  it('lists every zone with its ZIPs and the orders placed to them', async () => {
    await insertOrder('20001');
    await insertOrder('20005', 'delivered');
    await insertOrder('20036', 'cancelled');
    const all = await zones();
    expect(all).toHaveLength(12);
    const downtown = all.find((z) => z.name === 'Downtown & Northwest DC');
    expect(downtown).toMatchObject({ state: 'DC', feeCents: null, minimumCents: null, freeFromCents: null, active: true });
    expect(downtown?.zips).toEqual(['20001', '20004', '20005', '20006', '20007', '20009', '20036', '20037']);
    expect(downtown).toMatchObject({ orders: 3, openOrders: 1 });
    expect(all.find((z) => z.name === 'Baltimore & Columbia')).toMatchObject({ feeCents: 1499, minimumCents: 5000, orders: 0 });
  });

  it('counts an order under the zone it was priced in, after its ZIP moves to another zone', async () => {
    const downtown = await zoneNamed('Downtown & Northwest DC');
    const capitol = await zoneNamed('Capitol Hill & the Waterfront');
    await insertOrder('20001');
    const moveZip = async (from: AdminZone, to: AdminZone) => {
      await json(await request(`/zones/${from.id}`, { method: 'PATCH', body: { zips: from.zips.filter((z) => z !== '20001') } }), 200);
      await json(
        await request(`/zones/${to.id}`, { method: 'PATCH', body: { zips: [...to.zips.filter((z) => z !== '20001'), '20001'] } }),
        200,
      );
    };
    await moveZip(downtown, capitol);
    expect(await zoneNamed('Downtown & Northwest DC')).toMatchObject({ orders: downtown.orders + 1, openOrders: downtown.openOrders + 1 });
    expect(await zoneNamed('Capitol Hill & the Waterfront')).toMatchObject({ orders: capitol.orders, openOrders: capitol.openOrders });
    await moveZip(await zoneNamed('Capitol Hill & the Waterfront'), await zoneNamed('Downtown & Northwest DC'));
  });

  it("an edit changes the quote of the zone's ZIPs: fee, minimum, free-from, then not served when inactive", async () => {
    const zone = await zoneNamed('Baltimore & Columbia');
    const saved = await json<AdminZone>(
      await request(`/zones/${zone.id}`, { method: 'PATCH', body: { feeCents: 1799, minimumCents: 6000, freeFromCents: 12000 } }),
      200,
    );
    expect(saved).toMatchObject({ feeCents: 1799, minimumCents: 6000, freeFromCents: 12000, active: true });
    expect(await quote('21201')).toMatchObject({ deliverable: true, fee: 1799, minimum: 6000, freeFrom: 12000 });

    // Empty amounts: D3's fee and threshold, and no minimum.
    await json(
      await request(`/zones/${zone.id}`, { method: 'PATCH', body: { feeCents: null, minimumCents: null, freeFromCents: null } }),
      200,
    );
    expect(await quote('21044')).toMatchObject({ deliverable: true, fee: 999, minimum: null, freeFrom: 5000 });

    await json(await request(`/zones/${zone.id}`, { method: 'PATCH', body: { active: false } }), 200);
    expect(await quote('21201')).toEqual({
      deliverable: false,
      zip: '21201',
      reason: 'not_served',
      message: "We don't deliver to 21201 yet",
    });

    await json(
      await request(`/zones/${zone.id}`, {
        method: 'PATCH',
        body: { feeCents: 1499, minimumCents: 5000, freeFromCents: 10000, active: true },
      }),
      200,
    );
    expect(await quote('21201')).toMatchObject({ deliverable: true, fee: 1499, minimum: 5000, freeFrom: 10000 });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'delivery_zone'));
    expect(trail.find((r) => r.field === 'feeCents' && r.toValue === '1799')).toMatchObject({
      actor: 'admin:admin@example.com',
      fromValue: '1499',
    });
  });

  it('creates a zone with its ZIPs, and a ZIP list replaced moves the quote with it', async () => {
    const created = await json<AdminZone>(
      await request('/zones', { method: 'POST', body: { state: 'VA', name: 'Charlottesville', feeCents: 2499, zips: ['22901', '22903'] } }),
      201,
    );
    expect(created).toMatchObject({
      state: 'VA',
      name: 'Charlottesville',
      feeCents: 2499,
      minimumCents: null,
      active: true,
      zips: ['22901', '22903'],
    });
    expect(await quote('22901')).toMatchObject({ deliverable: true, fee: 2499, zone: { name: 'Charlottesville' } });

    await json(await request(`/zones/${created.id}/zips`, { method: 'PUT', body: { zips: ['22903', '22904'] } }), 200);
    expect((await quote('22901')).deliverable).toBe(false);
    expect(await quote('22904')).toMatchObject({ deliverable: true, fee: 2499 });
  });

  it('refuses a ZIP another zone has, naming the ZIP and that zone, and saves nothing', async () => {
    const body = await refused('/zones', { method: 'POST', body: { state: 'DC', name: 'Overlap', zips: ['20001'] } }, 409, 'zips');
    expect(body.code).toBe('zip_in_other_zone');
    expect(body.error).toBe('20001 is already in the zone Downtown & Northwest DC. Take it out of that zone first.');
    const capitol = await zoneNamed('Capitol Hill & the Waterfront');
    const many = await refused(`/zones/${capitol.id}/zips`, { method: 'PUT', body: { zips: ['20002', '20001', '20010'] } }, 409, 'zips');
    expect(many.error).toContain('20001 (Downtown & Northwest DC)');
    expect(many.error).toContain('20010 (Uptown & Northeast DC)');
    // The same through the edit dialog's PATCH.
    await refused(`/zones/${capitol.id}`, { method: 'PATCH', body: { name: 'Capitol Hill', zips: ['20001'] } }, 409, 'zips');
  });

  it.each<[string, string, unknown, string]>([
    ['a missing name', '/zones', { state: 'DC' }, 'name'],
    ['a blank name', '/zones', { state: 'DC', name: '   ' }, 'name'],
    ['a long name', '/zones', { state: 'DC', name: 'x'.repeat(81) }, 'name'],
    ['an unknown state', '/zones', { state: 'NY', name: 'Brooklyn' }, 'state'],
    ['a negative fee', '/zones', { state: 'DC', name: 'Z', feeCents: -1 }, 'feeCents'],
    ['a fee in dollars', '/zones', { state: 'DC', name: 'Z', feeCents: 9.99 }, 'feeCents'],
    ['a fee as text', '/zones', { state: 'DC', name: 'Z', feeCents: '999' }, 'feeCents'],
    ['a huge minimum', '/zones', { state: 'DC', name: 'Z', minimumCents: 100_001 }, 'minimumCents'],
    ['a negative free-from', '/zones', { state: 'DC', name: 'Z', freeFromCents: -5 }, 'freeFromCents'],
    ['a 4-digit ZIP', '/zones', { state: 'DC', name: 'Z', zips: ['2000'] }, 'zips'],
    ['a ZIP twice', '/zones', { state: 'VA', name: 'Z', zips: ['22901', '22901'] }, 'zips'],
    ['a ZIP of another state', '/zones', { state: 'VA', name: 'Z', zips: ['20850'] }, 'zips'],
    ['an unknown field', '/zones', { state: 'DC', name: 'Z', colour: 'green' }, 'colour'],
  ])('POST refuses %s with 400 naming the field', async (_what, path, body, field) => {
    await refused(path, { method: 'POST', body }, 400, field);
  });

  it('refuses a ZIP the ZIP dataset does not know, one outside DC, Maryland and Virginia, and one of another state, naming each', async () => {
    const unknown = await refused('/zones', { method: 'POST', body: { state: 'DC', name: 'Z', zips: ['20001', '20999'] } }, 400, 'zips');
    // 20999 starts like a DC ZIP (D12's prefixes) but no such ZIP code exists.
    expect(unknown.fields?.zips).toBe('ZIP 20999 is not a US ZIP code.');
    const far = await refused('/zones', { method: 'POST', body: { state: 'VA', name: 'Z', zips: ['10001', '99999'] } }, 400, 'zips');
    expect(far.fields?.zips).toBe('ZIP 10001 is in NY, outside Washington DC, Maryland and Virginia. ZIP 99999 is not a US ZIP code.');
    const richmond = await zoneNamed('Richmond');
    const mismatch = await refused(`/zones/${richmond.id}/zips`, { method: 'PUT', body: { zips: ['23219', '20850'] } }, 400, 'zips');
    expect(mismatch.fields?.zips).toBe('ZIP 20850 is in Maryland, but the zone is in Virginia.');
    // The dataset's state decides: 20588 starts like a DC ZIP but is Maryland's.
    const dcZone = await zoneNamed('Uptown & Northeast DC');
    const prefixOnly = await refused(`/zones/${dcZone.id}`, { method: 'PATCH', body: { zips: [...dcZone.zips, '20588'] } }, 400, 'zips');
    expect(prefixOnly.fields?.zips).toBe('ZIP 20588 is in Maryland, but the zone is in Washington DC.');
    // A Maryland zone cannot take it either: checkout reads D12's prefixes, which say DC.
    const md = await refused('/zones', { method: 'POST', body: { state: 'MD', name: 'Z', zips: ['20588'] } }, 400, 'zips');
    expect(md.fields?.zips).toBe("ZIP 20588 does not start like Maryland's ZIP codes, so checkout refuses it.");
    // Known ZIPs of the zone's state still save, the DC ZIP 20012 among them.
    const saved = await json<AdminZone>(
      await request(`/zones/${dcZone.id}/zips`, { method: 'PUT', body: { zips: [...dcZone.zips, '20012'] } }),
      200,
    );
    expect(saved.zips).toEqual([...dcZone.zips, '20012'].sort());
    await json(await request(`/zones/${dcZone.id}/zips`, { method: 'PUT', body: { zips: dcZone.zips } }), 200);
  });

  it('PATCH and PUT refuse bad values naming the field, and check ZIPs against the state', async () => {
    const zone = await zoneNamed('Fairfax County');
    await refused(`/zones/${zone.id}`, { method: 'PATCH', body: { feeCents: -1 } }, 400, 'feeCents');
    await refused(`/zones/${zone.id}`, { method: 'PATCH', body: { active: 'yes' } }, 400, 'active');
    await refused(`/zones/${zone.id}`, { method: 'PATCH', body: { zips: ['20850'] } }, 400, 'zips');
    const moved = await refused(`/zones/${zone.id}`, { method: 'PATCH', body: { state: 'MD' } }, 400, 'state');
    expect(moved.error).toMatch(/^ZIP 22030 is in Virginia, but the zone is in Maryland\. ZIP 22031 is in Virginia, /);
    expect(moved.error).toMatch(/ 13 more ZIP codes are refused too\.$/);
    await refused(`/zones/${zone.id}/zips`, { method: 'PUT', body: { zips: ['22030', '21201'] } }, 400, 'zips');
    await refused(`/zones/${zone.id}/zips`, { method: 'PUT', body: {} }, 400, 'zips');
    const other = await zoneNamed('Richmond');
    const named = await refused(`/zones/${zone.id}`, { method: 'PATCH', body: { name: other.name.toUpperCase() } }, 409, 'name');
    expect(named.error).toBe('Another zone is already named RICHMOND');
    expect((await request('/zones/9999', { method: 'PATCH', body: { feeCents: 1 } })).status).toBe(404);
    expect((await request('/zones/abc', { method: 'PATCH', body: { feeCents: 1 } })).status).toBe(400);
  });
});

describe('the schedule (D36)', () => {
  const SEED = { windows: [] as unknown[], cutoffMinutes: 60, daysAhead: 6 };
  beforeAll(async () => {
    const seed = await json<AdminSchedule>(await request('/schedule'), 200);
    SEED.windows = seed.windows.map(({ weekday, start, end, capacity, active }) => ({ weekday, start, end, capacity, active }));
  });
  beforeEach(async () => {
    await json(await request('/schedule', { method: 'PUT', body: SEED }), 200);
  });

  const everyDay = (start: string, end: string, capacity: number) =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end, capacity }));

  it("reads the seed: the spec's three windows every day, 10 orders each, 60 minutes' cutoff, 6 days ahead", async () => {
    const schedule = await json<AdminSchedule>(await request('/schedule'), 200);
    expect(schedule.cutoffMinutes).toBe(60);
    expect(schedule.daysAhead).toBe(6);
    expect(schedule.windows).toHaveLength(21);
    expect(schedule.windows.filter((w) => w.weekday === 1).map((w) => [w.start, w.end, w.capacity, w.active])).toEqual([
      ['09:00', '12:00', 10, true],
      ['12:00', '17:00', 10, true],
      ['17:00', '21:00', 10, true],
    ]);
  });

  it('a saved schedule is what datedWindows makes the bookable windows from (read back through GET)', async () => {
    const week = {
      windows: [...everyDay('10:00', '11:30', 3), { weekday: 3, start: '18:00', end: '24:00', capacity: 7, active: false }],
      cutoffMinutes: 30,
      daysAhead: 2,
    };
    const saved = await json<AdminSchedule & { unscheduledBookings: number }>(
      await request('/schedule', { method: 'PUT', body: week }),
      200,
    );
    expect(saved.windows).toHaveLength(8);
    const schedule = await json<AdminSchedule>(await request('/schedule'), 200);
    expect(schedule).toMatchObject({ cutoffMinutes: 30, daysAhead: 2 });
    expect(schedule.windows.find((w) => w.weekday === 3 && w.start === '18:00')).toMatchObject({ endMinute: 1440, active: false });

    const now = Date.now();
    const today = nyDate(now);
    const dated = datedWindows(schedule.windows, schedule, new Set(), now);
    expect(dated.map((w) => [w.id, w.capacity, w.part])).toEqual([
      [`${today}T10:00`, 3, 'morning'],
      [`${addDays(today, 1)}T10:00`, 3, 'morning'],
      [`${addDays(today, 2)}T10:00`, 3, 'morning'],
    ]);
    for (const w of dated) {
      expect(w.end - w.start).toBe(90 * 60_000);
      expect(w.start - w.closesAt).toBe(30 * 60_000);
    }
  });

  it('accepts windows that touch, refuses windows that overlap, naming the later one', async () => {
    const touching = [
      { weekday: 2, start: '09:00', end: '12:00', capacity: 5 },
      { weekday: 2, start: '12:00', end: '13:00', capacity: 5 },
      { weekday: 3, start: '11:00', end: '14:00', capacity: 5 },
    ];
    await json(await request('/schedule', { method: 'PUT', body: { windows: touching, cutoffMinutes: 0, daysAhead: 0 } }), 200);
    await json(await request('/schedule', { method: 'PUT', body: SEED }), 200);

    const overlapping = [...touching, { weekday: 2, start: '11:30', end: '12:30', capacity: 5 }];
    const body = await refused(
      '/schedule',
      { method: 'PUT', body: { windows: overlapping, cutoffMinutes: 0, daysAhead: 0 } },
      400,
      'windows.3.start',
    );
    expect(body.fields?.['windows.3.start']).toBe('Overlaps the Tuesday 9:00 AM - 12:00 PM window');
    // One window inside another.
    const inside = [...everyDay('09:00', '21:00', 5), { weekday: 5, start: '10:00', end: '11:00', capacity: 1 }];
    await refused('/schedule', { method: 'PUT', body: { windows: inside, cutoffMinutes: 0, daysAhead: 0 } }, 400, 'windows.7.start');
  });

  const good = { weekday: 1, start: '09:00', end: '12:00', capacity: 10 };
  it.each<[string, Record<string, unknown>, string]>([
    ['an end before its start', { windows: [good, { ...good, weekday: 2, start: '17:00', end: '09:00' }] }, 'windows.1.end'],
    ['an end equal to its start', { windows: [{ ...good, end: '09:00' }] }, 'windows.0.end'],
    ['an end past midnight', { windows: [{ ...good, end: '24:30' }] }, 'windows.0.end'],
    ['a start as 9:00', { windows: [{ ...good, start: '9:00' }] }, 'windows.0.start'],
    ['a start at 24:00', { windows: [{ ...good, start: '24:00', end: '24:00' }] }, 'windows.0.start'],
    ['no capacity', { windows: [good, { weekday: 4, start: '09:00', end: '10:00' }] }, 'windows.1.capacity'],
    ['a capacity of 0', { windows: [{ ...good, capacity: 0 }] }, 'windows.0.capacity'],
    ['a capacity of 501', { windows: [{ ...good, capacity: 501 }] }, 'windows.0.capacity'],
    ['a fractional capacity', { windows: [{ ...good, capacity: 2.5 }] }, 'windows.0.capacity'],
    ['a weekday of 7', { windows: [{ ...good, weekday: 7 }] }, 'windows.0.weekday'],
    ['an empty week', { windows: [] }, 'windows'],
    ['a cutoff of -1', { cutoffMinutes: -1 }, 'cutoffMinutes'],
    ['a cutoff of 1441', { cutoffMinutes: 1441 }, 'cutoffMinutes'],
    ['days ahead of 31', { daysAhead: 31 }, 'daysAhead'],
    ['days ahead as text', { daysAhead: '3' }, 'daysAhead'],
    ['no days ahead', { daysAhead: undefined }, 'daysAhead'],
  ])('refuses %s with 400 naming the field, and saves nothing of the week', async (_what, change, field) => {
    const body = { windows: [good], cutoffMinutes: 45, daysAhead: 3, ...change };
    await refused('/schedule', { method: 'PUT', body }, 400, field);
    expect(await json<AdminSchedule>(await request('/schedule'), 200)).toMatchObject({ cutoffMinutes: 60, daysAhead: 6 });
  });

  it('keeps orders already booked in a window the new schedule drops, and counts them', async () => {
    const tomorrow = addDays(nyDate(Date.now()), 1);
    const ref = await insertOrder('20001');
    await setOrderWindow(t.db, ref, `${tomorrow}T09:00`, `${tomorrow}T12:00`);
    const [before] = await t.db.select().from(orders).where(eq(orders.ref, ref));

    const unchanged = await json<{ unscheduledBookings: number }>(await request('/schedule', { method: 'PUT', body: SEED }), 200);
    expect(unchanged.unscheduledBookings).toBe(0);
    const week = { windows: everyDay('13:00', '15:00', 1), cutoffMinutes: 60, daysAhead: 6 };
    const saved = await json<{ unscheduledBookings: number }>(await request('/schedule', { method: 'PUT', body: week }), 200);
    expect(saved.unscheduledBookings).toBe(1);
    const [after] = await t.db.select().from(orders).where(eq(orders.ref, ref));
    expect(after).toMatchObject({
      status: 'processing',
      windowStart: before?.windowStart,
      windowEnd: before?.windowEnd,
      windowCapacity: 10,
    });
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.ref, ref));
  });

  it('records the change in the audit trail, one row per weekday that changed', async () => {
    const windows = (SEED.windows as { weekday: number; capacity: number }[]).map((w) => (w.weekday === 5 ? { ...w, capacity: 12 } : w));
    await json(await request('/schedule', { method: 'PUT', body: { ...SEED, windows, cutoffMinutes: 90 } }), 200);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'delivery_schedule')).orderBy(asc(auditLog.id));
    const last = trail.slice(-2);
    expect(last.map((r) => [r.field, r.fromValue, r.toValue])).toEqual([
      ['Friday', '09:00-12:00 x10, 12:00-17:00 x10, 17:00-21:00 x10', '09:00-12:00 x12, 12:00-17:00 x12, 17:00-21:00 x12'],
      ['cutoffMinutes', '60', '90'],
    ]);
  });
});

describe('closed dates (D36)', () => {
  const today = () => nyDate(Date.now());
  const closed = async () => (await json<{ closedDates: AdminClosedDate[] }>(await request('/closed-dates'), 200)).closedDates;

  it('closes a date (the windows skip it), lists it, and opens it again', async () => {
    const date = addDays(today(), 2);
    const added = await json<AdminClosedDate>(
      await request('/closed-dates', { method: 'POST', body: { date, note: '  Staff party  ' } }),
      201,
    );
    expect(added).toEqual({ date, note: 'Staff party', bookedOrders: 0 });
    expect(await closed()).toEqual([{ date, note: 'Staff party', bookedOrders: 0 }]);

    const schedule = await json<AdminSchedule>(await request('/schedule'), 200);
    const dates = (list: AdminClosedDate[]) =>
      new Set(datedWindows(schedule.windows, schedule, new Set(list.map((c) => c.date)), Date.now()).map((w) => w.date));
    expect(dates(await closed()).has(date)).toBe(false);
    expect(dates(await closed()).has(addDays(today(), 1))).toBe(true);

    await refused('/closed-dates', { method: 'POST', body: { date } }, 409, 'date');
    expect(await json(await request(`/closed-dates/${date}`, { method: 'DELETE' }), 200)).toEqual({ deleted: true, date });
    expect(await closed()).toEqual([]);
    expect(dates(await closed()).has(date)).toBe(true);
    expect((await request(`/closed-dates/${date}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('closes today, and says how many orders are booked on a date it closes', async () => {
    expect((await request('/closed-dates', { method: 'POST', body: { date: today() } })).status).toBe(201);
    await json(await request(`/closed-dates/${today()}`, { method: 'DELETE' }), 200);

    const date = addDays(today(), 3);
    for (const status of ['processing', 'processing', 'cancelled'] as const) {
      const ref = await insertOrder('20001');
      await setOrderWindow(t.db, ref, `${date}T17:00`, `${date}T21:00`);
      if (status === 'cancelled') await t.db.update(orders).set({ status }).where(eq(orders.ref, ref));
    }
    const added = await json<AdminClosedDate>(await request('/closed-dates', { method: 'POST', body: { date } }), 201);
    expect(added.bookedOrders).toBe(2);
    expect((await closed()).find((c) => c.date === date)?.bookedOrders).toBe(2);
    await json(await request(`/closed-dates/${date}`, { method: 'DELETE' }), 200);
  });

  it.each<[string, unknown, string]>([
    ['yesterday', () => ({ date: addDays(today(), -1) }), 'date'],
    ['a date that does not exist', () => ({ date: '2031-02-30' }), 'date'],
    ['a date in another format', () => ({ date: '12/25/2031' }), 'date'],
    ['no date', () => ({ note: 'x' }), 'date'],
    ['a note over 200 characters', () => ({ date: addDays(today(), 1), note: 'x'.repeat(201) }), 'note'],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_what, body, field) => {
    const payload = (body as () => unknown)();
    const refusal = await refused('/closed-dates', { method: 'POST', body: payload }, 400, field);
    if (_what === 'yesterday') expect(refusal.error).toBe('Choose today or a later date (New York time)');
  });

  it('refuses to open a date that is not one', async () => {
    const res = await request('/closed-dates/tomorrow', { method: 'DELETE' });
    expect((await json<ErrorBody>(res, 400)).fields).toHaveProperty('date');
  });
});
