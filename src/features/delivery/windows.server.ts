/**
 * D36: what the windows rule (windows.ts) reads, as queries that can join a read batch, so
 * checkout reads its windows in the same round trip as its products; and the windows a shopper
 * can book now.
 */
import { and, asc, between, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import { isBooked } from '../../db/booked.ts';
import type { Db } from '../../db/db.ts';
import { deliveryClosedDates, deliverySettings, deliveryWindows, orders } from '../../db/schema.ts';
import { fromNyWallTime } from '../../lib/ny-time.ts';
import { withinHours } from './states.ts';
import {
  type BookableWindow,
  type BookingRules,
  bookableWindows,
  type DatedWindow,
  datedWindows,
  NEXT_WINDOWS_OFFERED,
  nyDate,
  type ScheduleWindow,
  type WindowChoice,
} from './windows.ts';
import { quoteFrom, zoneAndStateOfZipQuery } from './zones.server.ts';
import type { DeliveryQuote } from './zones.ts';

/** The weekly schedule, every row (windows.ts skips the inactive ones). */
export function scheduleQuery(db: Db) {
  return db
    .select({
      id: deliveryWindows.id,
      weekday: deliveryWindows.weekday,
      startMinute: deliveryWindows.startMinute,
      endMinute: deliveryWindows.endMinute,
      capacity: deliveryWindows.capacity,
      active: deliveryWindows.active,
    })
    .from(deliveryWindows)
    .orderBy(asc(deliveryWindows.weekday), asc(deliveryWindows.startMinute));
}

/** The one row of booking rules (zero rows only in a database the migration did not set up). */
export function settingsQuery(db: Db) {
  return db
    .select({ cutoffMinutes: deliverySettings.cutoffMinutes, daysAhead: deliverySettings.daysAhead })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, 1))
    .limit(1);
}

/** Closed dates from `from` ('YYYY-MM-DD', New York) on; there are few, so no end is needed. */
export function closedDatesQuery(db: Db, from: string) {
  return db.select({ date: deliveryClosedDates.date }).from(deliveryClosedDates).where(gte(deliveryClosedDates.date, from));
}

const DAY_MS = 86_400_000;

/**
 * The end of the booking range, read from the settings row inside the same statement (the batch
 * that reads the settings cannot use them for its other queries). Two days spare cover a window
 * ending after midnight and a 25-hour day.
 */
const bookingRangeEnd = (from: number): SQL => sql`${from} + (select (days_ahead + 2) * ${DAY_MS} from delivery_settings where id = 1)`;

/**
 * Orders (not cancelled) per window start, for windows starting from `from` to `to` (epoch ms,
 * both included); without `to`, to the end of the booking range.
 */
export function bookedCountsQuery(db: Db, from: number, to?: number) {
  return db
    .select({ start: orders.windowStart, booked: count() })
    .from(orders)
    .where(and(between(orders.windowStart, from, to ?? bookingRangeEnd(from)), isBooked(orders.status)))
    .groupBy(orders.windowStart);
}

/**
 * The reads the windows rule needs, to spread into a read batch. A choice of one window counts
 * only that window's orders (the one whose places matter); otherwise every window from now on.
 */
export function windowReads(db: Db, now: number, choice?: WindowChoice) {
  const at = choice?.kind === 'window' ? fromNyWallTime(choice.id) : null;
  const counts = at?.ok ? bookedCountsQuery(db, at.ms, at.ms) : bookedCountsQuery(db, now);
  return [scheduleQuery(db), settingsQuery(db), closedDatesQuery(db, nyDate(now)), counts] as const;
}

/** The rows of `windowReads`, in its order. */
export type WindowRows = readonly [
  schedule: readonly ScheduleWindow[],
  settings: readonly BookingRules[],
  closed: readonly { date: string }[],
  booked: readonly { start: number | null; booked: number }[],
];

/** Every dated window in the booking range, and those a shopper can book now. */
export interface WindowsNow {
  all: DatedWindow[];
  bookable: BookableWindow[];
}

/** What the rows of `windowReads` make at `now`. Without a settings row nothing is bookable. */
export function windowsFrom([schedule, settings, closed, booked]: WindowRows, now: number): WindowsNow {
  const rules: BookingRules = settings[0] ?? { cutoffMinutes: 0, daysAhead: -1 };
  const all = datedWindows(schedule, rules, new Set(closed.map((c) => c.date)), now);
  const places = new Map(booked.flatMap((b) => (b.start == null ? [] : [[b.start, b.booked] as const])));
  return { all, bookable: bookableWindows(all, places, now) };
}

/** The windows a shopper can book at `now`, in start order. */
export async function openWindows(db: Db, now: number): Promise<BookableWindow[]> {
  const rows = await db.batch(windowReads(db, now));
  return windowsFrom(rows, now).bookable;
}

/** The next open windows a refusal offers instead (D36), read fresh. */
export async function nextOpenWindows(db: Db, now: number): Promise<BookableWindow[]> {
  return (await openWindows(db, now)).slice(0, NEXT_WINDOWS_OFFERED);
}

/**
 * What `GET /api/delivery/windows?zip=` answers: the ZIP's open windows within its state's
 * delivery hours (D38), or the quote's plain no (not served, or the state does not sell yet).
 */
export type WindowsForZip =
  | {
      deliverable: true;
      zip: string;
      zone: Extract<DeliveryQuote, { deliverable: true }>['zone'];
      /** New York's date at `now`, so the page names Today and Tomorrow without trusting its own clock. */
      today: string;
      windows: BookableWindow[];
    }
  | Extract<DeliveryQuote, { deliverable: false }>;

export async function windowsForZip(db: Db, zip: string, now: number): Promise<WindowsForZip> {
  const [zoneRows, ...rows] = await db.batch([zoneAndStateOfZipQuery(db, zip), ...windowReads(db, now)]);
  const quote = quoteFrom(zip, zoneRows, now);
  if (!quote.deliverable) return quote;
  // A deliverable quote always had its state's row (quoteFor refuses a zone without one).
  const state = zoneRows[0]?.state;
  const windows = windowsFrom(rows, now).bookable.filter((w) => state != null && withinHours(w, state));
  return { deliverable: true, zip, zone: quote.zone, today: nyDate(now), windows };
}
