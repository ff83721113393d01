/**
 * D36: delivery windows as data. A weekly schedule (windows per weekday, with a capacity), a
 * cutoff before each window starts, how many days ahead a shopper may book, and closed dates make
 * the windows a shopper can book. Every date and time here is America/New_York wall time, turned
 * into instants through ny-time, so a window keeps its wall-clock hours across DST.
 *
 * Pure: the server reads the rows and the places booked, and this module decides.
 */
import { fromNyWallTime, NY_TIME_ZONE, nyDate, toNyWallTime } from '../../lib/ny-time.ts';

export { nyDate };

import { DELIVERY_WINDOWS } from '../site/settings.ts';
import { PART_LABELS, type PartOfDay, partOfDay } from './day-parts.ts';

/** One window of the weekly schedule (a row of delivery_windows). */
export interface ScheduleWindow {
  id: number;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  /** Minutes after New York midnight; endMinute may be 1440 (midnight at the day's end). */
  startMinute: number;
  endMinute: number;
  capacity: number;
  active: boolean;
}

/** The booking rules (the one delivery_settings row). */
export interface BookingRules {
  /** Booking closes this many minutes before a window starts. */
  cutoffMinutes: number;
  /** A shopper may book today and this many days after it. */
  daysAhead: number;
}

export { PART_LABELS, PARTS_OF_DAY, type PartOfDay, partOfDay } from './day-parts.ts';

/** One dated window: a schedule window on one New York date. */
export interface DatedWindow {
  /** The window's New York start as 'YYYY-MM-DDTHH:mm': what checkout sends to book it. */
  id: string;
  /** 'YYYY-MM-DD', New York. */
  date: string;
  /** Epoch ms. */
  start: number;
  end: number;
  part: PartOfDay;
  capacity: number;
  /** Booking closes at this instant (the start less the cutoff). */
  closesAt: number;
}

/** A dated window with its places, as `GET /api/delivery/windows` lists it. */
export interface BookableWindow extends DatedWindow {
  placesLeft: number;
  /** 'Evening, 5:00 PM - 9:00 PM'. */
  label: string;
  /** 'Thu, Nov 26'. */
  dayLabel: string;
}

export const WINDOW_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A 'YYYY-MM-DD' date moved by whole days (calendar days, so DST plays no part). */
export function addDays(date: string, days: number): string {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday ... 6 Saturday, of a 'YYYY-MM-DD' date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** True when `date` is a real 'YYYY-MM-DD' calendar date. */
export function isDate(date: string): boolean {
  const m = DATE_PATTERN.exec(date);
  return m != null && addDays(date, 0) === date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' of a minute of the day (1440 reads as 24:00). */
export function minuteText(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** '09:30' -> 570; null when it is not a time of day. */
export function parseMinute(text: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const minute = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minute <= 1440 ? minute : null;
}

/** The instant of a minute of a New York date, or null when the clocks skip it (spring forward). */
function instantOf(date: string, minute: number): number | null {
  if (minute >= 1440) return instantOf(addDays(date, 1), minute - 1440);
  const result = fromNyWallTime(`${date}T${minuteText(minute)}`);
  return result.ok ? result.ms : null;
}

/**
 * Every window of the schedule from `now`'s New York date to `daysAhead` days after it, skipping
 * closed dates and inactive windows, in start order. A window whose start the clocks skip (a
 * 2:30 AM window on the spring-forward night) does not happen that day.
 */
export function datedWindows(
  schedule: readonly ScheduleWindow[],
  rules: BookingRules,
  closedDates: ReadonlySet<string>,
  now: number,
): DatedWindow[] {
  const today = nyDate(now);
  const out: DatedWindow[] = [];
  for (let d = 0; d <= rules.daysAhead; d++) {
    const date = addDays(today, d);
    if (closedDates.has(date)) continue;
    const weekday = weekdayOf(date);
    for (const w of schedule) {
      if (!w.active || w.weekday !== weekday) continue;
      const start = instantOf(date, w.startMinute);
      const end = instantOf(date, w.endMinute);
      if (start == null || end == null || end <= start) continue;
      out.push({
        id: `${date}T${minuteText(w.startMinute)}`,
        date,
        start,
        end,
        part: partOfDay(w.startMinute),
        capacity: w.capacity,
        closesAt: start - rules.cutoffMinutes * 60_000,
      });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: NY_TIME_ZONE, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: NY_TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric' });

/** '5:00 PM', New York, with a plain space whatever the ICU version puts before AM/PM. */
export function timeText(ms: number): string {
  return TIME_FORMAT.format(new Date(ms)).replace(/\s/g, ' ');
}

/** 'Thu, Nov 26', New York. */
export function dayText(ms: number): string {
  return DAY_FORMAT.format(new Date(ms));
}

/** 'Evening, 5:00 PM - 9:00 PM'. */
export function windowLabel(w: Pick<DatedWindow, 'part' | 'start' | 'end'>): string {
  return `${PART_LABELS[w.part]}, ${timeText(w.start)} - ${timeText(w.end)}`;
}

/** 'Thu, Nov 26, Evening, 5:00 PM - 9:00 PM': a window as an e-mail, manifest or tracking page names it. */
export function fullWindowLabel(w: Pick<DatedWindow, 'part' | 'start' | 'end'>): string {
  return `${dayText(w.start)}, ${windowLabel(w)}`;
}

/**
 * The windows a shopper can book now: not past their cutoff, with a place left. `booked` holds
 * the orders (not cancelled) already in each window, by start instant.
 */
export function bookableWindows(windows: readonly DatedWindow[], booked: ReadonlyMap<number, number>, now: number): BookableWindow[] {
  return windows
    .filter((w) => now < w.closesAt)
    .map((w) => ({
      ...w,
      placesLeft: Math.max(0, w.capacity - (booked.get(w.start) ?? 0)),
      label: windowLabel(w),
      dayLabel: dayText(w.start),
    }))
    .filter((w) => w.placesLeft > 0);
}

/** What checkout asks for: ASAP (the next open window today), a part of the day, or one window. */
export type WindowChoice = { kind: 'asap' } | { kind: 'part'; part: PartOfDay } | { kind: 'window'; id: string };

export type WindowPick = { ok: true; window: BookableWindow } | { ok: false; reason: 'none_today' | 'none_for_part' | 'closed' | 'full' };

/**
 * The window a choice books, from the bookable ones. ASAP is the next open window today; a part
 * of the day is its first open window on any bookable day; a window id must still be bookable
 * ('full' when it exists but has no place left, 'closed' when it is past its cutoff or not in the
 * schedule).
 */
export function pickWindow(
  choice: WindowChoice,
  bookable: readonly BookableWindow[],
  all: readonly DatedWindow[],
  now: number,
): WindowPick {
  if (choice.kind === 'asap') {
    const today = nyDate(now);
    const w = bookable.find((b) => b.date === today);
    return w ? { ok: true, window: w } : { ok: false, reason: 'none_today' };
  }
  if (choice.kind === 'part') {
    const w = bookable.find((b) => b.part === choice.part);
    return w ? { ok: true, window: w } : { ok: false, reason: 'none_for_part' };
  }
  const w = bookable.find((b) => b.id === choice.id);
  if (w) return { ok: true, window: w };
  const known = all.find((d) => d.id === choice.id && now < d.closesAt);
  return { ok: false, reason: known ? 'full' : 'closed' };
}

/** The 409 of a window that filled up between the shopper's choice and their order (D36). */
export const WINDOW_FULL_MESSAGE = 'That delivery window just filled up';

/** The shopper's words for a window that cannot be booked. */
export function windowRefusal(reason: Exclude<WindowPick, { ok: true }>['reason']): string {
  switch (reason) {
    case 'full':
      return WINDOW_FULL_MESSAGE;
    case 'closed':
      return 'That delivery window is no longer open for orders. Please choose another.';
    case 'none_today':
      return 'There are no delivery windows left today. Please choose a window on another day.';
    case 'none_for_part':
      return 'There is no open delivery window at that time of day. Please choose another window.';
  }
}

/** How many open windows a refusal offers instead. */
export const NEXT_WINDOWS_OFFERED = 3;

/** A booked window as this module names it; its part of the day follows its New York start. */
function bookedWindow(start: number, end: number): Pick<DatedWindow, 'part' | 'start' | 'end'> {
  return { part: partOfDay(parseMinute(toNyWallTime(start).slice(11, 16)) ?? 0), start, end };
}

/**
 * When an order is delivered, in words: its booked window ('Thu, Nov 26, Evening, 5:00 PM - 9:00
 * PM'), or, for an order placed before windows were data, the part of the day it asked for.
 */
export function deliveryTimeText(o: { deliveryTime: string; windowStart: number | null; windowEnd: number | null }): string {
  if (o.windowStart != null && o.windowEnd != null) return fullWindowLabel(bookedWindow(o.windowStart, o.windowEnd));
  const asked = DELIVERY_WINDOWS.find((w) => w.value === o.deliveryTime);
  return asked ? `${asked.label} (${asked.detail})` : o.deliveryTime;
}
