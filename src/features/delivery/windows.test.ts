import { describe, expect, it } from 'vitest';
import { toEpochOrThrow } from '../../lib/ny-time.ts';
import {
  addDays,
  bookableWindows,
  datedWindows,
  isDate,
  nyDate,
  parseMinute,
  partOfDay,
  pickWindow,
  type ScheduleWindow,
  weekdayOf,
  windowLabel,
} from './windows.ts';

const ny = (wall: string) => toEpochOrThrow(wall);

/** The seeded schedule: 9-12, 12-17, 17-21 every day, 10 places each. */
const SEED: ScheduleWindow[] = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
  [
    [540, 720],
    [720, 1020],
    [1020, 1260],
  ].map(([startMinute, endMinute], i) => ({
    id: weekday * 3 + i + 1,
    weekday,
    startMinute: startMinute as number,
    endMinute: endMinute as number,
    capacity: 10,
    active: true,
  })),
);
const RULES = { cutoffMinutes: 60, daysAhead: 6 };
const none = new Set<string>();

describe('dates (D36)', () => {
  it('moves calendar days, reads weekdays and checks dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-08', -1)).toBe('2026-03-07');
    expect(weekdayOf('2026-11-26')).toBe(4); // a Thursday
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2028-02-29')).toBe(true);
    expect(parseMinute('17:30')).toBe(1050);
    expect(parseMinute('24:00')).toBe(1440);
    expect(parseMinute('24:30')).toBeNull();
    expect(parseMinute('9:00')).toBeNull();
  });

  it('reads the New York date, not the server’s', () => {
    // 11:30 PM in New York is already the next day in UTC.
    expect(nyDate(ny('2026-11-25T23:30'))).toBe('2026-11-25');
  });

  it('names parts of the day by the spec’s hours', () => {
    expect([partOfDay(540), partOfDay(719), partOfDay(720), partOfDay(1019), partOfDay(1020)]).toEqual([
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
    ]);
  });
});

describe('windows from the schedule (D36)', () => {
  it('lists today and the days ahead, skipping closed dates', () => {
    const now = ny('2026-11-25T08:00');
    const all = datedWindows(SEED, RULES, new Set(['2026-11-26']), now);
    const dates = [...new Set(all.map((w) => w.date))];
    expect(dates).toEqual(['2026-11-25', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01']);
    expect(all[0]).toMatchObject({ id: '2026-11-25T09:00', start: ny('2026-11-25T09:00'), end: ny('2026-11-25T12:00') });
  });

  it('closes a window at its cutoff, to the minute', () => {
    const all = datedWindows(SEED, RULES, none, ny('2026-11-25T08:00'));
    const evening = all.find((w) => w.id === '2026-11-25T17:00');
    expect(evening?.closesAt).toBe(ny('2026-11-25T16:00'));
    const open = (at: string) => bookableWindows(all, new Map(), ny(at)).some((w) => w.id === '2026-11-25T17:00');
    expect(open('2026-11-25T15:59')).toBe(true);
    expect(open('2026-11-25T16:00')).toBe(false);
  });

  it('keeps wall-clock hours across the fall-back and spring-forward changes', () => {
    const fall = datedWindows(SEED, { cutoffMinutes: 0, daysAhead: 1 }, none, ny('2026-10-31T06:00'));
    const sat = fall.find((w) => w.id === '2026-10-31T09:00');
    const sun = fall.find((w) => w.id === '2026-11-01T09:00');
    expect(sat?.start).toBe(Date.UTC(2026, 9, 31, 13)); // EDT, UTC-4
    expect(sun?.start).toBe(Date.UTC(2026, 10, 1, 14)); // EST, UTC-5
    expect(sun && sun.end - sun.start).toBe(3 * 3_600_000);

    const spring = datedWindows(SEED, { cutoffMinutes: 0, daysAhead: 0 }, none, ny('2026-03-08T00:00'));
    expect(spring.find((w) => w.id === '2026-03-08T09:00')?.start).toBe(Date.UTC(2026, 2, 8, 13));
  });

  it('skips a window the clocks skip, and takes a fall-back window’s first occurrence', () => {
    const night: ScheduleWindow[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      id: weekday + 1,
      weekday,
      startMinute: 150,
      endMinute: 240,
      capacity: 5,
      active: true,
    }));
    const spring = datedWindows(night, { cutoffMinutes: 0, daysAhead: 1 }, none, ny('2026-03-07T00:00'));
    expect(spring.map((w) => w.id)).toEqual(['2026-03-07T02:30']);

    const fallNight: ScheduleWindow[] = [{ id: 1, weekday: 0, startMinute: 90, endMinute: 180, capacity: 5, active: true }];
    const [w] = datedWindows(fallNight, { cutoffMinutes: 0, daysAhead: 0 }, none, ny('2026-11-01T00:00'));
    expect(w?.start).toBe(Date.UTC(2026, 10, 1, 5, 30)); // 1:30 EDT
    expect(w && w.end - w.start).toBe(2.5 * 3_600_000); // to 3:00 EST
  });

  it('leaves out inactive windows and full ones, and counts places', () => {
    const schedule = SEED.map((w) => (w.startMinute === 540 ? { ...w, active: false } : w));
    const now = ny('2026-11-25T08:00');
    const all = datedWindows(schedule, RULES, none, now);
    const booked = new Map([[ny('2026-11-25T12:00'), 10]]);
    booked.set(ny('2026-11-25T17:00'), 7);
    const open = bookableWindows(all, booked, now);
    expect(open[0]?.id).toBe('2026-11-25T17:00');
    expect(open[0]?.placesLeft).toBe(3);
    expect(open[0]?.label).toBe('Evening, 5:00 PM - 9:00 PM');
    expect(open[0]?.dayLabel).toBe('Wed, Nov 25');
  });
});

describe('picking a window (D36)', () => {
  const now = ny('2026-11-25T13:00');
  const all = datedWindows(SEED, RULES, none, now);

  it('takes ASAP as the next open window today, or none', () => {
    const open = bookableWindows(all, new Map(), now);
    expect(pickWindow({ kind: 'asap' }, open, all, now)).toMatchObject({ ok: true, window: { id: '2026-11-25T17:00' } });
    const late = ny('2026-11-25T16:30');
    expect(pickWindow({ kind: 'asap' }, bookableWindows(all, new Map(), late), all, late)).toEqual({ ok: false, reason: 'none_today' });
  });

  it('takes a part of the day as its first open window', () => {
    const open = bookableWindows(all, new Map(), now);
    expect(pickWindow({ kind: 'part', part: 'morning' }, open, all, now)).toMatchObject({ ok: true, window: { id: '2026-11-26T09:00' } });
  });

  it('says full or closed for a window it cannot book', () => {
    const open = bookableWindows(all, new Map([[ny('2026-11-26T17:00'), 10]]), now);
    expect(pickWindow({ kind: 'window', id: '2026-11-26T17:00' }, open, all, now)).toEqual({ ok: false, reason: 'full' });
    expect(pickWindow({ kind: 'window', id: '2026-11-25T09:00' }, open, all, now)).toEqual({ ok: false, reason: 'closed' });
    expect(pickWindow({ kind: 'window', id: '2026-11-26T10:00' }, open, all, now)).toEqual({ ok: false, reason: 'closed' });
    expect(pickWindow({ kind: 'window', id: '2026-12-25T09:00' }, open, all, now)).toEqual({ ok: false, reason: 'closed' });
  });

  it('labels a window in New York time', () => {
    expect(windowLabel({ part: 'morning', start: ny('2026-11-01T09:00'), end: ny('2026-11-01T12:00') })).toBe(
      'Morning, 9:00 AM - 12:00 PM',
    );
  });
});
