/**
 * The admin's delivery settings (D31 zones, D36 schedule and closed dates): their limits, the
 * rules the schema and the server share, and the shapes the admin routes answer with. Pure; every
 * time here is New York wall time, as minutes after midnight or 'YYYY-MM-DD' dates.
 */
import { toCents } from '../../lib/money.ts';
import { fromNyWallTime } from '../../lib/ny-time.ts';
import { SITE, stateName, type UsStateCode } from '../site/settings.ts';
import { addDays, type BookingRules, datedWindows, nyDate, parseMinute, type ScheduleWindow } from './windows.ts';
import type { DeliveryZone } from './zones.ts';

/** The states a zone may be in (the shop's three). */
export const STATE_CODES = SITE.states.map((s) => s.code) as [UsStateCode, ...UsStateCode[]];

export const ZONE_LIMITS = {
  name: 80,
  /** The largest fee, minimum or free-from amount a zone takes, in cents ($1,000). */
  cents: 100_000,
  /** ZIP codes in one zone. */
  zips: 500,
} as const;

export const SCHEDULE_LIMITS = {
  capacity: { min: 1, max: 500 },
  cutoffMinutes: { min: 0, max: 1440 },
  daysAhead: { min: 0, max: 30 },
  /** Windows on one weekday. */
  windowsPerDay: 24,
} as const;

export const CLOSED_DATE_NOTE_MAX = 200;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The order the admin's week grid shows the weekdays in: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** One window as the admin edits it: times as 'HH:mm' New York time ('24:00' ends at midnight). */
export interface WindowText {
  weekday: number;
  start: string;
  end: string;
  capacity: number;
  active: boolean;
}

/** A zone as the admin's list shows it. */
export interface AdminZone extends DeliveryZone {
  zips: string[];
  /** Every order priced in this zone (as the order recorded it, D31), and those not yet delivered or cancelled. */
  orders: number;
  openOrders: number;
}

/** The schedule as `GET /api/admin/delivery/schedule` answers it. */
export interface AdminSchedule extends BookingRules {
  windows: (WindowText & { id: number; startMinute: number; endMinute: number })[];
}

export interface AdminClosedDate {
  date: string;
  note: string;
  /** Orders (not cancelled) booked into a window on that date. */
  bookedOrders: number;
}

/** '9:00 AM', '12:00 PM', 'midnight', from minutes after New York midnight. */
export function clockText(minute: number): string {
  if (minute % 1440 === 0) return 'midnight';
  const h = Math.floor(minute / 60);
  const m = String(minute % 60).padStart(2, '0');
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The windows that overlap an earlier-starting window of the same weekday: for each, its index in
 * `windows` and the index of the window it overlaps. Windows whose times do not parse are left to
 * their own field errors.
 */
export function overlappingWindows(windows: readonly Pick<WindowText, 'weekday' | 'start' | 'end'>[]): { index: number; other: number }[] {
  const parsed = windows
    .map((w, index) => ({ index, weekday: w.weekday, start: parseMinute(w.start), end: parseMinute(w.end) }))
    .filter((w): w is { index: number; weekday: number; start: number; end: number } => w.start != null && w.end != null && w.end > w.start)
    .sort((a, b) => a.weekday - b.weekday || a.start - b.start || a.index - b.index);
  const found: { index: number; other: number }[] = [];
  for (let i = 1; i < parsed.length; i++) {
    const w = parsed[i];
    if (!w) continue;
    // The window of the same weekday that reaches furthest among those starting no later.
    let widest: (typeof parsed)[number] | undefined;
    for (let j = i - 1; j >= 0 && parsed[j]?.weekday === w.weekday; j--) {
      const earlier = parsed[j];
      if (earlier && (!widest || earlier.end > widest.end)) widest = earlier;
    }
    if (widest && w.start < widest.end) found.push({ index: w.index, other: widest.index });
  }
  return found.sort((a, b) => a.index - b.index);
}

/** 'Monday 9:00 AM - 12:00 PM'. */
export function windowName(w: Pick<WindowText, 'weekday' | 'start' | 'end'>): string {
  const start = parseMinute(w.start);
  const end = parseMinute(w.end);
  return `${WEEKDAY_NAMES[w.weekday] ?? ''} ${start == null ? w.start : clockText(start)} - ${end == null ? w.end : clockText(end)}`;
}

/** 'Washington DC, Maryland and Virginia'. */
const SERVED_STATES = `${STATE_CODES.slice(0, -1).map(stateName).join(', ')} and ${stateName(STATE_CODES[STATE_CODES.length - 1] ?? 'VA')}`;

/**
 * Why a ZIP code cannot be in a zone of `zoneState`, given the ZIP's state (two letters, as the ZIP
 * dataset or D12's prefixes give it; null when the ZIP is not a US ZIP code), or null when it can.
 */
export function zipStateProblem(zip: string, zipState: string | null, zoneState: UsStateCode): string | null {
  if (zipState == null) return `ZIP ${zip} is not a US ZIP code.`;
  const served = STATE_CODES.find((code) => code === zipState);
  if (!served) return `ZIP ${zip} is in ${zipState}, outside ${SERVED_STATES}.`;
  if (served !== zoneState) return `ZIP ${zip} is in ${stateName(served)}, but the zone is in ${stateName(zoneState)}.`;
  return null;
}

/** How many refused ZIP codes one message names; the rest are counted. */
const ZIP_PROBLEMS_SHOWN = 5;

/** One message for a list's refused ZIP codes, each named with its reason. */
export function zipProblemsMessage(problems: readonly string[]): string {
  const rest = problems.length - ZIP_PROBLEMS_SHOWN;
  const shown = problems.slice(0, ZIP_PROBLEMS_SHOWN).join(' ');
  return rest > 0 ? `${shown} ${rest} more ZIP code${rest === 1 ? ' is' : 's are'} refused too.` : shown;
}

/** ZIP codes typed into a list (one a line, or separated by commas or spaces). */
export function splitZips(text: string): string[] {
  return text.split(/[\s,;]+/).filter((z) => z !== '');
}

const DATE_LABEL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Thu, Dec 25, 2025' for the New York date '2025-12-25'. */
export function dateLabel(date: string): string {
  const noon = fromNyWallTime(`${date}T12:00`);
  return noon.ok ? DATE_LABEL.format(new Date(noon.ms)) : date;
}

/** The instants a New York date runs between: its midnight (inclusive) and the next (exclusive). */
export function dayBounds(date: string): { from: number; to: number } {
  // New York's clocks change at 2 AM, so midnight always exists and names one instant.
  const from = fromNyWallTime(`${date}T00:00`);
  const to = fromNyWallTime(`${addDays(date, 1)}T00:00`);
  if (!from.ok || !to.ok) throw new RangeError(`Not a date: ${date}`);
  return { from: from.ms, to: to.ms };
}

/**
 * How many of `bookings` (upcoming orders' windows, as instants) the schedule no longer has: no
 * active window of the schedule starts and ends at the same instants on that date. Such orders keep
 * their window (D36); the admin is told so they can be called if need be.
 */
export function bookingsOutsideSchedule(
  bookings: readonly { start: number; end: number }[],
  schedule: readonly ScheduleWindow[],
  now: number,
): number {
  if (bookings.length === 0) return 0;
  const today = nyDate(now);
  const last = bookings.reduce((max, b) => Math.max(max, b.start), now);
  const days = Math.round((Date.parse(nyDate(last)) - Date.parse(today)) / 86_400_000);
  const rules: BookingRules = { cutoffMinutes: 0, daysAhead: days };
  const offered = new Set(datedWindows(schedule, rules, new Set(), now).map((w) => `${w.start}-${w.end}`));
  return bookings.filter((b) => !offered.has(`${b.start}-${b.end}`)).length;
}

// ---------------------------------------------------------------------------------------------
// The admin tab's forms: what the inputs hold, and the API input they make
// ---------------------------------------------------------------------------------------------

/** A zone as its edit dialog holds it: amounts in dollars as typed, ZIP codes as one text. */
export interface ZoneForm {
  state: UsStateCode;
  name: string;
  feeCents: string;
  minimumCents: string;
  freeFromCents: string;
  active: boolean;
  zips: string;
}

export const EMPTY_ZONE_FORM: ZoneForm = {
  state: 'DC',
  name: '',
  feeCents: '',
  minimumCents: '',
  freeFromCents: '',
  active: true,
  zips: '',
};

const dollarText = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2));

export function zoneToForm(zone: AdminZone): ZoneForm {
  return {
    state: zone.state,
    name: zone.name,
    feeCents: dollarText(zone.feeCents),
    minimumCents: dollarText(zone.minimumCents),
    freeFromCents: dollarText(zone.freeFromCents),
    active: zone.active,
    zips: zone.zips.join('\n'),
  };
}

/** The zone input a form makes; dollars become cents here, once (a bad amount becomes NaN for the schema to name). */
export function zoneFormToInput(form: ZoneForm) {
  return {
    state: form.state,
    name: form.name,
    feeCents: toCents(form.feeCents),
    minimumCents: toCents(form.minimumCents),
    freeFromCents: toCents(form.freeFromCents),
    active: form.active,
    zips: splitZips(form.zips),
  };
}

/**
 * One window as the week grid holds it. The time inputs cannot show 24:00, so a window that ends
 * at midnight shows 00:00 as its end, and an end of 00:00 is sent as 24:00.
 */
export interface WindowForm {
  /** Keeps a row's identity while rows are added and removed. */
  key: string;
  weekday: number;
  start: string;
  end: string;
  capacity: string;
  active: boolean;
}

export interface ScheduleForm {
  windows: WindowForm[];
  cutoffMinutes: string;
  daysAhead: string;
}

const MIDNIGHT_END = '24:00';
const MIDNIGHT_INPUT = '00:00';

export function scheduleToForm(schedule: AdminSchedule, newKey: () => string): ScheduleForm {
  return {
    windows: schedule.windows.map((w) => ({
      key: newKey(),
      weekday: w.weekday,
      start: w.start,
      end: w.end === MIDNIGHT_END ? MIDNIGHT_INPUT : w.end,
      capacity: String(w.capacity),
      active: w.active,
    })),
    cutoffMinutes: String(schedule.cutoffMinutes),
    daysAhead: String(schedule.daysAhead),
  };
}

/** A number typed into a field; empty or unreadable becomes NaN, which the schema names. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The schedule input a form makes, its windows in the form's order (so `windows.3` is the form's fourth row). */
export function scheduleFormToInput(form: ScheduleForm) {
  return {
    windows: form.windows.map((w) => ({
      weekday: w.weekday,
      start: w.start,
      end: w.end === MIDNIGHT_INPUT ? MIDNIGHT_END : w.end,
      capacity: typedNumber(w.capacity),
      active: w.active,
    })),
    cutoffMinutes: typedNumber(form.cutoffMinutes),
    daysAhead: typedNumber(form.daysAhead),
  };
}

/** A new window for a weekday: from the end of its last window (or 9 AM), for up to three hours. */
export function newWindow(windows: readonly WindowForm[], weekday: number, key: string): WindowForm {
  const ends = windows.filter((w) => w.weekday === weekday).map((w) => (w.end === MIDNIGHT_INPUT ? 1440 : (parseMinute(w.end) ?? 0)));
  const start = Math.min(ends.length > 0 ? Math.max(...ends) : 9 * 60, 1440 - 60);
  const end = Math.min(start + 180, 1440);
  const text = (m: number) =>
    m === 1440 ? MIDNIGHT_INPUT : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return { key, weekday, start: text(start), end: text(end), capacity: '10', active: true };
}

/** Every weekday gets the windows `from` has (Monday by default); `from`'s own rows stay as they are. */
export function copyDayToWeek(windows: readonly WindowForm[], newKey: () => string, from = 1): WindowForm[] {
  const source = windows.filter((w) => w.weekday === from);
  return WEEK_ORDER.flatMap((weekday) => (weekday === from ? source : source.map((w) => ({ ...w, key: newKey(), weekday }))));
}
