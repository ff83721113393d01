import { describe, expect, it } from 'vitest';
import { dailySummaryDue } from './scheduler.ts';

const at = (iso: string) => Date.parse(iso);

describe('the daily summary is due from 07:00 New York (R7)', () => {
  it('in winter (EST, UTC-5): from 12:00 UTC', () => {
    expect(dailySummaryDue(at('2026-01-15T11:59:59Z'))).toBe(false);
    expect(dailySummaryDue(at('2026-01-15T12:00:00Z'))).toBe(true);
    expect(dailySummaryDue(at('2026-01-16T04:59:00Z'))).toBe(true); // 23:59 New York, same day
    expect(dailySummaryDue(at('2026-01-16T05:00:00Z'))).toBe(false); // midnight: a new day, not yet
  });

  it('in summer (EDT, UTC-4): from 11:00 UTC', () => {
    expect(dailySummaryDue(at('2026-07-15T10:59:00Z'))).toBe(false);
    expect(dailySummaryDue(at('2026-07-15T11:00:00Z'))).toBe(true);
  });

  it('on 2026-03-08, the morning the clocks spring forward (2:00 EST becomes 3:00 EDT)', () => {
    // The change happens at 07:00 UTC; by 07:00 New York the clocks read EDT.
    expect(dailySummaryDue(at('2026-03-08T06:59:00Z'))).toBe(false); // 01:59 EST
    expect(dailySummaryDue(at('2026-03-08T07:00:00Z'))).toBe(false); // 03:00 EDT
    expect(dailySummaryDue(at('2026-03-08T10:59:00Z'))).toBe(false); // 06:59 EDT
    expect(dailySummaryDue(at('2026-03-08T11:00:00Z'))).toBe(true); // 07:00 EDT
    // The day before, still EST.
    expect(dailySummaryDue(at('2026-03-07T11:59:00Z'))).toBe(false);
    expect(dailySummaryDue(at('2026-03-07T12:00:00Z'))).toBe(true);
  });

  it('on 2026-11-01, the morning the clocks fall back (2:00 EDT becomes 1:00 EST)', () => {
    expect(dailySummaryDue(at('2026-11-01T05:30:00Z'))).toBe(false); // 01:30 EDT, the first one
    expect(dailySummaryDue(at('2026-11-01T06:30:00Z'))).toBe(false); // 01:30 EST, the second one
    expect(dailySummaryDue(at('2026-11-01T11:00:00Z'))).toBe(false); // 06:00 EST
    expect(dailySummaryDue(at('2026-11-01T11:59:00Z'))).toBe(false); // 06:59 EST
    expect(dailySummaryDue(at('2026-11-01T12:00:00Z'))).toBe(true); // 07:00 EST
    // The day before, still EDT.
    expect(dailySummaryDue(at('2026-10-31T10:59:00Z'))).toBe(false);
    expect(dailySummaryDue(at('2026-10-31T11:00:00Z'))).toBe(true);
  });
});
