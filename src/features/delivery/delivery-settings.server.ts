/**
 * The admin's delivery settings in the database: zones and their ZIPs (D31), the weekly schedule
 * with its cutoff and days ahead, and closed dates (D36). Orders keep the window and fee they were
 * booked with: nothing here moves or drops an order. Every change is recorded in the audit trail.
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { isBooked } from '../../db/booked.ts';
import type { Db } from '../../db/db.ts';
import { deliveryClosedDates, deliverySettings, deliveryWindows, deliveryZones, deliveryZoneZips, orders } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { auditInsert } from '../audit/audit.server.ts';
import type { DbOrTx } from '../orders/orders-admin.server.ts';
import type { ClosedDateInput, ScheduleInput, ZoneCreate, ZoneUpdate } from './delivery-settings.schema.ts';
import {
  type AdminClosedDate,
  type AdminSchedule,
  type AdminZone,
  bookingsOutsideSchedule,
  dateLabel,
  dayBounds,
  WEEKDAY_NAMES,
  zipProblemsMessage,
} from './delivery-settings.ts';
import { zipProblems } from './us-zips.server.ts';
import { minuteText, nyDate, parseMinute, type ScheduleWindow } from './windows.ts';
import type { DeliveryZone } from './zones.ts';

/** The one delivery_settings row (migration 0012). */
const SETTINGS_ID = 1;
/** The audit trail's id for the schedule, its booking rules and its closed dates: the settings row's. */
const SCHEDULE_AUDIT_ID = SETTINGS_ID;

// ---------------------------------------------------------------------------------------------
// Zones (D31)
// ---------------------------------------------------------------------------------------------

/** What the audit trail records of a zone. */
function auditedZone(z: Omit<DeliveryZone, 'id'>, zips: readonly string[]) {
  return {
    state: z.state,
    name: z.name,
    feeCents: z.feeCents,
    minimumCents: z.minimumCents,
    freeFromCents: z.freeFromCents,
    active: z.active,
    zips: [...zips].sort().join(', '),
  };
}

/** Every zone with its ZIPs and the orders priced in it (as each order recorded, D31), in the order they were made. */
export async function listZones(db: Db): Promise<AdminZone[]> {
  const [zones, zips, counts] = await db.batch([
    db.select().from(deliveryZones).orderBy(asc(deliveryZones.id)),
    db.select().from(deliveryZoneZips).orderBy(asc(deliveryZoneZips.zip)),
    db
      .select({
        zoneId: orders.zoneId,
        orders: count(orders.id),
        open: sql<number>`coalesce(sum(case when ${orders.status} in ('delivered', 'cancelled') then 0 else 1 end), 0)`,
      })
      .from(orders)
      .where(isNotNull(orders.zoneId))
      .groupBy(orders.zoneId),
  ]);
  const zipsOf = new Map<number, string[]>();
  for (const z of zips) zipsOf.set(z.zoneId, [...(zipsOf.get(z.zoneId) ?? []), z.zip]);
  const countsOf = new Map(counts.map((c) => [c.zoneId, c]));
  return zones.map((z) => ({
    id: z.id,
    state: z.state,
    name: z.name,
    feeCents: z.feeCents,
    minimumCents: z.minimumCents,
    freeFromCents: z.freeFromCents,
    active: z.active,
    zips: zipsOf.get(z.id) ?? [],
    orders: countsOf.get(z.id)?.orders ?? 0,
    openOrders: Number(countsOf.get(z.id)?.open ?? 0),
  }));
}

async function getZone(db: Db, id: number): Promise<AdminZone> {
  const zone = (await listZones(db)).find((z) => z.id === id);
  if (!zone) throw notFound('Delivery zone');
  return zone;
}

/** Refuses a name another zone has (any case): the ZIP refusals name zones, and must be clear. */
async function checkNameFree(tx: DbOrTx, name: string, id: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: deliveryZones.id })
    .from(deliveryZones)
    .where(and(sql`lower(${deliveryZones.name}) = lower(${name})`, id == null ? undefined : ne(deliveryZones.id, id)))
    .limit(1);
  if (taken) {
    const message = `Another zone is already named ${name}`;
    throw new HttpError(409, 'zone_name_taken', message, { name: message });
  }
}

/**
 * A ZIP belongs to one zone (D31): a ZIP another zone lists is refused, naming the ZIP and that
 * zone, rather than moved silently (moving it would change what its shoppers pay).
 */
async function checkZipsFree(tx: DbOrTx, zips: readonly string[], id: number | null): Promise<void> {
  if (zips.length === 0) return;
  const taken = await tx
    .select({ zip: deliveryZoneZips.zip, zone: deliveryZones.name })
    .from(deliveryZoneZips)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryZoneZips.zoneId))
    .where(and(inArray(deliveryZoneZips.zip, [...zips]), id == null ? undefined : ne(deliveryZoneZips.zoneId, id)))
    .orderBy(asc(deliveryZoneZips.zip));
  if (taken.length === 0) return;
  const shown = taken.slice(0, 5).map((t) => `${t.zip} (${t.zone})`);
  const more = taken.length > 5 ? ` and ${taken.length - 5} more` : '';
  const message =
    taken.length === 1
      ? `${taken[0]?.zip} is already in the zone ${taken[0]?.zone}. Take it out of that zone first.`
      : `These ZIP codes are already in other zones: ${shown.join(', ')}${more}. Take them out of those zones first.`;
  throw new HttpError(409, 'zip_in_other_zone', message, { zips: message });
}

/**
 * Every ZIP of a zone is a US ZIP code of the zone's state (D31), checked against the ZIP dataset;
 * the message names each refused ZIP and why, on `field` (the list, or the state that no longer
 * fits it).
 */
function checkZipsServable(zips: readonly string[], state: ZoneCreate['state'], field: 'zips' | 'state'): void {
  const problems = zipProblems(zips, state);
  if (problems.length === 0) return;
  const message = zipProblemsMessage(problems);
  throw new HttpError(400, 'invalid_input', message, { [field]: message });
}

/** Replaces a zone's ZIP list inside the caller's transaction. */
async function replaceZips(tx: DbOrTx, id: number, zips: readonly string[]): Promise<void> {
  await tx.delete(deliveryZoneZips).where(eq(deliveryZoneZips.zoneId, id));
  if (zips.length > 0) await tx.insert(deliveryZoneZips).values(zips.map((zip) => ({ zip, zoneId: id })));
}

export async function createZone(db: Db, actor: string, input: ZoneCreate): Promise<AdminZone> {
  // A transaction: the name and ZIP checks decide whether the insert happens.
  const id = await db.transaction(async (tx) => {
    checkZipsServable(input.zips, input.state, 'zips');
    await checkNameFree(tx, input.name, null);
    await checkZipsFree(tx, input.zips, null);
    const { zips, ...fields } = input;
    const [row] = await tx.insert(deliveryZones).values(fields).returning({ id: deliveryZones.id });
    if (!row) throw new Error('The zone was not created');
    await replaceZips(tx, row.id, zips);
    const audit = auditInsert(tx, actor, 'delivery_zone', row.id, null, auditedZone(fields, zips));
    if (audit) await audit;
    return row.id;
  });
  return getZone(db, id);
}

/**
 * Changes the fields sent; `zips`, when sent, replaces the whole list. The zone's ZIPs must stay in
 * its state whichever of the two changes. Orders already placed keep the fee they were charged.
 */
export async function updateZone(db: Db, actor: string, id: number, input: ZoneUpdate, now = Date.now()): Promise<AdminZone> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id));
    if (!row) throw notFound('Delivery zone');
    const current = (await tx.select({ zip: deliveryZoneZips.zip }).from(deliveryZoneZips).where(eq(deliveryZoneZips.zoneId, id))).map(
      (z) => z.zip,
    );
    const next = {
      state: input.state ?? row.state,
      name: input.name ?? row.name,
      feeCents: input.feeCents === undefined ? row.feeCents : input.feeCents,
      minimumCents: input.minimumCents === undefined ? row.minimumCents : input.minimumCents,
      freeFromCents: input.freeFromCents === undefined ? row.freeFromCents : input.freeFromCents,
      active: input.active ?? row.active,
    };
    const zips = input.zips ?? current;
    // Checked when the list or the state changes, and named on the field the admin changed: the
    // list, or else the state that no longer fits it. Other edits leave the list as it is.
    if (input.zips || input.state !== undefined) checkZipsServable(zips, next.state, input.zips ? 'zips' : 'state');
    if (input.name !== undefined) await checkNameFree(tx, next.name, id);
    if (input.zips) await checkZipsFree(tx, input.zips, id);
    const audit = auditInsert(tx, actor, 'delivery_zone', id, auditedZone(row, current), auditedZone(next, zips));
    if (!audit) return;
    await tx
      .update(deliveryZones)
      .set({ ...next, updatedAt: now })
      .where(eq(deliveryZones.id, id));
    if (input.zips) await replaceZips(tx, id, input.zips);
    await audit;
  });
  return getZone(db, id);
}

// ---------------------------------------------------------------------------------------------
// Schedule (D36)
// ---------------------------------------------------------------------------------------------

/** The weekly schedule and the booking rules, as the windows module takes them. */
export async function readSchedule(db: DbOrTx): Promise<AdminSchedule> {
  const windows = await db.select().from(deliveryWindows).orderBy(asc(deliveryWindows.weekday), asc(deliveryWindows.startMinute));
  const [settings] = await db.select().from(deliverySettings).where(eq(deliverySettings.id, SETTINGS_ID));
  if (!settings) throw new Error('The delivery_settings row is missing (migration 0012 adds it)');
  return {
    windows: windows.map((w) => ({
      id: w.id,
      weekday: w.weekday,
      start: minuteText(w.startMinute),
      end: minuteText(w.endMinute),
      startMinute: w.startMinute,
      endMinute: w.endMinute,
      capacity: w.capacity,
      active: w.active,
    })),
    cutoffMinutes: settings.cutoffMinutes,
    daysAhead: settings.daysAhead,
  };
}

/** What the audit trail records of the schedule: one line per weekday, and the two rules. */
function auditedSchedule(s: {
  windows: readonly { weekday: number; start: string; end: string; capacity: number; active: boolean }[];
  cutoffMinutes: number;
  daysAhead: number;
}) {
  const days = WEEKDAY_NAMES.map((name, weekday) => {
    const line = s.windows
      .filter((w) => w.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((w) => `${w.start}-${w.end} x${w.capacity}${w.active ? '' : ' (off)'}`)
      .join(', ');
    return [name, line || 'none'] as const;
  });
  return { ...Object.fromEntries(days), cutoffMinutes: s.cutoffMinutes, daysAhead: s.daysAhead };
}

/** The windows of orders (not cancelled) that start from `from` on. */
async function upcomingBookings(db: Db, from: number): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ start: orders.windowStart, end: orders.windowEnd })
    .from(orders)
    .where(and(gte(orders.windowStart, from), isNotNull(orders.windowEnd), isBooked(orders.status)));
  return rows.flatMap((r) => (r.start != null && r.end != null ? [{ start: r.start, end: r.end }] : []));
}

/**
 * Replaces the whole week and the booking rules in one transaction: a refusal anywhere saves
 * nothing. Orders keep the window they booked (their own columns), so the answer counts the
 * upcoming ones the new schedule no longer has, for the admin to call if need be.
 */
export async function saveSchedule(
  db: Db,
  actor: string,
  input: ScheduleInput,
  now = Date.now(),
): Promise<AdminSchedule & { unscheduledBookings: number }> {
  const rows = input.windows.map((w) => ({
    weekday: w.weekday,
    startMinute: parseMinute(w.start) ?? 0,
    endMinute: parseMinute(w.end) ?? 0,
    capacity: w.capacity,
    active: w.active,
  }));
  await db.transaction(async (tx) => {
    const before = await readSchedule(tx);
    await tx.delete(deliveryWindows);
    await tx.insert(deliveryWindows).values(rows);
    await tx
      .update(deliverySettings)
      .set({ cutoffMinutes: input.cutoffMinutes, daysAhead: input.daysAhead, updatedAt: now })
      .where(eq(deliverySettings.id, SETTINGS_ID));
    const audit = auditInsert(tx, actor, 'delivery_schedule', SCHEDULE_AUDIT_ID, auditedSchedule(before), auditedSchedule(input));
    if (audit) await audit;
  });
  const saved = await readSchedule(db);
  const schedule: ScheduleWindow[] = saved.windows;
  return { ...saved, unscheduledBookings: bookingsOutsideSchedule(await upcomingBookings(db, now), schedule, now) };
}

// ---------------------------------------------------------------------------------------------
// Closed dates (D36)
// ---------------------------------------------------------------------------------------------

/** Orders (not cancelled) booked into a window on each of `dates`. */
async function bookedOn(db: Db, dates: readonly string[]): Promise<Map<string, number>> {
  const booked = new Map<string, number>();
  if (dates.length === 0) return booked;
  const sorted = [...dates].sort();
  const from = dayBounds(sorted[0] ?? '').from;
  const to = dayBounds(sorted[sorted.length - 1] ?? '').to;
  const wanted = new Set(dates);
  const rows = await db
    .select({ start: orders.windowStart })
    .from(orders)
    .where(and(gte(orders.windowStart, from), lt(orders.windowStart, to), isBooked(orders.status)));
  for (const r of rows) {
    if (r.start == null) continue;
    const date = nyDate(r.start);
    if (wanted.has(date)) booked.set(date, (booked.get(date) ?? 0) + 1);
  }
  return booked;
}

/** The closed dates from today on (New York), soonest first; days already past are history. */
export async function listClosedDates(db: Db, now = Date.now()): Promise<AdminClosedDate[]> {
  const rows = await db
    .select()
    .from(deliveryClosedDates)
    .where(gte(deliveryClosedDates.date, nyDate(now)))
    .orderBy(asc(deliveryClosedDates.date));
  const booked = await bookedOn(
    db,
    rows.map((r) => r.date),
  );
  return rows.map((r) => ({ date: r.date, note: r.note, bookedOrders: booked.get(r.date) ?? 0 }));
}

/**
 * Closes a date. Orders already booked that day stay booked (nothing here cancels an order); the
 * answer says how many there are, so the admin can call them.
 */
export async function addClosedDate(db: Db, actor: string, input: ClosedDateInput): Promise<AdminClosedDate> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.date, input.date));
    if (existing) {
      const message = `${dateLabel(input.date)} is already closed`;
      throw new HttpError(409, 'already_closed', message, { date: message });
    }
    await tx.insert(deliveryClosedDates).values({ date: input.date, note: input.note });
    const audit = auditInsert(tx, actor, 'delivery_schedule', SCHEDULE_AUDIT_ID, null, {
      [`closed ${input.date}`]: input.note || 'closed',
    });
    if (audit) await audit;
  });
  const booked = await bookedOn(db, [input.date]);
  return { date: input.date, note: input.note, bookedOrders: booked.get(input.date) ?? 0 };
}

/** Opens a closed date again; its windows take orders as the schedule says. */
export async function removeClosedDate(db: Db, actor: string, date: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.date, date));
    if (!existing) throw new HttpError(404, 'not_found', `${dateLabel(date)} is not a closed date`);
    await tx.delete(deliveryClosedDates).where(eq(deliveryClosedDates.date, date));
    const audit = auditInsert(
      tx,
      actor,
      'delivery_schedule',
      SCHEDULE_AUDIT_ID,
      { [`closed ${date}`]: existing.note || 'closed' },
      { [`closed ${date}`]: null },
    );
    if (audit) await audit;
  });
}
