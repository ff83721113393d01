import { describe, expect, it } from 'vitest';
import { pageStamp, sameStamp, stampText } from './stamp.ts';

const HOUR = 3_600_000;
const catalogue = { epoch: 'abc', version: 7 };

describe('the page stamp', () => {
  it('counts the deal boundaries at or before now, and knows the latest', () => {
    const deals = [
      { startsAt: 10 * HOUR, endsAt: 20 * HOUR },
      { startsAt: null, endsAt: 15 * HOUR },
      { startsAt: null, endsAt: null },
    ];
    expect(pageStamp(catalogue, deals, 9 * HOUR)).toEqual({ epoch: 'abc', version: 7, boundaries: 0, lastBoundaryAt: null });
    // A deal is live from its start inclusive (pricing.isDealLive): the start counts from its own millisecond.
    expect(pageStamp(catalogue, deals, 10 * HOUR)).toMatchObject({ boundaries: 1, lastBoundaryAt: 10 * HOUR });
    expect(pageStamp(catalogue, deals, 10 * HOUR - 1)).toMatchObject({ boundaries: 0 });
    expect(pageStamp(catalogue, deals, 15 * HOUR)).toMatchObject({ boundaries: 2, lastBoundaryAt: 15 * HOUR });
    expect(pageStamp(catalogue, deals, 30 * HOUR)).toMatchObject({ boundaries: 3, lastBoundaryAt: 20 * HOUR });
  });

  it('changes when a deal starts, though nothing was written', () => {
    const deals = [{ startsAt: 10 * HOUR, endsAt: null }];
    const before = pageStamp(catalogue, deals, 9 * HOUR);
    const after = pageStamp(catalogue, deals, 11 * HOUR);
    expect(sameStamp(before, after)).toBe(false);
    expect(stampText(before)).not.toBe(stampText(after));
    expect(sameStamp(after, pageStamp(catalogue, deals, 12 * HOUR))).toBe(true);
  });

  it('is the same only for the same database, version and boundaries', () => {
    const now = pageStamp(catalogue, [], 0);
    expect(stampText(now)).toBe('abc-7.0');
    expect(sameStamp({ epoch: 'abc', version: 7, boundaries: 0 }, now)).toBe(true);
    expect(sameStamp({ epoch: 'abc', version: 6, boundaries: 0 }, now)).toBe(false);
    // A recreated database restarts its version: an older build of another database never matches.
    expect(sameStamp({ epoch: 'xyz', version: 7, boundaries: 0 }, now)).toBe(false);
    // No record (an older build): never current.
    expect(sameStamp(null, now)).toBe(false);
  });
});
