/**
 * The admin's delivery settings in the database: zones and their ZIPs (D31), the weekly schedule
 * with its cutoff and days ahead, and closed dates (D36). Orders keep the window and fee they were
 * booked with: nothing here moves or drops an order. Every change is one batch with its audit rows,
 * and its guards refuse it when what it read changed meanwhile (decision 0020).
 */
import { and, asc, count, eq, gte, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import { isBooked } from '../../db/booked.ts';
import type { Db } from '../../db/db.ts';
import { violatesUnique } from '../../db/error-text.ts';
import { deliveryClosedDates, deliverySettings, deliveryWindows, deliveryZones, deliveryZoneZips, orders } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { auditInsert } from '../audit/audit.server.ts';
import { failIf, failUnlessChanged, isGuardRefusal } from '../staff/batch-guard.ts';
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

/** What a batch its guards refused answers when reading again does not say why (`what` is a sentence). */
const changedMeanwhile = (what: string) => new HttpError(409, 'changed_meanwhile', `${what} Reload and try again.`);

/** The zones named `name` (any case). */
const namedAs = (name: string): SQL => sql`lower(${deliveryZones.name}) = lower(${name})`;

/** Refuses a name another zone has (any case): the ZIP refusals name zones, and must be clear. */
async function checkNameFree(db: Db, name: string, id: number | null): Promise<void> {
  const [taken] = await db
    .select({ id: deliveryZones.id })
    .from(deliveryZones)
    .where(and(namedAs(name), id == null ? undefined : ne(deliveryZones.id, id)))
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
async function checkZipsFree(db: Db, zips: readonly string[], id: number | null): Promise<void> {
  if (zips.length === 0) return;
  const taken = await db
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

/**
 * The batch's guard that no zone but `id` is named `name` by then. ZIPs need none: their primary
 * key keeps each in one zone, and the insert fails on one another zone took.
 */
const failIfNameTaken = (db: Db, name: string, id: number | SQL) =>
  failIf(db, sql`exists (select 1 from ${deliveryZones} where ${namedAs(name)} and ${deliveryZones.id} <> ${id})`);

/** The batch's insert of a zone's ZIPs (none for an empty list). */
const zipInserts = (db: Db, zoneId: number | SQL, zips: readonly string[]) =>
  zips.length > 0 ? [db.insert(deliveryZoneZips).values(zips.map((zip) => ({ zip, zoneId })))] : [];

/** A zone write the batch refused: a guard, or a ZIP another zone took meanwhile. */
const isZoneRace = (err: unknown) => isGuardRefusal(err) || violatesUnique(err, 'delivery_zone_zips.zip');

/**
 * A new zone with its ZIPs and audit rows, in one batch that fails when the name or a ZIP was
 * taken since the checks read them; reading again then gives the refusal its reason.
 */
export async function createZone(db: Db, actor: string, input: ZoneCreate): Promise<AdminZone> {
  const check = async () => {
    checkZipsServable(input.zips, input.state, 'zips');
    await checkNameFree(db, input.name, null);
    await checkZipsFree(db, input.zips, null);
  };
  await check();
  const { zips, ...fields } = input;
  // Inside the batch no other write comes between: the newest zone is the one just written.
  const newId = sql<number>`(select max(${deliveryZones.id}) from ${deliveryZones})`;
  const audit = auditInsert(db, actor, 'delivery_zone', newId, null, auditedZone(fields, zips));
  let id: number | undefined;
  try {
    const [inserted] = await db.batch([
      db.insert(deliveryZones).values(fields).returning({ id: deliveryZones.id }),
      failIfNameTaken(db, input.name, newId),
      ...zipInserts(db, newId, zips),
      ...(audit ? [audit] : []),
    ]);
    id = inserted[0]?.id;
  } catch (err) {
    if (!isZoneRace(err)) throw err;
    await check();
    throw changedMeanwhile('Another zone changed while this one was being saved.');
  }
  if (id === undefined) throw new Error('The zone was not created');
  return getZone(db, id);
}

/**
 * Changes the fields sent; `zips`, when sent, replaces the whole list. The zone's ZIPs must stay in
 * its state whichever of the two changes. Orders already placed keep the fee they were charged.
 * One batch, applied only to the zone as read (its unsent fields and its audit's before come from
 * that read) and failing when the name or a ZIP was taken meanwhile.
 */
export async function updateZone(db: Db, actor: string, id: number, input: ZoneUpdate, now = Date.now()): Promise<AdminZone> {
  // One batch of reads: the zone and its ZIPs as of one moment.
  const [[row], zipRows] = await db.batch([
    db.select().from(deliveryZones).where(eq(deliveryZones.id, id)),
    db.select({ zip: deliveryZoneZips.zip }).from(deliveryZoneZips).where(eq(deliveryZoneZips.zoneId, id)),
  ]);
  if (!row) throw notFound('Delivery zone');
  const current = zipRows.map((z) => z.zip);
  const next = {
    state: input.state ?? row.state,
    name: input.name ?? row.name,
    feeCents: input.feeCents === undefined ? row.feeCents : input.feeCents,
    minimumCents: input.minimumCents === undefined ? row.minimumCents : input.minimumCents,
    freeFromCents: input.freeFromCents === undefined ? row.freeFromCents : input.freeFromCents,
    active: input.active ?? row.active,
  };
  const zips = input.zips ?? current;
  const check = async () => {
    // Checked when the list or the state changes, and named on the field the admin changed: the
    // list, or else the state that no longer fits it. Other edits leave the list as it is.
    if (input.zips || input.state !== undefined) checkZipsServable(zips, next.state, input.zips ? 'zips' : 'state');
    if (input.name !== undefined) await checkNameFree(db, next.name, id);
    if (input.zips) await checkZipsFree(db, input.zips, id);
  };
  await check();
  const audit = auditInsert(db, actor, 'delivery_zone', id, auditedZone(row, current), auditedZone(next, zips));
  if (!audit) return getZone(db, id);
  try {
    await db.batch([
      db
        .update(deliveryZones)
        .set({ ...next, updatedAt: Math.max(now, row.updatedAt + 1) })
        .where(and(eq(deliveryZones.id, id), eq(deliveryZones.updatedAt, row.updatedAt))),
      failUnlessChanged(db),
      ...(input.name !== undefined ? [failIfNameTaken(db, next.name, id)] : []),
      ...(input.zips ? [db.delete(deliveryZoneZips).where(eq(deliveryZoneZips.zoneId, id)), ...zipInserts(db, id, input.zips)] : []),
      audit,
    ]);
  } catch (err) {
    if (!isZoneRace(err)) throw err;
    const [again] = await db.select({ id: deliveryZones.id }).from(deliveryZones).where(eq(deliveryZones.id, id));
    if (!again) throw notFound('Delivery zone');
    await check();
    throw changedMeanwhile('This zone changed while it was being saved.');
  }
  return getZone(db, id);
}

// ---------------------------------------------------------------------------------------------
// Schedule (D36)
// ---------------------------------------------------------------------------------------------

/** The weekly schedule and the booking rules, as the windows module takes them. */
export async function readSchedule(db: Db): Promise<AdminSchedule> {
  return (await scheduleAsRead(db)).schedule;
}

/** The schedule, and when its rules were last saved, as of one moment (one batch of reads). */
async function scheduleAsRead(db: Db): Promise<{ schedule: AdminSchedule; savedAt: number }> {
  const [windows, [settings]] = await db.batch([
    db.select().from(deliveryWindows).orderBy(asc(deliveryWindows.weekday), asc(deliveryWindows.startMinute)),
    db.select().from(deliverySettings).where(eq(deliverySettings.id, SETTINGS_ID)),
  ]);
  if (!settings) throw new Error('The delivery_settings row is missing (migration 0012 adds it)');
  const schedule = {
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
  return { schedule, savedAt: settings.updatedAt };
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
 * Replaces the whole week and the booking rules in one batch: a refusal anywhere saves nothing.
 * The batch applies only to the schedule as read (its audit's before), so of two saves at once one
 * is refused rather than recorded as a change from what it never saw. Orders keep the window they
 * booked (their own columns), so the answer counts the upcoming ones the new schedule no longer
 * has, for the admin to call if need be.
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
  const before = await scheduleAsRead(db);
  const audit = auditInsert(db, actor, 'delivery_schedule', SCHEDULE_AUDIT_ID, auditedSchedule(before.schedule), auditedSchedule(input));
  try {
    await db.batch([
      // Every save moves the settings row's time, so it stands for the whole schedule as read.
      db
        .update(deliverySettings)
        .set({ cutoffMinutes: input.cutoffMinutes, daysAhead: input.daysAhead, updatedAt: Math.max(now, before.savedAt + 1) })
        .where(and(eq(deliverySettings.id, SETTINGS_ID), eq(deliverySettings.updatedAt, before.savedAt))),
      failUnlessChanged(db),
      db.delete(deliveryWindows),
      db.insert(deliveryWindows).values(rows),
      ...(audit ? [audit] : []),
    ]);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    throw changedMeanwhile('The schedule changed while it was being saved.');
  }
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
 * Closes a date, with its audit row, in one batch. Orders already booked that day stay booked
 * (nothing here cancels an order); the answer says how many there are, so the admin can call them.
 * The date's primary key refuses a date already closed, whoever closed it first.
 */
export async function addClosedDate(db: Db, actor: string, input: ClosedDateInput): Promise<AdminClosedDate> {
  const audit = auditInsert(db, actor, 'delivery_schedule', SCHEDULE_AUDIT_ID, null, {
    [`closed ${input.date}`]: input.note || 'closed',
  });
  try {
    await db.batch([db.insert(deliveryClosedDates).values({ date: input.date, note: input.note }), ...(audit ? [audit] : [])]);
  } catch (err) {
    if (!violatesUnique(err, 'delivery_closed_dates.date')) throw err;
    const message = `${dateLabel(input.date)} is already closed`;
    throw new HttpError(409, 'already_closed', message, { date: message });
  }
  const booked = await bookedOn(db, [input.date]);
  return { date: input.date, note: input.note, bookedOrders: booked.get(input.date) ?? 0 };
}

/**
 * Opens a closed date again; its windows take orders as the schedule says. One batch, which
 * removes the date only as read (its note is the audit's before).
 */
export async function removeClosedDate(db: Db, actor: string, date: string): Promise<void> {
  const closed = async () => {
    const [row] = await db.select().from(deliveryClosedDates).where(eq(deliveryClosedDates.date, date));
    if (!row) throw new HttpError(404, 'not_found', `${dateLabel(date)} is not a closed date`);
    return row;
  };
  const existing = await closed();
  const audit = auditInsert(
    db,
    actor,
    'delivery_schedule',
    SCHEDULE_AUDIT_ID,
    { [`closed ${date}`]: existing.note || 'closed' },
    { [`closed ${date}`]: null },
  );
  try {
    await db.batch([
      db.delete(deliveryClosedDates).where(and(eq(deliveryClosedDates.date, date), eq(deliveryClosedDates.note, existing.note))),
      failUnlessChanged(db),
      ...(audit ? [audit] : []),
    ]);
  } catch (err) {
    if (!isGuardRefusal(err)) throw err;
    // Opened by another request meanwhile (a 404, as after it), or closed again with another note.
    await closed();
    throw changedMeanwhile('This closed date changed while it was being opened.');
  }
}
