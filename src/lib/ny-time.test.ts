import { describe, expect, it } from 'vitest';
import { formatNyTime, formatZoned, fromNyWallTime, toEpoch, toEpochOrThrow, toNyWallTime, toWallTime, zoneOffsetMs } from './ny-time.ts';

const utc = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);
const HOUR = 3_600_000;

describe('New York wall time', () => {
  it('reads an instant as New York wall time, on daylight and on standard time', () => {
    expect(toNyWallTime(utc(2026, 7, 4, 16, 5))).toBe('2026-07-04T12:05');
    expect(toNyWallTime(utc(2026, 1, 15, 17, 0))).toBe('2026-01-15T12:00');
    expect(toNyWallTime(utc(2027, 1, 1, 4, 59))).toBe('2026-12-31T23:59');
    expect(zoneOffsetMs(utc(2026, 7, 4, 12))).toBe(-4 * HOUR);
    expect(zoneOffsetMs(utc(2026, 1, 15, 12))).toBe(-5 * HOUR);
  });

  it('turns a wall time into its instant, seconds and milliseconds aside', () => {
    expect(fromNyWallTime('2026-07-04T12:05')).toEqual({ ok: true, ms: utc(2026, 7, 4, 16, 5) });
    expect(fromNyWallTime('2026-01-15T00:00')).toEqual({ ok: true, ms: utc(2026, 1, 15, 5) });
    expect(toNyWallTime(utc(2026, 7, 4, 16, 5) + 59_999)).toBe('2026-07-04T12:05');
  });

  it('springs forward on Mar 8, 2026: 1:59 EST is followed by 3:00 EDT, and 2:00-2:59 is refused', () => {
    expect(fromNyWallTime('2026-03-08T01:59')).toEqual({ ok: true, ms: utc(2026, 3, 8, 6, 59) });
    expect(fromNyWallTime('2026-03-08T03:00')).toEqual({ ok: true, ms: utc(2026, 3, 8, 7, 0) });
    expect(toNyWallTime(utc(2026, 3, 8, 6, 59))).toBe('2026-03-08T01:59');
    expect(toNyWallTime(utc(2026, 3, 8, 7, 0))).toBe('2026-03-08T03:00');
    for (const skipped of ['2026-03-08T02:00', '2026-03-08T02:30', '2026-03-08T02:59']) {
      const result = fromNyWallTime(skipped);
      expect(result.ok, skipped).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/^Mar 8, 2026, 2:\d\d AM does not exist in New York: the clocks skip that hour/);
    }
    expect(() => toEpochOrThrow('2026-03-08T02:30')).toThrow(/does not exist/);
    expect(formatNyTime(utc(2026, 3, 8, 6, 59))).toBe('Mar 8, 2026, 1:59 AM EST');
    expect(formatNyTime(utc(2026, 3, 8, 7, 0))).toBe('Mar 8, 2026, 3:00 AM EDT');
  });

  it('falls back on Nov 1, 2026: 1:00-1:59 happens twice, and the first (EDT) is taken', () => {
    expect(fromNyWallTime('2026-11-01T00:59')).toEqual({ ok: true, ms: utc(2026, 11, 1, 4, 59) });
    expect(fromNyWallTime('2026-11-01T01:00')).toEqual({ ok: true, ms: utc(2026, 11, 1, 5, 0) });
    expect(fromNyWallTime('2026-11-01T01:30')).toEqual({ ok: true, ms: utc(2026, 11, 1, 5, 30) });
    expect(fromNyWallTime('2026-11-01T01:59')).toEqual({ ok: true, ms: utc(2026, 11, 1, 5, 59) });
    expect(fromNyWallTime('2026-11-01T02:00')).toEqual({ ok: true, ms: utc(2026, 11, 1, 7, 0) });
    // Both 1:30s read as 1:30; the label tells them apart.
    expect(toNyWallTime(utc(2026, 11, 1, 5, 30))).toBe('2026-11-01T01:30');
    expect(toNyWallTime(utc(2026, 11, 1, 6, 30))).toBe('2026-11-01T01:30');
    expect(formatNyTime(utc(2026, 11, 1, 5, 30))).toBe('Nov 1, 2026, 1:30 AM EDT');
    expect(formatNyTime(utc(2026, 11, 1, 6, 30))).toBe('Nov 1, 2026, 1:30 AM EST');
    expect(formatNyTime(utc(2026, 11, 1, 7, 0))).toBe('Nov 1, 2026, 2:00 AM EST');
  });

  it('round-trips every quarter hour of 2026 except the repeated hour, which maps to its first occurrence', () => {
    const [repeatFrom, repeatTo] = [utc(2026, 11, 1, 6), utc(2026, 11, 1, 7)];
    for (let ms = utc(2026, 1, 1, 0); ms < utc(2027, 1, 1, 0); ms += 15 * 60_000) {
      const wall = toNyWallTime(ms);
      const back = toEpochOrThrow(wall);
      if (ms >= repeatFrom && ms < repeatTo) expect(back, wall).toBe(ms - HOUR);
      else expect(back, wall).toBe(ms);
    }
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['', '2026-07-04', '2026-07-04 12:00', '2026-7-4T12:00', '2026-07-04T12:00:00', '2026-07-04T12:00Z', 'tomorrow']) {
      expect(fromNyWallTime(bad), bad).toEqual({ ok: false, message: 'Enter a date and time as YYYY-MM-DDTHH:mm' });
    }
    for (const bad of [
      '2026-02-29T10:00',
      '2026-13-01T00:00',
      '2026-00-10T00:00',
      '2026-04-31T00:00',
      '2026-01-01T24:00',
      '2026-01-01T10:60',
    ]) {
      expect(fromNyWallTime(bad), bad).toEqual({ ok: false, message: `${bad} is not a real date and time` });
    }
    expect(fromNyWallTime('2028-02-29T10:00').ok).toBe(true);
  });

  it('works for any zone, so other features can reuse it', () => {
    expect(toEpoch('2026-03-29T01:30', 'Europe/London')).toEqual({
      ok: false,
      message: 'Mar 29, 2026, 1:30 AM does not exist in Europe/London: the clocks skip that hour. Choose another time.',
    });
    expect(toEpoch('2026-10-25T01:30', 'Europe/London')).toEqual({ ok: true, ms: utc(2026, 10, 25, 0, 30) });
    expect(toWallTime(utc(2026, 6, 1, 12), 'Asia/Tokyo')).toBe('2026-06-01T21:00');
    expect(formatZoned(utc(2026, 6, 1, 12), 'UTC')).toBe('Jun 1, 2026, 12:00 PM UTC');
  });
});
