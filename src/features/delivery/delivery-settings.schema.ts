/**
 * The admin's delivery settings inputs (D31 zones, D36 schedule and closed dates), one schema each
 * for the Delivery settings tab and the server. Every error names the exact field it is about
 * (`windows.3.end`, `zips`), so the form shows it in place.
 */
import * as v from 'valibot';
import { ZIP_PATTERN } from '../site/settings.ts';
import {
  CLOSED_DATE_NOTE_MAX,
  overlappingWindows,
  SCHEDULE_LIMITS,
  STATE_CODES,
  WEEKDAY_NAMES,
  windowName,
  ZONE_LIMITS,
} from './delivery-settings.ts';
import { isDate, nyDate, parseMinute } from './windows.ts';

// ---------------------------------------------------------------------------------------------
// Zones (D31)
// ---------------------------------------------------------------------------------------------

const State = v.picklist(STATE_CODES, `Choose a state: ${STATE_CODES.join(', ')}`);

const ZoneName = v.pipe(
  v.string('Name is required'),
  v.trim(),
  v.nonEmpty('Name is required'),
  v.maxLength(ZONE_LIMITS.name, `The name must be at most ${ZONE_LIMITS.name} characters`),
);

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

/** An amount in cents, or null for the default (fee, free-from) or for none (minimum). */
const Cents = (label: string) => {
  const message = `${label} is an amount from $0 to ${dollars(ZONE_LIMITS.cents)}, or empty`;
  return v.nullable(
    v.pipe(
      v.number(message),
      v.integer(`${label} is a whole number of cents`),
      v.minValue(0, message),
      v.maxValue(ZONE_LIMITS.cents, message),
    ),
  );
};

/** '2000' is not a ZIP; several bad ones are named together, a few at most. */
function named(list: readonly string[]): string {
  const shown = list.slice(0, 5).join(', ');
  return list.length > 5 ? `${shown} and ${list.length - 5} more` : shown;
}

/** A zone's ZIP codes: 5 digits each, each once. Whether they lie in the zone's state is the server's check. */
export const ZipList = v.pipe(
  v.array(v.pipe(v.string('ZIP codes are text'), v.trim()), 'Send the ZIP codes as a list'),
  v.maxLength(ZONE_LIMITS.zips, `A zone takes at most ${ZONE_LIMITS.zips} ZIP codes`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const bad = dataset.value.filter((z) => !ZIP_PATTERN.test(z));
    if (bad.length > 0)
      addIssue({
        message: `${bad.length === 1 ? 'This is not a' : 'These are not'} 5-digit ZIP code${bad.length === 1 ? '' : 's'}: ${named(bad)}`,
      });
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen = new Set<string>();
    const twice = [...new Set(dataset.value.filter((z) => seen.has(z) || !seen.add(z)))];
    if (twice.length > 0) addIssue({ message: `Each ZIP code once: ${named(twice)} ${twice.length === 1 ? 'is' : 'are'} listed twice` });
  }),
);

const zoneFields = {
  state: State,
  name: ZoneName,
  /** Null: D3's fee. */
  feeCents: Cents('The fee'),
  /** Null: no minimum order. */
  minimumCents: Cents('The minimum order'),
  /** Null: D3's free-delivery threshold. */
  freeFromCents: Cents('Free delivery from'),
  active: v.boolean('Active is true or false'),
};

/**
 * A new zone. The fee and free-from threshold may be left empty for D3's defaults and the minimum
 * for none; nothing ties them together (a free-from threshold under the minimum simply makes
 * delivery free there). Whether each ZIP is a US ZIP code of the zone's state is the server's
 * check (it needs the ZIP dataset, which no island carries); the form shows its message in place.
 */
export const ZoneCreate = v.strictObject({
  state: zoneFields.state,
  name: zoneFields.name,
  feeCents: v.optional(zoneFields.feeCents, null),
  minimumCents: v.optional(zoneFields.minimumCents, null),
  freeFromCents: v.optional(zoneFields.freeFromCents, null),
  active: v.optional(zoneFields.active, true),
  zips: v.optional(ZipList, []),
});
export type ZoneCreate = v.InferOutput<typeof ZoneCreate>;

/**
 * Only the fields sent change. `zips`, when sent, replaces the zone's whole list in the same
 * write; the server checks the ZIPs against the zone's state when the state is not sent.
 */
export const ZoneUpdate = v.strictObject({
  state: v.optional(zoneFields.state),
  name: v.optional(zoneFields.name),
  feeCents: v.optional(zoneFields.feeCents),
  minimumCents: v.optional(zoneFields.minimumCents),
  freeFromCents: v.optional(zoneFields.freeFromCents),
  active: v.optional(zoneFields.active),
  zips: v.optional(ZipList),
});
export type ZoneUpdate = v.InferOutput<typeof ZoneUpdate>;

/** PUT .../zones/:id/zips: the zone's whole ZIP list. */
export const ZoneZips = v.strictObject({ zips: ZipList });
export type ZoneZips = v.InferOutput<typeof ZoneZips>;

// ---------------------------------------------------------------------------------------------
// Schedule (D36)
// ---------------------------------------------------------------------------------------------

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const Start = v.pipe(v.string('Enter a start time'), v.regex(TIME_PATTERN, 'Enter the start as HH:mm, New York time'));
const End = v.pipe(
  v.string('Enter an end time'),
  v.check((s) => TIME_PATTERN.test(s) || s === '24:00', 'Enter the end as HH:mm, New York time (24:00 for midnight)'),
);

const { capacity, cutoffMinutes, daysAhead } = SCHEDULE_LIMITS;
const whole = (label: string, range: { min: number; max: number }, unit = '') => {
  const message = `${label} is a whole number from ${range.min} to ${range.max}${unit}`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(range.min, message), v.maxValue(range.max, message));
};

export const END_NOT_AFTER_START = 'The end must be after the start';

export const WindowInput = v.pipe(
  v.strictObject({
    weekday: whole('The weekday', { min: 0, max: 6 }, ' (0 is Sunday)'),
    start: Start,
    end: End,
    capacity: whole('Capacity', capacity, ' orders'),
    active: v.optional(v.boolean('Open is true or false'), true),
  }),
  v.forward(
    v.partialCheck(
      [['start'], ['end']],
      (w) => {
        const start = parseMinute(w.start);
        const end = parseMinute(w.end);
        return start == null || end == null || end > start;
      },
      END_NOT_AFTER_START,
    ),
    ['end'],
  ),
);
export type WindowInput = v.InferOutput<typeof WindowInput>;

/** An issue path to `windows.{index}.{key}`, for the checks across windows. */
function windowPath(schedule: { windows: readonly WindowInput[] }, index: number, key: 'start' | 'weekday') {
  const windows = schedule.windows;
  const window = windows[index];
  return [
    { type: 'object', origin: 'value', input: schedule, key: 'windows', value: windows },
    { type: 'array', origin: 'value', input: windows, key: index, value: window },
    { type: 'object', origin: 'value', input: window, key, value: window?.[key] },
  ] as [v.IssuePathItem, ...v.IssuePathItem[]];
}

/**
 * PUT /api/admin/delivery/schedule: the whole week, the cutoff and the days ahead, saved together
 * or not at all. Windows of one weekday may touch (one ends at 12:00, the next starts at 12:00) but
 * not overlap.
 */
export const ScheduleInput = v.pipe(
  v.strictObject({
    windows: v.pipe(
      v.array(WindowInput, 'Send the week as a list of windows'),
      v.nonEmpty('Add at least one delivery window'),
      v.maxLength(SCHEDULE_LIMITS.windowsPerDay * 7, `At most ${SCHEDULE_LIMITS.windowsPerDay * 7} windows in a week`),
    ),
    cutoffMinutes: whole('The cutoff', cutoffMinutes, ' minutes'),
    daysAhead: whole('Days ahead', daysAhead),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const windows = dataset.value.windows;
    for (const { index, other } of overlappingWindows(windows)) {
      const o = windows[other];
      if (o) addIssue({ message: `Overlaps the ${windowName(o)} window`, path: windowPath(dataset.value, index, 'start') });
    }
    const perDay = new Map<number, number[]>();
    for (const [i, w] of windows.entries()) perDay.set(w.weekday, [...(perDay.get(w.weekday) ?? []), i]);
    for (const [weekday, indexes] of perDay) {
      const extra = indexes[SCHEDULE_LIMITS.windowsPerDay];
      if (extra !== undefined) {
        addIssue({
          message: `At most ${SCHEDULE_LIMITS.windowsPerDay} windows on ${WEEKDAY_NAMES[weekday]}`,
          path: windowPath(dataset.value, extra, 'weekday'),
        });
      }
    }
  }),
);
export type ScheduleInput = v.InferOutput<typeof ScheduleInput>;

// ---------------------------------------------------------------------------------------------
// Closed dates (D36)
// ---------------------------------------------------------------------------------------------

export const DateText = v.pipe(
  v.string('Enter a date'),
  v.trim(),
  v.nonEmpty('Enter a date'),
  v.check(isDate, 'Enter a real date as YYYY-MM-DD'),
);

/** A date to close: today or later in New York (a day already past cannot be delivered to anyway). */
export const ClosedDateInput = v.strictObject({
  date: v.pipe(
    DateText,
    v.check((d) => d >= nyDate(Date.now()), 'Choose today or a later date (New York time)'),
  ),
  note: v.optional(
    v.pipe(
      v.string('The note is text'),
      v.trim(),
      v.maxLength(CLOSED_DATE_NOTE_MAX, `The note must be at most ${CLOSED_DATE_NOTE_MAX} characters`),
    ),
    '',
  ),
});
export type ClosedDateInput = v.InferOutput<typeof ClosedDateInput>;
