/**
 * Decision 0027: the admin's writes that depend on a read (a driver's sign-in account, retiring a
 * category, delivery zones, the schedule, closed dates) are each one batch whose guards refuse it
 * when that read changed meanwhile. Writes started at once (Promise.all, on one database) leave the
 * data as some order of them would: one wins where only one may, every change answered as saved
 * stands, and the audit trail is a chain. A change made between a write's reads and its batch (run
 * there on purpose) refuses that write with the reason, and nothing of it is saved.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admins,
  auditLog,
  categories,
  deliveryClosedDates,
  deliveryZones,
  deliveryZoneZips,
  drivers,
  products,
} from '../../src/db/schema.ts';
import {
  addClosedDate,
  createZone,
  readSchedule,
  removeClosedDate,
  saveSchedule,
  updateZone,
} from '../../src/features/delivery/delivery-settings.server.ts';
import type { AdminSchedule } from '../../src/features/delivery/delivery-settings.ts';
import { addDays, nyDate } from '../../src/features/delivery/windows.ts';
import { createDriver, updateDriver } from '../../src/features/dispatch/drivers.server.ts';
import { createMenuItem, setRetired } from '../../src/features/menu/categories.server.ts';
import { createAdmin } from '../../src/features/staff/accounts.server.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { createTestDb, type TestDb } from '../helpers/db.ts';
import { changedBeforeBatch, nthBatch, refusal } from '../helpers/interleave.ts';

const PASSWORD = 'write races password';
const ACTOR = 'admin:races@example.com';
let t: TestDb;

beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());

/** How each of `writes` ended: 'saved', or the refusal's status and code; in the order given. */
async function outcomes(writes: readonly Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(writes);
  return settled.map((s) => {
    if (s.status === 'fulfilled') return 'saved';
    if (s.reason instanceof HttpError) return `${s.reason.status} ${s.reason.code}`;
    throw s.reason;
  });
}

/** The refusal among `writes` (exactly one must be refused). */
async function theRefusal(writes: readonly Promise<unknown>[]): Promise<HttpError> {
  const refused = (await Promise.allSettled(writes)).flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  expect(refused).toHaveLength(1);
  expect(refused[0]).toBeInstanceOf(HttpError);
  return refused[0] as HttpError;
}

/** The audit rows of one entity's `field`, oldest first. */
async function trail(entity: 'delivery_zone' | 'delivery_schedule' | 'category', entityId: number, field: string) {
  return t.db
    .select({ from: auditLog.fromValue, to: auditLog.toValue })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId), eq(auditLog.field, field)))
    .orderBy(asc(auditLog.id));
}

/** The trail is a chain from `first` to `last`: each row starts where the one before it ended. */
function expectChain(rows: readonly { from: string | null; to: string | null }[], first: string | null, last: string | null) {
  expect(rows.map((r) => r.from)).toEqual([first, ...rows.slice(0, -1).map((r) => r.to)]);
  expect(rows.at(-1)?.to ?? first).toBe(last);
}

describe('drivers: the sign-in account a driver links (D30)', () => {
  let accounts = 0;
  /** A new staff account of `role`: its e-mail and id. */
  async function staffAccount(role: 'driver' | 'dispatcher' = 'driver'): Promise<{ email: string; id: number }> {
    const email = `race-driver-${++accounts}@example.com`;
    return { email, id: await createAdmin(t.db, email, PASSWORD, role) };
  }
  const linkedTo = async (staffId: number) => t.db.select({ name: drivers.name }).from(drivers).where(eq(drivers.staffId, staffId));
  const driverCount = async () => (await t.db.select({ n: count() }).from(drivers))[0]?.n ?? 0;
  const input = (name: string, email: string | null) => ({
    name,
    phone: '2025550101',
    active: true,
    employeeId: '',
    licenceNumber: '',
    email,
  });

  it('of two drivers added at once with one account, one links it and the other is told who has it', async () => {
    const { email, id } = await staffAccount();
    const before = await driverCount();
    const writes = ['Ana', 'Bea'].map((name) => createDriver(t.db, input(name, email)));
    expect((await outcomes(writes)).sort()).toEqual(['422 account_taken', 'saved']);
    const [winner] = await linkedTo(id);
    expect((await theRefusal(writes)).fields?.email).toBe(
      `${email} already signs in as the driver ${winner?.name}. Edit that driver, or use another account.`,
    );
    expect(await linkedTo(id)).toHaveLength(1);
    expect(await driverCount()).toBe(before + 1);
  });

  it('of two drivers given one account at once, one gets it and the other keeps what it had', async () => {
    const { email, id } = await staffAccount();
    const pair = await Promise.all(['Cy', 'Di'].map((name) => createDriver(t.db, input(name, null))));
    const writes = pair.map((d) => updateDriver(t.db, d.id, { email, phone: '2025550199' }));
    expect((await outcomes(writes)).sort()).toEqual(['422 account_taken', 'saved']);
    const [winner] = await linkedTo(id);
    const loser = pair.find((d) => d.name !== winner?.name);
    const [kept] = await t.db
      .select({ phone: drivers.phone, staffId: drivers.staffId })
      .from(drivers)
      .where(eq(drivers.id, loser?.id ?? 0));
    expect(kept).toEqual({ phone: '2025550101', staffId: null });
  });

  it('links nothing when the account stops being a driver account between the check and the write', async () => {
    const { email, id } = await staffAccount();
    const toDispatcher = () => t.db.update(admins).set({ role: 'dispatcher' }).where(eq(admins.id, id));
    const before = await driverCount();
    const err = await refusal(createDriver(changedBeforeBatch(t.db, nthBatch(1), toDispatcher), input('Eve', email)));
    expect([err.status, err.code, err.fields?.email]).toEqual([
      422,
      'no_driver_account',
      expect.stringContaining(`${email} is a dispatcher account, not a driver account.`),
    ]);
    expect(await driverCount()).toBe(before);

    await t.db.update(admins).set({ role: 'driver' }).where(eq(admins.id, id));
    const fay = await createDriver(t.db, input('Fay', null));
    const again = await refusal(updateDriver(changedBeforeBatch(t.db, nthBatch(1), toDispatcher), fay.id, { email, name: 'Fay Renamed' }));
    expect([again.status, again.code]).toEqual([422, 'no_driver_account']);
    expect(await linkedTo(id)).toEqual([]);
    const [kept] = await t.db.select({ name: drivers.name }).from(drivers).where(eq(drivers.id, fay.id));
    expect(kept?.name).toBe('Fay');
  });

  it('refuses the link, naming the driver, when another driver takes the account between the check and the write', async () => {
    const { email, id } = await staffAccount();
    const takeIt = () => t.db.insert(drivers).values({ name: 'Gus', phone: '2025550101', staffId: id });
    const err = await refusal(createDriver(changedBeforeBatch(t.db, nthBatch(1), takeIt), input('Hal', email)));
    expect([err.status, err.code, err.message]).toEqual([
      422,
      'account_taken',
      `${email} already signs in as the driver Gus. Edit that driver, or use another account.`,
    ]);
    expect(await linkedTo(id)).toEqual([{ name: 'Gus' }]);
    expect(await t.db.select().from(drivers).where(eq(drivers.name, 'Hal'))).toEqual([]);
  });
});

describe('categories: retiring one (M1)', () => {
  const newCategory = (name: string) => createMenuItem(t.db, ACTOR, 'category', { name, description: '', image: '' });
  const retiredOf = async (id: number) =>
    (await t.db.select({ retired: categories.retired }).from(categories).where(eq(categories.id, id)))[0]?.retired;

  it('retires it once when two retire it at once: both answer it retired, the trail has one row', async () => {
    const category = await newCategory('Race Seasonal');
    const answers = await Promise.all([1, 2].map(() => setRetired(t.db, ACTOR, 'category', category.id, true)));
    expect(answers.map((a) => a.retired)).toEqual([true, true]);
    expect(await trail('category', category.id, 'retired')).toEqual([{ from: 'false', to: 'true' }]);
  });

  it('keeps it when a product it holds becomes active between the count and the write', async () => {
    const category = await newCategory('Race Holiday');
    const [product] = await t.db.select({ id: products.id }).from(products).where(eq(products.status, 'active')).limit(1);
    if (!product) throw new Error('no seed product');
    await t.db.update(products).set({ categoryId: category.id, status: 'draft' }).where(eq(products.id, product.id));
    const activate = () => t.db.update(products).set({ status: 'active' }).where(eq(products.id, product.id));
    const err = await refusal(setRetired(changedBeforeBatch(t.db, nthBatch(1), activate), ACTOR, 'category', category.id, true));
    expect([err.status, err.code]).toEqual([409, 'still_in_use']);
    expect(await retiredOf(category.id)).toBe(false);
    expect(await trail('category', category.id, 'retired')).toEqual([]);
  });
});

describe('delivery zones (D31)', () => {
  const zoneCount = async () => (await t.db.select({ n: count() }).from(deliveryZones))[0]?.n ?? 0;
  const zone = (name: string, zips: string[]) => ({
    state: 'VA' as const,
    name,
    zips,
    feeCents: null,
    minimumCents: null,
    freeFromCents: null,
    active: true,
  });

  it('makes one of two zones given one name at once, and refuses the other naming the name', async () => {
    const before = await zoneCount();
    const writes = [['22901'], ['22902']].map((zips) => createZone(t.db, ACTOR, zone('Race Albemarle', zips)));
    expect((await outcomes(writes)).sort()).toEqual(['409 zone_name_taken', 'saved']);
    expect((await theRefusal(writes)).fields?.name).toBe('Another zone is already named Race Albemarle');
    expect(await zoneCount()).toBe(before + 1);
  });

  it('makes one of two zones given one ZIP at once: the ZIP is in one zone, and the refused zone is not made', async () => {
    const before = await zoneCount();
    const writes = ['Race North', 'Race South'].map((name) => createZone(t.db, ACTOR, zone(name, ['22903'])));
    expect((await outcomes(writes)).sort()).toEqual(['409 zip_in_other_zone', 'saved']);
    expect((await theRefusal(writes)).fields?.zips).toMatch(/^22903 is already in the zone Race (North|South)\./);
    expect(await zoneCount()).toBe(before + 1);
    expect(await t.db.select().from(deliveryZoneZips).where(eq(deliveryZoneZips.zip, '22903'))).toHaveLength(1);
  });

  it('refuses a new zone whose ZIP another zone takes between the check and the write, and makes nothing', async () => {
    const taker = await createZone(t.db, ACTOR, zone('Race Taker', []));
    const before = await zoneCount();
    const takeIt = () => updateZone(t.db, ACTOR, taker.id, { zips: ['22904'] });
    const err = await refusal(createZone(changedBeforeBatch(t.db, nthBatch(1), takeIt), ACTOR, zone('Race Late', ['22904'])));
    expect([err.status, err.code, err.message]).toEqual([
      409,
      'zip_in_other_zone',
      '22904 is already in the zone Race Taker. Take it out of that zone first.',
    ]);
    expect(await zoneCount()).toBe(before);
  });

  it('loses no change answered as saved when two edits of one zone run at once, and the trail stays a chain', async () => {
    const made = await createZone(t.db, ACTOR, zone('Race Edited', ['22911']));
    const writes = [updateZone(t.db, ACTOR, made.id, { feeCents: 777 }), updateZone(t.db, ACTOR, made.id, { name: 'Race Renamed' })];
    const [fee, name] = await outcomes(writes);
    expect([fee, name]).toContain('saved');
    for (const o of [fee, name]) expect(['saved', '409 changed_meanwhile']).toContain(o);
    const [row] = await t.db.select().from(deliveryZones).where(eq(deliveryZones.id, made.id));
    expect(row?.feeCents).toBe(fee === 'saved' ? 777 : null);
    expect(row?.name).toBe(name === 'saved' ? 'Race Renamed' : 'Race Edited');
    expectChain(await trail('delivery_zone', made.id, 'feeCents'), null, row?.feeCents == null ? null : String(row.feeCents));
    // The first row is the zone's making, from nothing.
    expectChain(await trail('delivery_zone', made.id, 'name'), null, row?.name ?? null);
  });

  it('refuses an edit, keeping the other one, when the zone is edited between its read and its write', async () => {
    const made = await createZone(t.db, ACTOR, zone('Race Kept', ['22942']));
    const other = () => updateZone(t.db, ACTOR, made.id, { feeCents: 1234 });
    const err = await refusal(updateZone(changedBeforeBatch(t.db, nthBatch(2), other), ACTOR, made.id, { name: 'Race Lost' }));
    expect([err.status, err.code, err.message]).toEqual([
      409,
      'changed_meanwhile',
      'This zone changed while it was being saved. Reload and try again.',
    ]);
    const [row] = await t.db.select().from(deliveryZones).where(eq(deliveryZones.id, made.id));
    expect([row?.name, row?.feeCents]).toEqual(['Race Kept', 1234]);
    expect(await trail('delivery_zone', made.id, 'name')).toEqual([{ from: null, to: 'Race Kept' }]);
  });

  it('refuses a new name another zone takes between the check and the write, naming it', async () => {
    const made = await createZone(t.db, ACTOR, zone('Race Before', []));
    const takeName = () => createZone(t.db, ACTOR, zone('Race Wanted', []));
    const err = await refusal(updateZone(changedBeforeBatch(t.db, nthBatch(2), takeName), ACTOR, made.id, { name: 'race wanted' }));
    expect([err.status, err.code]).toEqual([409, 'zone_name_taken']);
    const [row] = await t.db.select({ name: deliveryZones.name }).from(deliveryZones).where(eq(deliveryZones.id, made.id));
    expect(row?.name).toBe('Race Before');
  });
});

describe('the schedule (D36)', () => {
  const withCutoff = (s: AdminSchedule, cutoffMinutes: number) => ({
    windows: s.windows.map(({ weekday, start, end, capacity, active }) => ({ weekday, start, end, capacity, active })),
    cutoffMinutes,
    daysAhead: s.daysAhead,
  });

  it('saves one of two schedules saved at once, or both in turn, and the trail stays a chain', async () => {
    const start = await readSchedule(t.db);
    const cutoffs = [30, 45];
    const ends = await outcomes(cutoffs.map((c) => saveSchedule(t.db, ACTOR, withCutoff(start, c))));
    for (const o of ends) expect(['saved', '409 changed_meanwhile']).toContain(o);
    const saved = cutoffs.filter((_, i) => ends[i] === 'saved');
    const now = await readSchedule(t.db);
    expect(saved).toContain(now.cutoffMinutes);
    expectChain(
      (await trail('delivery_schedule', 1, 'cutoffMinutes')).slice(-saved.length),
      String(start.cutoffMinutes),
      String(now.cutoffMinutes),
    );
  });

  it('refuses a save when another lands between its read and its write, keeping the other', async () => {
    const start = await readSchedule(t.db);
    const other = () => saveSchedule(t.db, ACTOR, withCutoff(start, 75));
    const trailBefore = await trail('delivery_schedule', 1, 'cutoffMinutes');
    const err = await refusal(saveSchedule(changedBeforeBatch(t.db, nthBatch(2), other), ACTOR, withCutoff(start, 15)));
    expect([err.status, err.code, err.message]).toEqual([
      409,
      'changed_meanwhile',
      'The schedule changed while it was being saved. Reload and try again.',
    ]);
    expect((await readSchedule(t.db)).cutoffMinutes).toBe(75);
    expect((await trail('delivery_schedule', 1, 'cutoffMinutes')).slice(trailBefore.length)).toEqual([
      { from: String(start.cutoffMinutes), to: '75' },
    ]);
  });
});

describe('closed dates (D36)', () => {
  const date = addDays(nyDate(Date.now()), 9);
  const closedRows = async () => t.db.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.date, date));
  const trailOf = () => trail('delivery_schedule', 1, `closed ${date}`);

  it('closes a date closed twice at once once, and opens it once when both open it', async () => {
    const closing = await outcomes(['First', 'Second'].map((note) => addClosedDate(t.db, ACTOR, { date, note })));
    expect(closing.sort()).toEqual(['409 already_closed', 'saved']);
    const [row] = await closedRows();
    expect(await trailOf()).toEqual([{ from: null, to: row?.note }]);

    const opening = await outcomes([1, 2].map(() => removeClosedDate(t.db, ACTOR, date)));
    expect(opening.sort()).toEqual(['404 not_found', 'saved']);
    expect(await closedRows()).toEqual([]);
    expect(await trailOf()).toEqual([
      { from: null, to: row?.note },
      { from: row?.note, to: null },
    ]);
  });

  it('refuses to open a date closed again, with another note, between the read and the write', async () => {
    await addClosedDate(t.db, ACTOR, { date, note: 'Inventory' });
    const reclose = async () => {
      await removeClosedDate(t.db, ACTOR, date);
      await addClosedDate(t.db, ACTOR, { date, note: 'Flood' });
    };
    const err = await refusal(removeClosedDate(changedBeforeBatch(t.db, nthBatch(1), reclose), ACTOR, date));
    expect([err.status, err.code]).toEqual([409, 'changed_meanwhile']);
    expect((await closedRows()).map((r) => r.note)).toEqual(['Flood']);
    expect((await trailOf()).slice(-1)).toEqual([{ from: null, to: 'Flood' }]);
    await removeClosedDate(t.db, ACTOR, date);
  });
});
