import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../lib/validation.ts';
import { ClosedDateInput, ScheduleInput, ZoneCreate } from './delivery-settings.schema.ts';
import {
  type AdminSchedule,
  bookingsOutsideSchedule,
  clockText,
  copyDayToWeek,
  dateLabel,
  dayBounds,
  newWindow,
  overlappingWindows,
  scheduleFormToInput,
  scheduleToForm,
  splitZips,
  zipProblemsMessage,
  zipStateProblem,
  zoneFormToInput,
  zoneToForm,
} from './delivery-settings.ts';
import { addDays, nyDate } from './windows.ts';

const fields = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : issuesToFields(result.issues);
};

describe('clockText', () => {
  it.each([
    [0, 'midnight'],
    [540, '9:00 AM'],
    [720, '12:00 PM'],
    [1035, '5:15 PM'],
    [1440, 'midnight'],
  ])('%i minutes reads %s', (minute, text) => expect(clockText(minute)).toBe(text));
});

describe('overlappingWindows', () => {
  const w = (weekday: number, start: string, end: string) => ({ weekday, start, end });

  it('lets windows touch and lets different weekdays share hours', () => {
    expect(overlappingWindows([w(1, '09:00', '12:00'), w(1, '12:00', '17:00'), w(2, '10:00', '11:00')])).toEqual([]);
  });

  it('names the later window and the one it overlaps, whatever order they are listed in', () => {
    expect(overlappingWindows([w(1, '11:00', '13:00'), w(1, '09:00', '12:00')])).toEqual([{ index: 0, other: 1 }]);
  });

  it('finds a window inside a long one even with a short one between', () => {
    expect(overlappingWindows([w(3, '09:00', '21:00'), w(3, '10:00', '11:00'), w(3, '12:00', '13:00')])).toEqual([
      { index: 1, other: 0 },
      { index: 2, other: 0 },
    ]);
  });

  it('leaves windows with unreadable or backwards times to their own errors', () => {
    expect(overlappingWindows([w(1, '9', '12:00'), w(1, '10:00', '09:00'), w(1, '09:00', '12:00')])).toEqual([]);
  });
});

describe('ScheduleInput', () => {
  const good = { weekday: 1, start: '09:00', end: '12:00', capacity: 10 };

  it('takes a window that ends at midnight, open by default', () => {
    const parsed = v.parse(ScheduleInput, { windows: [{ ...good, end: '24:00' }], cutoffMinutes: 0, daysAhead: 30 });
    expect(parsed.windows[0]).toEqual({ ...good, end: '24:00', active: true });
  });

  it('names every bad field at once, by its path', () => {
    expect(
      fields(ScheduleInput, {
        windows: [good, { ...good, start: '11:00', end: '10:00' }, { ...good, start: '10:00' }, { ...good, weekday: 2, capacity: 0 }],
        cutoffMinutes: 1441,
        daysAhead: -1,
      }),
    ).toEqual({
      'windows.1.end': 'The end must be after the start',
      'windows.2.start': 'Overlaps the Monday 9:00 AM - 12:00 PM window',
      'windows.3.capacity': 'Capacity is a whole number from 1 to 500 orders',
      cutoffMinutes: 'The cutoff is a whole number from 0 to 1440 minutes',
      daysAhead: 'Days ahead is a whole number from 0 to 30',
    });
  });

  it('refuses more windows on a day than a day takes, naming the first one too many', () => {
    const day = Array.from({ length: 25 }, (_, i) => ({
      ...good,
      start: `${String(i).padStart(2, '0')}:00`,
      end: `${String(i).padStart(2, '0')}:30`,
    }));
    expect(Object.keys(fields(ScheduleInput, { windows: day.slice(0, 24), cutoffMinutes: 0, daysAhead: 0 }))).toEqual([]);
    expect(
      fields(ScheduleInput, {
        windows: day.map((x, i) => (i === 24 ? { ...x, start: '23:30', end: '23:45' } : x)),
        cutoffMinutes: 0,
        daysAhead: 0,
      }),
    ).toEqual({
      'windows.24.weekday': 'At most 24 windows on Monday',
    });
  });
});

describe('ZoneCreate', () => {
  it('defaults the amounts to null (the defaults, no minimum), the zone to active and the ZIPs to none', () => {
    expect(v.parse(ZoneCreate, { state: 'MD', name: ' Ocean City ' })).toEqual({
      state: 'MD',
      name: 'Ocean City',
      feeCents: null,
      minimumCents: null,
      freeFromCents: null,
      active: true,
      zips: [],
    });
  });

  it('names the ZIPs that are malformed or repeated', () => {
    expect(fields(ZoneCreate, { state: 'MD', name: 'Z', zips: ['2085', '20850 '] })).toEqual({
      zips: 'This is not a 5-digit ZIP code: 2085',
    });
    expect(fields(ZoneCreate, { state: 'MD', name: 'Z', zips: ['20850', '20850'] })).toEqual({
      zips: 'Each ZIP code once: 20850 is listed twice',
    });
  });

  it("leaves each ZIP's state to the server, which knows the ZIP dataset", () => {
    expect(v.safeParse(ZoneCreate, { state: 'MD', name: 'Z', zips: ['20001', '99999', '10001'] }).success).toBe(true);
  });
});

describe('zipStateProblem and zipProblemsMessage', () => {
  it('names an unknown ZIP, a ZIP outside the served states, and a ZIP of another served state with both states', () => {
    expect(zipStateProblem('99999', null, 'DC')).toBe('ZIP 99999 is not a US ZIP code.');
    expect(zipStateProblem('10001', 'NY', 'DC')).toBe('ZIP 10001 is in NY, outside Washington DC, Maryland and Virginia.');
    expect(zipStateProblem('20850', 'MD', 'VA')).toBe('ZIP 20850 is in Maryland, but the zone is in Virginia.');
    expect(zipStateProblem('20850', 'MD', 'MD')).toBeNull();
  });

  it('names five refused ZIPs and counts the rest', () => {
    const problems = ['1', '2', '3', '4', '5', '6', '7'].map((n) => `Problem ${n}.`);
    expect(zipProblemsMessage(problems.slice(0, 5))).toBe('Problem 1. Problem 2. Problem 3. Problem 4. Problem 5.');
    expect(zipProblemsMessage(problems.slice(0, 6))).toBe(
      'Problem 1. Problem 2. Problem 3. Problem 4. Problem 5. 1 more ZIP code is refused too.',
    );
    expect(zipProblemsMessage(problems)).toMatch(/Problem 5\. 2 more ZIP codes are refused too\.$/);
  });
});

describe('ClosedDateInput', () => {
  const today = nyDate(Date.now());
  it('takes today and later (New York dates), trims the note', () => {
    expect(v.parse(ClosedDateInput, { date: today })).toEqual({ date: today, note: '' });
    expect(v.parse(ClosedDateInput, { date: addDays(today, 40), note: ' Snow ' })).toEqual({ date: addDays(today, 40), note: 'Snow' });
  });
  it('refuses yesterday and dates that do not exist', () => {
    expect(fields(ClosedDateInput, { date: addDays(today, -1) })).toEqual({ date: 'Choose today or a later date (New York time)' });
    expect(fields(ClosedDateInput, { date: '2030-02-29' })).toEqual({ date: 'Enter a real date as YYYY-MM-DD' });
  });
});

describe('dates', () => {
  it('labels a New York date with its weekday and year', () => {
    expect(dateLabel('2025-12-25')).toBe('Thu, Dec 25, 2025');
  });
  it('bounds a day from midnight to midnight, 23 or 25 hours on the nights the clocks change', () => {
    const length = (date: string) => (dayBounds(date).to - dayBounds(date).from) / 3_600_000;
    expect(length('2026-07-01')).toBe(24);
    expect(length('2026-03-08')).toBe(23);
    expect(length('2026-11-01')).toBe(25);
    expect(dayBounds('2026-07-01').from).toBe(Date.UTC(2026, 6, 1, 4));
  });
});

describe('bookingsOutsideSchedule', () => {
  const now = Date.UTC(2026, 6, 1, 14); // Wednesday 1 July 2026, 10:00 AM in New York
  const at = (date: string, hour: number) =>
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8)), hour + 4);
  const schedule = [{ id: 1, weekday: 4, startMinute: 540, endMinute: 720, capacity: 5, active: true }];

  it('counts the bookings no active window of the schedule matches on their date', () => {
    const thursday = { start: at('2026-07-02', 9), end: at('2026-07-02', 12) };
    const friday = { start: at('2026-07-03', 9), end: at('2026-07-03', 12) };
    const shorter = { start: at('2026-07-09', 9), end: at('2026-07-09', 11) };
    const nextThursday = { start: at('2026-07-09', 9), end: at('2026-07-09', 12) };
    expect(bookingsOutsideSchedule([thursday, friday, shorter, nextThursday], schedule, now)).toBe(2);
    expect(bookingsOutsideSchedule([thursday], [{ ...schedule[0], active: false } as (typeof schedule)[number]], now)).toBe(1);
    expect(bookingsOutsideSchedule([], schedule, now)).toBe(0);
  });
});

describe('the forms', () => {
  it('turns dollars into cents once, empty into null, and a ZIP list into ZIPs', () => {
    const form = {
      state: 'VA' as const,
      name: 'Z',
      feeCents: '12.99',
      minimumCents: '',
      freeFromCents: 'abc',
      active: false,
      zips: '22201, 22202\n 22203',
    };
    expect(zoneFormToInput(form)).toEqual({
      state: 'VA',
      name: 'Z',
      feeCents: 1299,
      minimumCents: null,
      freeFromCents: Number.NaN,
      active: false,
      zips: ['22201', '22202', '22203'],
    });
    expect(fields(ZoneCreate, zoneFormToInput(form))).toEqual({
      freeFromCents: 'Free delivery from is an amount from $0 to $1,000, or empty',
    });
    expect(
      zoneToForm({
        id: 1,
        state: 'VA',
        name: 'Z',
        feeCents: 1299,
        minimumCents: null,
        freeFromCents: 5000,
        active: true,
        zips: ['22201', '22202'],
        orders: 0,
        openOrders: 0,
      }),
    ).toMatchObject({
      feeCents: '12.99',
      minimumCents: '',
      freeFromCents: '50.00',
      zips: '22201\n22202',
    });
    expect(splitZips(' 22201;22202  ,\n')).toEqual(['22201', '22202']);
  });

  it('shows a midnight end as 00:00 and sends it as 24:00; empty numbers are NaN for the schema to name', () => {
    let n = 0;
    const key = () => `k${++n}`;
    const schedule: AdminSchedule = {
      windows: [{ id: 9, weekday: 5, start: '21:00', end: '24:00', startMinute: 1260, endMinute: 1440, capacity: 4, active: true }],
      cutoffMinutes: 30,
      daysAhead: 3,
    };
    const form = scheduleToForm(schedule, key);
    expect(form).toEqual({
      windows: [{ key: 'k1', weekday: 5, start: '21:00', end: '00:00', capacity: '4', active: true }],
      cutoffMinutes: '30',
      daysAhead: '3',
    });
    expect(scheduleFormToInput(form).windows[0]).toEqual({ weekday: 5, start: '21:00', end: '24:00', capacity: 4, active: true });
    expect(scheduleFormToInput({ ...form, daysAhead: ' ' }).daysAhead).toBeNaN();
  });

  it('adds a window after the last of its day, and copies Monday to every day', () => {
    const monday = [
      { key: 'a', weekday: 1, start: '09:00', end: '12:00', capacity: '8', active: true },
      { key: 'b', weekday: 1, start: '12:00', end: '22:30', capacity: '8', active: false },
      { key: 'c', weekday: 3, start: '10:00', end: '11:00', capacity: '2', active: true },
    ];
    expect(newWindow(monday, 1, 'n')).toEqual({ key: 'n', weekday: 1, start: '22:30', end: '00:00', capacity: '10', active: true });
    expect(newWindow(monday, 0, 'n')).toMatchObject({ start: '09:00', end: '12:00' });
    let n = 0;
    const week = copyDayToWeek(monday, () => `x${++n}`);
    expect(week).toHaveLength(14);
    expect(week.filter((w) => w.weekday === 3).map((w) => [w.start, w.end, w.capacity, w.active])).toEqual([
      ['09:00', '12:00', '8', true],
      ['12:00', '22:30', '8', false],
    ]);
    expect(new Set(week.map((w) => w.key)).size).toBe(14);
  });
});
